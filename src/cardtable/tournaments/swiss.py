"""One round of a Swiss tournament: who meets whom, at duels or at N-player tables.

:func:`pair_swiss` is a pure function of the field: every contender's points, place in the
standings, history (whom they met and how often, their byes, how often they sat first) in,
the round's tables out, the same tables for the same field. Nothing is random; ties are
broken by ``order``, then ``id``. The field is taken in standings order: points (highest
first), then ``order``, then ``id``; a *score group* is everyone on the same points.

**Byes.** Whoever cannot be seated has a bye (a table of one, worth a win): at duels one
contender when the count is odd; at N-player tables the fewest that leave a count that can be
split into tables of ``fewest`` to ``seats`` (see :mod:`cardtable.tournaments.seating`). A bye
goes to the lowest-placed contender who has had none; when everyone has had one, to the
lowest-placed of those with the fewest. So nobody has a second bye while someone has none.
The bye is chosen first, by that rule alone; the others are then paired.

**Duels** (``seats == 2``) are a maximum-weight matching
(``networkx.max_weight_matching(..., maxcardinality=True)``): among the pairings that seat
everyone it finds the one of least cost, a pair's cost being, from the most to the least
important (each step outweighs every possible total of the steps after it; all in integers,
points counted in the smallest fraction of a point the field's points share):

1. a rematch: how often the two met before (so no rematch while one can be avoided, and the
   fewest meetings repeated when none can);
2. the square of their difference in points (same score first, else the nearest: a floater
   meets the adjacent group, and two floats of one group step cost less than one of two);
3. Dutch order, squared: within a group of ``g``, position ``a`` meets ``a + g // 2`` (top
   half against bottom half: in a group of 8, 0 v 4, 1 v 5, ...), the cost being the square
   of how far the pair is from that; across groups, the square of how far the higher is from
   the bottom of its group plus how far the lower is from the top of its own (the lowest of
   a group floats down to meet the top of the next).

A matching on the whole field grows with the cube of its size (seconds for a few hundred), so
a big field is matched a block at a time. Each score group is laid out as the pairs its Dutch
costs alone would make (whoever floats down from the group above with its top, then 0 and h,
1 and h + 1, ...), the groups one after another, and that sequence cut into blocks of about
``BLOCK`` (64) contenders. A block, with whoever the blocks above it left unpaired, is matched
on its complete graph without rematches, plus ``FLOATS`` (2) stand-ins, one more if its count
is odd: a stand-in takes one contender down to the next block, at the cost of meeting the top
of that block (points, and the worst Dutch cost there is), or pairs with another stand-in for
nothing. So a
block floats a contender down only to save points or a rematch, or because its count is odd.
Whoever a block leaves unpaired joins the next one. The last block may rematch; if it does,
it is matched again together with the block above it, and so on while they are at most
``WIDEST`` (192) contenders. A field of fewer than 96 contenders is one block, and its pairing
is the optimum of the costs above; a bigger field's is the optimum of each block given the
blocks above it, and it rematches only where the last blocks, merged so, cannot avoid it.

At a duel the contender who has sat first less often than second (``firsts`` minus the tables
where they sat second) sits first; tie: the better placed.

**N-player tables** are seated by :func:`cardtable.tournaments.seating.seat_tables`.

**Tables** come top board first: by their best player's points, then that player's order;
the byes last, in standings order.

After round 1 (ana beat cy, bo beat di), the winners meet and so do the losers:

>>> from fractions import Fraction
>>> def contender(id: str, points: int, order: int, met: str, firsts: int) -> Contender:
...     return Contender(id=id, points=Fraction(points), order=order, met={met: 1},
...                      byes=0, firsts=firsts, played=1)
>>> field = [contender("ana", 1, 0, "cy", 1), contender("bo", 1, 1, "di", 0),
...          contender("cy", 0, 2, "ana", 0), contender("di", 0, 3, "bo", 1)]
>>> [table.seats for table in pair_swiss(field, seats=2, fewest=2)]
[('bo', 'ana'), ('cy', 'di')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import networkx as nx

from cardtable.tournaments.model import Table, TournamentError
from cardtable.tournaments.seating import met, seat_tables, table_sizes, units

__all__ = ["BLOCK", "FLOATS", "WIDEST", "Contender", "pair_swiss"]

BLOCK = 64
"""Contenders matched together at duels (with those left unpaired above them)."""
WIDEST = 192
"""The most contenders matched together to avoid a rematch at the bottom of the field."""
FLOATS = 2
"""The stand-ins of a block but the last: how many of it may float down (one more if odd)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Contender:
    """One contender of a Swiss round, with what the pairing needs of their history."""

    id: str
    points: Fraction
    """Points so far (see :func:`~cardtable.tournaments.model.place_points`; a bye is 1)."""
    order: int
    """Place in the current standings, 0 first: orders contenders within a score group."""
    met: Mapping[str, int]
    """Every opponent or table-mate met so far, and how many times."""
    byes: int
    """Byes had so far."""
    firsts: int
    """Tables at which this contender sat in seat 0 (who usually starts)."""
    played: int
    """Tables played (not byes)."""


