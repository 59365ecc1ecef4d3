"""Card, rank and suit texts: every form of every card round-trips; bad text says why."""

from __future__ import annotations

import pytest

from cardtable.cards import (
    ACE,
    BLACK_JOKER,
    KING,
    NAMED_SUITS,
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
    suits,
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


def test_suits_beyond_the_named_ones_are_numbered_and_round_trip() -> None:
    deck = make_deck(suits=12, ranks=15)
    assert len(deck) == len({card.text for card in deck}) == 180
    for card in deck:
        for form in (card.text, card.name, card.pretty, card.text.lower(), card.name.upper()):
            assert parse_card(form) == card
    ninth = Suit.numbered(9)
    assert (ninth.letter, ninth.title, ninth.symbol, ninth.index, ninth.number) == (
        "#9",
        "Suit 9",
        "#9",
        8,
        9,
    )
    assert parse_card("A#9") == PlayingCard(ACE, ninth)
    assert parse_card("10#12").name == "Ten of Suit 12"
    assert parse_card("Fourteen of Suit 11").text == "14#11"
    assert parse_card("k # 10") == PlayingCard(KING, Suit.numbered(10))
    assert [suit.letter for suit in suits(10)][-3:] == ["L", "#9", "#10"]
    assert [suit.colour for suit in suits(12)][8:] == [Colour.RED, Colour.BLACK] * 2
    assert parse_suit("#12") == parse_suit("suit 12") == Suit.numbered(12)
    with pytest.raises(CardTextError, match="'#3' is not a suit"):
        parse_suit("#3")  # a named suit has one short form: H, not #3
    with pytest.raises(CardTextError, match="'#100' is not a suit"):
        parse_suit("#100")


def test_colours() -> None:
    assert parse_card("QH").colour is Colour.RED
    assert parse_card("QD").colour is Colour.RED
    assert parse_card("QC").colour is Colour.BLACK
    assert parse_card("QS").colour is Colour.BLACK
    assert BLACK_JOKER.colour is Colour.BLACK


@pytest.mark.parametrize(
    "text",
    [
        *("", "   ", "1H", "11H", "13S", "AX", "A", "H", "10", "ZZ", "100H", "0S", "JJ"),
        *("Ace of", "GJ", "A#", "A#4", "A#0", "#9", "A#100", "A of Suit 2"),
    ],
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
    assert [suit.letter for suit in NAMED_SUITS] == ["C", "D", "H", "S", "M", "T", "W", "L"]
    assert [suit.index for suit in NAMED_SUITS] == list(range(8))
    assert [suit.standard for suit in NAMED_SUITS] == [True] * 4 + [False] * 4
    assert suits(8) == NAMED_SUITS
    assert Suit.SPADES.title == "Spades"
    assert Suit.CLUBS.symbol == "♣"
