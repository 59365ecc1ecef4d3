"""Rulesets of any registered game: from rules files, and as JSON Schema.

>>> from cardtable.games import find
>>> schema = ruleset_schema(find("tcg"))
>>> schema["properties"]["starting_health"]["default"]
30
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.config import RulesetModel, load_rules_file, parse_rules_text
from cardtable.engine.game import Game


def _model(game: Game[Any, Any]) -> type[RulesetModel]:
    model = game.ruleset_type
    if not (isinstance(model, type) and issubclass(model, RulesetModel)):
        raise TypeError(f"{game.name}'s ruleset type is not a RulesetModel")
    return model


def load_rules(game: Game[Any, Any], path: Path | None) -> Any:
    """The ruleset in the rules file at ``path`` (the defaults when ``path`` is ``None``)."""
    if path is None:
        return game.default_ruleset()
    return load_rules_file(path, _model(game), game=game.name)


def rules_from_text(game: Game[Any, Any], text: str, *, source: str = "rules") -> Any:
    """The ruleset written in ``text`` (a rules file's contents)."""
    return parse_rules_text(text, _model(game), game=game.name, source=source)


def ruleset_schema(game: Game[Any, Any]) -> dict[str, Any]:
    """The JSON Schema of the game's ruleset: every field with description, default, bounds."""
    return _model(game).json_schema()
