"""Standings: every entrant's place, points and tie-breaks, from the rounds played.

**Points** are the sum of each seat's :meth:`Result.points` over the tables whose result is
known (a win 1, a bye 1, a forfeit 0); tables still being played count for nothing yet.
``played`` counts the tables with a result other than byes (walkovers count, for both
sides), ``byes`` the byes.

**Swiss and round robin** (:func:`swiss_standings`) order by points, then by the tie-breaks
in :data:`TIEBREAKS`: for duels ``buchholz`` then ``sonneborn_berger``; at N-player tables
``opponents_points`` then ``placings``. An opponent is anyone met at a table with a result,
a walkover included; a bye meets nobody. Each uses every opponent's points at the end of the
rounds given.

**Knockout** (:func:`knockout_standings`) orders by how far each got (see there).

In both, entrants equal on points (for a knockout: on how far they got) and on every
tie-break share a place, the next places skipped (1, 2, 2, 4), and are listed among
themselves in seed order (a knockout's after its tie-breaks). Withdrawn entrants stay in the
standings, flagged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from cardtable.tournaments.knockout import advancing
from cardtable.tournaments.model import Result, Round, Table, TournamentError

__all__ = ["TIEBREAKS", "Standing", "knockout_standings", "swiss_standings"]

TIEBREAKS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "buchholz": "the sum of the points of every opponent met (a bye adds nothing)",
        "sonneborn_berger": "each opponent's points times the score against them, summed",
        "opponents_points": "the sum of the points of everyone met at a table, per table",
        "placings": "the sum of one's places at one's tables, a bye 1st; the lower the better",
        "round": "the last round reached: a round played, or the one gone through to",
        "table_place": "the place at the last table played (0 while it is being played)",
    }
)
"""Every tie-break's name, and what it is, in a line."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    """One entrant's line in the standings."""

    entrant: str
    place: int
    """1 first; shared when points and every tie-break are equal."""
    points: Fraction
    tiebreaks: tuple[tuple[str, Fraction], ...]
    """``(name, value)`` in the order applied; the names are :data:`TIEBREAKS`' keys."""
    played: int
    """Tables played: byes not counted, walkovers counted."""
    byes: int
    withdrawn: bool


@dataclass(slots=True)
class _Tally:
    points: Fraction = Fraction(0)
    played: int = 0
    byes: int = 0
    placings: int = 0
    met: list[tuple[str, Fraction]] = field(default_factory=list)
    """(opponent, my score at that table) per opponent per table."""
    last: tuple[Round, Table, Result | None, int] | None = None
    """The latest round, table, its result (if known) and seat the entrant sat at."""


def _tally(seeds: Sequence[str], rounds: Sequence[Round]) -> dict[str, _Tally]:
    if len(set(seeds)) != len(seeds):
        raise TournamentError("an entrant is seeded twice")
    tallies = {entrant: _Tally() for entrant in seeds}
    for played in rounds:
        for table, result in zip(played.tables, played.results, strict=True):
            unknown = [entrant for entrant in table.seats if entrant not in tallies]
            if unknown:
                raise TournamentError(f"not in the standings: {', '.join(unknown)}")
            for seat, entrant in enumerate(table.seats):
                tallies[entrant].last = (played, table, result, seat)
            if result is not None:
                _count(tallies, table, result)
    return tallies


def _count(tallies: Mapping[str, _Tally], table: Table, result: Result) -> None:
    points = result.points()
    for seat, entrant in enumerate(table.seats):
        tally = tallies[entrant]
        tally.points += points[seat]
        tally.placings += result.placings[seat]
        if table.bye:
            tally.byes += 1
            continue
        tally.played += 1
        tally.met.extend((other, points[seat]) for other in table.seats if other != entrant)


def _placed(
    seeds: Sequence[str],
    key: Mapping[str, tuple[Fraction, ...]],
    order: Mapping[str, tuple[int, ...]],
    lines: Mapping[str, Standing],
) -> tuple[Standing, ...]:
    """The lines sorted by ``key`` (then ``order``, then seed), places shared on equal keys."""
    rank = {entrant: index for index, entrant in enumerate(seeds)}
    listed = sorted(seeds, key=lambda entrant: (key[entrant], order[entrant], rank[entrant]))
    standings: list[Standing] = []
    for index, entrant in enumerate(listed):
        tied = index > 0 and key[listed[index - 1]] == key[entrant]
        place = standings[-1].place if tied else index + 1
        line = lines[entrant]
        standings.append(
            Standing(
                entrant=entrant,
                place=place,
                points=line.points,
                tiebreaks=line.tiebreaks,
                played=line.played,
                byes=line.byes,
                withdrawn=line.withdrawn,
            )
        )
    return tuple(standings)


def _line(
    entrant: str, tally: _Tally, tiebreaks: tuple[tuple[str, Fraction], ...], withdrawn: bool
) -> Standing:
    return Standing(
        entrant=entrant,
        place=0,
        points=tally.points,
        tiebreaks=tiebreaks,
        played=tally.played,
        byes=tally.byes,
        withdrawn=withdrawn,
    )


