"""Fields for the Swiss pairing's tests: contenders by hand, and fields with a history made by
playing earlier rounds through the pairing itself, with random results."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

from hypothesis import strategies as st

from cardtable.tournaments.model import Table, place_points
from cardtable.tournaments.swiss import Contender, pair_swiss


def contender(
    id: str,
    points: Fraction | int = 0,
    order: int = 0,
    *,
    met: Iterable[str] = (),
    byes: int = 0,
    firsts: int = 0,
    played: int = 0,
) -> Contender:
    return Contender(
        id=id,
        points=Fraction(points),
        order=order,
        met=dict(Counter(met)),
        byes=byes,
        firsts=firsts,
        played=played,
    )


class History:
    """A Swiss tournament's running totals, advanced by playing its rounds."""

    def __init__(self, ids: Sequence[str]) -> None:
        self.ids = list(ids)
        self.points = dict.fromkeys(self.ids, Fraction(0))
        self.met: dict[str, Counter[str]] = {id: Counter() for id in self.ids}
        self.byes: Counter[str] = Counter()
        self.firsts: Counter[str] = Counter()
        self.played: Counter[str] = Counter()

    def field(self) -> list[Contender]:
        """The contenders as they stand, ordered by points then by the order they entered."""
        ranked = sorted(self.ids, key=lambda id: (-self.points[id], self.ids.index(id)))
        return [
            Contender(
                id=id,
                points=self.points[id],
                order=order,
                met=dict(self.met[id]),
                byes=self.byes[id],
                firsts=self.firsts[id],
                played=self.played[id],
            )
            for order, id in enumerate(ranked)
        ]

    def play(self, tables: Sequence[Table], rng: random.Random) -> None:
        """The round ``tables`` with random places (ties possible)."""
        for table in tables:
            if table.bye:
                self.points[table.seats[0]] += 1
                self.byes[table.seats[0]] += 1
                continue
            scores = [rng.randrange(len(table.seats) + 1) for _ in table.seats]  # lower wins
            places = [1 + sum(other < score for other in scores) for score in scores]
            self.firsts[table.seats[0]] += 1
            for entrant, points in zip(table.seats, place_points(places), strict=True):
                self.points[entrant] += points
                self.played[entrant] += 1
                self.met[entrant].update(other for other in table.seats if other != entrant)

    def meet(self, one: str, other: str) -> None:
        """One more meeting of two, outside the rounds played (to crowd the history)."""
        self.met[one][other] += 1
        self.met[other][one] += 1


def played_field(
    count: int, rounds: int, seats: int, fewest: int, seed: int, crowd: float = 0.0
) -> list[Contender]:
    """``count`` contenders after ``rounds`` paired by :func:`pair_swiss`, with random results
    from ``seed``; then each two have met once more with chance ``crowd``."""
    rng = random.Random(seed)
    history = History([f"c{number:02d}" for number in range(count)])
    for _ in range(rounds):
        history.play(pair_swiss(history.field(), seats=seats, fewest=fewest), rng)
    for one in range(count):
        for other in range(one + 1, count):
            if rng.random() < crowd:
                history.meet(history.ids[one], history.ids[other])
    return history.field()


@st.composite
def fields(
    draw: st.DrawFn,
    *,
    most: int,
    seats: int = 2,
    fewest: int = 2,
    rounds: int = 6,
    crowd: bool = False,
) -> list[Contender]:
    """A field of at most ``most`` with a history of at most ``rounds`` (and, if ``crowd``,
    extra meetings of up to two in three of the pairs)."""
    return played_field(
        draw(st.integers(0, most)),
        draw(st.integers(0, rounds)),
        seats,
        fewest,
        draw(st.integers(0, 2**32)),
        draw(st.sampled_from([0.0, 0.2, 0.4, 0.67])) if crowd else 0.0,
    )
