"""Card, rank and suit texts: every form of every card round-trips; bad text says why."""

from __future__ import annotations

import pytest

from cardtable.cards import (
    ACE,
    BLACK_JOKER,
    KING,
    RED_JOKER,
    TEN,
    CardTextError,
    Colour,
    Joker,
    PlayingCard,
    PlayingCardError,
    Rank,
    Suit,
    make_deck,
    parse_card,
    parse_rank,
    parse_suit,
    standard_54,
)
from cardtable.engine import CardtableError


@pytest.mark.parametrize("card", standard_54(), ids=lambda card: card.text)
def test_every_card_of_the_54_deck_round_trips_in_every_form(card: PlayingCard | Joker) -> None:
    for form in (card.text, card.name, card.pretty, card.text.lower(), card.name.upper()):
        assert parse_card(form) == card
        assert parse_card(f"  {form}  ") == card
    assert str(card) == card.text


def test_the_short_forms_and_names_of_the_issue() -> None:
    assert parse_card("AS") == PlayingCard(ACE, Suit.SPADES)
    assert parse_card("10H") == PlayingCard(TEN, Suit.HEARTS)
    assert parse_card("BJ") == BLACK_JOKER
    assert parse_card("RJ") == RED_JOKER
    assert parse_card("Ace of Spades") == PlayingCard(ACE, Suit.SPADES)
    assert PlayingCard(KING, Suit.DIAMONDS).name == "King of Diamonds"
    assert PlayingCard(TEN, Suit.CLUBS).text == "10C"
    assert RED_JOKER.name == "Red Joker"
    assert BLACK_JOKER.text == "BJ"


def test_extra_suits_and_numbered_ranks_round_trip() -> None:
    deck = make_deck(suits=8, ranks=20)
    assert len(deck) == 160
    assert len({card.text for card in deck}) == 160
    for card in deck:
        assert parse_card(card.text) == card
        assert parse_card(card.name) == card
        assert parse_card(card.pretty) == card
    assert parse_card("14M").name == "Fourteen of Moons"
    assert parse_card("Twenty-one of Leaves") == PlayingCard(Rank(21), Suit.LEAVES)


def test_colours() -> None:
    assert parse_card("QH").colour is Colour.RED
    assert parse_card("QD").colour is Colour.RED
    assert parse_card("QC").colour is Colour.BLACK
    assert parse_card("QS").colour is Colour.BLACK
    assert BLACK_JOKER.colour is Colour.BLACK


@pytest.mark.parametrize(
    "text",
    ["", "   ", "1H", "11H", "13S", "AX", "A", "H", "10", "ZZ", "100H", "0S", "JJ", "Ace of", "GJ"],
)
def test_bad_card_text_is_a_typed_error_with_a_reason(text: str) -> None:
    with pytest.raises(CardTextError, match="is not a playing card") as caught:
        parse_card(text)
    assert isinstance(caught.value, PlayingCardError)
    assert isinstance(caught.value, CardtableError)
    assert repr(text.strip()) in caught.value.reason


def test_a_card_must_be_text() -> None:
    with pytest.raises(CardTextError, match="a card is written as text, not int"):
        parse_card(12)  # type: ignore[arg-type]


def test_ranks_and_suits_parse_on_their_own() -> None:
    assert parse_rank("K") == parse_rank("king") == KING
    assert parse_rank(" 10 ") == TEN
    assert parse_suit("d") is parse_suit("Diamonds") is parse_suit("♦") is Suit.DIAMONDS
    with pytest.raises(CardTextError, match="'X' is not a suit"):
        parse_suit("X")
    with pytest.raises(CardTextError, match="'1' is not a rank"):
        parse_rank("1")


def test_suit_properties() -> None:
    assert [suit.letter for suit in Suit] == ["C", "D", "H", "S", "M", "T", "W", "L"]
    assert [suit.index for suit in Suit] == list(range(8))
    assert [suit.standard for suit in Suit] == [True] * 4 + [False] * 4
    assert Suit.SPADES.title == "Spades"
    assert Suit.CLUBS.symbol == "♣"
