"""The Swiss pairing at duels: who meets whom, who has the bye, who sits first.

Exact scenarios first, then properties over random fields whose histories were played through
the pairing itself (:mod:`tests.tournaments.swiss_fields`), checked against brute force and
against ``networkx`` on the complete graph where the field is small.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.tournaments.model import Table, TournamentError
from cardtable.tournaments.swiss import BLOCK, Contender, pair_swiss
from tests.tournaments.swiss_fields import contender, fields, played_field

SETTINGS = settings(max_examples=100, deadline=None, database=None)


def duels(field: Sequence[Contender]) -> tuple[Table, ...]:
    return pair_swiss(field, seats=2, fewest=2)


def seats(tables: Sequence[Table]) -> list[tuple[str, ...]]:
    return [table.seats for table in tables]


def met(field: Sequence[Contender], one: str, other: str) -> int:
    by_id = {entrant.id: entrant for entrant in field}
    return max(by_id[one].met.get(other, 0), by_id[other].met.get(one, 0))


def rematches(field: Sequence[Contender], tables: Sequence[Table]) -> int:
    return sum(met(field, *table.seats) for table in tables if not table.bye)


def squared_gaps(field: Sequence[Contender], pairs: Sequence[Sequence[str]]) -> Fraction:
    points = {entrant.id: entrant.points for entrant in field}
    return sum(((points[one] - points[other]) ** 2 for one, other in pairs), Fraction(0))


def matchings(ids: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way to pair ``ids`` (an even count), by brute force."""
    if not ids:
        yield []
        return
    for at in range(1, len(ids)):
        rest = [*ids[1:at], *ids[at + 1 :]]
        for pairs in matchings(rest):
            yield [(ids[0], ids[at]), *pairs]


def fewest_rematches(field: Sequence[Contender], ids: Sequence[str]) -> int:
    """The fewest meetings before that a pairing of ``ids`` can repeat, by ``networkx`` on the
    complete graph (each edge worth fewer the more often the two met)."""
    graph: nx.Graph[str] = nx.Graph()
    most = 1 + max((met(field, one, other) for one in ids for other in ids), default=0)
    for at, one in enumerate(ids):
        for other in ids[at + 1 :]:
            graph.add_edge(one, other, weight=most - met(field, one, other))
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(pairs) == len(ids)
    return sum(met(field, one, other) for one, other in pairs)


def the_bye_by_the_rule(field: Sequence[Contender]) -> str:
    """The lowest-placed of those with the fewest byes."""
    return max(field, key=lambda entrant: (-entrant.byes, -entrant.points, entrant.order)).id


# Exact scenarios.


def test_the_winners_meet_and_so_do_the_losers_in_round_two() -> None:
    field = [
        contender("ana", 1, 0, met=["cy"], firsts=1, played=1),
        contender("bo", 1, 1, met=["di"], played=1),
        contender("cy", 0, 2, met=["ana"], played=1),
        contender("di", 0, 3, met=["bo"], firsts=1, played=1),
    ]
    # ana sat first in round 1, so bo sits first now; of cy and di, di sat first
    assert seats(duels(field)) == [("bo", "ana"), ("cy", "di")]


def test_a_rematch_is_avoided_even_across_score_groups() -> None:
    field = [
        contender("ana", 1, 0, met=["bo"]),
        contender("bo", 1, 1, met=["ana"]),
        contender("cy", 0, 2),
        contender("di", 0, 3),
    ]
    # both winners float down; the higher meets the higher
    assert seats(duels(field)) == [("ana", "cy"), ("bo", "di")]


def test_a_rematch_is_played_when_nothing_else_can_be() -> None:
    field = [contender("ana", 1, 0, met=["bo"]), contender("bo", 0, 1, met=["ana"])]
    assert seats(duels(field)) == [("ana", "bo")]


def test_a_score_group_meets_top_half_against_bottom_half() -> None:
    field = [contender(f"c{order}", 0, order) for order in range(8)]
    assert seats(duels(field)) == [("c0", "c4"), ("c1", "c5"), ("c2", "c6"), ("c3", "c7")]


def test_the_lowest_of_an_odd_group_floats_to_the_top_of_the_next() -> None:
    field = [contender(f"c{order}", 2 if order < 3 else 1, order) for order in range(6)]
    assert seats(duels(field)) == [("c0", "c1"), ("c2", "c3"), ("c4", "c5")]


