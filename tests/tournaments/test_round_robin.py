"""Round robin on Berger tables: everyone meets everyone once, byes for an odd field, seats
shared fairly."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.tournaments.model import Table, TournamentError
from cardtable.tournaments.round_robin import ROUND_ROBIN_MOST, round_robin_schedule


def pairings(schedule: tuple[tuple[Table, ...], ...]) -> list[list[tuple[str, ...]]]:
    return [[table.seats for table in tables] for tables in schedule]


def test_six_entrants_play_the_berger_tables() -> None:
    assert pairings(round_robin_schedule("123456")) == [
        [("1", "6"), ("2", "5"), ("3", "4")],
        [("6", "4"), ("5", "3"), ("1", "2")],
        [("2", "6"), ("3", "1"), ("4", "5")],
        [("6", "5"), ("1", "4"), ("2", "3")],
        [("3", "6"), ("4", "2"), ("5", "1")],
    ]


def test_an_odd_field_has_one_bye_a_round_after_the_games() -> None:
    # The six-entrant tables with a phantom sixth: whoever meets it has a bye.
    assert pairings(round_robin_schedule(["a", "b", "c", "d", "e"])) == [
        [("b", "e"), ("c", "d"), ("a",)],
        [("e", "c"), ("a", "b"), ("d",)],
        [("c", "a"), ("d", "e"), ("b",)],
        [("a", "d"), ("b", "c"), ("e",)],
        [("d", "b"), ("e", "a"), ("c",)],
    ]
    assert pairings(round_robin_schedule(["a", "b"])) == [[("a", "b")]]
    assert pairings(round_robin_schedule(["a", "b", "c"])) == [
        [("b", "c"), ("a",)],
        [("a", "b"), ("c",)],
        [("c", "a"), ("b",)],
    ]


@pytest.mark.parametrize("entrants", [[], ["a"], [f"e{n}" for n in range(ROUND_ROBIN_MOST + 1)]])
def test_fields_too_small_or_too_large_are_refused(entrants: list[str]) -> None:
    with pytest.raises(TournamentError, match="round robin takes"):
        round_robin_schedule(entrants)


def test_an_entrant_entered_twice_is_refused() -> None:
    with pytest.raises(TournamentError, match="twice"):
        round_robin_schedule(["a", "b", "a"])


def check_schedule(entrants: list[str]) -> None:
    schedule = round_robin_schedule(entrants)
    count = len(entrants)
    assert len(schedule) == (count if count % 2 else count - 1)
    met = Counter(
        frozenset(table.seats) for tables in schedule for table in tables if not table.bye
    )
    assert set(met) == {frozenset(pair) for pair in combinations(entrants, 2)}
    assert set(met.values()) == {1}
    byes = Counter(table.seats[0] for tables in schedule for table in tables if table.bye)
    assert byes == (Counter(entrants) if count % 2 else Counter())
    for tables in schedule:
        seated = [entrant for table in tables for entrant in table.seats]
        assert sorted(seated) == sorted(entrants)
        assert all(len(table.seats) == 2 for table in tables[:-1])
    first = Counter(t.seats[0] for ts in schedule for t in ts if not t.bye)
    second = Counter(t.seats[1] for ts in schedule for t in ts if not t.bye)
    for entrant in entrants:
        assert abs(first[entrant] - second[entrant]) <= (0 if count % 2 else 1)
    assert round_robin_schedule(entrants) == schedule


@pytest.mark.parametrize("count", range(2, ROUND_ROBIN_MOST + 1))
def test_every_field_size_meets_everyone_once_with_fair_seats(count: int) -> None:
    check_schedule([f"e{n}" for n in range(count)])


@settings(max_examples=100, deadline=None, database=None)
@given(
    st.lists(st.text(min_size=1, max_size=5), min_size=2, max_size=ROUND_ROBIN_MOST, unique=True)
)
def test_any_entrants_meet_everyone_once(entrants: list[str]) -> None:
    check_schedule(entrants)
    # The schedule depends on the entrants' order only, not their names.
    numbered = [f"e{n}" for n in range(len(entrants))]
    renamed = {name: f"e{n}" for n, name in enumerate(entrants)}
    assert [
        [tuple(renamed[e] for e in seats) for seats in tables]
        for tables in pairings(round_robin_schedule(entrants))
    ] == pairings(round_robin_schedule(numbered))
