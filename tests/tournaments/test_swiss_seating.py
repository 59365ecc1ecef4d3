"""The Swiss pairing at N-player tables: how many tables, how big, who has a bye, who sits
with whom and who sits first.

Exact scenarios first, then properties over random fields whose histories were played through
the pairing itself (:mod:`tests.tournaments.swiss_fields`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.tournaments.model import Table
from cardtable.tournaments.seating import REACH, REPEAT, table_sizes
from cardtable.tournaments.swiss import Contender, pair_swiss
from tests.tournaments.swiss_fields import contender, fields

SETTINGS = settings(max_examples=100, deadline=None, database=None)
SIZES = [(3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (5, 3), (6, 4)]
"""(seats, fewest) of the properties' tables."""


def seats(tables: Sequence[Table]) -> list[tuple[str, ...]]:
    return [table.seats for table in tables]


def fewest_byes(count: int, seats: int, fewest: int) -> int:
    """The fewest byes that leave a count some tables of ``fewest`` to ``seats`` seat."""
    return next(
        byes
        for byes in range(count + 1)
        if count == byes
        or any(tables * fewest <= count - byes <= tables * seats for tables in range(1, count + 1))
    )


def cost(field: Sequence[Contender], tables: Sequence[Sequence[str]]) -> Fraction:
    """What the seating lowers: ``REPEAT`` per earlier meeting of two table-mates plus the
    square of their difference in points."""
    by_id = {entrant.id: entrant for entrant in field}
    total = Fraction(0)
    for table in tables:
        for at, one in enumerate(table):
            for other in table[at + 1 :]:
                total += REPEAT * max(by_id[one].met.get(other, 0), by_id[other].met.get(one, 0))
                total += (by_id[one].points - by_id[other].points) ** 2
    return total


def in_order(field: Sequence[Contender], tables: Sequence[Table]) -> list[list[str]]:
    """The tables the walk down the standings fills, before any swap."""
    byes = {table.seats[0] for table in tables if table.bye}
    ranked = [
        entrant.id
        for entrant in sorted(field, key=lambda one: (-one.points, one.order, one.id))
        if entrant.id not in byes
    ]
    filled, start = [], 0
    for size in sorted((len(table.seats) for table in tables if not table.bye), reverse=True):
        filled.append(ranked[start : start + size])
        start += size
    return filled


def lowering_swap(field: Sequence[Contender], tables: Sequence[list[str]]) -> bool:
    """Whether swapping two contenders of tables at most ``REACH`` apart, one of which seats
    two who met, lowers the cost."""
    before = cost(field, tables)
    for board, table in enumerate(tables):
        if cost(field, [table]) == cost(field, [[id] for id in table]):
            continue
        for other in range(max(0, board - REACH), min(len(tables), board + REACH + 1)):
            for one in table:
                for two in tables[other]:
                    swapped = [list(seated) for seated in tables]
                    swapped[board][swapped[board].index(one)] = two
                    swapped[other][swapped[other].index(two)] = one
                    if cost(field, swapped) < before:
                        return True
    return False


# Exact scenarios.


@pytest.mark.parametrize(
    ("count", "seats_", "fewest", "sizes"),
    [
        (0, 4, 3, ()),
        (1, 4, 2, None),
        (4, 4, 4, (4,)),
        (5, 4, 3, None),
        (6, 4, 3, (3, 3)),
        (7, 3, 2, (3, 2, 2)),
        (9, 4, 3, (3, 3, 3)),
        (10, 4, 3, (4, 3, 3)),
        (13, 4, 4, None),
        (16, 4, 4, (4, 4, 4, 4)),
        (1000, 4, 3, (4,) * 250),
        (1001, 4, 3, (4,) * 248 + (3,) * 3),
    ],
)
def test_table_sizes(count: int, seats_: int, fewest: int, sizes: tuple[int, ...] | None) -> None:
    assert table_sizes(count, seats_, fewest) == sizes


def test_the_fewest_byes_go_to_the_lowest_placed_without_one() -> None:
    field = [contender(f"c{order}", 5 - order, order) for order in range(5)]
    field[4] = contender("c4", 0, 4, byes=1)
    assert seats(pair_swiss(field, seats=4, fewest=3)) == [("c0", "c1", "c2", "c4"), ("c3",)]


def test_a_field_too_small_for_a_table_has_byes_all_round() -> None:
    field = [contender("ana", 1, 0), contender("bo", 0, 1)]
    assert seats(pair_swiss(field, seats=4, fewest=3)) == [("ana",), ("bo",)]


def test_tables_walk_down_the_standings_bigger_tables_first() -> None:
    field = [contender(f"c{order}", 9 - order, order) for order in range(7)]
    assert seats(pair_swiss(field, seats=3, fewest=2)) == [
        ("c0", "c1", "c2"),
        ("c3", "c4"),
        ("c5", "c6"),
    ]