def pair_swiss(field: Sequence[Contender], *, seats: int, fewest: int) -> tuple[Table, ...]:
    """The tables of the next Swiss round of ``field``: tables of ``fewest`` to ``seats``
    (duels when both are 2), top board first, the byes last (see the module's text)."""
    _check(field, seats, fewest)
    ranked = sorted(field, key=standing)
    byes = sorted(_bye_takers(ranked, seats, fewest), key=standing)
    taken = {contender.id for contender in byes}
    active = [contender for contender in ranked if contender.id not in taken]
    tables: list[Sequence[Contender]]
    if seats == 2:
        tables = [_duel_seats(pair) for pair in _pair_duels(active)]
    else:
        sizes = table_sizes(len(active), seats, fewest)
        assert sizes is not None  # the byes leave a count that splits
        tables = list(seat_tables(active, sizes))
    tables.sort(key=_board)
    seated = [Table(tuple(contender.id for contender in table)) for table in tables]
    return (*seated, *(Table((contender.id,)) for contender in byes))


def standing(contender: Contender) -> tuple[Fraction, int, str]:
    """The key of the standings order: points (highest first), then order, then id."""
    return (-contender.points, contender.order, contender.id)


def _check(field: Sequence[Contender], seats: int, fewest: int) -> None:
    if not 2 <= fewest <= seats:
        raise TournamentError(f"tables of {fewest} to {seats} seats cannot be a Swiss round")
    ids = [contender.id for contender in field]
    if len(set(ids)) != len(ids):
        raise TournamentError("a contender is in the field twice")


def _bye_takers(ranked: Sequence[Contender], seats: int, fewest: int) -> list[Contender]:
    """The fewest contenders whose byes leave a count that splits into tables, by the rule."""
    count = next(
        byes
        for byes in range(len(ranked) + 1)
        if table_sizes(len(ranked) - byes, seats, fewest) is not None
    )
    placed = {contender.id: place for place, contender in enumerate(ranked)}
    by_rule = sorted(ranked, key=lambda contender: (contender.byes, -placed[contender.id]))
    return by_rule[:count]


def _board(table: Sequence[Contender]) -> tuple[Fraction, int, str]:
    return min(standing(contender) for contender in table)


def _duel_seats(pair: tuple[Contender, Contender]) -> tuple[Contender, ...]:
    """Seat first the one who sat first less often than second (tie: the better placed)."""
    return tuple(sorted(pair, key=lambda one: (2 * one.firsts - one.played, one.order, one.id)))


