"""The words of a tournament: entrants, tables, results and rounds, and the points a place
at a table is worth.

A *table* seats entrants in seat order: two at a duel, up to the game's table size at an
N-player game, one alone for a *bye*. Its *result* gives every seat its place as the game's
outcome does (RULING 21: 1 first, equal places shared and the next skipped: 1, 1, 3), and
which seats lost by forfeit (they did not turn up, or had withdrawn).

**Points.** At a table of ``n`` seats, finishing ``k``-th is worth ``(n - k) / (n - 1)``
points: a win is 1 and last place 0 whatever the table's size, and a place shared by several
seats is worth the average of the places they share (a drawn duel: ½ each). A bye is worth a
win, 1. A seat that forfeits scores 0, whatever its place.

>>> place_points((1, 2))
(Fraction(1, 1), Fraction(0, 1))
>>> [str(points) for points in place_points((2, 1, 3, 4))]
['2/3', '1', '1/3', '0']
>>> [str(points) for points in place_points((1, 1, 3))]
['3/4', '3/4', '0']
>>> [str(points) for points in Result(placings=(1, 2), forfeits=(0,)).points()]
['0', '0']
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from cardtable.engine.errors import CardtableError
from cardtable.engine.outcome import ranked

__all__ = [
    "Entrant",
    "Result",
    "Round",
    "Table",
    "TournamentError",
    "place_points",
]


class TournamentError(CardtableError):
    """A tournament cannot be set up or advanced as asked (the reason says why)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """Someone who plays in a tournament: a person or a computer player."""

    id: str
    """Unique within the tournament."""
    rating: float = 0.0
    """What seeding by rating orders by, highest first."""


@dataclass(frozen=True, slots=True)
class Table:
    """Entrants seated together for one match of a round, in seat order; one alone has a bye.

    >>> Table(("ana", "bo")).bye, Table(("cy",)).bye
    (False, True)
    """

    seats: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.seats:
            raise TournamentError("a table seats at least one entrant")
        if len(set(self.seats)) != len(self.seats):
            raise TournamentError(f"an entrant sits twice at one table: {self.seats}")

    @property
    def bye(self) -> bool:
        """Whether the table is a bye: one entrant, no match, scored as a win."""
        return len(self.seats) == 1


def place_points(placings: Sequence[int]) -> tuple[Fraction, ...]:
    """The points each seat's place is worth (see the module's text)."""
    seats = len(placings)
    if seats == 1:
        return (Fraction(1),)
    worth = [Fraction(seats - position, seats - 1) for position in range(1, seats + 1)]
    points = []
    for place in placings:
        sharing = sum(other == place for other in placings)
        shared = worth[place - 1 : place - 1 + sharing]
        points.append(sum(shared, Fraction(0)) / len(shared))
    return tuple(points)


@dataclass(frozen=True, slots=True)
class Result:
    """How a table ended: each seat's place and the seats that forfeited."""

    placings: tuple[int, ...]
    """Per seat, 1 first, equal places shared (the game outcome's placings)."""
    forfeits: tuple[int, ...] = ()
    """The seats that lost by forfeit: placed last, scoring nothing."""

    def __post_init__(self) -> None:
        seats = len(self.placings)
        if not seats or any(not 1 <= place <= seats for place in self.placings):
            raise TournamentError(f"placings {self.placings} are not places at a table")
        if sorted(self.placings) != sorted(ranked(self.placings)):
            raise TournamentError(f"placings {self.placings} skip or repeat a place")
        if any(not 0 <= seat < seats for seat in self.forfeits):
            raise TournamentError(f"forfeits {self.forfeits} name a seat not at the table")

    @classmethod
    def bye(cls) -> Result:
        """A bye's result: the one seat wins."""
        return cls((1,))

    @classmethod
    def walkover(cls, table: Table, absent: Collection[str]) -> Result:
        """The result of a table some of whose entrants forfeit without playing: those
        present share first place, the absent share the places after them and score nothing.

        >>> Result.walkover(Table(("ana", "bo")), {"bo"})
        Result(placings=(1, 2), forfeits=(1,))
        >>> Result.walkover(Table(("ana", "bo", "cy")), {"ana", "cy"})
        Result(placings=(2, 1, 2), forfeits=(0, 2))
        """
        gone = [seat for seat, entrant in enumerate(table.seats) if entrant in absent]
        return cls(ranked([seat in gone for seat in range(len(table.seats))]), tuple(gone))

    def points(self) -> tuple[Fraction, ...]:
        """Each seat's points (see the module's text)."""
        earned = place_points(self.placings)
        return tuple(Fraction(0) if seat in self.forfeits else p for seat, p in enumerate(earned))


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables, and each table's result once it is known."""

    number: int
    """1 for the first round."""
    tables: tuple[Table, ...]
    results: tuple[Result | None, ...] = field(default=())
    """Per table; ``None`` while its match is being played. Left out: none known yet."""

    def __post_init__(self) -> None:
        if not self.results:
            object.__setattr__(self, "results", (None,) * len(self.tables))
        if len(self.results) != len(self.tables):
            raise TournamentError("a round has one result (or none yet) per table")
        seated = [entrant for table in self.tables for entrant in table.seats]
        if len(set(seated)) != len(seated):
            raise TournamentError(f"round {self.number} seats an entrant twice")
        for table, result in zip(self.tables, self.results, strict=True):
            if result is not None and len(result.placings) != len(table.seats):
                raise TournamentError("a result places exactly the seats of its table")

    @property
    def over(self) -> bool:
        """Whether every table's result is known."""
        return all(result is not None for result in self.results)

    def with_result(self, table: int, result: Result) -> Round:
        """This round with table number ``table`` (0 first) ended as ``result``."""
        if not 0 <= table < len(self.tables):
            raise TournamentError(f"round {self.number} has no table {table}")
        results = list(self.results)
        results[table] = result
        return Round(self.number, self.tables, tuple(results))
