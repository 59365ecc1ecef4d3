"""A ruleset at another table size: what a tournament's smaller tables play."""

from __future__ import annotations

from cardtable.games import find
from cardtable.games.karata.config import KarataRules
from cardtable.games.war.config import WarRules


def test_karata_reseats_its_rules_within_their_most_players() -> None:
    karata = find("karata")
    rules = KarataRules(players=4, fine=2)
    assert karata.reseated(rules, 3) == KarataRules(players=3, fine=2)
    assert karata.reseated(rules, 5) is None  # beyond max_players 4
    assert karata.reseated(KarataRules(players=4, max_players=6), 6) == KarataRules(
        players=6, max_players=6
    )


def test_a_rated_karata_ruleset_reseated_is_the_rated_one_of_that_size() -> None:
    karata = find("karata")
    four = karata.rated_rulesets()[-1].ruleset
    rated = karata.rated_ruleset(karata.reseated(four, 3) or four)
    assert rated is not None
    assert rated.name == "standard-3"


def test_war_reseats_unless_its_deck_does_not_split() -> None:
    war = find("war")
    assert war.reseated(WarRules(), 3) == WarRules(players=3)
    assert war.reseated(WarRules(dealing="blocks"), 3) is None  # 52 cards do not split in 3


def test_the_tcg_seats_two_only() -> None:
    tcg = find("tcg")
    rules = tcg.default_ruleset()
    assert tcg.reseated(rules, 2) == rules
    assert tcg.reseated(rules, 3) is None
