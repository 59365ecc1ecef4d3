"""Helpers of the client tests: rooms made through the client's own lobby."""

from __future__ import annotations

from cardtable.client import Lobby, Seat
from cardtable.protocol import messages as wire
from cardtable.protocol.lobby import CreateRoom, RoomCreated, SeatRequest

SHORT_WAR = {"suits": 1, "ranks": 6, "won_cards": "shuffled", "turn_limit": 30}
"""A War with a short deck: a whole match in a few dozen decisions at most (won cards are
shuffled back, or two programs that always turn may go round in circles until the limit)."""

TIMEOUT = 30.0
"""Seconds any one test's match may take (the runner takes up to 5 s to pick a match up)."""


def seats(*kinds: str) -> list[SeatRequest]:
    """Seat requests: ``open`` for a person, anything else names a computer player."""
    return [
        SeatRequest(kind="open") if kind == "open" else SeatRequest(kind="agent", agent=kind)
        for kind in kinds
    ]


async def war_room(url: str, *kinds: str, password: str | None = None) -> RoomCreated:
    """A short War room whose host sits at seat 0 (not started)."""
    async with Lobby(url) as lobby:
        return await lobby.create(
            CreateRoom(
                game="war",
                ruleset=SHORT_WAR,
                seats=seats(*kinds),
                name="host",
                password=password,
            )
        )


async def start(url: str, created: RoomCreated) -> None:
    async with Lobby(url) as lobby:
        await lobby.start(created.room.id, created.host_token)


async def until_seated(seat: Seat) -> None:
    """Receive on ``seat`` until every seat of its room is held by a person (signed in to an
    account or not)."""
    while True:
        message = await seat.receive()
        if isinstance(message, wire.RoomMessage) and all(
            info.kind in ("account", "guest") for info in message.room.seats
        ):
            return
