"""Standings: points, the tie-breaks of Swiss and round robin, shared places, and how far
each got in a knockout."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.outcome import ranked
from cardtable.tournaments.knockout import knockout_round
from cardtable.tournaments.model import Result, Round, Table, TournamentError
from cardtable.tournaments.round_robin import round_robin_schedule
from cardtable.tournaments.standings import (
    TIEBREAKS,
    Standing,
    knockout_standings,
    swiss_standings,
)

F = Fraction


def duel(first: str, second: str, score: str) -> tuple[Table, Result]:
    """A played duel: ``score`` is "1-0", "0-1" or "=" (drawn)."""
    placings = {"1-0": (1, 2), "0-1": (2, 1), "=": (1, 1)}[score]
    return Table((first, second)), Result(placings)


def round_of(number: int, *tables: tuple[Table, Result | None]) -> Round:
    return Round(number, tuple(table for table, _ in tables), tuple(r for _, r in tables))


def summary(lines: Sequence[Standing]) -> list[tuple[int, str, Fraction, tuple[Fraction, ...]]]:
    return [
        (line.place, line.entrant, line.points, tuple(value for _, value in line.tiebreaks))
        for line in lines
    ]


def test_buchholz_then_sonneborn_berger_order_a_swiss() -> None:
    rounds = [
        round_of(1, duel("a", "b", "1-0"), duel("c", "d", "1-0"), duel("e", "f", "=")),
        round_of(2, duel("a", "c", "1-0"), duel("b", "e", "1-0"), duel("d", "f", "1-0")),
    ]
    lines = swiss_standings("abcdef", rounds, duels=True)
    assert summary(lines) == [
        (1, "a", F(2), (F(2), F(2))),
        (2, "c", F(1), (F(3), F(1))),
        (3, "b", F(1), (F(5, 2), F(1, 2))),
        (4, "d", F(1), (F(3, 2), F(1, 2))),
        (5, "e", F(1, 2), (F(3, 2), F(1, 4))),  # a full tie: shared, in seed order
        (5, "f", F(1, 2), (F(3, 2), F(1, 4))),
    ]
    assert [name for name, _ in lines[0].tiebreaks] == ["buchholz", "sonneborn_berger"]
    assert {line.played for line in lines} == {2}
    assert {line.byes for line in lines} == {0}


def test_sonneborn_berger_prefers_the_win_over_the_stronger_opponent() -> None:
    rounds = [
        round_of(1, duel("x", "s", "1-0"), duel("y", "w", "1-0")),
        round_of(2, duel("w", "x", "1-0"), duel("s", "y", "1-0")),
        round_of(3, duel("s", "w", "1-0"), duel("x", "y", "=")),
    ]
    assert summary(swiss_standings(["s", "y", "x", "w"], rounds, duels=True)) == [
        (1, "s", F(2), (F(4), F(5, 2))),
        (2, "x", F(3, 2), (F(9, 2), F(11, 4))),  # beat s (2 points)
        (3, "y", F(3, 2), (F(9, 2), F(7, 4))),  # beat w (1 point)
        (4, "w", F(1), (F(5), F(3, 2))),
    ]


def test_a_round_robin_cycle_ties_everyone() -> None:
    schedule = round_robin_schedule(["a", "b", "c"])
    rounds = [
        Round(
            number, tables, tuple(Result((1,) * len(t.seats) if t.bye else (1, 2)) for t in tables)
        )
        for number, tables in enumerate(schedule, start=1)
    ]
    lines = swiss_standings(["c", "a", "b"], rounds, duels=True)
    assert summary(lines) == [
        (1, "c", F(2), (F(4), F(2))),
        (1, "a", F(2), (F(4), F(2))),
        (1, "b", F(2), (F(4), F(2))),
    ]
    assert [(line.played, line.byes) for line in lines] == [(2, 1)] * 3


def test_n_player_tables_break_ties_on_opponents_points_then_fewer_placings() -> None:
    table = Table(("x", "y", "p", "q"))
    rounds = [
        Round(1, (table,), (Result((1, 2, 2, 4)),)),
        Round(2, (table,), (Result((4, 2, 2, 1)),)),
    ]
    lines = swiss_standings(["x", "q", "p", "y"], rounds, duels=False)
    assert summary(lines) == [
        (1, "p", F(1), (F(6), F(4))),
        (1, "y", F(1), (F(6), F(4))),
        (3, "x", F(1), (F(6), F(5))),
        (3, "q", F(1), (F(6), F(5))),
    ]
    assert [name for name, _ in lines[0].tiebreaks] == ["opponents_points", "placings"]


def test_unfinished_tables_count_nothing_and_the_withdrawn_stay_flagged() -> None:
    three = Table(("a", "b", "c"))
    rounds = [
        Round(1, (three, Table(("d",))), (Result.walkover(three, {"c"}), Result.bye())),
        Round(2, (Table(("a", "d", "c")), Table(("b",))), (None, Result.bye())),
    ]
    lines = swiss_standings("abcd", rounds, duels=False, withdrawn={"c"})
    assert [
        (line.place, line.entrant, line.points, line.played, line.byes, line.withdrawn)
        for line in lines
    ] == [
        (1, "b", F(7, 4), 1, 1, False),
        (2, "d", F(1), 0, 1, False),
        (3, "a", F(3, 4), 1, 0, False),
        (4, "c", F(0), 1, 0, True),
    ]
    assert dict(lines[1].tiebreaks) == {"opponents_points": 0, "placings": 1}  # a bye is 1st
    assert dict(lines[3].tiebreaks) == {"opponents_points": F(5, 2), "placings": 3}


def test_no_rounds_ties_everyone() -> None:
    assert {line.place for line in swiss_standings("abc", [], duels=True)} == {1}
    lines = knockout_standings("abc", [], advance=1)
    assert [(line.place, line.tiebreaks) for line in lines] == [
        (1, (("round", F(0)), ("table_place", F(0))))
    ] * 3


def test_strangers_and_twins_are_refused() -> None:
    rounds = [round_of(1, duel("a", "z", "1-0"))]
    with pytest.raises(TournamentError, match="not in the standings: z"):
        swiss_standings("ab", rounds, duels=True)
    with pytest.raises(TournamentError, match="not in the standings"):
        knockout_standings("ab", rounds, advance=1)
    with pytest.raises(TournamentError, match="twice"):
        swiss_standings("aa", [], duels=True)


def test_every_tiebreak_is_described() -> None:
    assert set(TIEBREAKS) == {
        "buchholz",
        "sonneborn_berger",
        "opponents_points",
        "placings",
        "round",
        "table_place",
    }
    assert all(text and "\n" not in text for text in TIEBREAKS.values())


def test_a_knockout_under_way_shares_the_round_being_played() -> None:
    seeds = ["a", "b", "c", "d"]
    semis = round_of(1, duel("a", "d", "1-0"), (Table(("b", "c")), None))
    lines = knockout_standings(seeds, [semis], advance=1)
    assert [(line.entrant, line.place, dict(line.tiebreaks)) for line in lines] == [
        ("a", 1, {"round": F(2), "table_place": F(1)}),
        ("b", 2, {"round": F(1), "table_place": F(0)}),  # still playing: listed first
        ("c", 2, {"round": F(1), "table_place": F(0)}),
        ("d", 2, {"round": F(1), "table_place": F(2)}),
    ]
    semis = semis.with_result(1, Result((2, 1)))
    final = round_of(2, (Table(("a", "c")), None))
    lines = knockout_standings(seeds, [semis, final], advance=1)
    assert [(line.entrant, line.place) for line in lines] == [
        ("a", 1),
        ("c", 1),
        ("b", 3),
        ("d", 3),
    ]


# Against a computation of their own


def worth(placings: Sequence[int], seat: int) -> Fraction:
    """A place's points by the rule's words: the mean of (n - k) / (n - 1) over the places
    shared."""
    size = len(placings)
    if size == 1:
        return F(1)
    place = placings[seat]
    shared = range(place, place + placings.count(place))
    return F(sum(size - k for k in shared), (size - 1) * len(shared))


@st.composite
def swiss_events(draw: st.DrawFn) -> tuple[list[str], list[Round], bool]:
    duels = draw(st.booleans())
    entrants = [f"e{n}" for n in range(draw(st.integers(2, 12)))]
    rng = random.Random(draw(st.integers(0, 2**32)))
    rounds = []
    for number in range(1, draw(st.integers(1, 6)) + 1):
        order = rng.sample(entrants, len(entrants))
        tables = []
        while order:
            size = 2 if duels else rng.randint(2, 4)
            tables.append(Table(tuple(order[:size])))
            order = order[size:]
        results: list[Result | None] = []
        for table in tables:
            roll = rng.random()
            if table.bye:
                results.append(Result.bye())
            elif roll < 0.1:
                results.append(None)
            elif roll < 0.2:
                results.append(Result.walkover(table, {rng.choice(table.seats)}))
            else:
                scores = [rng.randrange(len(table.seats)) for _ in table.seats]
                results.append(Result(ranked(scores)))
        rounds.append(Round(number, tuple(tables), tuple(results)))
    return entrants, rounds, duels


@settings(max_examples=100, deadline=None, database=None)
@given(swiss_events())
def test_swiss_standings_agree_with_a_computation_of_their_own(
    event: tuple[list[str], list[Round], bool],
) -> None:
    seeds, rounds, duels = event
    points = dict.fromkeys(seeds, F(0))
    played = dict.fromkeys(seeds, 0)
    byes = dict.fromkeys(seeds, 0)
    games: dict[str, list[tuple[list[str], Fraction, int]]] = {e: [] for e in seeds}
    for one in rounds:
        for table, result in zip(one.tables, one.results, strict=True):
            if result is None:
                continue
            for seat, entrant in enumerate(table.seats):
                score = F(0) if seat in result.forfeits else worth(result.placings, seat)
                points[entrant] += score
                others = [other for other in table.seats if other != entrant]
                games[entrant].append((others, score, result.placings[seat]))
                if table.bye:
                    byes[entrant] += 1
                else:
                    played[entrant] += 1
    expected = {}
    for entrant in seeds:
        met = sum((points[o] for others, _, _ in games[entrant] for o in others), F(0))
        if duels:
            sb = sum((points[o] * s for others, s, _ in games[entrant] for o in others), F(0))
            expected[entrant] = (met, sb)
        else:
            expected[entrant] = (met, F(sum(place for _, _, place in games[entrant])))
    lines = swiss_standings(seeds, rounds, duels=duels)
    assert sorted(line.entrant for line in lines) == sorted(seeds)

    def key(line: Standing) -> tuple[Fraction, ...]:
        first, second = expected[line.entrant]
        return (-points[line.entrant], -first, -second if duels else second)

    for index, line in enumerate(lines):
        assert line.points == points[line.entrant]
        assert (line.played, line.byes) == (played[line.entrant], byes[line.entrant])
        assert tuple(value for _, value in line.tiebreaks) == expected[line.entrant]
        assert line.place == 1 + sum(key(other) < key(line) for other in lines)
        if index:
            before = lines[index - 1]
            assert key(before) <= key(line)
            assert (before.place == line.place) == (key(before) == key(line))
            if before.place == line.place:
                assert seeds.index(before.entrant) < seeds.index(line.entrant)


@settings(max_examples=100, deadline=None, database=None)
@given(entrants=st.integers(2, 64), rng=st.randoms(use_true_random=False))
def test_a_duel_knockout_places_each_by_the_round_lost(entrants: int, rng: random.Random) -> None:
    """Whoever lost in round r shares the place after everyone who played round r + 1."""
    seeds = [f"e{n}" for n in range(entrants)]
    rules = {"seats": 2, "fewest": 2, "advance": 1}
    rounds: list[Round] = []
    while tables := knockout_round(seeds, rounds, **rules):
        results = tuple(
            Result.bye() if t.bye else Result(rng.choice([(1, 2), (2, 1), (1, 1)])) for t in tables
        )
        rounds.append(Round(len(rounds) + 1, tables, results))
    seated = [{e for table in one.tables for e in table.seats} for one in rounds]
    place = {}
    for lost, later in pairwise(seated):
        for entrant in lost - later:
            place[entrant] = 1 + len(later)
    final, result = rounds[-1].tables[0], rounds[-1].results[0]
    assert result is not None
    first, second = sorted(
        final.seats, key=lambda e: (result.placings[final.seats.index(e)], seeds.index(e))
    )
    place[first], place[second] = 1, 2
    lines = knockout_standings(seeds, rounds, advance=1)
    assert {line.entrant: line.place for line in lines} == place
    assert [line.place for line in lines] == sorted(place.values())
