"""The REST bodies of ranked play: the rated rulesets, a person's ratings with their history,
and leaderboards.

A rating is shown as one number, ``rating`` (a conservative estimate: ``mu - 2 sigma``,
rounded), with ``sigma`` (its uncertainty) beside it; ``provisional`` until the person has
played the number of rated matches :data:`~cardtable.ratings.scale.PROVISIONAL_MATCHES` says.
A ``season`` is 0 for all time (never reset), else the number of a season an admin started.

>>> sorted(Leaderboard.model_json_schema()["required"])
['entries', 'game', 'ranked', 'rated', 'season', 'title', 'view']
>>> RatingPoint(match="m", at=1.0, rating=812, change=12, place=1, seats=2).computers
False
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import Field

from cardtable.protocol.base import WireModel

__all__ = [
    "BOARD_VIEWS",
    "DEFAULT_BOARD",
    "MAX_BOARD",
    "MAX_HISTORY",
    "BoardView",
    "Leaderboard",
    "LeaderboardEntry",
    "PlayerRatings",
    "RatedRulesetInfo",
    "RatedRulesets",
    "RatingInfo",
    "RatingPoint",
]

BoardView = Literal["top", "around", "friends"]
BOARD_VIEWS: Final[tuple[BoardView, ...]] = ("top", "around", "friends")
DEFAULT_BOARD: Final = 50
"""Entries of a leaderboard page unless asked otherwise."""
MAX_BOARD: Final = 100
"""The most entries of a leaderboard page."""
MAX_HISTORY: Final = 200
"""The most points of rating history a person's ratings carry for each rated ruleset."""


class RatedRulesetInfo(WireModel):
    """A ruleset whose matches are rated."""

    game: str = Field(description="The game's name (`karata`).")
    rated: str = Field(description="The rated ruleset's name within the game (`standard-3`).")
    title: str = Field(description="Its name for people (`Karata, 3 players`).")
    seats: int = Field(description="How many sit at its tables.")
    ruleset: dict[str, object] = Field(description="The ruleset, as a room takes it.")


class RatedRulesets(WireModel):
    """Every rated ruleset of every game, and the season running."""

    rulesets: list[RatedRulesetInfo]
    season: int = Field(description="The season running (0: none has started).")


class RatingPoint(WireModel):
    """A person's all-time rating after one rated match."""

    match: str = Field(description="The match (its replay: `#/replay/{match}`).")
    at: float = Field(description="When it finished, seconds since the epoch.")
    rating: int = Field(description="The shown rating after it.")
    change: int = Field(description="How the shown rating moved.")
    place: int = Field(description="Where the person placed (1 first).")
    seats: int = Field(description="How many sat at the table.")
    computers: bool = Field(False, description="Whether computer players sat at the table.")


class RatingInfo(WireModel):
    """A person's rating in one rated ruleset, all time and in the season running."""

    game: str
    rated: str
    title: str
    rating: int = Field(description="The shown rating (mu - 2 sigma, rounded), all time.")
    mu: float
    sigma: float
    matches: int = Field(description="Rated matches played, all time.")
    provisional: bool
    season_rating: int | None = Field(
        None, description="The shown rating of the season running (None: none played in it)."
    )
    season_matches: int = Field(0, description="Rated matches played in the season running.")
    rank: int | None = Field(
        None, description="The place on the all-time leaderboard (None while provisional)."
    )
    history: list[RatingPoint] = Field(
        default_factory=list, description=f"The latest rated matches (at most {MAX_HISTORY})."
    )


class PlayerRatings(WireModel):
    """A person's ratings, each with its history."""

    username: str
    display_name: str
    season: int = Field(description="The season running (0: none has started).")
    ratings: list[RatingInfo]


class LeaderboardEntry(WireModel):
    """One line of a leaderboard."""

    rank: int | None = Field(description="The place (None: provisional, on a friends' board).")
    username: str
    display_name: str
    rating: int
    sigma: float
    matches: int
    provisional: bool
    me: bool = Field(False, description="Whether this line is the asker's own.")


class Leaderboard(WireModel):
    """A page of a leaderboard of one rated ruleset and season."""

    game: str
    rated: str
    title: str
    season: int = Field(description="0: all time; else the season's number.")
    view: BoardView = Field(
        description="`top` (from the top or an offset), `around` (the asker's place), or "
        "`friends` (the asker and their friends, provisional ratings included)."
    )
    ranked: int = Field(description="How many settled ratings the leaderboard holds.")
    entries: list[LeaderboardEntry]
