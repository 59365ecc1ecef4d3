"""The random agent: only legal moves, never a concession, repeatable with its seed."""

from __future__ import annotations

import pytest

from cardtable.agents import RandomAgent
from cardtable.engine import Concede, Decision, Decisions, Match, Rng
from cardtable.games.tcg import End, Play, TcgGame, TcgRules
from cardtable.games.tcg.scenario import scenario
from cardtable.simulation import play_match

GAME = TcgGame()


def test_it_chooses_only_legal_moves_and_never_concedes() -> None:
    for seed in range(5):
        match = Match(GAME, TcgRules(), seed=seed)
        agents = [RandomAgent(Rng(seed * 2)), RandomAgent(Rng(seed * 2 + 1))]
        while not match.over:
            seat = match.to_act
            assert seat is not None
            legal = match.legal(seat)
            choice = agents[seat].choose(legal)
            assert choice in legal.moves
            assert not isinstance(choice, Concede)
            match.decide(seat, choice)
        assert match.outcome is not None
        assert "conceded" not in match.outcome.reason


def test_it_explores_every_move() -> None:
    state = scenario(hands=([0, 1, 2], []), slots=(3, 0))
    legal = GAME.legal(state, 0)
    agent = RandomAgent(Rng(1))
    seen = {agent.choose(legal) for _ in range(200)}
    assert seen == set(legal.moves) == {Play(0), Play(1), Play(2), End()}


def test_it_refuses_when_there_is_nothing_to_decide() -> None:
    legal = Decisions(seat=1, moves=(), default=None)
    with pytest.raises(ValueError, match="seat 1 has nothing to decide"):
        RandomAgent(Rng(0)).choose(legal)


def test_the_same_seed_makes_the_same_choices() -> None:
    state = scenario(hands=([0, 1, 2, 3, 1], []), slots=(5, 0))
    legal = GAME.legal(state, 0)
    runs: list[list[Decision]] = []
    for _ in range(2):
        agent = RandomAgent(Rng(9))
        runs.append([agent.choose(legal) for _ in range(50)])
    assert runs[0] == runs[1]
    other = RandomAgent(Rng(10))
    assert [other.choose(legal) for _ in range(50)] != runs[0]


def test_a_whole_match_between_random_agents_repeats_with_the_seeds() -> None:
    def record() -> object:
        agents = [RandomAgent(Rng(3)), RandomAgent(Rng(4))]
        return play_match(GAME, TcgRules(), agents, seed=2).record()

    assert record() == record()