@dataclass(frozen=True, slots=True)
class _Costs:
    """A pair's cost at a duel, in integers (see the module's text)."""

    points: dict[str, int]
    """Points in whole units."""
    place: dict[str, tuple[int, int, int]]
    """Score group (0 the top one), position in it and its size."""
    score_step: int
    """One unit squared of points difference: more than any total of Dutch costs."""
    rematch_step: int
    """One meeting before: more than any total of points costs."""

    @classmethod
    def of(cls, ranked: Sequence[Contender]) -> _Costs:
        _, points = units(ranked)
        groups = _score_groups(ranked)
        place = {
            contender.id: (number, position, len(group))
            for number, group in enumerate(groups)
            for position, contender in enumerate(group)
        }
        count = len(ranked)
        spread = max(points.values(), default=0) - min(points.values(), default=0)
        score_step = (count + 2) ** 3
        return cls(points, place, score_step, count * score_step * max(1, spread) ** 2 + 1)

    def cost(self, one: Contender, other: Contender) -> int:
        gap = self.points[one.id] - self.points[other.id]
        rematch = met(one, other) * self.rematch_step
        return rematch + gap * gap * self.score_step + self.dutch(one.id, other.id)

    def floating(self, one: Contender, below: Contender) -> int:
        """The cost of leaving ``one`` to the next block, whose top is ``below``: meeting
        ``below`` with the worst Dutch cost there is (float only to save points or a
        rematch, or the one a block of odd count must leave)."""
        gap = self.points[one.id] - self.points[below.id]
        return gap * gap * self.score_step + len(self.points) ** 2

    def dutch(self, one: str, other: str) -> int:
        high, low = sorted((self.place[one], self.place[other]))
        if high[0] == low[0]:
            return (low[1] - high[1] - high[2] // 2) ** 2
        return (high[2] - 1 - high[1] + low[1]) ** 2


def _score_groups(ranked: Sequence[Contender]) -> list[list[Contender]]:
    groups: list[list[Contender]] = []
    for contender in ranked:
        if groups and groups[-1][0].points == contender.points:
            groups[-1].append(contender)
        else:
            groups.append([contender])
    return groups


def _dutch_units(ranked: Sequence[Contender]) -> list[list[Contender]]:
    """The pairs the Dutch costs alone would make, group by group: the one left over by the
    group above (if any) meets the top of a group, and position ``a`` of the rest meets
    ``a + h`` (``h`` half the group); the one left over floats on."""
    units: list[list[Contender]] = []
    floater: list[Contender] = []
    for group in _score_groups(ranked):
        half, taken = len(group) // 2, set[int]()
        if floater:
            units.append(floater + group[:1])
            taken.add(0)
        for one, other in ((at, at + half) for at in range(len(group))):
            if one not in taken and other < len(group) and other not in taken and other != one:
                units.append([group[one], group[other]])
                taken |= {one, other}
        floater = [contender for at, contender in enumerate(group) if at not in taken]
    return [*units, floater] if floater else units


def _blocks(ranked: Sequence[Contender]) -> list[list[Contender]]:
    """The Dutch units in blocks of about ``BLOCK``; a short last block joins the one above."""
    blocks: list[list[Contender]] = [[]]
    for unit in _dutch_units(ranked):
        if len(blocks[-1]) >= BLOCK:
            blocks.append([])
        blocks[-1] += unit
    if len(blocks) > 1 and len(blocks[-1]) < BLOCK // 2:
        blocks[-2:] = [blocks[-2] + blocks[-1]]
    return blocks


def _pair_duels(ranked: Sequence[Contender]) -> list[tuple[Contender, Contender]]:
    """Pairs of an even field in standings order, block by block (see the module's text)."""
    costs = _Costs.of(ranked)
    blocks = _blocks(ranked)
    done: list[list[tuple[Contender, Contender]]] = []
    left: list[list[Contender]] = []
    unpaired: list[Contender] = []
    while len(done) < len(blocks):
        last = len(done) == len(blocks) - 1
        pool = unpaired + blocks[len(done)]
        below = None if last else blocks[len(done) + 1][0]
        pairs = _match(pool, costs, below)
        widest = len(left[-1]) + len(blocks[-2]) + len(blocks[-1]) if done else 0
        if last and done and any(met(*pair) for pair in pairs) and widest <= WIDEST:
            blocks[-2:] = [blocks[-2] + blocks[-1]]
            done.pop()
            unpaired = left.pop()
            continue
        done.append(pairs)
        left.append(unpaired)
        paired = {contender.id for pair in pairs for contender in pair}
        unpaired = [contender for contender in pool if contender.id not in paired]
    return [pair for pairs in done for pair in pairs]


def _match(
    pool: Sequence[Contender], costs: _Costs, below: Contender | None
) -> list[tuple[Contender, Contender]]:
    """The least-cost pairs of ``pool`` among those pairing the most, by a maximum-weight
    matching on its complete graph. The last block (``below`` is ``None``) may rematch.
    Another may not, and has stand-ins: nodes that take a contender down to the next block,
    at the cost of meeting ``below``, the top of it (see the module's text)."""
    edges = [
        (one, other, costs.cost(pool[one], pool[other]))
        for one, other in combinations(range(len(pool)), 2)
        if below is None or not met(pool[one], pool[other])
    ]
    stand_ins = range(len(pool), len(pool) + (0 if below is None else FLOATS + len(pool) % 2))
    if below is not None:
        edges += [
            (one, node, costs.floating(pool[one], below))
            for one in range(len(pool))
            for node in stand_ins
        ]
        edges += [(one, other, 0) for one, other in combinations(stand_ins, 2)]
    ceiling = max((cost for _, _, cost in edges), default=0) + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_weighted_edges_from((one, other, ceiling - cost) for one, other, cost in edges)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [(pool[min(pair)], pool[max(pair)]) for pair in matched if max(pair) < len(pool)]
    return sorted(
        (tuple(sorted(pair, key=standing)) for pair in pairs), key=lambda pair: standing(pair[0])
    )
