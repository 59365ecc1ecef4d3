"""Facets: a game's optional parts beside its rules contract (``engine/facets.py``)."""

from __future__ import annotations

from cardtable.engine import CardHints, Game, Match, Readings, Rng, SearchHints
from cardtable.games import find

FACET_METHODS = {
    SearchHints: ("weighed", "playout_move", "estimate", "quiet", "beliefs", "sample_unseen"),
    CardHints: ("hand", "plays_of", "text"),
    Readings: ("facts", "digest"),
}


def test_the_rules_contract_holds_no_facet_method() -> None:
    """A game author reading ``Game`` reads the rules alone: what only one kind of reader
    asks lives in that reader's facet."""
    for facet, methods in FACET_METHODS.items():
        for name in methods:
            assert hasattr(facet, name)
            assert not hasattr(Game, name), f"Game.{name} belongs to {facet.__name__}"
    assert not hasattr(Game, "search_exploration")


def test_a_game_without_facets_gets_their_defaults() -> None:
    """War says only how well a seat stands: every other hint is the default, which weighs
    every move, plays random playouts and reads no hand."""
    war = find("war")
    match = Match(war, war.default_ruleset(), seed=4)
    seat = match.to_act
    assert seat is not None
    legal = match.legal(seat)
    hints = war.search_hints
    assert hints.weighed(match.state, legal) == legal.moves
    assert hints.playout_move(match.state, legal, Rng(1)) in legal.moves
    assert hints.quiet(match.state)
    assert hints.beliefs(match.state.rules, seat) is None
    assert hints.exploration == SearchHints.exploration
    assert war.card_hints.hand(match.state, seat) == ()  # War holds a pile, not a hand
    assert war.readings.facts(match.state, seat) is None
    assert war.sight(match.state, seat).facts() == match.view(seat).public
    assert war.card_texts(match.state, match.view(seat)) == {}


def test_the_default_hand_is_the_hand_zone() -> None:
    karata = find("karata")
    match = Match(karata, karata.default_ruleset(), seed=2)
    assert list(CardHints().hand(match.state, 1)) == match.state.zones["hand:1"].cards


def test_each_game_names_its_own_facets() -> None:
    """The games that have something to say say it in their facet, typed for their state."""
    assert type(find("karata").search_hints).__name__ == "KarataSearch"
    assert type(find("tcg").search_hints).__name__ == "TcgSearch"
    assert type(find("tcg").readings).__name__ == "TcgReadings"
    assert type(find("tcg").card_hints).__name__ == "TcgCards"
    assert type(find("war").search_hints).__name__ == "WarSearch"
