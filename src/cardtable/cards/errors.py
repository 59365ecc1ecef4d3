"""The typed errors of the playing-cards library.

>>> from cardtable.cards import parse_card
>>> parse_card("1H")
Traceback (most recent call last):
...
cardtable.cards.errors.CardTextError: '1H' is not a playing card: write a rank (A, 2-10, J, Q, K) \
and a suit (C, D, H, S), like 'AS' or '10H', a joker ('BJ', 'RJ') or a name like 'Ace of Spades'
"""

from __future__ import annotations

from cardtable.engine.errors import CardtableError


class PlayingCardError(CardtableError):
    """Base of the playing-cards library's errors."""


class CardTextError(PlayingCardError):
    """A text is not a playing card, a rank or a suit."""


class DeckError(PlayingCardError):
    """A deck cannot be built or dealt as asked (too many suits, an uneven split...)."""


class EmptyDeck(DeckError):
    """Cards were dealt from a deck that does not hold enough of them."""
