"""The OpenSpiel adapter: OpenSpiel's own random-simulation check for every game, its
algorithms running, worlds resampled from a view."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.engine import Game
from cardtable.engine.view import describe
from cardtable.envs.openspiel import load, register
from cardtable.games import find
from tests.envs.helpers import ruleset_id

QUICK_KARATA = (2, 4)
"""The Karata rulesets whose uniformly random matches end within a few hundred decisions
(with the others they run to tens of thousands, which OpenSpiel's check plays slowly)."""


def rulesets() -> list[tuple[Game[Any, Any], Any]]:
    tcg, war, karata = find("tcg"), find("war"), find("karata")
    return [
        *((tcg, rules) for rules in tcg.example_rulesets()),
        *((war, rules) for rules in war.example_rulesets()),
        *((karata, karata.example_rulesets()[index]) for index in QUICK_KARATA),
    ]


@pytest.mark.parametrize("pair", rulesets(), ids=ruleset_id)
def test_openspiel_random_simulation_check_passes(pair: tuple[Game[Any, Any], Any]) -> None:
    game, rules = pair
    pyspiel.random_sim_test(load(game.name, rules), num_sims=2, serialize=False, verbose=False)


def test_registered_games_load_by_name_with_a_seed() -> None:
    assert register() == ["cardtable_karata", "cardtable_tcg", "cardtable_war"]
    assert register() == ["cardtable_karata", "cardtable_tcg", "cardtable_war"]
    game = pyspiel.load_game("cardtable_karata", {"seed": 4})
    assert (game.num_players(), game.num_distinct_actions()) == (2, 173)
    assert str(game) == "cardtable_karata(seed=4)"
    first = str(game.new_initial_state())
    again = pyspiel.load_game("cardtable_karata", {"seed": 4}).new_initial_state()
    assert str(again) == first
    assert str(game.new_initial_state()) != first  # the next match is another deal


def test_observations_and_information_states_are_the_players_own() -> None:
    game = load("tcg")
    state = game.new_initial_state()
    while state.current_player() == 0 or not state.history():
        state.apply_action(max(state.legal_actions()))
    for player in range(2):
        text = state.observation_string(player)
        assert text.startswith(f"seat {player} |")
        information = state.information_state_string(player)
        assert information.startswith(text)
        assert "actions: 0:" in information
        tensor = np.array(state.observation_tensor(player))
        assert tensor.shape == (game.encoding.size,)
    assert state.observation_string(0) != state.observation_string(1)


def test_returns_are_plus_one_and_minus_one_in_a_won_match() -> None:
    game = load("tcg")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(max(state.legal_actions()))
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert load("war").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_a_resampled_world_keeps_the_players_view_and_deals_the_rest_anew() -> None:
    game = load("tcg")
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    worlds = [state.resample_from_infostate(player, None) for _ in range(5)]
    mine = describe(game.game.view(state.match.state, player))
    assert all(describe(game.game.view(w.match.state, player)) == mine for w in worlds)
    hands = {tuple(c.key for c in w.match.state.hands[1 - player].cards) for w in worlds}
    assert len(hands) > 1


def test_openspiel_search_plays_a_match() -> None:
    game = load("tcg", {"starting_health": 8})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng),
        mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=rng, solve=False),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_tensors_and_clones_deal_no_match_of_their_own() -> None:
    """OpenSpiel makes and drops a state at every observation tensor (to learn its shape) and
    every clone (to fill): each gives its match back, so the matches a program plays do not
    depend on how often it asks for either, and no set-up is paid for them."""
    plain, busy = load("tcg", seed=3), load("tcg", seed=3)
    for _ in range(3):
        calm, asked = plain.new_initial_state(), busy.new_initial_state()
        for _ in range(4):
            twin = asked.clone()
            assert np.array_equal(twin.observation_tensor(0), asked.observation_tensor(0))
            asked.observation_tensor(1)
            assert str(calm) == str(asked)
            action = max(calm.legal_actions())
            calm.apply_action(action)
            asked.apply_action(action)
    # one match dealt ahead for those states, and held for the next initial state
    assert (plain.matches, busy.matches, list(busy.given_back)) == (3, 4, [3])
    assert str(busy.new_initial_state()) == str(plain.new_initial_state())


def test_a_state_asked_anything_else_keeps_its_match() -> None:
    game = load("war", seed=1)
    for ask in (str, lambda state: state.current_player(), lambda state: state.is_terminal()):
        before = game.matches
        ask(game.new_initial_state())
        assert (game.matches, game.given_back) == (before + 1, {})
    original = game.new_initial_state()
    twin = original.clone()  # a copy may be played: the original's deal is not given back
    del original
    assert (game.matches, list(game.given_back)) == (5, [4])  # 4: the state the clone filled
    assert twin.match.number is None
    game.new_initial_state().observation_tensor(0)  # only the tensor: given back, with the
    assert game.matches == 6  # match dealt for the state OpenSpiel made to learn its shape
    assert sorted(game.given_back) == [4, 5]
    kept = [game.new_initial_state() for _ in range(3)]
    assert [state.match.number for state in kept] == [4, 5, 6]
