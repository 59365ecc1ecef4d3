"""War's ruleset: defaults, limits with clear messages, rules files."""

from __future__ import annotations

import pytest

from cardtable.engine import RulesetError
from cardtable.games import find, rules_from_text
from cardtable.games.war import WarRules
from tests.games.war.helpers import GAME


def test_the_defaults_are_the_usual_game() -> None:
    assert WarRules().to_json() == {
        "suits": 4,
        "ranks": 13,
        "players": 2,
        "face_down": 1,
        "dealing": "round-robin",
        "turn_limit": 10_000,
        "won_cards": "fixed",
    }
    assert find("war").default_ruleset() == WarRules()
    assert GAME.seats(WarRules(players=6)) == 6


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"suits": 0}, r"^suits: must be at least 1 \(got 0\)$"),
        ({"suits": -2}, r"^suits: must be at least 1 \(got -2\)$"),
        ({"suits": 100}, r"^suits: must be at most 99 \(got 100\)$"),
        ({"ranks": 0}, r"^ranks: must be at least 1 \(got 0\)$"),
        ({"ranks": -1}, r"^ranks: must be at least 1 \(got -1\)$"),
        ({"players": 0}, r"^players: must be at least 1 \(got 0\)$"),
        ({"players": -3}, r"^players: must be at least 1 \(got -3\)$"),
        ({"face_down": -1}, r"^face_down: must be at least 0 \(got -1\)$"),
        ({"turn_limit": 0}, r"^turn_limit: must be at least 1 \(got 0\)$"),
        ({"dealing": "shuffle"}, r"^dealing: must be one of 'round-robin' or 'blocks'"),
        ({"won_cards": "random"}, r"^won_cards: must be one of 'fixed' or 'shuffled'"),
        ({"suits": "4"}, r"^suits: must be a whole number \(got '4'\)$"),
        ({"deck": 3}, r"^deck: is not a rule of this game \(its rules are: dealing, face_down"),
        (
            {"players": 3, "dealing": "blocks"},
            r"^block dealing needs a deck that splits evenly: 52 cards do not split among 3 "
            r"players \(deal round-robin, or change the suits or ranks\)$",
        ),
        (
            {"suits": 12, "ranks": 99},
            r"^a deck of 12 suits of 99 ranks holds 1188 cards; War plays with at most 1,000 ",
        ),
        (
            {"players": 2, "suits": 1, "ranks": 5, "dealing": "blocks"},
            r"5 cards do not split among 2 players",
        ),
    ],
)
def test_invalid_configurations_are_refused_with_clear_messages(
    data: dict[str, object], reason: str
) -> None:
    with pytest.raises(RulesetError, match=reason):
        WarRules.from_json(data)


def test_valid_corners() -> None:
    WarRules.from_json({"players": 1})
    WarRules.from_json({"face_down": 0, "turn_limit": 1})
    WarRules.from_json({"players": 4, "dealing": "blocks"})
    WarRules.from_json({"players": 60, "suits": 1, "ranks": 1})
    WarRules.from_json({"players": 12, "suits": 12, "ranks": 39})  # War.JS's own test deck
    WarRules.from_json({"suits": 8, "ranks": 99})  # the largest deck before numbered suits
    WarRules.from_json({"suits": 99, "ranks": 10})


def test_a_rules_file() -> None:
    rules = rules_from_text(GAME, 'game = "war"\nplayers = 4\nface_down = 3\n')
    assert rules == WarRules(players=4, face_down=3)
    with pytest.raises(RulesetError, match=r"house.toml, line 2: face_down: must be at least 0"):
        rules_from_text(GAME, "players = 4\nface_down = -1\n", source="house.toml")


def test_the_rules_document_names_every_field() -> None:
    text = GAME.rules_text()
    for name in WarRules.model_fields:
        assert f"`{name}`" in text
