"""What a tournament is, fixed when it is created: its format, its tables and its rounds.

>>> Settings(format="swiss", rounds=5).duels
True
>>> Settings(format="knockout", seats=4, fewest=3, advance=2).fewest
3
>>> Settings(format="knockout", seats=4, advance=4)
Traceback (most recent call last):
...
cardtable.tournaments.model.TournamentError: a knockout table sends on fewer than it seats: \
advance 1 to 3 at tables of 4 (as few as 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from cardtable.tournaments.model import TournamentError

__all__ = [
    "FORMATS",
    "MOST_ENTRANTS",
    "MOST_ROUNDS",
    "ROUND_ROBIN_MOST",
    "SEEDINGS",
    "Format",
    "Seeding",
    "Settings",
]

Format = Literal["knockout", "swiss", "round_robin"]
"""Single elimination; a fixed number of rounds paired by score; everyone meets everyone."""
FORMATS: Final = get_args(Format)
Seeding = Literal["rating", "random"]
"""How entrants are ordered at the start: by rating (highest first), or at random."""
SEEDINGS: Final = get_args(Seeding)

MOST_ROUNDS: Final = 30
"""The most rounds a Swiss may have."""
ROUND_ROBIN_MOST: Final = 32
"""The largest field of a round robin (it plays one round fewer than its entrants)."""
MOST_ENTRANTS: Final = 1024
"""The largest field of any tournament."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """A tournament's format and tables (validated on construction)."""

    format: Format
    seats: int = 2
    """How many sit at a table: 2 for duels, up to the game's most for N-player tables."""
    fewest: int = 0
    """The fewest a table may seat when the field does not divide (0: ``seats``): no fewer
    than the game allows under the tournament's rules."""
    rounds: int | None = None
    """A Swiss tournament's rounds (the other formats derive theirs from the field)."""
    advance: int = 1
    """A knockout's places that go on from each table (1 at duels)."""
    seeding: Seeding = "rating"

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise TournamentError(f"no format {self.format!r}: {', '.join(FORMATS)}")
        if self.seeding not in SEEDINGS:
            raise TournamentError(f"no seeding {self.seeding!r}: {', '.join(SEEDINGS)}")
        if self.seats < 2:
            raise TournamentError(f"a table seats at least 2 (asked for {self.seats})")
        if self.fewest == 0:
            object.__setattr__(self, "fewest", self.seats)
        if not 2 <= self.fewest <= self.seats:
            raise TournamentError(
                f"the fewest at a table is from 2 to its {self.seats} seats (asked {self.fewest})"
            )
        if self.format == "swiss":
            if self.rounds is None or not 1 <= self.rounds <= MOST_ROUNDS:
                raise TournamentError(f"a Swiss plays 1 to {MOST_ROUNDS} rounds: say how many")
        elif self.rounds is not None:
            raise TournamentError("only a Swiss has a number of rounds set beforehand")
        if self.format == "round_robin" and self.seats != 2:
            raise TournamentError("a round robin is for two-player games: everyone meets everyone")
        if self.format == "knockout":
            if not 1 <= self.advance < self.fewest:
                raise TournamentError(
                    "a knockout table sends on fewer than it seats: advance 1 to "
                    f"{self.fewest - 1} at tables of {self.seats} (as few as {self.fewest})"
                )
        elif self.advance != 1:
            raise TournamentError("only a knockout sends a number of places on from each table")

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON (read back by :meth:`from_json`).

        >>> Settings.from_json(Settings(format="swiss", rounds=3).to_json()).rounds
        3
        """
        return {
            "format": self.format,
            "seats": self.seats,
            "fewest": self.fewest,
            "rounds": self.rounds,
            "advance": self.advance,
            "seeding": self.seeding,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        """Settings from JSON (refused with :class:`TournamentError` when not valid)."""
        known = {"format", "seats", "fewest", "rounds", "advance", "seeding"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise TournamentError(f"unknown tournament settings: {', '.join(unknown)}")
        try:
            return cls(**data)
        except TypeError as error:
            raise TournamentError(f"tournament settings are not valid: {error}") from None

    @property
    def duels(self) -> bool:
        """Whether its tables are duels (two players)."""
        return self.seats == 2
