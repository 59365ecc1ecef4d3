"""The PettingZoo AEC environments: PettingZoo's own checks for every game and example
ruleset, rewards, turns, errors.

PettingZoo's ``api_test`` warns about two things every classic environment with dict
observations does on purpose (a ``{"observation", "action_mask"}`` observation is "not a NumPy
array", and its space is a ``Dict``); those two warnings, and only those, are ignored here.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardtable.engine import Game
from cardtable.engine.errors import IllegalDecision, RulesetError, UnknownGame
from cardtable.envs import CardtableEnv, env
from cardtable.games import find
from tests.envs.helpers import ruleset_id, rulesets

DICT_OBSERVATIONS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]


def play_out(table: CardtableEnv, seed: int) -> list[str]:
    """Play a match with the highest legal action each time (in the Kata TCG: play cards
    before ending the turn); return who acted, in order."""
    table.reset(seed=seed)
    acted = []
    for agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        acted.append(agent)
        table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    return acted


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.parametrize("pair", rulesets(), ids=ruleset_id)
def test_pettingzoo_api_test_passes(pair: tuple[Game[Any, Any], Any]) -> None:
    game, rules = pair
    api_test(env(game.name, rules), num_cycles=100)


@pytest.mark.parametrize("pair", rulesets(), ids=ruleset_id)
def test_pettingzoo_seed_test_passes(pair: tuple[Game[Any, Any], Any]) -> None:
    game, rules = pair
    seed_test(lambda: env(game.name, rules), num_cycles=100)


def test_the_same_seed_plays_the_same_match_and_another_seed_another() -> None:
    table = env("tcg")
    first = play_out(table, 5)
    state = table.state_now.copy()
    assert play_out(table, 5) == first
    assert table.state_now.outcome == state.outcome
    others = {tuple(play_out(table, seed)) for seed in range(6, 12)}
    assert len(others) > 1


def test_a_seat_keeps_the_turn_while_it_decides() -> None:
    acted = play_out(env("tcg"), 3)
    assert any(a == b for a, b in itertools.pairwise(acted))
    assert set(acted) == {"player_0", "player_1"}


def test_rewards_come_at_the_end_from_the_outcome() -> None:
    table = env("war", {"players": 3, "suits": 2, "ranks": 4})
    table.reset(seed=3)
    finals: dict[str, float] = {}
    for agent in table.agent_iter():
        _, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            finals[agent] = reward
            table.step(None)
            continue
        assert reward == 0.0
        table.step(0)
    winners = table.outcome.winners if table.outcome else ()
    assert finals == {f"player_{seat}": (1.0 if seat in winners else -1.0) for seat in range(3)}
    assert sum(finals.values()) == 1.0 - 2.0


def final_rewards(table: CardtableEnv, seed: int) -> dict[str, float]:
    """Play a match with random legal actions; return each agent's reward at the end."""
    rng = np.random.default_rng(0)
    table.reset(seed=seed)
    finals = {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            finals[agent] = reward
            table.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.integers(len(legal))]))
    return finals


def test_a_shared_win_rewards_every_winner() -> None:
    # The turn limit stops this match with two players holding the most cards.
    finals = final_rewards(env("war", find("war").example_rulesets()[1]), seed=5)
    assert finals == {"player_0": 1.0, "player_1": -1.0, "player_2": 1.0}


def test_when_nobody_wins_nobody_is_rewarded() -> None:
    # Six full hands of Karata: the deck runs out and the match ends with no winner.
    table = env("karata", find("karata").example_rulesets()[4])
    finals = final_rewards(table, seed=0)
    assert table.outcome is not None
    assert table.outcome.winners == ()
    assert finals == dict.fromkeys(table.possible_agents, 0.0)


def test_only_the_selected_agent_has_legal_actions() -> None:
    table = env("karata", {"players": 3})
    table.reset(seed=1)
    for agent in table.possible_agents:
        mask = table.observe(agent)["action_mask"]
        assert mask.any() == (agent == table.agent_selection)


def test_an_action_the_mask_forbids_is_refused_and_changes_nothing() -> None:
    table = env("tcg")
    table.reset(seed=2)
    mask = table.observe(table.agent_selection)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    version = table.state_now.version
    with pytest.raises(IllegalDecision, match="not legal"):
        table.step(forbidden)
    assert table.state_now.version == version


def test_the_ansi_render_shows_the_table_to_a_spectator() -> None:
    table = env("tcg", render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert text is not None
    assert text.startswith("Kata TCG\nspectator")
    assert "(4 hidden)" in text  # hands are hidden from spectators
    assert env("tcg").render() is None


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: env("chess"), UnknownGame, "no research environment for a game called 'chess'"),
        (lambda: env("tcg", {"starting_health": 0}), RulesetError, "starting_health"),
        (lambda: env("tcg", "minions"), RulesetError, "a ruleset, a mapping"),
        (lambda: env("tcg", render_mode="human"), ValueError, "choose from ansi"),
    ],
)
def test_bad_input_gets_a_clear_error(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_using_it_before_reset_says_so() -> None:
    with pytest.raises(RuntimeError, match="reset the environment"):
        env("war").observe("player_0")


def test_a_restored_state_must_be_of_this_game_and_rules() -> None:
    table = env("tcg")
    table.reset(seed=1)
    running = table.state_now.copy()
    table.restore(running)
    assert table.state_now is running
    other = env("tcg", {"minions": True})
    other.reset(seed=1)
    with pytest.raises(ValueError, match="under these rules"):
        table.restore(other.state_now)
