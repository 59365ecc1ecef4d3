"""The Gymnasium environment of one seat against cardtable agents."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardtable.agents import UnknownAgent
from cardtable.engine.errors import IllegalDecision
from cardtable.envs.seat import SeatEnv


def play(seat: SeatEnv, seed: int, pick: int = 0) -> tuple[float, dict[str, object], int]:
    """Play one episode taking the legal action at position ``pick``; return the reward,
    the last info and the learner's steps."""
    observation, info = seat.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(seat.action_masks())
        assert np.array_equal(legal, np.flatnonzero(observation["action_mask"]))
        observation, reward, terminated, truncated, info = seat.step(legal[pick])
        total += reward
        steps += 1
        if terminated or truncated:
            return total, info, steps
        assert reward == 0.0


@pytest.mark.parametrize(
    ("game", "opponents"),
    [("tcg", "greedy"), ("war", "random"), ("karata", "heuristic")],
)
def test_gymnasium_check_env_passes(game: str, opponents: str) -> None:
    check_env(SeatEnv(game, opponents=opponents, illegal="lose"), skip_render_check=True)


def test_the_reward_is_the_learners_result() -> None:
    seat = SeatEnv("tcg", seat=1, opponents="planner")
    for seed in range(4):
        reward, info, _ = play(seat, seed, pick=-1)
        winners = info["winners"]
        assert isinstance(winners, list)
        assert reward == (1.0 if 1 in winners else -1.0 if winners else 0.0)


def test_the_same_seed_replays_the_same_episode() -> None:
    seat = SeatEnv("karata", {"players": 3}, opponents=["heuristic", "random"])
    assert play(seat, 9) == play(seat, 9)


def test_ones_own_agent_spars_by_import_path() -> None:
    """A policy of one's own (here the first-legal player of the agents' tests) as the
    opponent: it plays as any agent does."""
    seat = SeatEnv("tcg", opponents="py:tests.agents.own_players:First")
    seat.reset(seed=3)
    assert type(seat.opponents[1]).__name__ == "First"
    reward, info, _ = play(seat, 3)
    assert info["winners"] is not None
    assert reward in (-1.0, 0.0, 1.0)
    with pytest.raises(UnknownAgent, match="cannot import no_such_policy_here"):
        SeatEnv("tcg", opponents="py:no_such_policy_here:Frozen")


def test_the_opponents_play_between_the_learners_steps() -> None:
    seat = SeatEnv("war", {"players": 3, "suits": 2, "ranks": 4}, opponents="random")
    seat.reset(seed=2)
    table = seat.table
    assert table.agent_selection == "player_0"
    before = table.state_now.version
    seat.step(np.int64(0))
    assert table.outcome is not None or table.agent_selection == "player_0"
    assert table.state_now.version > before + 1  # the others turned their cards too


def test_an_illegal_action_raises_or_loses() -> None:
    strict, lenient = SeatEnv("tcg"), SeatEnv("tcg", illegal="lose")
    for seat in (strict, lenient):
        seat.reset(seed=1)
    forbidden = np.int64(np.flatnonzero(strict.action_masks() == 0)[0])
    with pytest.raises(IllegalDecision, match="not legal"):
        strict.step(forbidden)
    observation, reward, terminated, _, info = lenient.step(forbidden)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    assert not observation["action_mask"].any()
    with pytest.raises(IllegalDecision, match="reset"):
        lenient.step(np.int64(0))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"opponents": "wizard"}, UnknownAgent, "no player called 'wizard'"),
        ({"opponents": "human"}, UnknownAgent, "computer opponent"),
        ({"opponents": ["greedy", "greedy"]}, UnknownAgent, "needs 1 computer opponent"),
        ({"seat": 2}, ValueError, "seats 0..1"),
        ({"illegal": "ignore"}, ValueError, "raise or lose"),
    ],
)
def test_bad_arguments_get_clear_errors(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        SeatEnv("tcg", **kwargs)  # type: ignore[arg-type]
