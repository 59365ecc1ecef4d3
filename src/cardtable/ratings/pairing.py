"""Who sits with whom: the pairing rule of matchmaking, a pure function of one queue.

A queue is one game and one rated ruleset, which fixes the table size. Everyone waiting in it
is a :class:`Seeker`; every sweep (once a second, say) :func:`propose_tables` says which
tables to propose now. It reads nothing but its arguments and remembers nothing: who waits,
since when, and the clock are the whole input, and the same input gives the same tables.

**Skill, not the shown rating.** The rule compares people by ``Standing.mu``, the best
estimate of their skill, everywhere: gaps, a table's spread, the computer player closest to a
table. Not by the shown rating (``Standing.shown``, ``mu - 2 sigma``): that number is
deliberately conservative, a rating its holder is very probably above, so that leaderboards
do not reward luck in a few matches; it mixes how strong someone is with how little is known
of it. Two people shown alike can be 500 apart in ``mu`` while one is provisional: a
newcomer (``mu`` 1,500, ``sigma`` 350) and a settled player (``mu`` 1,000, ``sigma`` 100) are
both shown 800, and the model gives the newcomer 87% of their matches. Pairing wants the
closest match the model expects, so it takes the estimate itself; a newcomer's uncertainty is
settled by playing, not by being seated lower. Measured (``benchmarks/matchmaking.py``, 5
arrivals a second, tables of two): the mean distance of the model's win chance from one half
is 0.059 pairing on ``mu``, 0.135 pairing on the shown rating, with the same waits.

**The widening rule.** A seeker accepts opponents whose ``mu`` is within a gap of their own,
and the gap grows with the wait: ``GAP_AT_ONCE`` (150 points) at once, ``GAP_PER_SECOND`` (15
points) more every second, at most ``GAP_MOST`` (1,000 points), reached after 56 2/3
seconds. So two players 300 apart meet once both have waited 10 seconds, a newcomer (``mu``
1,500) and a player at 2,400 once both have waited 50 seconds with nobody closer come, and
two players 1,001 apart never.

>>> accepted_gap(0.0), accepted_gap(10.0), accepted_gap(60.0)
(150.0, 300.0, 1000.0)

**Everyone accepts everyone.** A table of people forms only when each of them accepts every
other one: no one's farthest opponent is beyond their own gap. At a table of two, the gap
between them is within the narrower of their two gaps. Why not the longest waiter's gap
alone: that gap is theirs, earned by waiting; it must not seat someone who has just arrived
against a player 1,000 points away. Whoever waits long enough for a wide gap is met by
others as their gaps widen too.

**Longest waiters first, closest skill.** Seekers are served in the order they joined
(then by id). Each one still free in turn is the first of a table, grown from the free
seekers one at a time, always taking the one who widens the table's spread of ``mu`` least
(ties: who joined first, then the lower id) among those who accept everyone at the table and
whom everyone at it accepts. At a table of two that is the closest acceptable partner, and no
two seekers who accept each other are left free. At larger tables the greedy growth can miss
a table that other choices would have made; the next seekers in line, and the next sweep
(with wider gaps), try again.

**Computer players.** A seeker allows them with ``computer_after``: after that many seconds
of waiting, they would rather play computer players than wait on. Once every table of people
is formed, the free seekers who have waited that long sit at tables of their own, grown in
the same way (each accepts everyone at it) to at most one seat fewer than the table, and
every remaining seat takes the computer player whose ``mu`` is closest to the mean ``mu`` of
the table's people (ties: the first in ``computers``; one computer player may fill several
seats). Nobody else sits with a computer player: not someone who allows it later, nor
someone who never does.

>>> from cardtable.ratings.scale import Standing
>>> ann = Seeker(1, Standing(mu=1700.0, sigma=100.0), joined=0.0)
>>> bob = Seeker(2, Standing(mu=1880.0, sigma=100.0), joined=5.0)  # 180 above
>>> propose_tables([ann, bob], seats=2, now=6.0)  # Bob accepts only 165 so far
()
>>> propose_tables([ann, bob], seats=2, now=7.0)  # and 180 two seconds after joining
(Table(seekers=(1, 2), computers=()),)
>>> new = Seeker(3, Standing.new(), joined=0.0)  # mu 1500, shown 800
>>> settled = Seeker(4, Standing(mu=1000.0, sigma=100.0, matches=30), joined=0.0)  # shown 800
>>> equal = Seeker(5, Standing(mu=1500.0, sigma=100.0, matches=30), joined=0.0)  # shown 1300
>>> propose_tables([new, settled, equal], seats=2, now=0.0)  # mu alike, not shown alike
(Table(seekers=(3, 5), computers=()),)
>>> cy = Seeker(6, Standing.new(), joined=0.0, computer_after=20.0)
>>> bots = [("greedy", Standing(1000.0, 80.0)), ("ismcts:easy", Standing(1300.0, 80.0))]
>>> propose_tables([cy], seats=2, now=19.0, computers=bots)
()
>>> propose_tables([cy], seats=2, now=20.0, computers=bots)  # 1300 is closer to 1500 than 1000
(Table(seekers=(6,), computers=('ismcts:easy',)),)
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.ratings.scale import Standing

GAP_AT_ONCE = 150.0
"""The gap in ``mu`` every seeker accepts as soon as they join."""
GAP_PER_SECOND = 15.0
"""How much the accepted gap grows with each second of waiting."""
GAP_MOST = 1000.0
"""The widest gap accepted, however long the wait (reached after 56 2/3 seconds)."""


def accepted_gap(waited: float) -> float:
    """The gap in ``mu`` accepted after waiting ``waited`` seconds (none counts as 0).

    >>> accepted_gap(4.0), accepted_gap(-1.0), accepted_gap(3600.0)
    (210.0, 150.0, 1000.0)
    """
    return min(GAP_MOST, GAP_AT_ONCE + GAP_PER_SECOND * max(0.0, waited))


@dataclass(frozen=True, slots=True)
class Seeker:
    """Someone waiting in one queue: their account's ``id``, their rating, when they joined
    (seconds, on the clock ``now`` is read on), and after how many seconds of waiting they
    accept computer players filling the table (``None``: never).

    >>> fresh = Seeker(7, Standing.new(), joined=100.0, computer_after=30.0)
    >>> fresh.gap(now=110.0), fresh.accepts_computers(now=110.0)
    (300.0, False)
    """

    id: int
    standing: Standing
    joined: float
    computer_after: float | None = None

    def __post_init__(self) -> None:
        if self.computer_after is not None and not self.computer_after >= 0:
            raise ValueError(f"seeker {self.id}: computer_after is a wait of 0 s or more")

    def gap(self, now: float) -> float:
        """The gap in ``mu`` this seeker accepts at ``now``."""
        return accepted_gap(now - self.joined)

    def accepts_computers(self, now: float) -> bool:
        """Whether this seeker has waited long enough to play computer players at ``now``."""
        return self.computer_after is not None and now - self.joined >= self.computer_after


@dataclass(frozen=True, slots=True)
class Table:
    """A table to propose: its people (account ids, longest waiter first) and the computer
    players filling the other seats (names, as given; empty at a table of people only)."""

    seekers: tuple[int, ...]
    computers: tuple[str, ...] = ()

    @property
    def seats(self) -> int:
        return len(self.seekers) + len(self.computers)


def propose_tables(
    seekers: Sequence[Seeker],
    *,
    seats: int,
    now: float,
    computers: Sequence[tuple[str, Standing]] = (),
) -> tuple[Table, ...]:
    """The tables of ``seats`` to propose at ``now`` to the ``seekers`` of one queue, with the
    ``computers`` players (name and fixed rating) this queue may seat, by the rules of this
    module: tables of people first, longest waiters first, then the tables computer players
    fill. Nobody is at two tables; whoever is at none waits on. ``ValueError`` for a table of
    fewer than two seats or an id twice."""
    if seats < 2:
        raise ValueError(f"a table has two seats or more, not {seats}")
    if len({seeker.id for seeker in seekers}) != len(seekers):
        raise ValueError("every seeker waits in a queue once")
    order = sorted(seekers, key=lambda seeker: (seeker.joined, seeker.id))
    tables: list[Table] = []
    people = _Pool(order, now)
    for seeker in order:
        if people.free(seeker.id):
            table = people.grow(seeker.id, seats)
            if len(table) == seats:
                people.seat(table)
                tables.append(Table(_in_order(table)))
    if not computers:
        return tuple(tables)
    ready = [s for s in order if people.free(s.id) and s.accepts_computers(now)]
    with_computers = _Pool(ready, now)
    for seeker in ready:
        if with_computers.free(seeker.id):
            table = with_computers.grow(seeker.id, seats - 1)
            with_computers.seat(table)
            name = _closest(computers, math.fsum(s.standing.mu for s in table) / len(table))
            tables.append(Table(_in_order(table), (name,) * (seats - len(table))))
    return tuple(tables)


def _in_order(table: list[Seeker]) -> tuple[int, ...]:
    return tuple(s.id for s in sorted(table, key=lambda s: (s.joined, s.id)))


def _closest(computers: Sequence[tuple[str, Standing]], mean: float) -> str:
    """The first computer player whose ``mu`` is closest to ``mean``."""
    return min(computers, key=lambda computer: abs(computer[1].mu - mean))[0]


class _Pool:
    """The free seekers of one sweep by ``mu`` (then join time and id), with the range of
    ``mu`` each accepts in two segment trees of minima: its lower end (``lows``) and its
    upper end negated (``minus_highs``); a seated seeker's are +inf. The nearest acceptable
    seeker beyond a table's ends is then a walk down a tree, not a scan of everyone between:
    a sweep takes O(n log n), not O(n^2)."""

    __slots__ = ("by_mu", "lows", "minus_highs", "mus", "position", "size")

    def __init__(self, seekers: Sequence[Seeker], now: float) -> None:
        self.by_mu = sorted(seekers, key=lambda s: (s.standing.mu, s.joined, s.id))
        self.mus = [s.standing.mu for s in self.by_mu]
        self.position = {s.id: i for i, s in enumerate(self.by_mu)}
        self.size = 1
        while self.size < len(self.by_mu):
            self.size *= 2
        self.lows = [math.inf] * (2 * self.size)
        self.minus_highs = [math.inf] * (2 * self.size)
        for i, seeker in enumerate(self.by_mu):
            gap = seeker.gap(now)
            self.lows[self.size + i] = self.mus[i] - gap
            self.minus_highs[self.size + i] = -(self.mus[i] + gap)
        for tree in (self.lows, self.minus_highs):
            for node in range(self.size - 1, 0, -1):
                tree[node] = min(tree[2 * node], tree[2 * node + 1])

    def free(self, seeker: int) -> bool:
        return self.lows[self.size + self.position[seeker]] != math.inf

    def seat(self, table: list[Seeker]) -> None:
        for seeker in table:
            for tree in (self.lows, self.minus_highs):
                node = self.size + self.position[seeker.id]
                tree[node] = math.inf
                node //= 2
                while node:
                    tree[node] = min(tree[2 * node], tree[2 * node + 1])
                    node //= 2

    def grow(self, first: int, most: int) -> list[Seeker]:
        """A table of at most ``most`` free seekers around ``first``, grown greedily: the
        acceptable seeker who widens the spread least, while there is one."""
        left = right = self.position[first]
        lo = hi = self.mus[left]
        floor, ceiling = self.lows[self.size + left], -self.minus_highs[self.size + left]
        table = [self.by_mu[left]]
        while len(table) < most:
            # Above the table, the nearest whom everyone accepts (``mu`` at most ``ceiling``)
            # and who accepts the lowest (their lower end at most ``lo``); below, the same
            # mirrored. Whoever lies between the table's ends was refused before, and a
            # table that grows only accepts less.
            above = self._first_from(self.lows, right + 1, lo)
            if above is not None and self.mus[above] > ceiling:
                above = None
            below = self._last_from(self.minus_highs, left - 1, -hi)
            if below is not None and self.mus[below] < floor:
                below = None
            if below is not None:
                # Of several with one ``mu``, the first to join: the nearest above is, by the
                # order of positions; below, look again from the first with theirs.
                alike = bisect_left(self.mus, self.mus[below])
                below = self._first_from(self.minus_highs, alike, -hi)
            if below is not None and (above is None or self._nearer(below, above, lo, hi)):
                left = chosen = below
                lo = self.mus[below]
            elif above is not None:
                right = chosen = above
                hi = self.mus[above]
            else:
                break
            floor = max(floor, self.lows[self.size + chosen])
            ceiling = min(ceiling, -self.minus_highs[self.size + chosen])
            table.append(self.by_mu[chosen])
        return table

    def _nearer(self, below: int, above: int, lo: float, hi: float) -> bool:
        """Whether ``below`` widens the table ``lo``..``hi`` less than ``above`` does (ties:
        who joined first, then the lower id)."""
        under, over = lo - self.mus[below], self.mus[above] - hi
        if under != over:
            return under < over
        low, high = self.by_mu[below], self.by_mu[above]
        return (low.joined, low.id) < (high.joined, high.id)

    def _first_from(self, tree: list[float], start: int, at_most: float) -> int | None:
        """The first position from ``start`` up whose value in ``tree`` is at most
        ``at_most``."""
        if start >= self.size:
            return None
        node = self.size + start
        while tree[node] > at_most:
            while node & 1:  # a right child: climb to the first ancestor that is a left one
                node //= 2
            if node == 0:
                return None
            node += 1  # the subtree just right of everything looked at
        while node < self.size:
            node = 2 * node if tree[2 * node] <= at_most else 2 * node + 1
        return node - self.size

    def _last_from(self, tree: list[float], start: int, at_most: float) -> int | None:
        """The last position from ``start`` down whose value in ``tree`` is at most
        ``at_most``."""
        if start < 0:
            return None
        node = self.size + start
        while tree[node] > at_most:
            while not node & 1:  # a left child: climb to the first ancestor that is a right one
                node //= 2
            if node == 1:
                return None
            node -= 1  # the subtree just left of everything looked at
        while node < self.size:
            node = 2 * node + 1 if tree[2 * node + 1] <= at_most else 2 * node
        return node - self.size