def test_a_floater_meets_the_nearest_group() -> None:
    points = [3, 2, 2, 1, 0, 0]
    field = [contender(f"c{order}", score, order) for order, score in enumerate(points)]
    assert seats(duels(field)) == [("c0", "c1"), ("c2", "c3"), ("c4", "c5")]


def test_the_bye_goes_to_the_lowest_placed_without_one() -> None:
    field = [contender(f"c{order}", 4 - order, order) for order in range(5)]
    field[4] = contender("c4", 0, 4, byes=1)
    tables = duels(field)
    assert tables[-1] == Table(("c3",))
    assert all(not table.bye for table in tables[:-1])


def test_when_everyone_had_a_bye_it_goes_to_the_lowest_of_the_fewest() -> None:
    field = [
        contender("ana", 2, 0, byes=1),
        contender("bo", 1, 1, byes=1),
        contender("cy", 1, 2, byes=2),
    ]
    assert duels(field)[-1] == Table(("bo",))


def test_who_sat_first_less_often_sits_first() -> None:
    field = [
        contender("ana", 1, 0, firsts=2, played=3),  # first twice, second once: +1
        contender("bo", 1, 1, firsts=1, played=1),  # +1
        contender("cy", 1, 2, firsts=1, played=3),  # -1
        contender("di", 1, 3, firsts=1, played=1),  # +1
    ]
    # ana meets cy, bo meets di (top half against bottom half); bo and di are even: the
    # better placed first
    assert seats(duels(field)) == [("cy", "ana"), ("bo", "di")]


def test_points_may_be_any_fractions() -> None:
    points = [Fraction(3, 2), Fraction(3, 2), Fraction(1, 2), Fraction(1, 3)]
    field = [contender(f"c{order}", score, order) for order, score in enumerate(points)]
    assert seats(duels(field)) == [("c0", "c1"), ("c2", "c3")]


def test_no_field_no_tables_and_one_alone_has_a_bye() -> None:
    assert duels([]) == ()
    assert duels([contender("ana")]) == (Table(("ana",)),)


@pytest.mark.parametrize(("seats_", "fewest"), [(2, 3), (2, 1), (3, 2 - 1), (3, 4), (1, 1)])
def test_tables_that_are_not_a_round_are_refused(seats_: int, fewest: int) -> None:
    with pytest.raises(TournamentError, match="cannot be a Swiss round"):
        pair_swiss([contender("ana"), contender("bo")], seats=seats_, fewest=fewest)


def test_a_contender_twice_is_refused() -> None:
    with pytest.raises(TournamentError, match="twice"):
        duels([contender("ana"), contender("ana", order=1)])


