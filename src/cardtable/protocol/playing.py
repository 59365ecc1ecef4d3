"""The REST bodies of "My matches": every match under way of the signed-in person, with whose
turn it is and by when (``GET /api/account/playing``).

The person's own turns come first, the one waiting longest first; then the others' turns,
also the one waiting longest first. Each opens the table where it stands (``link``).

>>> shown = MyMatch(match="m1", room="r1", game="karata", title="Karata", kind="correspondence",
...                 seat=0, seats=["Ann", "Bob"], to_act=0, my_turn=True, deadline=1.8e9,
...                 waiting_since=1.79e9, version=4, link="#/room/r1")
>>> shown.my_turn, shown.room_name
(True, None)
"""

from __future__ import annotations

from typing import Final

from pydantic import Field

from cardtable.protocol.base import WireModel
from cardtable.protocol.lobby import RoomKind

__all__ = ["MAX_PLAYING", "MyMatch", "MyMatches"]

MAX_PLAYING: Final = 200
"""The most matches the list holds (a person's turns first): more than anyone plays at once."""


class MyMatch(WireModel):
    """One match under way, as its player sees it in their list."""

    match: str
    room: str
    room_name: str | None = Field(None, description="The name its host gave the room, if any.")
    game: str
    title: str = Field(description="The game's title.")
    kind: RoomKind = Field(description="`live` or `correspondence`.")
    seat: int = Field(ge=0, description="The person's seat.")
    seats: list[str] = Field(description="Who sits where, by display name.")
    to_act: int | None = Field(description="The seat to act now (`null`: nobody's turn).")
    my_turn: bool = Field(description="Whether it is the person's turn.")
    deadline: float | None = Field(
        description="When the turn's time runs out, in epoch seconds (`null`: no time limit)."
    )
    waiting_since: float = Field(description="When the turn began (the last decision's time).")
    version: int = Field(ge=0, description="The match's version (as in view messages).")
    link: str = Field(description="The browser client's page of its table (`#/room/...`).")


class MyMatches(WireModel):
    """Every match under way of the signed-in person: their turns first, then the others',
    each group the longest waiting first."""

    matches: list[MyMatch]
