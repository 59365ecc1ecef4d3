"""What the environment tests share: every game with a research environment, under each of
its example rulesets."""

from __future__ import annotations

from typing import Any

from cardtable.engine import Game
from cardtable.envs import games
from cardtable.games import find


def rulesets() -> list[tuple[Game[Any, Any], Any]]:
    """Every (game, example ruleset) pair, for parametrisation."""
    return [(find(name), rules) for name in games() for rules in find(name).example_rulesets()]


def ruleset_id(pair: tuple[Game[Any, Any], Any]) -> str:
    game, rules = pair
    return f"{game.name}-rules{game.example_rulesets().index(rules)}"
