"""Suits and colours.

The four standard suits come first, in bridge order (clubs, diamonds, hearts, spades). Decks
of more than four suits take extra suits after them: moons, towers, wheels and leaves, so a
deck may have up to :data:`MAX_SUITS` suits. Every suit has a one-letter short form, a name
and a symbol, and each form parses back:

>>> Suit.HEARTS.letter, Suit.HEARTS.title, Suit.HEARTS.symbol, Suit.HEARTS.colour
('H', 'Hearts', '♥', <Colour.RED: 'red'>)
>>> parse_suit("spades") is parse_suit("S") is parse_suit("♠") is Suit.SPADES
True
>>> [suit.letter for suit in suits(6)]
['C', 'D', 'H', 'S', 'M', 'T']
"""

from __future__ import annotations

from enum import Enum

from cardtable.cards.errors import CardTextError, DeckError


class Colour(Enum):
    """The colour of a suit or a joker."""

    BLACK = "black"
    RED = "red"

    @property
    def initial(self) -> str:
        """``B`` or ``R``: the first letter of a joker's short form."""
        return self.value[0].upper()


class Suit(Enum):
    """A suit; its value is its one-letter short form."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    MOONS = "M"
    TOWERS = "T"
    WHEELS = "W"
    LEAVES = "L"

    @property
    def letter(self) -> str:
        """The short form used in card texts (``H`` in ``10H``)."""
        return self.value

    @property
    def title(self) -> str:
        """The suit's name as written in a card's name (``Hearts``)."""
        return self.name.capitalize()

    @property
    def symbol(self) -> str:
        """The suit's symbol (``♥``)."""
        return _SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        return _COLOURS[self]

    @property
    def index(self) -> int:
        """The suit's place in suit order: 0 for clubs up to 7 for leaves."""
        return _ORDER.index(self)

    @property
    def standard(self) -> bool:
        """Whether this is one of the four suits of a standard deck."""
        return self.index < 4


_ORDER: tuple[Suit, ...] = tuple(Suit)
_SYMBOLS = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
    Suit.MOONS: "☾",
    Suit.TOWERS: "♜",
    Suit.WHEELS: "✺",
    Suit.LEAVES: "❦",
}
_COLOURS = {
    Suit.CLUBS: Colour.BLACK,
    Suit.DIAMONDS: Colour.RED,
    Suit.HEARTS: Colour.RED,
    Suit.SPADES: Colour.BLACK,
    Suit.MOONS: Colour.RED,
    Suit.TOWERS: Colour.BLACK,
    Suit.WHEELS: Colour.RED,
    Suit.LEAVES: Colour.BLACK,
}

STANDARD_SUITS: tuple[Suit, ...] = _ORDER[:4]
"""Clubs, diamonds, hearts and spades."""

MAX_SUITS = len(_ORDER)
"""The most suits a deck can have (the four standard suits and four extra ones)."""

_BY_TEXT: dict[str, Suit] = {}
for _suit in _ORDER:
    _BY_TEXT[_suit.letter.lower()] = _suit
    _BY_TEXT[_suit.title.lower()] = _suit
    _BY_TEXT[_suit.symbol] = _suit


def parse_suit(text: str) -> Suit:
    """A suit from its letter, name or symbol, in any case (``CardTextError`` if none)."""
    found = _BY_TEXT.get(text.strip().lower())
    if found is None:
        letters = ", ".join(suit.letter for suit in _ORDER)
        raise CardTextError(f"{text.strip()!r} is not a suit: write one of {letters} or a name")
    return found


def suits(count: int) -> tuple[Suit, ...]:
    """The first ``count`` suits in suit order (``DeckError`` outside 1 to :data:`MAX_SUITS`)."""
    if not 1 <= count <= MAX_SUITS:
        raise DeckError(f"a deck has 1 to {MAX_SUITS} suits, not {count}")
    return _ORDER[:count]
