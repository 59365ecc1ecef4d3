"""What the environment tests share: every game with a research environment, under each of
its example rulesets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.engine import Game, Rng, State
from cardtable.envs import games
from cardtable.games import find


def rulesets() -> list[tuple[Game[Any, Any], Any]]:
    """Every (game, example ruleset) pair, for parametrisation."""
    return [(find(name), rules) for name in games() for rules in find(name).example_rulesets()]


def ruleset_id(pair: tuple[Game[Any, Any], Any]) -> str:
    game, rules = pair
    return f"{game.name}-rules{game.example_rulesets().index(rules)}"


STATES_PER_RULESET = 60


def states(game: Game[Any, Any], rules: Any, seed: int) -> Iterator[tuple[State, int]]:
    """Up to ``STATES_PER_RULESET`` states of random matches, with the seat to act."""
    rng = Rng(seed)
    seen = 0
    for match_seed in range(seed, seed + 50):
        state = game.setup(rules, match_seed, journal=False)
        while (seat := game.to_act(state)) is not None:
            yield state, seat
            seen += 1
            if seen >= STATES_PER_RULESET:
                return
            moves = game.legal(state, seat).moves
            game.decide(state, seat, moves[rng.below(len(moves))])
