"""Rulesets come from players (a room's rules, a rules file): whatever the games make per
ruleset is kept for a bounded number of rulesets only, so that a server asked for many
different rulesets does not grow for good."""

from __future__ import annotations

from cardtable.engine import Match
from cardtable.engine.game import RULESETS_REMEMBERED
from cardtable.games import find
from cardtable.games.tcg import game as tcg_game
from cardtable.games.war import cards as war_cards
from cardtable.games.war import game as war_game

MANY = RULESETS_REMEMBERED + 40


def test_war_keeps_the_decks_of_a_bounded_number_of_rulesets() -> None:
    war = find("war")
    for suits, ranks in [(suits, ranks) for suits in range(1, 13) for ranks in range(2, 40)][:MANY]:
        Match(war, war.load_ruleset({"suits": suits, "ranks": ranks}), seed=1)
    assert war_cards.war_deck.cache_info().currsize <= RULESETS_REMEMBERED
    assert war_game._manifest.cache_info().currsize <= RULESETS_REMEMBERED


def test_the_tcg_keeps_the_catalogues_of_a_bounded_number_of_rulesets() -> None:
    tcg = find("tcg")
    for health in range(1, MANY + 1):
        Match(tcg, tcg.load_ruleset({"starting_health": health}), seed=1)
    assert tcg_game._catalogue.cache_info().currsize <= RULESETS_REMEMBERED


def test_a_game_keeps_the_rule_books_of_a_bounded_number_of_rulesets() -> None:
    tcg = find("tcg")
    for health in range(1, MANY + 1):
        Match(tcg, tcg.load_ruleset({"starting_health": health}), seed=1)
    assert len(tcg.rulebooks) == RULESETS_REMEMBERED


def test_an_older_version_of_a_game_builds_its_own_rule_books() -> None:
    tcg = find("tcg")
    rules = tcg.default_ruleset()
    older = tcg.at_version(tcg.versions[0])
    assert older.rulebook(rules) is older.rulebook(rules)
    assert older.rulebook(rules) is not tcg.rulebook(rules)
    assert older.rulebook(rules).game is older
