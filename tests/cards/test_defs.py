"""Playing cards as engine card definitions: what views show of them."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import PlayingCardDef, parse_card, standard_54
from cardtable.engine import Card
from cardtable.engine.view import stat_names


def test_every_card_becomes_a_definition_and_back() -> None:
    for card in standard_54():
        definition = PlayingCardDef.of(card)
        assert definition.key == card.text
        assert definition.name == card.name
        assert definition.card == card


def test_rank_is_a_stat_and_the_suit_is_data() -> None:
    definition = PlayingCardDef.of(parse_card("JD"))
    assert stat_names(definition) == ("rank",)
    assert definition.face() == {
        "key": "JD",
        "name": "Jack of Diamonds",
        "reactions": [],
        "rank": 11,
        "suit": "D",
    }
    joker = PlayingCardDef.of(parse_card("BJ"))
    assert (joker.rank, joker.suit) == (0, "")


def test_games_add_their_own_stats() -> None:
    @dataclass(frozen=True, slots=True, kw_only=True)
    class Scored(PlayingCardDef):
        points: int

    definition = Scored(**PlayingCardDef.fields_of(parse_card("10S")), points=10)
    card = Card(3, definition, owner=None, pool="deck")
    assert card.printed("points") == 10
    assert card.printed("rank") == 10
    assert stat_names(definition) == ("rank", "points")
