"""Standard playing cards: suits, ranks and their orders, jokers, decks, shuffling and dealing.

Games on the engine (War, and more to come) share this library; it knows no game. Every card
has text forms that round-trip, and all randomness comes from the match's generator.

>>> from cardtable.engine.rng import Rng
>>> deck = Deck(standard_52())
>>> deck.shuffle(Rng(1))
>>> card = deck.draw()
>>> parse_card(card.text) == parse_card(card.name) == card
True
>>> ACE_HIGH.beats(parse_card("AS").rank, parse_card("KH").rank)
True
"""

from cardtable.cards.card import (
    BLACK_JOKER,
    RED_JOKER,
    AnyCard,
    Joker,
    PlayingCard,
    card_label,
    parse_card,
)
from cardtable.cards.dealing import blocks, round_robin
from cardtable.cards.decks import Dealing, Deck, make_deck, standard_52, standard_54
from cardtable.cards.defs import PlayingCardDef
from cardtable.cards.errors import CardTextError, DeckError, EmptyDeck, PlayingCardError
from cardtable.cards.ranks import (
    ACE,
    ACE_HIGH,
    ACE_LOW,
    EIGHT,
    FIVE,
    FOUR,
    JACK,
    KING,
    MAX_RANK,
    NINE,
    QUEEN,
    SEVEN,
    SIX,
    STANDARD_RANKS,
    TEN,
    THREE,
    TWO,
    Rank,
    RankOrder,
    ace_high,
    parse_rank,
)
from cardtable.cards.suits import (
    MAX_SUITS,
    NAMED_SUITS,
    STANDARD_SUITS,
    Colour,
    Suit,
    parse_suit,
    suits,
)

__all__ = [
    "ACE",
    "ACE_HIGH",
    "ACE_LOW",
    "BLACK_JOKER",
    "EIGHT",
    "FIVE",
    "FOUR",
    "JACK",
    "KING",
    "MAX_RANK",
    "MAX_SUITS",
    "NAMED_SUITS",
    "NINE",
    "QUEEN",
    "RED_JOKER",
    "SEVEN",
    "SIX",
    "STANDARD_RANKS",
    "STANDARD_SUITS",
    "TEN",
    "THREE",
    "TWO",
    "AnyCard",
    "CardTextError",
    "Colour",
    "Dealing",
    "Deck",
    "DeckError",
    "EmptyDeck",
    "Joker",
    "PlayingCard",
    "PlayingCardDef",
    "PlayingCardError",
    "Rank",
    "RankOrder",
    "Suit",
    "ace_high",
    "blocks",
    "card_label",
    "make_deck",
    "parse_card",
    "parse_rank",
    "parse_suit",
    "round_robin",
    "standard_52",
    "standard_54",
    "suits",
]
