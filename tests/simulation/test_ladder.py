"""The ladder: every table plays, agents are rated with openskill, pairs have records."""

from __future__ import annotations

import pytest

from cardtable.agents import parse_seats
from cardtable.games import find
from cardtable.games.karata import KarataRules
from cardtable.simulation import SimulationError
from cardtable.simulation.ladder import ladder, tables_of

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
