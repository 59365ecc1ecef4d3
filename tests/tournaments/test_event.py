"""The one driver of every format: a tournament advanced by its results, as the server and the
offline run both advance it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.outcome import ranked
from cardtable.tournaments.event import Tournament, seed_order
from cardtable.tournaments.model import Entrant, Result, TournamentError
from cardtable.tournaments.settings import Settings

PROPERTY = settings(max_examples=60, deadline=None, database=None)


def field(count: int) -> list[Entrant]:
    return [Entrant(f"e{index:03}", rating=2000 - index) for index in range(count)]


def play_out(tournament: Tournament, rng: random.Random) -> Tournament:
    """Every round to the end, each table's places drawn at random (ties now and then)."""
    while not tournament.over:
        tournament = tournament.next_round()
        current = tournament.rounds[-1]
        for index, result in enumerate(current.results):
            if result is None:
                seats = len(current.tables[index].seats)
                scores = [rng.randrange(seats + 1) for _ in range(seats)]
                tournament = tournament.record(current.number, index, Result(ranked(scores)))
    return tournament


def test_seeding_by_rating_and_at_random() -> None:
    entrants = [Entrant("low", 1200), Entrant("high", 1800), Entrant("mid", 1500)]
    by_rating = seed_order(Settings(format="swiss", rounds=2), entrants, seed=1)
    assert [e.id for e in by_rating] == ["high", "mid", "low"]
    random_order = Settings(format="swiss", rounds=2, seeding="random")
    shuffled = [[e.id for e in seed_order(random_order, entrants, seed=s)] for s in range(8)]
    assert shuffled[0] == [e.id for e in seed_order(random_order, entrants, seed=0)]
    assert len({tuple(order) for order in shuffled}) > 1


def test_a_round_must_end_before_the_next_is_paired() -> None:
    t = Tournament.begin(Settings(format="swiss", rounds=3), field(4), seed=1).next_round()
    with pytest.raises(TournamentError, match="round 1 is still being played"):
        t.next_round()
    with pytest.raises(TournamentError, match="there is no round 2"):
        t.record(2, 0, Result((1, 2)))
    t = t.record(1, 0, Result((1, 2)))
    with pytest.raises(TournamentError, match="has its result"):
        t.record(1, 0, Result((2, 1)))


def test_too_few_or_doubled_entrants_are_refused() -> None:
    with pytest.raises(TournamentError, match="at least 2"):
        Tournament.begin(Settings(format="knockout"), field(1), seed=1)
    with pytest.raises(TournamentError, match="named twice"):
        Tournament.begin(Settings(format="knockout"), [Entrant("a"), Entrant("a")], seed=1)
    with pytest.raises(TournamentError, match="at most 32"):
        Tournament.begin(Settings(format="round_robin"), field(33), seed=1)


def test_a_swiss_ends_after_its_rounds_with_a_winner_first_in_the_standings() -> None:
    start = Tournament.begin(Settings(format="swiss", rounds=4), field(9), seed=3)
    over = play_out(start, random.Random(3))
    assert len(over.rounds) == 4 == over.planned_rounds
    standings = over.standings()
    assert over.winner == standings[0].entrant
    assert sum(s.points for s in standings) == 4 * 4 + 4  # 4 games and a bye a round
    assert all(s.byes <= 1 for s in standings)


def test_a_withdrawn_entrant_is_paired_no_more_and_a_walkover_is_decided_at_once() -> None:
    t = Tournament.begin(Settings(format="round_robin"), field(4), seed=1).next_round()
    for index in range(2):
        t = t.record(1, index, Result((1, 2)))
    t = t.withdraw("e003")
    t = t.next_round()
    walkover = [
        (table, result)
        for table, result in zip(t.rounds[1].tables, t.rounds[1].results, strict=True)
        if "e003" in table.seats
    ]
    assert len(walkover) == 1
    table, result = walkover[0]
    assert result is not None
    gone = table.seats.index("e003")
    assert result.points()[gone] == 0
    assert result.points()[1 - gone] == 1
    swiss = Tournament.begin(Settings(format="swiss", rounds=3), field(5), seed=1)
    swiss = play_out(swiss.withdraw("e000"), random.Random(1))
    assert all("e000" not in table.seats for r in swiss.rounds for table in r.tables)


@PROPERTY
@given(
    entrants=st.integers(2, 40),
    seats=st.integers(2, 5),
    form=st.sampled_from(["swiss", "knockout", "round_robin"]),
    seed=st.integers(0, 2**32),
)
def test_any_tournament_plays_to_one_winner_and_repeats_with_its_seed(
    entrants: int, seats: int, form: str, seed: int
) -> None:
    if form == "round_robin":
        chosen = Settings(format="round_robin")
        entrants = min(entrants, 32)
    elif form == "swiss":
        chosen = Settings(format="swiss", rounds=5, seats=seats, fewest=max(2, seats - 1))
    else:
        chosen = Settings(
            format="knockout", seats=seats, fewest=max(2, seats - 1), advance=max(1, seats - 2)
        )
    first = play_out(Tournament.begin(chosen, field(entrants), seed=seed), random.Random(seed))
    again = play_out(Tournament.begin(chosen, field(entrants), seed=seed), random.Random(seed))
    assert first.over
    assert first.winner is not None
    assert first.standings() == again.standings()
    for played in first.rounds:
        for table in played.tables:
            assert (
                table.bye
                or chosen.fewest <= len(table.seats) <= chosen.seats
                or (
                    form == "knockout"  # a knockout's final may seat fewer
                )
            )
    everyone = {s.entrant for s in first.standings()}
    assert everyone == {e.id for e in field(entrants)}
    total = sum((s.points for s in first.standings()), Fraction(0))
    assert total > 0
