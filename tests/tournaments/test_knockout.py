"""Knockout draws: the seeded duel bracket, N-player rounds redrawn from the survivors, who
goes through, and brackets of every size played out to one final."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.outcome import ranked
from cardtable.tournaments.knockout import (
    advancing,
    bracket_order,
    bracket_slots,
    knockout_round,
    knockout_rounds,
    knockout_rounds_left,
    knockout_shape,
    survivors,
)
from cardtable.tournaments.model import Result, Round, Table, TournamentError
from cardtable.tournaments.standings import knockout_standings

Decide = Callable[[Table], Result]
DUELS = {"seats": 2, "fewest": 2, "advance": 1}


def seeded(count: int) -> list[str]:
    return [f"s{number}" for number in range(1, count + 1)]


def number(entrant: str) -> int:
    return int(entrant[1:])


def by_seed(table: Table) -> Result:
    """The better seed places better."""
    return Result(ranked([number(entrant) for entrant in table.seats]))


def play(
    seeds: Sequence[str], decide: Decide, *, seats: int, fewest: int, advance: int
) -> list[Round]:
    rounds: list[Round] = []
    while tables := knockout_round(seeds, rounds, seats=seats, fewest=fewest, advance=advance):
        results = tuple(Result.bye() if table.bye else decide(table) for table in tables)
        rounds.append(Round(len(rounds) + 1, tables, results))
        assert len(rounds) <= len(seeds), "every round knocks someone out"
    return rounds


def seats_of(tables: Sequence[Table]) -> list[list[str]]:
    return [list(table.seats) for table in tables]


def through(table: Table, result: Result, advance: int) -> list[str]:
    """Who goes through, by the rule's words: best places of those present, better seed on
    a tie."""
    present = [seat for seat in range(len(table.seats)) if seat not in result.forfeits]
    present.sort(key=lambda seat: (result.placings[seat], number(table.seats[seat])))
    return [table.seats[seat] for seat in present[:advance]]


# The duel bracket


def test_five_duellists_give_byes_to_the_top_three_and_keep_one_and_two_apart() -> None:
    seeds = seeded(5)
    rounds = play(seeds, by_seed, **DUELS)
    assert [seats_of(played.tables) for played in rounds] == [
        [["s1"], ["s4", "s5"], ["s2"], ["s3"]],
        [["s1", "s4"], ["s2", "s3"]],
        [["s1", "s2"]],
    ]
    assert knockout_rounds(5, **DUELS) == 3
    assert knockout_shape(5, **DUELS) == ((1, 2, 1, 1), (2, 2), (2,))
    assert survivors(seeds, rounds, **DUELS) == ("s1",)
    lines = knockout_standings(seeds, rounds, advance=1)
    assert [(line.entrant, line.place) for line in lines] == [
        ("s1", 1),
        ("s2", 2),
        ("s3", 3),
        ("s4", 3),
        ("s5", 5),
    ]
    assert [line.byes for line in lines] == [1, 1, 1, 0, 0]
    assert [line.played for line in lines] == [2, 2, 1, 2, 1]


def test_an_upset_keeps_the_bracket_and_the_upper_winner_sits_first() -> None:
    seeds = seeded(8)

    def upset(table: Table) -> Result:
        return Result((2, 1)) if table.seats == ("s1", "s8") else by_seed(table)

    rounds = play(seeds, upset, **DUELS)
    assert [seats_of(played.tables) for played in rounds] == [
        [["s1", "s8"], ["s4", "s5"], ["s2", "s7"], ["s3", "s6"]],
        [["s8", "s4"], ["s2", "s3"]],
        [["s4", "s2"]],
    ]
    lines = knockout_standings(seeds, rounds, advance=1)
    assert [line.place for line in lines] == [1, 2, 3, 3, 5, 5, 5, 5]
    assert [line.entrant for line in lines] == ["s2", "s4", "s3", "s8", "s1", "s5", "s6", "s7"]
    assert lines[0].tiebreaks == (("round", Fraction(3)), ("table_place", Fraction(1)))
    assert lines[4].tiebreaks == (("round", Fraction(1)), ("table_place", Fraction(2)))


def test_a_drawn_duel_goes_to_the_better_seed() -> None:
    rounds = play(seeded(4), lambda table: Result((1, 1)), **DUELS)
    assert seats_of(rounds[-1].tables) == [["s1", "s2"]]
    assert survivors(seeded(4), rounds, **DUELS) == ("s1",)
    assert [line.place for line in knockout_standings(seeded(4), rounds, advance=1)] == [
        1,
        2,
        3,
        3,
    ]


def test_bracket_order_keeps_the_best_seeds_apart_until_late() -> None:
    assert bracket_order(1) == (1,)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
    for size in (2, 4, 8, 32, 256):
        order = bracket_order(size)
        assert sorted(order) == list(range(1, size + 1))
        for level in range(int(math.log2(size)) + 1):
            blocks = size >> level  # the top 2**level seeds sit in distinct blocks
            best = [at // (size // blocks) for at, seed in enumerate(order) if seed <= blocks]
            assert len(set(best)) == blocks
    with pytest.raises(TournamentError):
        bracket_order(6)
    assert bracket_slots(3) == (1, None, 2, 3)


def test_a_table_whose_both_seats_forfeit_gives_its_next_opponent_a_walkover() -> None:
    seeds = seeded(8)

    def no_show(table: Table) -> Result:
        if table.seats == ("s1", "s8"):
            return Result.walkover(table, {"s1", "s8"})
        return by_seed(table)

    rounds = play(seeds, no_show, **DUELS)
    assert [seats_of(played.tables) for played in rounds] == [
        [["s1", "s8"], ["s4", "s5"], ["s2", "s7"], ["s3", "s6"]],
        [["s4"], ["s2", "s3"]],
        [["s4", "s2"]],
    ]
    lines = knockout_standings(seeds, rounds, advance=1)
    assert [(line.entrant, line.place) for line in lines][:2] == [("s2", 1), ("s4", 2)]
    # Knocked out in round 1: those who played first, the forfeits last.
    assert [(line.entrant, line.place) for line in lines][2] == ("s3", 3)
    assert [line.entrant for line in lines][3:] == ["s5", "s6", "s7", "s1", "s8"]
    assert {line.place for line in lines[3:]} == {4}


def test_one_survivor_left_decides_the_knockout_early() -> None:
    seeds = seeded(4)

    def no_shows(table: Table) -> Result:
        return Result.walkover(table, {"s1", "s4"}) if "s1" in table.seats else by_seed(table)

    rounds = play(seeds, no_shows, **DUELS)
    assert len(rounds) == 1
    assert survivors(seeds, rounds, **DUELS) == ("s2",)
    assert knockout_rounds_left(seeds, rounds, **DUELS) == 0
    lines = knockout_standings(seeds, rounds, advance=1)
    assert [(line.entrant, line.place) for line in lines] == [
        ("s2", 1),
        ("s3", 2),
        ("s1", 2),
        ("s4", 2),
    ]


def test_a_final_nobody_turns_up_to_has_no_winner() -> None:
    rounds = play(seeded(2), lambda table: Result.walkover(table, table.seats), **DUELS)
    assert survivors(seeded(2), rounds, **DUELS) == ()
    assert [line.place for line in knockout_standings(seeded(2), rounds, advance=1)] == [1, 1]


# N-player tables


def test_thirteen_at_tables_of_three_or_four_with_two_through() -> None:
    seeds = seeded(13)
    rules = {"seats": 4, "fewest": 3, "advance": 2}

    def decide(table: Table) -> Result:
        if table.seats == ("s4", "s5", "s12", "s13"):
            return Result((2, 2, 1, 4))  # s4 and s5 tie across the cut: s4 goes through
        return by_seed(table)

    rounds = play(seeds, decide, **rules)
    assert [seats_of(played.tables) for played in rounds] == [
        [["s1", "s8", "s9"], ["s2", "s7", "s10"], ["s3", "s6", "s11"], ["s4", "s5", "s12", "s13"]],
        [["s1", "s4", "s6", "s12"], ["s2", "s3", "s7", "s8"]],
        [["s1", "s2", "s3", "s4"]],  # in seed order
    ]
    assert knockout_rounds(13, **rules) == 3
    lines = knockout_standings(seeds, rounds, advance=2)
    assert [(line.entrant, line.place) for line in lines] == [
        ("s1", 1),
        ("s2", 2),
        ("s3", 3),
        ("s4", 4),
        ("s6", 5),
        ("s7", 5),
        ("s8", 5),
        ("s12", 5),
        ("s5", 9),  # shared 2nd at its table
        ("s9", 9),
        ("s10", 9),
        ("s11", 9),
        ("s13", 9),
    ]


def test_a_field_that_cannot_fill_the_tables_gives_byes_and_may_end_short() -> None:
    seeds = seeded(7)
    rules = {"seats": 4, "fewest": 4, "advance": 2}
    rounds = play(seeds, by_seed, **rules)
    assert [seats_of(played.tables) for played in rounds] == [
        [["s4", "s5", "s6", "s7"], ["s1"], ["s2"], ["s3"]],
        [["s2", "s3", "s4", "s5"], ["s1"]],
        [["s1", "s2", "s3"]],  # the final, one short of `fewest`: 7 is odd
    ]
    assert knockout_shape(7, **rules) == ((4, 1, 1, 1), (4, 1), (3,))


def test_a_field_that_fits_one_table_is_all_final() -> None:
    rules = {"seats": 5, "fewest": 3, "advance": 1}
    assert knockout_round(seeded(2), [], **rules) == (Table(("s1", "s2")),)
    rounds = play(seeded(5), by_seed, **rules)
    assert len(rounds) == 1
    assert survivors(seeded(5), rounds, **rules) == ("s1",)


def test_advancing_never_takes_a_forfeit() -> None:
    table = Table(("a", "b", "c", "d"))
    seeds = ["a", "b", "c", "d"]
    assert advancing(table, Result((1, 2, 3, 4), forfeits=(0,)), seeds, 2) == ("b", "c")
    assert advancing(table, Result.walkover(table, {"a", "b", "c"}), seeds, 2) == ("d",)
    assert advancing(table, Result.walkover(table, seeds), seeds, 2) == ()
    assert advancing(table, Result((1, 2, 2, 2)), ["d", "c", "b", "a"], 3) == ("a", "d", "c")
    assert advancing(Table(("a",)), Result.bye(), seeds, 2) == ("a",)
    with pytest.raises(TournamentError):
        advancing(table, Result((1, 2)), seeds, 1)
    with pytest.raises(TournamentError):
        advancing(table, Result((1, 2, 3, 4)), ["a", "b"], 1)
    with pytest.raises(TournamentError):
        advancing(table, Result((1, 2, 3, 4)), seeds, 0)


@pytest.mark.parametrize(
    ("seats", "fewest", "advance"),
    [(2, 2, 2), (2, 1, 1), (1, 1, 1), (4, 2, 2), (4, 5, 1), (4, 3, 0), (3, 3, 3)],
)
def test_formats_that_cannot_work_are_refused(seats: int, fewest: int, advance: int) -> None:
    with pytest.raises(TournamentError):
        knockout_round(seeded(8), [], seats=seats, fewest=fewest, advance=advance)
    with pytest.raises(TournamentError):
        knockout_rounds(8, seats=seats, fewest=fewest, advance=advance)


def test_rounds_that_are_not_the_draw_are_refused() -> None:
    seeds = seeded(4)
    first = knockout_round(seeds, [], **DUELS)
    assert first is not None
    with pytest.raises(TournamentError, match="seeded twice"):
        knockout_round(["a", "a"], [], **DUELS)
    with pytest.raises(TournamentError, match="two entrants"):
        knockout_round(["a"], [], **DUELS)
    with pytest.raises(TournamentError, match="not over"):
        knockout_round(seeds, [Round(1, first)], **DUELS)
    results = tuple(by_seed(table) for table in first)
    with pytest.raises(TournamentError, match="given as round"):
        knockout_round(seeds, [Round(2, first, results)], **DUELS)
    swapped = Round(1, first[::-1], results[::-1])
    with pytest.raises(TournamentError, match="draw"):
        knockout_round(seeds, [swapped], **DUELS)
    rounds = play(seeds, by_seed, **DUELS)
    extra = Round(3, (Table(("s1",)),), (Result.bye(),))
    with pytest.raises(TournamentError, match="decided"):
        knockout_round(seeds, [*rounds, extra], **DUELS)


def test_duel_knockouts_take_the_rounds_of_their_bracket() -> None:
    for entrants in range(2, 300):
        assert knockout_rounds(entrants, **DUELS) == math.ceil(math.log2(entrants))


# Brackets of every size, played out


def random_results(rng: random.Random, forfeits: float) -> Decide:
    def decide(table: Table) -> Result:
        absent = {entrant for entrant in table.seats if rng.random() < forfeits}
        if absent:
            return Result.walkover(table, absent)
        return Result(ranked([rng.randrange(len(table.seats)) for _ in table.seats]))

    return decide


@st.composite
def formats(draw: st.DrawFn) -> dict[str, int]:
    seats = draw(st.integers(3, 6))
    fewest = draw(st.integers(2, seats))
    advance = draw(st.integers(1, fewest - 1))
    return {"seats": seats, "fewest": fewest, "advance": advance}


def check_played_out(
    seeds: Sequence[str], rounds: Sequence[Round], rules: dict[str, int], *, forfeits: bool
) -> None:
    """Every round seats exactly who went through from the last, once; one table decides."""
    alive = set(seeds)
    for played in rounds:
        seated = [entrant for table in played.tables for entrant in table.seats]
        assert sorted(seated) == sorted(alive)
        alive = {
            entrant
            for table, result in zip(played.tables, played.results, strict=True)
            if result is not None
            for entrant in through(table, result, rules["advance"])
        }
    assert len(rounds[-1].tables) == 1 or len(alive) <= 1
    assert knockout_rounds_left(seeds, rounds, **rules) == 0
    winner = survivors(seeds, rounds, **rules)
    lines = knockout_standings(seeds, rounds, advance=rules["advance"])
    places = [line.place for line in lines]
    assert places == sorted(places)
    assert all(
        place == index + 1 or place == places[index - 1] for index, place in enumerate(places)
    )
    assert sorted(line.entrant for line in lines) == sorted(seeds)
    if winner or not forfeits:
        assert len(winner) == 1
        assert [line.entrant for line in lines if line.place == 1] == list(winner)


@settings(max_examples=100, deadline=None, database=None)
@given(entrants=st.integers(2, 200), rng=st.randoms(use_true_random=False))
def test_duel_brackets_of_any_size_complete(entrants: int, rng: random.Random) -> None:
    seeds = seeded(entrants)
    rounds = play(seeds, random_results(rng, 0), **DUELS)
    check_played_out(seeds, rounds, DUELS, forfeits=False)
    size = 1 << (entrants - 1).bit_length()
    first = rounds[0].tables
    assert sorted(number(table.seats[0]) for table in first if table.bye) == list(
        range(1, size - entrants + 1)
    )
    assert len(rounds) == knockout_rounds(entrants, **DUELS) == int(math.log2(size))
    for earlier, later in pairwise(rounds):
        assert not any(table.bye for table in later.tables)
        assert len(later.tables) * 2 == len(earlier.tables)
        for index, table in enumerate(later.tables):  # tables 2i and 2i+1's winners meet
            winners = []
            for at in (2 * index, 2 * index + 1):
                result = earlier.results[at]
                assert result is not None
                winners += through(earlier.tables[at], result, 1)
            assert list(table.seats) == winners
    for played in rounds[:-1]:  # seeds 1 and 2 meet in the final only
        assert not any({"s1", "s2"} <= set(table.seats) for table in played.tables)
    for count in range(len(rounds)):
        assert count + knockout_rounds_left(seeds, rounds[:count], **DUELS) == len(rounds)


@settings(max_examples=100, deadline=None, database=None)
@given(
    entrants=st.integers(2, 200),
    rng=st.randoms(use_true_random=False),
    cut=st.integers(0, 8),
)
def test_duel_brackets_with_forfeits_complete(entrants: int, rng: random.Random, cut: int) -> None:
    seeds = seeded(entrants)
    forfeiting, fair = random_results(rng, 0.3), random_results(rng, 0)
    rounds: list[Round] = []
    rounds_left = None
    while tables := knockout_round(seeds, rounds, **DUELS):
        if len(rounds) == cut:  # from here on nobody forfeits: the forecast holds
            rounds_left = knockout_rounds_left(seeds, rounds, **DUELS)
        decide = forfeiting if len(rounds) < cut else fair
        results = tuple(Result.bye() if table.bye else decide(table) for table in tables)
        rounds.append(Round(len(rounds) + 1, tables, results))
        assert all(len(table.seats) <= 2 for table in tables)
    check_played_out(seeds, rounds, DUELS, forfeits=True)
    assert len(rounds) <= knockout_rounds(entrants, **DUELS)
    if rounds_left is not None:
        assert len(rounds) == cut + rounds_left


@settings(max_examples=100, deadline=None, database=None)
@given(
    entrants=st.integers(2, 200),
    rules=formats(),
    rng=st.randoms(use_true_random=False),
)
def test_n_player_knockouts_of_any_size_complete(
    entrants: int, rules: dict[str, int], rng: random.Random
) -> None:
    seeds = seeded(entrants)
    rounds = play(seeds, random_results(rng, 0), **rules)
    check_played_out(seeds, rounds, rules, forfeits=False)
    assert len(rounds) == knockout_rounds(entrants, **rules)
    seats, fewest = rules["seats"], rules["fewest"]
    for count, played in enumerate(rounds):
        assert count + knockout_rounds_left(seeds, rounds[:count], **rules) == len(rounds)
        alive = sorted((e for table in played.tables for e in table.seats), key=number)
        if played is rounds[-1]:
            assert len(alive) <= seats
            assert played.tables == (Table(tuple(alive)),)
            continue
        assert len(alive) > seats
        check_tables(alive, played.tables, seats=seats, fewest=fewest)


def splits(players: int, seats: int, fewest: int) -> bool:
    """Whether some number of tables seats ``players`` within the limits."""
    return any(tables * fewest <= players <= tables * seats for tables in range(1, players + 1))


def check_tables(alive: list[str], tables: Sequence[Table], *, seats: int, fewest: int) -> None:
    byes = [table.seats[0] for table in tables if table.bye]
    playing = [table for table in tables if not table.bye]
    assert byes == alive[: len(byes)], "the best seeds get the byes"
    assert not any(splits(len(alive) - fewer, seats, fewest) for fewer in range(len(byes)))
    sizes = [len(table.seats) for table in playing]
    assert all(fewest <= size <= seats for size in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert len(playing) == math.ceil(sum(sizes) / seats)
    snake = alive[len(byes) :]
    lap = len(playing)
    for index, table in enumerate(playing):  # table i takes seeds i, 2T-1-i, 2T+i, ...
        dealt = [
            snake[at] for at in range(len(snake)) if at % (2 * lap) in (index, 2 * lap - 1 - index)
        ]
        assert list(table.seats) == dealt


@settings(max_examples=100, deadline=None, database=None)
@given(
    entrants=st.integers(2, 120),
    rules=formats(),
    rng=st.randoms(use_true_random=False),
    cut=st.integers(0, 6),
)
def test_n_player_knockouts_with_forfeits_complete(
    entrants: int, rules: dict[str, int], rng: random.Random, cut: int
) -> None:
    seeds = seeded(entrants)
    forfeiting, fair = random_results(rng, 0.25), random_results(rng, 0)
    rounds: list[Round] = []
    rounds_left = None
    while tables := knockout_round(seeds, rounds, **rules):
        if len(rounds) == cut:
            rounds_left = knockout_rounds_left(seeds, rounds, **rules)
        alive = sorted((e for table in tables for e in table.seats), key=number)
        if len(tables) > 1:
            check_tables(alive, tables, seats=rules["seats"], fewest=rules["fewest"])
        decide = forfeiting if len(rounds) < cut else fair
        results = tuple(Result.bye() if table.bye else decide(table) for table in tables)
        rounds.append(Round(len(rounds) + 1, tables, results))
        assert len(rounds) <= entrants
    check_played_out(seeds, rounds, rules, forfeits=True)
    if rounds_left is not None:
        assert len(rounds) == cut + rounds_left
