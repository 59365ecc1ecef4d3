"""The Kata TCG's observer writes only the parts that changed: an observation made after
many others is exactly the one a fresh encoding makes of the same state."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardtable.engine import Rng, State
from cardtable.envs.tcg import TcgEncoding
from cardtable.games import find

GAME = find("tcg")


def playout(rules: Any, seed: int, limit: int = 400) -> list[State]:
    """Copies of the states of one random match."""
    rng = Rng(seed)
    state = GAME.setup(rules, seed, journal=False)
    states: list[State] = []
    while (seat := GAME.to_act(state)) is not None and len(states) < limit:
        states.append(state.copy())
        moves = GAME.legal(state, seat).moves
        GAME.decide(state, seat, moves[rng.below(len(moves))])
    return states


@pytest.mark.parametrize("index", range(len(GAME.example_rulesets())))
def test_remembered_parts_give_what_a_fresh_encoding_gives(index: int) -> None:
    rules = GAME.example_rulesets()[index]
    kept = TcgEncoding(rules)
    states = [state for seed in (1, 2) for state in playout(rules, seed)]
    rng = Rng(index)
    # in order, then jumping between the states of two matches, back and forth
    for state in states + [states[rng.below(len(states))] for _ in range(len(states))]:
        for seat in (0, 1):
            expected = TcgEncoding(rules).observe(GAME.view(state, seat))
            by_sight = kept.observe(GAME.sight(state, seat))
            assert np.array_equal(by_sight, expected)
            assert np.array_equal(kept.observe(GAME.view(state, seat)), expected)


def test_an_observation_is_a_new_array_each_time() -> None:
    rules = GAME.default_ruleset()
    encoding = TcgEncoding(rules)
    state = GAME.setup(rules, 3, journal=False)
    first = encoding.observe(GAME.sight(state, 0))
    first[:] = 0.5
    second = encoding.observe(GAME.sight(state, 0))
    assert second.flags.writeable
    assert not np.array_equal(first, second)
    assert np.array_equal(second, TcgEncoding(rules).observe(GAME.view(state, 0)))
