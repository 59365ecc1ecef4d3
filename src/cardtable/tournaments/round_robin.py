"""Round robin for duels: everyone meets everyone once, on Berger tables.

**The circle method.** With an even number ``n`` of entrants the last one stays put and the
others turn around a circle, ``n / 2`` places a round, over ``n - 1`` rounds; each round the
fixed entrant meets the one at the head of the circle and the others meet across it. With an
odd number a phantom stays put, and whoever would meet it has a bye (a table of one, after
the round's other tables): ``n`` rounds, one bye each. Round 1 pairs the first entrant with
the last (with an odd field, the phantom: the first entrant has the bye), the second with the
last but one, and so on: the Berger tables of chess.

**Seats.** Across the circle, the entrant in the upper half sits first; the fixed entrant
sits second in odd rounds and first in even ones. Everyone sits first about half the time:
the counts of first and second seats differ by at most one (by none for an odd field).

>>> for tables in round_robin_schedule(["a", "b", "c", "d"]):
...     print([table.seats for table in tables])
[('a', 'd'), ('b', 'c')]
[('d', 'c'), ('a', 'b')]
[('b', 'd'), ('c', 'a')]
>>> [len(tables) for tables in round_robin_schedule("abcde")]
[3, 3, 3, 3, 3]

The order is deterministic: the same entrants in the same order give the same schedule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.tournaments.model import Table, TournamentError

__all__ = ["ROUND_ROBIN_MOST", "round_robin_schedule"]

ROUND_ROBIN_MOST: Final = 32
"""The most entrants a round robin takes: it is for small fields (32 entrants play 31
rounds)."""


def round_robin_schedule(entrants: Sequence[str]) -> tuple[tuple[Table, ...], ...]:
    """Every round's tables, round 1 first (see the module's text); 2 to
    :data:`ROUND_ROBIN_MOST` distinct entrants.

    >>> [[table.seats for table in tables] for tables in round_robin_schedule(["x", "y", "z"])]
    [[('y', 'z'), ('x',)], [('x', 'y'), ('z',)], [('z', 'x'), ('y',)]]
    """
    if not 2 <= len(entrants) <= ROUND_ROBIN_MOST:
        raise TournamentError(
            f"a round robin takes 2 to {ROUND_ROBIN_MOST} entrants, not {len(entrants)}"
        )
    if len(set(entrants)) != len(entrants):
        raise TournamentError("an entrant is entered twice")
    odd = len(entrants) % 2 == 1
    fixed = None if odd else entrants[-1]
    circle = list(entrants) if odd else list(entrants[:-1])
    size = len(circle)  # odd: the circle turns half the field's places (prime to its size)
    half = (size + 1) // 2
    schedule = []
    for number in range(size):
        at = [circle[(place + number * half) % size] for place in range(size)]
        tables = [Table((at[place], at[size - place])) for place in range(1, half)]
        if fixed is None:
            tables.append(Table((at[0],)))
        else:
            tables.insert(0, Table((at[0], fixed) if number % 2 == 0 else (fixed, at[0])))
        schedule.append(tuple(tables))
    return tuple(schedule)
