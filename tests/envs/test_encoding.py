"""The encodings of every game: fixed actions that round-trip, observations in bounds, and
nothing hidden in them."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardtable.engine import Game, Rng, State
from cardtable.engine.determinise import determinise
from cardtable.envs import encoding_for, env, games
from cardtable.envs.encoding import EncodingError
from cardtable.games import find
from tests.envs.helpers import ruleset_id, rulesets, states


@pytest.mark.parametrize("pair", rulesets(), ids=ruleset_id)
def test_legal_decisions_get_distinct_indices_that_lead_back(
    pair: tuple[Game[Any, Any], Any],
) -> None:
    game, rules = pair
    encoding = encoding_for(game, rules)
    for state, seat in states(game, rules, 1):
        legal = game.legal(state, seat)
        mask, moves = encoding.mask(game.view(state, seat), legal)
        assert mask.shape == (encoding.actions,)
        assert mask.sum() == len(legal.moves) == len(moves)
        assert [moves[int(index)] for index in np.flatnonzero(mask)] == sorted(
            legal.moves, key=lambda move: encoding.action(game.view(state, seat), move)
        )


@pytest.mark.parametrize("pair", rulesets(), ids=ruleset_id)
def test_observations_have_the_fixed_shape_within_bounds(
    pair: tuple[Game[Any, Any], Any],
) -> None:
    game, rules = pair
    encoding = encoding_for(game, rules)
    for state, _seat in states(game, rules, 2):
        for viewer in range(state.seats):
            observation = encoding.observe(game.view(state, viewer))
            assert observation.shape == (encoding.size,)
            assert observation.dtype == np.float32
            assert observation.min() >= 0.0
            assert observation.max() <= 1.0
            assert observation.any()


@pytest.mark.parametrize("pair", rulesets(), ids=ruleset_id)
def test_a_sight_and_a_view_give_the_same_observation_and_mask(
    pair: tuple[Game[Any, Any], Any],
) -> None:
    """Environments read a seat's sight (its view, read in place): the numbers are exactly
    those the seat's view gives, remembered parts included."""
    game, rules = pair
    encoding = encoding_for(game, rules)
    for state, seat in states(game, rules, 4):
        for viewer in range(state.seats):
            from_sight = encoding.observe(game.sight(state, viewer))
            assert np.array_equal(from_sight, encoding.observe(game.view(state, viewer)))
            assert from_sight.flags.writeable
        legal = game.legal(state, seat)
        by_sight = encoding.mask(game.sight(state, seat), legal)
        by_view = encoding.mask(game.view(state, seat), legal)
        assert np.array_equal(by_sight[0], by_view[0])
        assert by_sight[1] == by_view[1]


@pytest.mark.parametrize("name", games())
def test_every_index_has_a_text_and_no_index_past_the_end(name: str) -> None:
    game = find(name)
    for rules in game.example_rulesets():
        encoding = encoding_for(game, rules)
        texts = [encoding.action_text(index) for index in range(encoding.actions)]
        assert len(set(texts)) == len(texts)
        with pytest.raises(EncodingError, match="no action"):
            encoding.action_text(encoding.actions)


@pytest.mark.parametrize("pair", rulesets(), ids=ruleset_id)
def test_states_that_differ_only_in_hidden_cards_look_the_same(
    pair: tuple[Game[Any, Any], Any],
) -> None:
    """Two environments whose matches differ only in cards the seat cannot see give it the
    same observation and mask: nothing but the seat's view goes into them."""
    game, rules = pair
    book = game.rulebook(rules)
    real, other = env(game.name, rules), env(game.name, rules)
    differed = 0
    for state, seat in states(game, rules, 3):
        if sum(1 for zone in state.zones.values() if not zone.visible_to(seat)) == 0:
            continue
        world = determinise(game.view(state, seat), book, Rng(differed + 7))
        if _hidden(world, seat) != _hidden(state, seat):
            differed += 1
        real.restore(state)
        other.restore(world)
        agent = f"player_{seat}"
        seen, imagined = real.observe(agent), other.observe(agent)
        assert np.array_equal(seen["observation"], imagined["observation"])
        assert np.array_equal(seen["action_mask"], imagined["action_mask"])
    assert differed, "no state had hidden cards that could be dealt otherwise"


def _hidden(state: State, seat: int) -> list[list[str]]:
    return [
        [card.key for card in zone.cards]
        for zone in state.zones.values()
        if not zone.visible_to(seat)
    ]
