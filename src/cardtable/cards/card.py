"""Playing cards and jokers, with text forms that round-trip.

A card has a short form (``AS``, ``10H``, ``BJ``; ``A#9`` in a numbered suit), a name (``Ace
of Spades``, ``Black Joker``, ``Ace of Suit 9``) and a pretty form with its suit's symbol
(``A♠``); :func:`parse_card` reads all three back, in any case and with any spacing:

>>> card = parse_card("10h")
>>> card.text, card.name, card.pretty, card.colour
('10H', 'Ten of Hearts', '10♥', <Colour.RED: 'red'>)
>>> parse_card(card.name) == parse_card(card.pretty) == card
True
>>> parse_card("RJ"), parse_card("black joker").text
(Joker(colour=<Colour.RED: 'red'>), 'BJ')
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TypeAlias

from cardtable.cards.errors import CardTextError
from cardtable.cards.ranks import Rank, parse_rank
from cardtable.cards.suits import Colour, Suit, parse_suit


@dataclass(frozen=True, slots=True)
class PlayingCard:
    """A rank of a suit."""

    rank: Rank
    suit: Suit

    @property
    def text(self) -> str:
        """The short form: rank then suit letter (``10H``)."""
        return f"{self.rank.text}{self.suit.letter}"

    @property
    def name(self) -> str:
        """``Ten of Hearts``."""
        return f"{self.rank.title} of {self.suit.title}"

    @property
    def pretty(self) -> str:
        """Rank then suit symbol (``10♥``), for screens that can show symbols."""
        return f"{self.rank.text}{self.suit.symbol}"

    @property
    def colour(self) -> Colour:
        return self.suit.colour

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Joker:
    """A joker: black or red."""

    colour: Colour

    @property
    def text(self) -> str:
        """``BJ`` or ``RJ``."""
        return f"{self.colour.initial}J"

    @property
    def name(self) -> str:
        """``Black Joker`` or ``Red Joker``."""
        return f"{self.colour.value.capitalize()} Joker"

    @property
    def pretty(self) -> str:
        """Jokers have no suit symbol: the same as :attr:`text`."""
        return self.text

    def __str__(self) -> str:
        return self.text


AnyCard: TypeAlias = PlayingCard | Joker
"""A card of a playing-card deck: a suited card or a joker."""

BLACK_JOKER = Joker(Colour.BLACK)
RED_JOKER = Joker(Colour.RED)

_SHORT = re.compile(r"(.+?)\s*(#\s*[0-9]+|\S)")
_NAME = re.compile(r"(.+?)\s+of\s+(.+)")
_JOKERS: dict[str, Joker] = {}
for _joker in (BLACK_JOKER, RED_JOKER):
    _JOKERS[_joker.text.lower()] = _joker
    _JOKERS[_joker.name.lower()] = _joker


def parse_card(text: str) -> AnyCard:
    """A card from its short form, name or pretty form (``CardTextError`` saying why not)."""
    if not isinstance(text, str):
        raise CardTextError(f"a card is written as text, not {type(text).__name__}")
    word = " ".join(text.strip().lower().split())
    joker = _JOKERS.get(word)
    if joker is not None:
        return joker
    found = _NAME.fullmatch(word) or _SHORT.fullmatch(word)
    if found is not None:
        try:
            return PlayingCard(parse_rank(found.group(1)), parse_suit(found.group(2)))
        except CardTextError:
            pass
    raise CardTextError(
        f"{text.strip()!r} is not a playing card: write a rank (A, 2-10, J, Q, K) and a suit "
        "(C, D, H, S), like 'AS' or '10H', a joker ('BJ', 'RJ') or a name like 'Ace of Spades'"
    )


@functools.lru_cache(maxsize=1024)
def card_label(key: str, *, ascii_only: bool = False) -> str:
    """A card's key as a player reads it: ``10♥`` (``10H`` where card symbols cannot be
    shown); a key that is no playing card stays as it is. Remembered: event lines ask for
    the same few labels again and again.

    >>> card_label("10H"), card_label("10H", ascii_only=True), card_label("??")
    ('10♥', '10H', '??')
    """
    try:
        card = parse_card(key)
    except CardTextError:
        return key
    return card.text if ascii_only else card.pretty
