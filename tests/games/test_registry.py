"""The registry of games, and rulesets of any registered game."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.engine import RulesetError, UnknownGame
from cardtable.games import find, load_rules, names, rules_from_text, ruleset_schema
from cardtable.games.tcg import TcgGame, TcgRules


def test_the_kata_tcg_is_registered() -> None:
    assert "tcg" in names()
    assert names()[0] == "tcg"
    assert isinstance(find("tcg"), TcgGame)
    assert find(" TCG ") is find("tcg")


def test_an_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"no game is called 'chess'; the games are: .*tcg"):
        find("chess")


def test_rules_of_a_game_from_text_and_from_files(tmp_path: Path) -> None:
    game = find("tcg")
    assert load_rules(game, None) == TcgRules()
    path = tmp_path / "short.toml"
    path.write_text("starting_health = 9\n", encoding="utf-8")
    assert load_rules(game, path) == TcgRules(starting_health=9)
    assert rules_from_text(game, "hand_limit = 2") == TcgRules(hand_limit=2)
    with pytest.raises(RulesetError, match=r"^rules, line 1: hand_limit: must be at least 1"):
        rules_from_text(game, "hand_limit = 0")


def test_the_schema_of_a_games_ruleset() -> None:
    schema = ruleset_schema(find("tcg"))
    fields = schema["properties"]
    assert set(fields) == set(TcgRules.model_fields)
    assert fields["starting_health"]["minimum"] == 1
    assert fields["hand_limit"]["default"] == 5
    assert all(field.get("description") for field in fields.values())
