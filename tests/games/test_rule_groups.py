"""Every rule of every game sits under exactly one heading of its ruleset's form."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.config.ruleset import RulesetModel
from cardtable.games import find, names
from cardtable.games.rulesets import ruleset_schema


@pytest.mark.parametrize("game", names())
def test_every_rule_has_one_heading(game: str) -> None:
    model = find(game).ruleset_type
    assert issubclass(model, RulesetModel)
    grouped = Counter(name for fields in model.field_groups.values() for name in fields)
    assert set(grouped) == set(model.model_fields), set(model.model_fields) ^ set(grouped)
    assert max(grouped.values()) == 1, grouped
    properties = ruleset_schema(find(game))["properties"]
    for heading, fields in model.field_groups.items():
        assert all(properties[name]["group"] == heading for name in fields)