def swiss_standings(
    seeds: Sequence[str],
    rounds: Sequence[Round],
    *,
    duels: bool,
    withdrawn: AbstractSet[str] = frozenset(),
) -> tuple[Standing, ...]:
    """The standings of a Swiss or round robin after ``rounds`` (see the module's text):
    points, then for ``duels`` Buchholz and Sonneborn-Berger (higher first), else the
    opponents' points (higher first) and the sum of placings (lower first).

    >>> rounds = [Round(1, (Table(("a", "b")), Table(("c",))), (Result((1, 2)), Result.bye())),
    ...           Round(2, (Table(("c", "a")), Table(("b",))), (Result((1, 1)), Result.bye()))]
    >>> for line in swiss_standings("abc", rounds, duels=True):
    ...     print(line.place, line.entrant, line.points, [str(v) for _, v in line.tiebreaks])
    1 a 3/2 ['5/2', '7/4']
    2 c 3/2 ['3/2', '3/4']
    3 b 1 ['3/2', '0']
    """
    tallies = _tally(seeds, rounds)
    key: dict[str, tuple[Fraction, ...]] = {}
    lines: dict[str, Standing] = {}
    for entrant, tally in tallies.items():
        met = sum((tallies[other].points for other, _ in tally.met), Fraction(0))
        if duels:
            sonneborn_berger = sum(
                (tallies[other].points * score for other, score in tally.met), Fraction(0)
            )
            tiebreaks = (("buchholz", met), ("sonneborn_berger", sonneborn_berger))
            key[entrant] = (-tally.points, -met, -sonneborn_berger)
        else:
            placings = Fraction(tally.placings)
            tiebreaks = (("opponents_points", met), ("placings", placings))
            key[entrant] = (-tally.points, -met, placings)
        lines[entrant] = _line(entrant, tally, tiebreaks, entrant in withdrawn)
    return _placed(seeds, key, dict.fromkeys(seeds, ()), lines)


def knockout_standings(
    seeds: Sequence[str],
    rounds: Sequence[Round],
    *,
    advance: int,
    withdrawn: AbstractSet[str] = frozenset(),
) -> tuple[Standing, ...]:
    """The standings of a knockout after ``rounds`` (played or being played): by how far
    each got, the final's table deciding among those at it.

    **Round reached** (tie-break ``round``): the number of the last round the entrant sat
    at (bye included), plus one if they went through from it (:func:`advancing`) and it was
    not the final; 0 before round 1. **The final** is the last round given if it has one
    table (not a bye) and its result is known: its winner (the best place, a shared first
    going to the better seed) is 1st alone; the others at it follow by their place there,
    those who forfeited after the rest, sharing a place where equal. Everyone else shares a
    place with all who reached the same round: those knocked out in the same round (and,
    during a round, those still playing it). Among a shared place the list shows those
    still playing first, then by ``table_place`` (their place at their last table, 0 while
    it is being played), forfeits last, then seed. So a duel knockout of 8 ends with places
    1, 2, 3, 3, 5, 5, 5, 5.

    >>> semis = Round(1, (Table(("a", "d")), Table(("b", "c"))), (Result((1, 2)), Result((2, 1))))
    >>> final = Round(2, (Table(("a", "c")),), (Result((1, 1)),))  # drawn: the better seed
    >>> for line in knockout_standings("abcd", [semis, final], advance=1):
    ...     print(line.place, line.entrant, [int(v) for _, v in line.tiebreaks])
    1 a [2, 1]
    2 c [2, 1]
    3 b [1, 2]
    3 d [1, 2]
    """
    tallies = _tally(seeds, rounds)
    last_round = rounds[-1] if rounds else None
    final = (
        last_round
        if last_round is not None
        and len(last_round.tables) == 1
        and not last_round.tables[0].bye
        and last_round.over
        else None
    )
    key: dict[str, tuple[Fraction, ...]] = {}
    order: dict[str, tuple[int, ...]] = {}
    lines: dict[str, Standing] = {}
    for entrant, tally in tallies.items():
        reached, stage, place, forfeited = 0, (0, 0, 0), 0, False
        if tally.last is not None:
            played, table, result, seat = tally.last
            reached = played.number
            if result is not None:
                place, forfeited = result.placings[seat], seat in result.forfeits
                if played is final:
                    winner = entrant in advancing(table, result, seeds, 1)
                    stage = (0 if winner else 1, int(forfeited), place)
                elif entrant in advancing(table, result, seeds, advance):
                    reached += 1
        tiebreaks = (("round", Fraction(reached)), ("table_place", Fraction(place)))
        key[entrant] = (Fraction(-reached), *map(Fraction, stage))
        order[entrant] = (int(place != 0), int(forfeited), place)
        lines[entrant] = _line(entrant, tally, tiebreaks, entrant in withdrawn)
    return _placed(seeds, key, order, lines)
