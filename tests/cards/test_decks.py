"""Decks: the standard ones, custom ones, shuffling and dealing with a match's generator."""

from __future__ import annotations

import pytest

from cardtable.cards import (
    ACE,
    ACE_LOW,
    KING,
    MAX_SUITS,
    Deck,
    DeckError,
    EmptyDeck,
    Joker,
    PlayingCard,
    Suit,
    blocks,
    make_deck,
    parse_card,
    round_robin,
    standard_52,
    standard_54,
)
from cardtable.engine import Rng


def test_the_standard_decks() -> None:
    deck = standard_52()
    assert len(deck) == len(set(deck)) == 52
    assert deck[0] == parse_card("AC")
    assert deck[-1] == parse_card("KS")
    assert all(isinstance(card, PlayingCard) for card in deck)
    jokers = standard_54()
    assert jokers[:52] == deck
    assert [card.text for card in jokers[52:]] == ["BJ", "RJ"]


def test_decks_of_any_suits_ranks_and_jokers() -> None:
    piquet = make_deck(ranks=8)
    plain = [card for card in piquet if isinstance(card, PlayingCard)]
    assert len(piquet) == len(plain) == 32
    assert {card.rank.text for card in plain} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert len(make_deck(suits=MAX_SUITS, ranks=30, jokers=4)) == MAX_SUITS * 30 + 4
    three = make_deck(suits=[Suit.HEARTS], ranks=[ACE, KING], jokers=3)
    assert [card.text for card in three] == ["AH", "KH", "BJ", "RJ", "BJ"]
    assert make_deck(ranks=ACE_LOW, suits=4) == standard_52()


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        ({"suits": 0}, "a deck has 1 to 99 suits, not 0"),
        ({"suits": 100}, "a deck has 1 to 99 suits, not 100"),
        ({"suits": []}, "a deck needs at least one suit"),
        ({"ranks": []}, "a deck needs at least one rank"),
        ({"ranks": [ACE, ACE]}, "each suit and each rank once"),
        ({"jokers": -1}, "a deck cannot have -1 jokers"),
        ({"ranks": 0}, "a deck has 1 to 99 ranks, not 0"),
    ],
)
def test_impossible_decks_are_refused(arguments: dict[str, object], reason: str) -> None:
    with pytest.raises(DeckError, match=reason):
        make_deck(**arguments)  # type: ignore[arg-type]


def test_shuffling_uses_the_given_generator_and_is_repeatable() -> None:
    first, second, other = Deck(standard_54()), Deck(standard_54()), Deck(standard_54())
    first.shuffle(Rng(5))
    second.shuffle(Rng(5))
    other.shuffle(Rng(6))
    assert first.cards == second.cards
    assert first.cards != other.cards
    assert sorted(first.cards, key=str) == sorted(standard_54(), key=str)


def test_dealing_takes_cards_from_the_top() -> None:
    deck = Deck([parse_card(text) for text in ("2C", "3C", "4C", "5C")])
    assert deck.draw() == parse_card("5C")
    assert deck.deal(2) == [parse_card("4C"), parse_card("3C")]
    assert len(deck) == 1
    assert deck.deal(0) == []
    assert list(deck) == [parse_card("2C")]
    assert repr(deck) == "Deck(1 cards)"


def test_dealing_from_an_empty_deck_is_a_typed_error() -> None:
    deck = Deck()
    with pytest.raises(EmptyDeck, match="cannot deal from an empty deck"):
        deck.draw()
    with pytest.raises(EmptyDeck, match="cannot deal from an empty deck"):
        deck.deal_hands(2)
    short = Deck(standard_52()[:3])
    with pytest.raises(EmptyDeck, match="cannot deal 4 cards: the deck holds 3"):
        short.deal(4)
    assert len(short) == 3, "nothing is dealt when the deal is impossible"
    with pytest.raises(EmptyDeck, match="needs 4 cards; the deck holds 3"):
        short.deal_hands(2, each=2)
    with pytest.raises(EmptyDeck, match="needs 4 cards; the deck holds 3"):
        short.deal_hands(2, each=2, dealing="blocks")
    assert len(short) == 3
    with pytest.raises(DeckError, match="cannot deal -1 cards"):
        short.deal(-1)


def test_hands_round_robin_and_in_blocks() -> None:
    deck = Deck(standard_52())
    hands = deck.deal_hands(3, each=2)
    texts = [[card.text for card in hand] for hand in hands]
    assert texts == [["KS", "10S"], ["QS", "9S"], ["JS", "8S"]]
    assert len(deck) == 46
    uneven = Deck(standard_52()[:5]).deal_hands(2)
    assert [len(hand) for hand in uneven] == [3, 2]
    split = Deck(standard_52()[:6])
    assert [[c.text for c in hand] for hand in split.deal_hands(2, dealing="blocks")] == [
        ["6C", "5C", "4C"],
        ["3C", "2C", "AC"],
    ]
    assert len(split) == 0
    with pytest.raises(DeckError, match="5 cards cannot be dealt in equal blocks to 2 players"):
        Deck(standard_52()[:5]).deal_hands(2, dealing="blocks")


def test_dealing_helpers_work_on_any_sequence() -> None:
    assert round_robin([1, 2, 3, 4, 5, 6, 7], 3) == [[1, 4, 7], [2, 5], [3, 6]]
    assert round_robin([1, 2, 3, 4, 5], 2, each=1) == [[1], [2]]
    assert blocks([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]
    assert round_robin([], 3) == [[], [], []]
    with pytest.raises(DeckError, match="at least 1 player, not 0"):
        round_robin([1], 0)
    with pytest.raises(DeckError, match="at least 1 player, not 0"):
        blocks([1], 0)
    with pytest.raises(DeckError, match="cannot be dealt -1 cards"):
        round_robin([1], 1, each=-1)


def test_jokers_are_not_suited() -> None:
    joker = standard_54()[-1]
    assert isinstance(joker, Joker)
    assert joker.pretty == "RJ"
