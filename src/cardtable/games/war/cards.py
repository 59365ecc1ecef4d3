"""War's cards: playing cards whose strength is their place in an ace-high order.

A deck of ``suits`` x ``ranks`` cards takes the highest ``ranks`` ranks from two up to the ace
(see :func:`cardtable.cards.ace_high`); strength 1 is the lowest rank, ``ranks`` the ace.
Suits never matter.

>>> deck = war_deck(suits=2, ranks=3)
>>> [(card.key, card.strength) for card in deck]
[('QC', 1), ('KC', 2), ('AC', 3), ('QD', 1), ('KD', 2), ('AD', 3)]
>>> deck[2].name, deck[2].rank
('Ace of Clubs', 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import PlayingCard, PlayingCardDef, ace_high, make_deck


@dataclass(frozen=True, slots=True, kw_only=True)
class WarCard(PlayingCardDef):
    """A War card: a playing card with its ``strength`` (1 = the lowest rank in the deck)."""

    strength: int


def war_deck(suits: int, ranks: int) -> tuple[WarCard, ...]:
    """The deck of a ruleset, suit by suit, each suit from its lowest rank to the ace (made
    once per rule book: a match reads its cards from ``state.rules.cards``)."""
    order = ace_high(ranks)
    cards: list[WarCard] = []
    for card in make_deck(suits=suits, ranks=order):
        assert isinstance(card, PlayingCard)
        cards.append(WarCard(**PlayingCardDef.fields_of(card), strength=order.strength(card.rank)))
    return tuple(cards)
