"""play_match: whole matches between agents, reproducible from the seed."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.agents import Agent, GreedyAgent, RandomAgent
from cardtable.engine import Decision, Decisions, Match, Rng, View
from cardtable.games import find
from cardtable.simulation import MatchTooLong, agent_rng, play_match
from cardtable.simulation.playthrough import playthrough

GAME = find("tcg")
RULES = GAME.default_ruleset()


def _players(seed: int) -> list[Agent]:
    return [GreedyAgent(agent_rng(seed, 0)), RandomAgent(agent_rng(seed, 1))]


def test_the_same_seed_gives_the_same_match() -> None:
    first = play_match(GAME, RULES, _players(3), seed=3)
    second = play_match(GAME, RULES, _players(3), seed=3)
    assert first.record() == second.record()


def test_different_seeds_give_different_matches() -> None:
    records = {play_match(GAME, RULES, _players(s), seed=s).hash() for s in range(5)}
    assert len(records) == 5


def test_agent_generators_are_independent_of_the_match_generator() -> None:
    assert agent_rng(1, 0).state != agent_rng(1, 1).state
    assert agent_rng(1, 0).state != Rng(1).state


def test_the_record_names_the_agents_and_replays() -> None:
    match = play_match(GAME, RULES, _players(8), seed=8)
    record = match.record()
    assert record.seats == ("greedy", "random")
    assert Match.replay(GAME, record).hash() == match.hash()


class _Stubborn(Agent):
    """Ends every turn, never plays: the match still ends, by bleeding out."""

    name = "stubborn"

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        assert legal.default is not None
        return legal.default


def test_a_match_that_exceeds_the_decision_limit_is_reported() -> None:
    players: list[Agent] = [_Stubborn(Rng(0)), _Stubborn(Rng(1))]
    with pytest.raises(MatchTooLong, match="within 5 decisions"):
        play_match(GAME, RULES, players, seed=1, limit=5)
    finished = play_match(GAME, RULES, players, seed=1)
    assert finished.outcome is not None
    assert "fell" in finished.outcome.reason


def test_greedy_beats_random_nearly_always() -> None:
    wins = 0
    for s in range(40):
        outcome = play_match(GAME, RULES, _players(s), seed=s).outcome
        assert outcome is not None
        wins += outcome.winner == 0
    assert wins >= 36


def test_a_playthrough_shows_every_step_and_the_final_hash() -> None:
    text = playthrough(GAME, RULES, 4, "random,greedy")
    match = play_match(GAME, RULES, [RandomAgent(agent_rng(4, 0)), GreedyAgent(agent_rng(4, 1))], 4)
    assert text.count("decides:") == len(match.decisions)
    assert text.rstrip().endswith(match.hash())
    assert "(4 hidden)" in text or "(3 hidden)" in text


def test_a_match_may_end_on_its_last_allowed_decision() -> None:
    played = play_match(GAME, RULES, _players(3), seed=3)
    exact = len(played.decisions)
    assert play_match(GAME, RULES, _players(3), seed=3, limit=exact).over
    with pytest.raises(MatchTooLong):
        play_match(GAME, RULES, _players(3), seed=3, limit=exact - 1)


def test_one_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="has 2 seats; got 1 agents"):
        play_match(GAME, RULES, _players(1)[:1], seed=1)
