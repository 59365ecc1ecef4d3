"""Which rulesets each game rates: its standard rules (one per table size for Karata), never
War's, and never a table with other house rules."""

from __future__ import annotations

import pytest

from cardtable.games import find, names
from cardtable.games.karata.config import KarataRules
from cardtable.games.tcg.config import TcgRules


def test_the_kata_tcg_rates_its_standard_rules() -> None:
    game = find("tcg")
    assert [(rated.name, rated.ruleset) for rated in game.rated_rulesets()] == [
        ("standard", game.default_ruleset())
    ]


def test_karata_rates_its_standard_rules_at_each_table_size() -> None:
    rated = find("karata").rated_rulesets()
    assert [(r.name, r.ruleset.players) for r in rated] == [
        ("standard-2", 2),
        ("standard-3", 3),
        ("standard-4", 4),
    ]
    assert rated[1].ruleset == KarataRules(players=3)


def test_war_rates_nothing_its_only_decision_being_turning_a_card() -> None:
    assert find("war").rated_rulesets() == ()
    assert find("war").rated_ruleset(find("war").default_ruleset()) is None


@pytest.mark.parametrize(
    ("game", "ruleset"),
    [
        ("karata", KarataRules(players=3, fine=2)),
        ("karata", KarataRules(players=5, max_players=6)),
        ("tcg", TcgRules(starting_health=20)),
    ],
)
def test_house_rules_are_unrated(game: str, ruleset: object) -> None:
    assert find(game).rated_ruleset(ruleset) is None


@pytest.mark.parametrize("name", names())
def test_each_rated_ruleset_is_found_again_and_loads_from_its_json(name: str) -> None:
    game = find(name)
    rated = game.rated_rulesets()
    assert len({r.name for r in rated}) == len(rated)
    for entry in rated:
        again = game.load_ruleset(entry.ruleset.to_json())
        assert game.rated_ruleset(again) == entry
