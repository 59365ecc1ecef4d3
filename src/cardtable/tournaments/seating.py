"""N-player tables of a Swiss round: how many, how big, and who sits with whom.

**Sizes.** ``count`` contenders sit at the fewest tables of at most ``seats``,
``ceil(count / seats)``, as even as can be: sizes differ by at most one, the bigger tables
first (the top boards). If that leaves a table smaller than ``fewest``, no split works (more
tables would only be smaller), and :func:`table_sizes` says so with ``None``; the caller then
gives the fewest byes that leave a count that splits.

>>> table_sizes(10, seats=4, fewest=3), table_sizes(5, seats=4, fewest=3)
((4, 3, 3), None)
>>> table_sizes(5, seats=4, fewest=2), table_sizes(0, seats=4, fewest=3)
((3, 2), ())

**Who sits together.** :func:`seat_tables` first walks the field in standings order and
fills the tables one after the other: the first table takes the top contenders, and so on,
which keeps the score groups together as far as the sizes allow. It then lowers a cost,
summed over every two contenders at one table:

    ``REPEAT`` (2) points² for every time they met before, plus the square of their
    difference in points.

So a table-mate met once weighs as much as a table-mate 1.41 points away: a swap that avoids
a repeat may bring together contenders up to about half a point apart at four-seat tables
(the mover's gap counts once per table-mate), not a point. The lowering is a local search,
bounded: each table with a repeat in turn, against each table at most ``REACH`` (3) boards
away, takes the swap of one contender of each that lowers the cost most (of equal ones, the
two nearest in the standings; none if no swap lowers it), and this for at most ``PASSES``
(8) passes over the tables, stopping after a pass that changed nothing. Swaps keep the
sizes. It is no optimum: a repeat that only a chain of swaps, or a table further away, could
avoid stays.

**Seats.** At each table the contender who has sat first least often sits first, and so on
(ties: the better placed first). ``firsts`` alone counts here, where a duel weighs it against
the tables played (see :mod:`cardtable.tournaments.swiss`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.tournaments.swiss import Contender

__all__ = ["PASSES", "REACH", "REPEAT", "met", "seat_tables", "table_sizes", "units"]

REPEAT = 2
"""The cost of one earlier meeting of two table-mates, in points squared."""
REACH = 3
"""How many boards apart two tables may swap contenders."""
PASSES = 8
"""The most passes of the local search."""


def table_sizes(count: int, seats: int, fewest: int) -> tuple[int, ...] | None:
    """The sizes of the tables that seat ``count`` (``None``: they cannot be split)."""
    if count == 0:
        return ()
    tables = -(-count // seats)
    size, bigger = divmod(count, tables)
    if size < fewest:
        return None
    return (size + 1,) * bigger + (size,) * (tables - bigger)


def met(one: Contender, other: Contender) -> int:
    """How often two contenders met (by either one's account, the larger)."""
    return max(one.met.get(other.id, 0), other.met.get(one.id, 0))


def units(field: Iterable[Contender]) -> tuple[int, dict[str, int]]:
    """How many units make a point (the smallest fraction all the points share), and each
    contender's points as a whole number of them."""
    points = {contender.id: contender.points for contender in field}
    scale = math.lcm(1, *(value.denominator for value in points.values()))
    return scale, {key: int(value * scale) for key, value in points.items()}


def seat_tables(ranked: Sequence[Contender], sizes: Sequence[int]) -> list[list[Contender]]:
    """Tables of ``sizes`` for ``ranked`` (in standings order), each in seat order."""
    scale, points = units(ranked)
    step = REPEAT * scale * scale

    def cost(one: Contender, other: Contender) -> int:
        gap = points[one.id] - points[other.id]
        return met(one, other) * step + gap * gap

    tables: list[list[Contender]] = []
    start = 0
    for size in sizes:
        tables.append(list(ranked[start : start + size]))
        start += size
    _improve(tables, cost)
    return [sorted(table, key=lambda one: (one.firsts, one.order, one.id)) for table in tables]


Cost = Callable[["Contender", "Contender"], int]


def _improve(tables: list[list[Contender]], cost: Cost) -> None:
    """The local search of the module's text, on ``tables`` in place."""
    for _ in range(PASSES):
        changed = False
        for board, table in enumerate(tables):
            for other in range(max(0, board - REACH), min(len(tables), board + REACH + 1)):
                if other != board and _repeats(table) and _swap(table, tables[other], cost):
                    changed = True
        if not changed:
            return


def _repeats(table: Sequence[Contender]) -> bool:
    return any(met(one, other) for one, other in combinations(table, 2))


def _swap(one: list[Contender], other: list[Contender], cost: Cost) -> bool:
    """Swap the two contenders, one of each table, whose swap lowers the cost most, if any
    (of equal ones, the two nearest in the standings)."""
    here = [sum(cost(a, b) for b in one) for a in one]
    there = [sum(cost(a, b) for b in other) for a in other]
    to_other = [sum(cost(a, b) for b in other) for a in one]
    to_one = [sum(cost(b, a) for a in one) for b in other]
    best, where = (0, 0), (0, 0)
    for i, a in enumerate(one):
        for j, b in enumerate(other):
            change = to_one[j] + to_other[i] - 2 * cost(a, b) - here[i] - there[j]
            if (change, abs(a.order - b.order)) < best:
                best, where = (change, abs(a.order - b.order)), (i, j)
    if not best[0]:
        return False
    i, j = where
    one[i], other[j] = other[j], one[i]
    return True
