"""Playing cards as the engine's card definitions.

The engine's views show a card's key, name and integer stats; a :class:`PlayingCardDef`
makes the short form its key, the name its name, and the rank number a stat (the suit letter
is carried as data). Games subclass it to add their own stats, such as a strength.

>>> from cardtable.cards import parse_card
>>> definition = PlayingCardDef.of(parse_card("QH"))
>>> definition.key, definition.name, definition.rank, definition.suit
('QH', 'Queen of Hearts', 12, 'H')
>>> definition.card == parse_card("QH")
True
>>> PlayingCardDef.of(parse_card("BJ")).rank
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards.card import AnyCard, PlayingCard, parse_card
from cardtable.engine.cards import CardDef


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayingCardDef(CardDef):
    """A playing card for the engine: ``rank`` is the rank number (1 = ace ... 13 = king;
    0 for a joker) and ``suit`` the suit letter (empty for a joker)."""

    rank: int
    suit: str

    @property
    def card(self) -> AnyCard:
        """The playing card this definition stands for."""
        return parse_card(self.key)

    @staticmethod
    def fields_of(card: AnyCard) -> dict[str, Any]:
        """The fields a definition of ``card`` has (for subclasses with more stats)."""
        if isinstance(card, PlayingCard):
            return {
                "key": card.text,
                "name": card.name,
                "rank": card.rank.value,
                "suit": card.suit.letter,
            }
        return {"key": card.text, "name": card.name, "rank": 0, "suit": ""}

    @staticmethod
    def of(card: AnyCard) -> PlayingCardDef:
        """The definition of ``card``."""
        return PlayingCardDef(**PlayingCardDef.fields_of(card))
