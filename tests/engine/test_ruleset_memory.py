"""Rulesets come from players (a room's rules, a rules file): whatever the games make per
ruleset is kept for a bounded number of rulesets only, so that a server asked for many
different rulesets does not grow for good."""

from __future__ import annotations

import pytest

from cardtable.engine import Match
from cardtable.engine.game import RULESETS_REMEMBERED
from cardtable.games import find
from cardtable.games.karata import events as karata_events
from cardtable.games.tcg import events as tcg_events
from cardtable.games.tcg import game as tcg_game
from cardtable.games.war import actions as war_actions
from cardtable.games.war import cards as war_cards
from cardtable.games.war import game as war_game

MANY = RULESETS_REMEMBERED + 40


@pytest.mark.parametrize("name", ["war", "tcg"])
def test_a_match_reads_its_cards_from_its_rule_book(name: str) -> None:
    """What a game makes per ruleset (its cards, a deck's manifest) lives in that ruleset's
    rule book, which the game's bounded ``rulebooks`` own, and the faces its events show are
    kept on the cards: no module keeps a cache of its own."""
    game = find(name)
    match = Match(game, game.default_ruleset(), seed=1)
    book = match.state.rules
    assert all(card.definition is book.cards[card.key] for card in match.state.cards)
    for module in (war_cards, war_game, war_actions, tcg_game, tcg_events, karata_events):
        cached = [
            function
            for function in vars(module).values()
            if hasattr(function, "cache_info") and function.__module__ == module.__name__
        ]
        assert cached == [], f"{module.__name__} keeps a cache: {cached}"


def test_war_keeps_the_rule_books_of_a_bounded_number_of_rulesets() -> None:
    war = find("war")
    for suits, ranks in [(suits, ranks) for suits in range(1, 13) for ranks in range(2, 40)][:MANY]:
        Match(war, war.load_ruleset({"suits": suits, "ranks": ranks}), seed=1)
    assert len(war.rulebooks) == RULESETS_REMEMBERED


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
