"""The REST bodies of profiles and match histories.

A person's history is every finished match their account took part in (those they played as
a guest before signing up included), newest first, a page at a time: each page's
``next_cursor`` asks for the next one, and stays right while new matches finish.

>>> page = HistoryPage(matches=[], next_cursor=None)
>>> page.model_dump()
{'matches': [], 'next_cursor': None}
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, JsonValue

from cardtable.protocol.base import WireModel

__all__ = [
    "GameCounts",
    "HistoryExport",
    "HistoryMatch",
    "HistoryPage",
    "Opponent",
    "Profile",
    "Result",
]

Index = Annotated[int, Field(ge=0)]
Result = Literal["won", "lost", "drawn"]
"""How a match ended for one seat: it alone won, another seat won, or nobody alone did (a
draw, a shared win, or nobody won)."""


class Opponent(WireModel):
    """Someone else who sat in the match, as they were shown then."""

    seat: Index
    name: str = Field(description="The name shown then ('deleted player' for an account gone).")
    kind: Literal["account", "guest", "agent"] = Field(
        description="An account, a person without one, or a computer player."
    )
    username: str | None = Field(description="The account's username now (account seats).")


class HistoryMatch(WireModel):
    """One finished match, as its player's history shows it."""

    id: str
    room: str
    game: str
    title: str = Field(description="The game's title.")
    rules: str = Field(
        description="The rules in short: the ruleset's values that are not the game's "
        "defaults ('standard rules' when all are)."
    )
    seat: Index = Field(description="The seat the account held.")
    opponents: list[Opponent]
    result: Result
    started_at: float
    finished_at: float
    replay: str = Field(description="The match's replay (GET, with ?step=).")
    record: str = Field(description="The match's record, to download (GET).")


class HistoryPage(WireModel):
    """A page of a history, newest first."""

    matches: list[HistoryMatch]
    next_cursor: str | None = Field(description="Ask with this for the next page; null: no more.")


class GameCounts(WireModel):
    """How many finished matches of one game an account played, and won."""

    game: str
    title: str
    played: int = Field(ge=0)
    won: int = Field(ge=0)


class Profile(WireModel):
    """An account as everyone may see it."""

    username: str
    display_name: str
    member_since: float = Field(description="When the account was made, in epoch seconds.")
    games: list[GameCounts] = Field(description="Per game played, by name.")
    recent: list[HistoryMatch] = Field(description="The latest finished matches (10 at most).")
    ratings: list[JsonValue] = Field(
        default_factory=list, description="Coming later: ratings per game (empty for now)."
    )
    friends: list[JsonValue] = Field(
        default_factory=list, description="Coming later: friends (empty for now)."
    )
    activity: list[JsonValue] = Field(
        default_factory=list,
        description="Always empty: a person's activity is read a page at a time, as the "
        "viewer may see it, from `GET /api/accounts/{username}/activity`.",
    )


class HistoryExport(WireModel):
    """A person's whole history, to download."""

    username: str
    display_name: str
    exported_at: float
    matches: list[HistoryMatch]