def test_a_dead_end_at_the_bottom_is_paired_with_the_blocks_above() -> None:
    """The bottom group is a block of its own whose members all met each other: they can only
    be paired with the top group, which the first block would have paired among itself."""
    top = [contender(f"t{order:02d}", 5, order) for order in range(BLOCK)]
    bottom_ids = [f"b{order:02d}" for order in range(BLOCK // 2 + 8)]
    bottom = [
        contender(id, 0, BLOCK + order, met=[other for other in bottom_ids if other != id])
        for order, id in enumerate(bottom_ids)
    ]
    tables = duels(top + bottom)
    assert rematches(top + bottom, tables) == 0
    assert sorted(id for table in tables for id in table.seats) == sorted(
        entrant.id for entrant in top + bottom
    )


# Properties.


@SETTINGS
@given(fields(most=40))
def test_everyone_is_seated_once_the_bye_by_the_rule_the_top_board_first(
    field: list[Contender],
) -> None:
    tables = duels(field)
    seated = [id for table in tables for id in table.seats]
    assert sorted(seated) == sorted(entrant.id for entrant in field)
    byes = [table.seats[0] for table in tables if table.bye]
    assert len(byes) == len(field) % 2
    if byes:
        assert tables[-1].bye
        assert byes == [the_bye_by_the_rule(field)]
    by_id = {entrant.id: entrant for entrant in field}
    boards = [
        min((-by_id[id].points, by_id[id].order) for id in table.seats)
        for table in tables
        if not table.bye
    ]
    assert boards == sorted(boards)
    for table in tables:
        if not table.bye:
            first, second = (by_id[id] for id in table.seats)
            balance = [2 * one.firsts - one.played for one in (first, second)]
            assert (balance[0], first.order) < (balance[1], second.order)


@SETTINGS
@given(fields(most=40, rounds=12))
def test_byes_differ_by_at_most_one(field: list[Contender]) -> None:
    """The fields were played through the pairing: nobody had a second bye while someone had
    none (the rounds being at most 12, at most one bye each in a field of at most 40)."""
    byes = [entrant.byes for entrant in field]
    assert max(byes, default=0) - min(byes, default=0) <= 1


@SETTINGS
@given(fields(most=16, crowd=True))
def test_no_rematch_while_one_can_be_avoided(field: list[Contender]) -> None:
    tables = duels(field)
    active = [id for table in tables if not table.bye for id in table.seats]
    assert rematches(field, tables) == fewest_rematches(field, active)


@SETTINGS
@given(fields(most=10, crowd=True))
def test_points_gaps_are_the_least_of_the_pairings_with_fewest_rematches(
    field: list[Contender],
) -> None:
    tables = duels(field)
    active = [id for table in tables if not table.bye for id in table.seats]
    best = min(
        (sum(met(field, *pair) for pair in pairs), squared_gaps(field, pairs))
        for pairs in matchings(active)
    )
    pairs = [table.seats for table in tables if not table.bye]
    assert (rematches(field, tables), squared_gaps(field, pairs)) == best


@SETTINGS
@given(st.integers(0, 3 * BLOCK), st.integers(0, 2**32))
def test_a_first_round_is_top_half_against_bottom_half(count: int, seed: int) -> None:
    field = [contender(f"c{order:03d}", 0, order) for order in range(count)]
    random.Random(seed).shuffle(field)
    half = count // 2
    expected = [(f"c{order:03d}", f"c{order + half:03d}") for order in range(half)]
    assert seats(duels(field)) == expected + ([(f"c{count - 1:03d}",)] if count % 2 else [])


@settings(max_examples=20, deadline=None, database=None)
@given(st.lists(st.integers(0, 12), max_size=5 * BLOCK), st.sampled_from([1, 2, 3]))
def test_without_history_big_fields_float_no_more_than_the_optimum(
    scores: list[int], denominator: int
) -> None:
    """With nobody met, the least sum of squared gaps pairs the standings in twos, in order
    (after the bye); the blocks must find as much, floats and all."""
    ranked = sorted((Fraction(score, denominator) for score in scores), reverse=True)
    field = [contender(f"c{order:03d}", score, order) for order, score in enumerate(ranked)]
    tables = duels(field)
    paired = [entrant.id for entrant in field[: len(field) - len(field) % 2]]
    in_order = list(zip(paired[::2], paired[1::2], strict=True))
    pairs = [table.seats for table in tables if not table.bye]
    assert squared_gaps(field, pairs) == squared_gaps(field, in_order)


@settings(max_examples=10, deadline=None, database=None)
@given(st.integers(2 * BLOCK, 4 * BLOCK), st.integers(1, 7), st.integers(0, 2**32))
def test_big_fields_played_a_few_rounds_have_no_rematch(count: int, rounds: int, seed: int) -> None:
    field = played_field(count, rounds, 2, 2, seed)
    tables = duels(field)
    assert sorted(id for table in tables for id in table.seats) == sorted(
        entrant.id for entrant in field
    )
    assert rematches(field, tables) == 0


@SETTINGS
@given(fields(most=30, crowd=True), st.randoms(use_true_random=False))
def test_the_same_field_in_any_order_gives_the_same_round(
    field: list[Contender], rng: random.Random
) -> None:
    shuffled = list(field)
    rng.shuffle(shuffled)
    assert duels(shuffled) == duels(field)


def test_a_block_floats_down_two_who_cannot_meet_rather_than_part_its_group() -> None:
    """The first block is the top group but two, and two of the next group who met each other
    (Dutch partners there): they go down to the next block, to meet their own group."""
    top = [contender(f"t{order:02d}", 3, order) for order in range(BLOCK - 2)]
    rest = [contender(f"r{order:02d}", 2, BLOCK - 2 + order) for order in range(40)]
    rest[0] = contender("r00", 2, BLOCK - 2, met=["r20"])
    rest[20] = contender("r20", 2, BLOCK + 18, met=["r00"])
    tables = duels(top + rest)
    assert rematches(top + rest, tables) == 0
    assert squared_gaps(top + rest, [table.seats for table in tables]) == 0