def test_two_who_met_are_parted_within_a_score_group() -> None:
    field = [contender(f"c{order}", 0, order) for order in range(8)]
    field[0] = contender("c0", 0, 0, met=["c1"])
    field[1] = contender("c1", 0, 1, met=["c0"])
    # c1 and c4 swap: as cheap as any swap, and the nearest in the standings
    assert seats(pair_swiss(field, seats=4, fewest=3)) == [
        ("c0", "c2", "c3", "c4"),
        ("c1", "c5", "c6", "c7"),
    ]


def test_two_who_met_are_parted_across_half_a_point() -> None:
    field = [
        contender(f"c{order}", Fraction(4 if order < 4 else 3, 2), order) for order in range(8)
    ]
    field[0] = contender("c0", 2, 0, met=["c1"])
    field[1] = contender("c1", 2, 1, met=["c0"])
    assert seats(pair_swiss(field, seats=4, fewest=3)) == [
        ("c0", "c2", "c3", "c4"),
        ("c1", "c5", "c6", "c7"),
    ]


def test_two_who_met_stay_together_rather_than_part_a_point_apart() -> None:
    field = [contender(f"c{order}", 2 if order < 4 else 1, order) for order in range(8)]
    field[0] = contender("c0", 2, 0, met=["c1"])
    field[1] = contender("c1", 2, 1, met=["c0"])
    assert seats(pair_swiss(field, seats=4, fewest=3)) == [
        ("c0", "c1", "c2", "c3"),
        ("c4", "c5", "c6", "c7"),
    ]


def test_who_sat_first_least_often_sits_first() -> None:
    field = [
        contender("ana", 1, 0, firsts=2, played=2),
        contender("bo", 1, 1, firsts=1, played=2),
        contender("cy", 1, 2, firsts=0, played=2),
        contender("di", 1, 3, firsts=1, played=2),
    ]
    assert seats(pair_swiss(field, seats=4, fewest=4)) == [("cy", "bo", "di", "ana")]


# Properties.


def sized_fields(most: int, rounds: int = 6) -> st.SearchStrategy[tuple[int, int, list[Contender]]]:
    return st.sampled_from(SIZES).flatmap(
        lambda size: st.tuples(
            st.just(size[0]),
            st.just(size[1]),
            fields(most=most, seats=size[0], fewest=size[1], rounds=rounds),
        )
    )


@SETTINGS
@given(sized_fields(most=40))
def test_tables_are_as_few_and_even_as_can_be_and_the_byes_the_fewest(
    sized: tuple[int, int, list[Contender]],
) -> None:
    seats_, fewest, field = sized
    tables = pair_swiss(field, seats=seats_, fewest=fewest)
    seated = [id for table in tables for id in table.seats]
    assert sorted(seated) == sorted(entrant.id for entrant in field)
    byes = [table.seats[0] for table in tables if table.bye]
    assert all(table.bye for table in tables[len(tables) - len(byes) :])
    assert len(byes) == fewest_byes(len(field), seats_, fewest)
    sizes = [len(table.seats) for table in tables if not table.bye]
    assert all(fewest <= size <= seats_ for size in sizes)
    assert max(sizes, default=0) - min(sizes, default=0) <= 1
    assert len(sizes) == -(-(len(field) - len(byes)) // seats_)
    rule = sorted(field, key=lambda one: (one.byes, one.points, -one.order))
    assert sorted(byes) == sorted(entrant.id for entrant in rule[: len(byes)])


@SETTINGS
@given(sized_fields(most=40, rounds=10))
def test_byes_differ_by_at_most_one(sized: tuple[int, int, list[Contender]]) -> None:
    byes = [entrant.byes for entrant in sized[2]]
    assert max(byes, default=0) - min(byes, default=0) <= 1


@SETTINGS
@given(sized_fields(most=40))
def test_seats_and_boards_are_in_order(sized: tuple[int, int, list[Contender]]) -> None:
    seats_, fewest, field = sized
    by_id = {entrant.id: entrant for entrant in field}
    tables = [table for table in pair_swiss(field, seats=seats_, fewest=fewest) if not table.bye]
    for table in tables:
        keys = [(by_id[id].firsts, by_id[id].order) for id in table.seats]
        assert keys == sorted(keys)
    boards = [min((-by_id[id].points, by_id[id].order) for id in table.seats) for table in tables]
    assert boards == sorted(boards)


@SETTINGS
@given(sized_fields(most=40))
def test_swaps_only_lower_the_cost_and_lower_it_when_they_can(
    sized: tuple[int, int, list[Contender]],
) -> None:
    seats_, fewest, field = sized
    tables = pair_swiss(field, seats=seats_, fewest=fewest)
    seated = [table.seats for table in tables if not table.bye]
    filled = in_order(field, tables)
    assert cost(field, seated) <= cost(field, filled)
    if lowering_swap(field, filled):
        assert cost(field, seated) < cost(field, filled)
    if not any(entrant.met for entrant in field):  # nothing to part: the walk stands
        assert sorted(map(sorted, seated)) == sorted(map(sorted, filled))
