"""A seat signed in to an account, against a real server over real sockets (uvicorn in a
thread of this process): the session goes on the WebSocket handshake, so a person signed in on
another device resumes the account's seat without its token and plays it; another account's
session is a spectator, or refused, as the server decides; a seat opened from a signed-in
lobby carries the session, and leaving needs no token."""

from __future__ import annotations

from collections.abc import Iterator

import anyio
import pytest

from cardtable.client import (
    SESSION_HEADER,
    Accounts,
    Bot,
    Lobby,
    Seat,
    ServerRefused,
    first_legal,
    play_seat,
)
from cardtable.client.lobby import SESSION_HEADER as LOBBY_HEADER
from cardtable.protocol.accounts import SESSION_HEADER as WIRE_HEADER
from cardtable.protocol.lobby import CreateRoom, RoomCreated
from cardtable.server.accounts.guests import HEADER
from tests.client.helpers import SHORT_WAR, TIMEOUT, seats, until_seated
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import sqlite_url

__all__ = ["sqlite_url"]

pytestmark = pytest.mark.anyio


@pytest.fixture
def url(sqlite_url: str) -> Iterator[str]:
    with served(sqlite_url) as found:
        yield found


async def _signed_up(url: str, username: str) -> str:
    async with Accounts(url) as accounts:
        return await accounts.sign_up(username, PASSWORD)


async def _another_device(url: str, username: str) -> str:
    """A second session of the account, as signing in on another device gives."""
    async with Accounts(url) as accounts:
        return await accounts.sign_in(username, PASSWORD)


async def _room(url: str, session: str, *kinds: str, spectators: bool = True) -> RoomCreated:
    """A short War room created signed in: seat 0 is the account's."""
    async with Lobby(url, session=session) as lobby:
        return await lobby.create(
            CreateRoom(
                game="war", ruleset=SHORT_WAR, seats=seats(*kinds), name="host",
                spectators=spectators,
            )
        )  # fmt: skip


def test_the_header_is_declared_once() -> None:
    assert SESSION_HEADER is WIRE_HEADER
    assert LOBBY_HEADER is WIRE_HEADER
    assert HEADER is WIRE_HEADER
    assert WIRE_HEADER == "X-Cardtable-Session"


async def test_a_seat_with_the_session_alone_resumes_the_accounts_seat_and_plays(url: str) -> None:
    laptop = await _signed_up(url, "Fox")
    created = await _room(url, laptop, "open", "random")
    assert created.room.seats[0].kind == "account"
    phone = await _another_device(url, "Fox")
    assert phone != laptop
    with anyio.fail_after(TIMEOUT):
        async with Seat(url, created.room.id, None, session=phone) as seat:
            assert seat.welcome is not None
            assert (seat.seat, seat.welcome.role) == (0, "player")
            async with Lobby(url) as lobby:
                await lobby.start(created.room.id, created.host_token)
            final = await play_seat(seat, first_legal)
            assert seat.reconnects == 0
    assert final.outcome is not None
    assert final.seat == 0
    # The laptop's seat token still works: resuming by session gives out no new token.
    async with Seat(url, created.room.id, created.token) as again:
        assert again.seat == 0


async def test_a_dropped_session_seat_reconnects_to_its_seat(url: str) -> None:
    laptop = await _signed_up(url, "Fox")
    created = await _room(url, laptop, "open", "open")
    phone = await _another_device(url, "Fox")
    with anyio.fail_after(TIMEOUT):
        async with Seat(url, created.room.id, None, session=phone) as seat:
            seat.drop()
            while seat.reconnects == 0:
                assert await seat.receive() is not None
            assert seat.seat == 0


async def test_another_accounts_session_watches_or_is_refused(url: str) -> None:
    fox = await _signed_up(url, "Fox")
    wolf = await _signed_up(url, "Wolf")
    watched = await _room(url, fox, "open", "random")
    async with Seat(url, watched.room.id, None, session=wolf) as seat:
        assert seat.welcome is not None
        assert (seat.seat, seat.welcome.role) == (None, "spectator")
    with pytest.raises(ServerRefused) as taken:
        async with Seat(url, watched.room.id, watched.token, session=wolf):
            pass
    assert (taken.value.code, taken.value.refusal) == ("bad_token", "not_your_seat")
    private = await _room(url, fox, "open", "random", spectators=False)
    with pytest.raises(ServerRefused) as refused:
        async with Seat(url, private.room.id, None, session=wolf):
            pass
    assert refused.value.code == "bad_token"


async def test_a_seat_opened_from_a_signed_in_lobby_carries_the_session(url: str) -> None:
    laptop = await _signed_up(url, "Fox")
    created = await _room(url, laptop, "open", "open")
    phone = await _another_device(url, "Fox")
    async with Lobby(url, session=phone) as lobby:
        seat = lobby.seat(created.room.id)
        assert seat.session == phone
        async with seat:
            assert seat.seat == 0
        # Leaving by the session alone: no seat token.
        left = await lobby.leave(created.room.id)
        assert left.seats[0].kind == "open"
    async with Lobby(url) as lobby:
        assert lobby.seat(created.room.id, created.token).session is None


async def test_a_signed_in_bot_plays_its_accounts_seat(url: str) -> None:
    host = await _signed_up(url, "Fox")
    created = await _room(url, host, "open", "open")
    owl = await _signed_up(url, "Owl")
    bot = Bot(url=url, room=created.room.id, name="owl", session=owl)
    assert owl not in repr(bot)
    with anyio.fail_after(TIMEOUT):
        async with (
            Seat(url, created.room.id, created.token, session=host) as seat,
            anyio.create_task_group() as group,
        ):
            group.start_soon(bot.run)
            await until_seated(seat)
            async with Lobby(url) as lobby:
                await lobby.start(created.room.id, created.host_token)
            final = await play_seat(seat, first_legal)
    assert final.outcome is not None
    async with Lobby(url) as lobby:
        room = await lobby.room(created.room.id)
    assert [(info.kind, info.username) for info in room.seats] == [
        ("account", "Fox"),
        ("account", "Owl"),
    ]
