"""The ladder: every table plays, agents are rated with openskill, pairs have records."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.agents import parse_seats
from cardtable.games import find
from cardtable.games.karata import KarataRules
from cardtable.simulation import SimulationError
from cardtable.simulation.batch import MatchResult, SimulationResult, seating
from cardtable.simulation.ladder import LadderResult, ladder, standings, tables_of

TCG = find("tcg")
KARATA = find("karata")


def test_the_stronger_agent_tops_the_ladder_and_wins_its_meetings() -> None:
    result = ladder(TCG, TCG.default_ruleset(), parse_seats("random,greedy,planner"), 30, 3)
    assert [table.agents for table in result.tables] == [
        ("random", "greedy"),
        ("random", "planner"),
        ("greedy", "planner"),
    ]
    assert result.ratings[-1].agent == "random"
    assert all(rating.matches == 60 for rating in result.ratings)
    greedy_vs_random = result.meeting(1, 0)
    assert greedy_vs_random is not None
    assert greedy_vs_random.meetings == 30
    assert greedy_vs_random.rate is not None
    assert greedy_vs_random.rate > 0.8
    mirror = result.meeting(0, 1)
    assert mirror is not None
    assert (mirror.ahead, mirror.behind) == (greedy_vs_random.behind, greedy_vs_random.ahead)
    wins = sum(rating.wins for rating in result.ratings)
    assert wins == pytest.approx(sum(len(t.matches) for t in result.tables))


def test_a_three_seat_game_seats_every_combination_of_three() -> None:
    rules = KarataRules(players=3)
    agents = parse_seats("heuristic,random,random,heuristic")
    result = ladder(KARATA, rules, agents, 4, 5)
    assert len(result.tables) == len(tables_of(4, 3)) == 4
    assert all(rating.matches == 12 for rating in result.ratings)
    assert {rating.agent for rating in result.ratings[:2]} == {"heuristic"}
    for table in result.tables:  # every match keeps where each seat placed
        for match in table.matches:
            assert len(match.placings) == 3
            assert {seat for seat in range(3) if match.placings[seat] == 1} == set(match.winners)


def in_order(placings: bool) -> LadderResult:
    """The ladder of one 3-seat table of 6 matches, seats rotated, where agent 0 always
    places first, agent 1 second and agent 2 last (``placings=False``: the matches keep their
    winners only, as matches of a version of the rules that places nobody)."""
    specs = parse_seats("heuristic,ismcts:easy,random")
    matches = []
    for index in range(6):
        sitting = seating(index, 3)
        matches.append(
            MatchResult(
                index=index,
                seed=index,
                seating=sitting,
                winners=(sitting.index(0),),
                reason="played out",
                decisions=10,
                first_to_act=0,
                placings=tuple(agent + 1 for agent in sitting) if placings else (),
            )
        )
    table = SimulationResult(
        game="karata",
        title="Karata",
        ruleset=KarataRules(players=3).to_json(),
        agents=tuple(spec.text() for spec in specs),
        seed=1,
        workers=1,
        seconds=1.0,
        matches=tuple(matches),
    )
    return standings(KARATA, specs, (table,), 6, 1)


def test_the_ladder_ranks_every_seat_by_its_place() -> None:
    result = in_order(placings=True)
    assert [rating.agent for rating in result.ratings] == ["heuristic", "ismcts:easy", "random"]
    first, second, last = result.ratings
    assert first.mu > second.mu > last.mu
    assert first.ordinal > second.ordinal > last.ordinal
    assert (first.wins, second.wins, last.wins) == (6, 0, 0)
    assert all(rating.matches == 6 for rating in result.ratings)


def test_without_places_the_losers_stay_level() -> None:
    result = in_order(placings=False)
    first, *losers = result.ratings
    assert first.agent == "heuristic"
    assert {rating.agent for rating in losers} == {"ismcts:easy", "random"}
    second, last = losers
    # the old rule cannot tell second from last
    assert (second.mu, second.sigma) == pytest.approx((last.mu, last.sigma), abs=1e-9)
    placed = {rating.agent: rating for rating in in_order(placings=True).ratings}
    assert placed["random"].mu < last.mu < placed["ismcts:easy"].mu


def test_places_matching_the_winners_rate_as_the_winners_do() -> None:
    """At two seats, places say no more than the winners: 1, 2 for a win, 1, 1 for a draw."""
    result = ladder(TCG, TCG.default_ruleset(), parse_seats("random,greedy"), 6, 2)
    (table,) = result.tables
    for match in table.matches:
        winners = match.winners or (0, 1)
        assert match.placings == tuple(1 if seat in winners else 2 for seat in range(2))
    unplaced = replace(table, matches=tuple(replace(m, placings=()) for m in table.matches))
    again = standings(TCG, parse_seats("random,greedy"), (unplaced,), 6, 2)
    assert again.ratings == result.ratings


def test_it_repeats_with_its_seed_whatever_the_workers() -> None:
    agents = parse_seats("random,greedy,highest")
    one = ladder(TCG, TCG.default_ruleset(), agents, 6, 9, workers=1)
    two = ladder(TCG, TCG.default_ruleset(), agents, 6, 9, workers=2)
    assert one.ratings == two.ratings
    assert one.meetings == two.meetings


def test_too_few_agents_for_a_table_are_refused_in_words() -> None:
    with pytest.raises(SimulationError, match="needs at least 3 agents"):
        ladder(KARATA, KarataRules(players=3), parse_seats("heuristic,random"), 2, 1)
    with pytest.raises(SimulationError, match="needs at least 2 agents"):
        ladder(TCG, TCG.default_ruleset(), parse_seats("greedy"), 2, 1)
