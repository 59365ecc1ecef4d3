"""Knockout: each round's tables from the seeds and the rounds played, until one table
decides the tournament.

**Formats.** ``seats`` is the most a table seats, ``fewest`` the fewest, ``advance`` how many
go through from a table. Duels are ``seats=2, fewest=2, advance=1``; N-player tables need
``1 <= advance < fewest <= seats`` with ``seats > 2``.

**Duels: a seeded bracket.** With ``n`` entrants the bracket has ``P`` slots, the next power
of two at least ``n``, in the standard order (:func:`bracket_order`: 1 v P, then the 8 v 9
style folding), so that seeds 1 and 2 can only meet in the final, seeds 1 to 4 only from the
semi-finals on, and so on. The ``P - n`` slots without an entrant are byes, which fall to
seeds 1 to ``P - n``: a bye is a table of one, and goes through. Round ``r`` pairs whoever
went through from tables ``2i`` and ``2i + 1`` of round ``r - 1``, the upper one seated
first; the table order is the bracket's order throughout, and the final is the round with
one table.

>>> [table.seats for table in knockout_round("abcde", [], seats=2, fewest=2, advance=1)]
[('a',), ('d', 'e'), ('b',), ('c',)]

**N-player tables: redrawn every round.** The survivors, in seed order, sit at as few tables
as sizes within ``[fewest, seats]`` allow, the sizes differing by at most one, dealt like
cards in a snake (with ``T`` tables, table 1 takes seeds 1, 2T, 2T+1, 4T, ...; table T takes
seeds T, T+1, 3T, ...). When the survivors cannot be so split (7 survivors for tables of
exactly 4), the best survivors get byes, as few as make the rest fit; the bye tables come
after the others. When the survivors fit one table (at most ``seats`` of them) that table is
the final, even when they are fewer than ``fewest``: some fields cannot end otherwise (an odd
field, 4 seats at every table and 2 going through), and a field of ``n <= seats`` entrants is
all final.

**Who goes through** (:func:`advancing`): the ``advance`` best places at the table; a tie
across the cut (a drawn duel, two sharing 2nd place where 2 go through) goes to the better
seed. A seat that forfeits never goes through, even when fewer than ``advance`` seats are
left to; a table all of whose seats forfeit sends nobody. Nobody is made up for them: in a
duel bracket, whoever the bracket would have paired with the missing winner has a bye in the
next round (a walkover) — the bracket keeps its shape, so a round may have byes after the
first; at N-player tables, the next round is drawn for the fewer survivors. A tournament
that has one survivor left (or none) is decided then, whatever round it is in.

**Decided.** :func:`knockout_round` returns ``None`` after the final (a round with one
table), or once at most one entrant is left. The final's winner is its best place, a shared
first place going to the better seed (:func:`advancing` with ``advance=1``).

The caller records a result for every table, byes included (``Result.bye()``): a round's
result must be known before the next is drawn, and the rounds given must be the rounds this
module drew (they are checked).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardtable.tournaments.model import Result, Round, Table, TournamentError

__all__ = [
    "advancing",
    "bracket_order",
    "bracket_slots",
    "knockout_round",
    "knockout_rounds",
    "knockout_rounds_left",
    "knockout_shape",
    "survivors",
]


def _check_format(seats: int, fewest: int, advance: int) -> None:
    if seats == 2:
        if (fewest, advance) != (2, 1):
            raise TournamentError("a duel knockout seats two at every table and one goes through")
    elif seats < 2 or not 1 <= advance < fewest <= seats:
        raise TournamentError(
            f"a knockout needs 1 <= advance < fewest <= seats and seats >= 2,"
            f" not advance={advance}, fewest={fewest}, seats={seats}"
        )


def bracket_order(size: int) -> tuple[int, ...]:
    """The seed numbers (1 the best) in the slots of a standard bracket of ``size`` slots, a
    power of two, top first: slots ``2i`` and ``2i + 1`` meet in round 1, and two seeds meet
    as late as their seeding allows (1 and 2 only in the final).

    >>> bracket_order(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    """
    if size < 1 or size & (size - 1):
        raise TournamentError(f"a bracket has a power of two slots, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return tuple(order)


def bracket_slots(entrants: int) -> tuple[int | None, ...]:
    """The duel bracket of ``entrants`` for drawing: each slot's seed number, ``None`` for the
    empty slot across from a bye.

    >>> bracket_slots(5)
    (1, None, 4, 5, 2, None, 3, None)
    """
    if entrants < 2:
        raise TournamentError("a knockout needs at least two entrants")
    size = 1 << (entrants - 1).bit_length()
    return tuple(seed if seed <= entrants else None for seed in bracket_order(size))


def advancing(table: Table, result: Result, seeds: Sequence[str], advance: int) -> tuple[str, ...]:
    """Who goes through from ``table``, best first: the ``advance`` best places among the
    seats that did not forfeit, a tie across the cut going to the better seed (earlier in
    ``seeds``). Nobody, when every seat forfeited.

    >>> advancing(Table(("ana", "bo")), Result((1, 1)), ["bo", "ana"], 1)  # drawn
    ('bo',)
    >>> four = Table(("ana", "bo", "cy", "di"))
    >>> advancing(four, Result((4, 2, 1, 2)), ["ana", "bo", "cy", "di"], 2)
    ('cy', 'bo')
    >>> advancing(four, Result.walkover(four, {"bo", "cy", "di"}), ["ana", "bo", "cy", "di"], 2)
    ('ana',)
    """
    rank = {entrant: index for index, entrant in enumerate(seeds)}
    return _advancing(table, result, rank, advance)


def _advancing(
    table: Table, result: Result, rank: Mapping[str, int], advance: int
) -> tuple[str, ...]:
    if advance < 1:
        raise TournamentError(f"at least one goes through from a table, not {advance}")
    if len(result.placings) != len(table.seats):
        raise TournamentError("a result places exactly the seats of its table")
    unknown = [entrant for entrant in table.seats if entrant not in rank]
    if unknown:
        raise TournamentError(f"not seeded: {', '.join(unknown)}")
    present = [seat for seat in range(len(table.seats)) if seat not in result.forfeits]
    present.sort(key=lambda seat: (result.placings[seat], rank[table.seats[seat]]))
    return tuple(table.seats[seat] for seat in present[:advance])


def _fits(players: int, seats: int, fewest: int) -> bool:
    """Whether ``players`` split into tables of ``fewest`` to ``seats`` (as few as may be)."""
    return players >= -(-players // seats) * fewest


def _snake(players: Sequence[str], tables: int) -> list[list[str]]:
    dealt: list[list[str]] = [[] for _ in range(tables)]
    for index, player in enumerate(players):
        lap, step = divmod(index, tables)
        dealt[step if lap % 2 == 0 else tables - 1 - step].append(player)
    return dealt


@dataclass(frozen=True, slots=True)
class _Knockout:
    seeds: Sequence[str]
    seats: int
    fewest: int
    advance: int
    rank: dict[str, int] = field(init=False)
    slot: dict[str, int] = field(init=False)
    """Duels: each entrant's slot in the bracket."""

    def __post_init__(self) -> None:
        _check_format(self.seats, self.fewest, self.advance)
        if len(self.seeds) < 2:
            raise TournamentError("a knockout needs at least two entrants")
        if len(set(self.seeds)) != len(self.seeds):
            raise TournamentError("an entrant is seeded twice")
        object.__setattr__(self, "rank", {entrant: i for i, entrant in enumerate(self.seeds)})
        slots = bracket_slots(len(self.seeds)) if self.seats == 2 else ()
        slot = {self.seeds[seed - 1]: at for at, seed in enumerate(slots) if seed is not None}
        object.__setattr__(self, "slot", slot)

    def draw(self, present: Sequence[str], number: int) -> tuple[Table, ...]:
        """Round ``number``'s tables for the entrants still in (in seed order)."""
        if self.seats == 2:
            nodes: dict[int, list[str]] = {}
            for entrant in sorted(present, key=self.slot.__getitem__):
                nodes.setdefault(self.slot[entrant] >> number, []).append(entrant)
            return tuple(Table(tuple(nodes[node])) for node in sorted(nodes))
        if len(present) <= self.seats:
            return (Table(tuple(present)),)
        byes = next(
            byes
            for byes in range(len(present) - self.fewest + 1)
            if _fits(len(present) - byes, self.seats, self.fewest)
        )
        playing = present[byes:]
        dealt = _snake(playing, -(-len(playing) // self.seats))
        return tuple(Table(tuple(seats)) for seats in dealt) + tuple(
            Table((entrant,)) for entrant in present[:byes]
        )

    def went_through(self, played: Round, advance: int) -> tuple[str, ...]:
        through = (
            entrant
            for table, result in zip(played.tables, played.results, strict=True)
            if result is not None
            for entrant in _advancing(table, result, self.rank, advance)
        )
        return tuple(sorted(through, key=self.rank.__getitem__))

    def replay(self, previous: Sequence[Round]) -> tuple[tuple[str, ...], bool]:
        """Who is still in after ``previous`` (checked to be this knockout's rounds, over),
        and whether the tournament is decided."""
        present, decided = tuple(self.seeds), False
        for number, played in enumerate(previous, start=1):
            if decided:
                raise TournamentError(f"the knockout was decided before round {played.number}")
            if played.number != number:
                raise TournamentError(f"round {played.number} given as round {number}")
            if played.tables != self.draw(present, number):
                raise TournamentError(f"round {number}'s tables are not this knockout's draw")
            if not played.over:
                raise TournamentError(f"round {number} is not over")
            present = self.went_through(played, self.advance)
            decided = len(played.tables) == 1 or len(present) <= 1
        return present, decided


def knockout_round(
    seeds: Sequence[str], previous: Sequence[Round], *, seats: int, fewest: int, advance: int
) -> tuple[Table, ...] | None:
    """The next round's tables, or ``None`` when the tournament is decided (see the module's
    text). ``seeds``: every entrant, best first; ``previous``: the rounds played, all over.

    >>> seeds = [f"s{n}" for n in range(1, 14)]
    >>> [table.seats for table in knockout_round(seeds, [], seats=4, fewest=3, advance=2)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('s1', 's8', 's9'), ('s2', 's7', 's10'), ('s3', 's6', 's11'),
     ('s4', 's5', 's12', 's13')]
    """
    knockout = _Knockout(seeds, seats, fewest, advance)
    present, decided = knockout.replay(previous)
    return None if decided else knockout.draw(present, len(previous) + 1)


def survivors(
    seeds: Sequence[str], previous: Sequence[Round], *, seats: int, fewest: int, advance: int
) -> tuple[str, ...]:
    """Who is still in after ``previous``, in seed order: every seed before round 1, the
    winner alone once decided (nobody, if every finalist forfeited).

    >>> final = Round(1, (Table(("a", "b")),), (Result((2, 1)),))
    >>> survivors("ab", [], seats=2, fewest=2, advance=1), survivors(
    ...     "ab", [final], seats=2, fewest=2, advance=1)
    (('a', 'b'), ('b',))
    """
    knockout = _Knockout(seeds, seats, fewest, advance)
    present, decided = knockout.replay(previous)
    if decided and len(previous[-1].tables) == 1:
        return knockout.went_through(previous[-1], 1)
    return present


def knockout_rounds_left(
    seeds: Sequence[str], previous: Sequence[Round], *, seats: int, fewest: int, advance: int
) -> int:
    """How many rounds are still to play after ``previous`` if nobody forfeits from now on
    (0 once decided): shows "round 2 of 5" as ``len(previous) + 1`` of ``len(previous) +
    knockout_rounds_left(...)``, right after forfeits too.

    >>> knockout_rounds_left("abcde", [], seats=2, fewest=2, advance=1)
    3
    """
    knockout = _Knockout(seeds, seats, fewest, advance)
    present, decided = knockout.replay(previous)
    if decided:
        return 0
    if seats > 2:
        return knockout_rounds(len(present), seats=seats, fewest=fewest, advance=advance)
    slots = [knockout.slot[entrant] for entrant in present]
    number = len(previous) + 1
    while len({slot >> number for slot in slots}) > 1:
        number += 1
    return number - len(previous)


def knockout_shape(
    entrants: int, *, seats: int, fewest: int, advance: int
) -> tuple[tuple[int, ...], ...]:
    """Each round's table sizes in table order (1 for a bye) when nobody forfeits: the
    bracket's shape, for drawing it before it is played.

    >>> knockout_shape(5, seats=2, fewest=2, advance=1)
    ((1, 2, 1, 1), (2, 2), (2,))
    >>> knockout_shape(7, seats=4, fewest=4, advance=2)
    ((4, 1, 1, 1), (4, 1), (3,))
    """
    knockout = _Knockout([str(seed) for seed in range(entrants)], seats, fewest, advance)
    shape: list[tuple[int, ...]] = []
    present: tuple[str, ...] = tuple(knockout.seeds)
    while len(present) > 1 and (not shape or len(shape[-1]) > 1):
        tables = knockout.draw(present, len(shape) + 1)
        shape.append(tuple(len(table.seats) for table in tables))
        results = tuple(Result(tuple(range(1, len(table.seats) + 1))) for table in tables)
        present = knockout.went_through(Round(len(shape), tables, results), advance)
    return tuple(shape)


def knockout_rounds(entrants: int, *, seats: int, fewest: int, advance: int) -> int:
    """How many rounds a knockout of ``entrants`` takes when nobody forfeits (for "round 2
    of 5"; see :func:`knockout_rounds_left` once rounds are played).

    >>> knockout_rounds(8, seats=2, fewest=2, advance=1), knockout_rounds(
    ...     13, seats=4, fewest=3, advance=2)
    (3, 3)
    """
    return len(knockout_shape(entrants, seats=seats, fewest=fewest, advance=advance))
