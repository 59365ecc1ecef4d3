"""The client library against a real server: whole matches, bots, and resuming after drops."""

from __future__ import annotations

import asyncio

import anyio
import pytest

from cardtable.client import Bot, Lobby, Seat, agent_chooser, first_legal, play_seat
from cardtable.engine import Match
from cardtable.games import find
from cardtable.protocol import messages as wire
from cardtable.protocol.lobby import JoinRoom
from tests.client.helpers import TIMEOUT, start, until_seated, war_room
from tests.server.wire import worded

pytestmark = pytest.mark.anyio

WAR = find("war")


async def test_a_seat_plays_war_against_a_computer_player_to_the_end(server_url: str) -> None:
    created = await war_room(server_url, "open", "random")
    await start(server_url, created)
    assert created.token is not None
    kinds: list[str] = []
    with anyio.fail_after(TIMEOUT):
        async with Seat(server_url, created.room.id, created.token) as seat:
            assert seat.seat == 0
            final = await play_seat(seat, first_legal, listen=lambda m: kinds.append(m.type))
    assert final.outcome is not None
    assert final.events == len(seat.events)
    assert {"room", "presence", "events", "view"} <= set(kinds)
    async with Lobby(server_url) as lobby:
        [match] = await lobby.matches(created.room.id)
        assert match.status == "finished"
        record = await lobby.record(match.id)
        room = await lobby.room(created.room.id)
    assert room.status == "finished"
    replayed = Match.replay(WAR, record)
    assert replayed.outcome is not None
    assert replayed.outcome.to_json() == final.outcome
    assert worded(replayed, 0) == seat.events


async def test_two_client_seats_play_each_other_to_the_end(server_url: str) -> None:
    created = await war_room(server_url, "open", "open")
    assert created.token is not None
    room = created.room.id
    with anyio.fail_after(TIMEOUT):
        async with Seat(server_url, room, created.token) as host:
            guest = Bot(
                url=server_url, room=room, name="guest", choose=agent_chooser(WAR, "random")
            )
            playing = asyncio.create_task(guest.run())
            await until_seated(host)  # the host starts once the guest has sat down
            await start(server_url, created)
            ours = await play_seat(host, first_legal)
            theirs = await playing
    assert ours.outcome is not None
    assert ours.outcome == theirs.outcome
    assert (ours.seat, theirs.seat) == (0, 1)
    assert host.room is not None
    assert [seat.name for seat in host.room.seats] == ["host", "guest"]


async def test_a_dropped_seat_resumes_without_losing_or_repeating_an_event(
    server_url: str,
) -> None:
    created = await war_room(server_url, "open", "open")
    assert created.token is not None
    room, token = created.room.id, created.token
    views = 0

    def drop_now_and_then(message: wire.ServerMessage) -> None:
        nonlocal views
        if isinstance(message, wire.ViewMessage) and message.outcome is None:
            views += 1
            if views % 2 == 0:
                player.drop()

    async def follow(seat: Seat) -> wire.ViewMessage:
        """Receive, never dropping, until the match ends."""
        while True:
            message = await seat.receive()
            if isinstance(message, wire.ViewMessage) and message.outcome is not None:
                return message

    with anyio.fail_after(TIMEOUT):
        async with (
            Seat(server_url, room, token) as player,
            Seat(server_url, room, token) as witness,
        ):
            guest = asyncio.create_task(Bot(url=server_url, room=room).run())
            await until_seated(player)
            await start(server_url, created)
            following = asyncio.create_task(follow(witness))
            final = await play_seat(player, first_legal, listen=drop_now_and_then)
            await following
            await guest
    assert player.reconnects >= 2
    assert witness.reconnects == 0
    assert player.events == witness.events
    assert final.events == len(player.events)
    async with Lobby(server_url) as lobby:
        [match] = await lobby.matches(room)
        record = await lobby.record(match.id)
    assert worded(Match.replay(WAR, record), 0) == player.events


async def test_chat_reaches_the_other_seat_once_even_after_a_drop(server_url: str) -> None:
    created = await war_room(server_url, "open", "open")
    assert created.token is not None
    room = created.room.id
    async with Lobby(server_url) as lobby:
        joined = await lobby.join(room, JoinRoom(name="guest"))
    heard: list[wire.ChatMessage] = []
    with anyio.fail_after(TIMEOUT):
        async with (
            Seat(server_url, room, created.token) as host,
            Seat(server_url, room, joined.token) as guest,
        ):
            assert await host.chat("good luck, <b>all</b>")
            while not heard:
                message = await guest.receive()
                if isinstance(message, wire.ChatMessage):
                    heard.append(message)
            guest.drop()  # the server repeats its recent chat after the next hello
            while not isinstance(message, wire.RoomMessage):  # sent again after reconnecting
                message = await guest.receive()
            assert await guest.ping(7)
            while True:
                message = await guest.receive()
                if isinstance(message, wire.ChatMessage):
                    heard.append(message)
                if isinstance(message, wire.Pong):
                    break
    assert [(line.name, line.text, line.seat) for line in heard] == [
        ("host", "good luck, <b>all</b>", 0)
    ]
    assert guest.reconnects == 1
