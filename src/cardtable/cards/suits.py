"""Suits and colours.

The four standard suits come first, in bridge order (clubs, diamonds, hearts, spades). Decks
of more than four suits take extra suits after them: moons, towers, wheels and leaves, the
eight named suits. Beyond those, suits are numbered, as ranks beyond the king are: suit 9,
suit 10 and so on, up to :data:`MAX_SUITS`. Every suit has a short form, a name and a symbol,
and each form parses back:

>>> Suit.HEARTS.letter, Suit.HEARTS.title, Suit.HEARTS.symbol, Suit.HEARTS.colour
('H', 'Hearts', '♥', <Colour.RED: 'red'>)
>>> parse_suit("spades") is parse_suit("S") is parse_suit("♠") is Suit.SPADES
True
>>> [suit.letter for suit in suits(6)]
['C', 'D', 'H', 'S', 'M', 'T']

A numbered suit's short form (which is also its symbol) is ``#`` and its number, and its
name is ``Suit`` and its number; in a card's short form it follows the rank (``A#9``):

>>> [suit.letter for suit in suits(10)][-3:], Suit.numbered(12).title
(['L', '#9', '#10'], 'Suit 12')
>>> parse_suit("suit 11") == parse_suit("#11") == Suit.numbered(11)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from cardtable.cards.errors import CardTextError, DeckError


class Colour(Enum):
    """The colour of a suit or a joker."""

    BLACK = "black"
    RED = "red"

    @property
    def initial(self) -> str:
        """``B`` or ``R``: the first letter of a joker's short form."""
        return self.value[0].upper()


_NAMED: tuple[tuple[str, str, str, Colour], ...] = (
    ("C", "Clubs", "♣", Colour.BLACK),
    ("D", "Diamonds", "♦", Colour.RED),
    ("H", "Hearts", "♥", Colour.RED),
    ("S", "Spades", "♠", Colour.BLACK),
    ("M", "Moons", "☾", Colour.RED),
    ("T", "Towers", "♜", Colour.BLACK),
    ("W", "Wheels", "✺", Colour.RED),
    ("L", "Leaves", "❦", Colour.BLACK),
)
"""Letter, name, symbol and colour of each named suit, in suit order."""

MAX_SUITS = 99
"""The most suits a deck can have: the eight named suits, then suits numbered 9 to 99."""


@dataclass(frozen=True, slots=True)
class Suit:
    """A suit by its place in suit order: ``index`` 0 is clubs ... 7 is leaves (the named
    suits, :data:`NAMED_SUITS`), 8 and up are the numbered suits 9, 10... (see
    :meth:`numbered`). Suits compare by that place."""

    index: int

    CLUBS: ClassVar[Suit]
    DIAMONDS: ClassVar[Suit]
    HEARTS: ClassVar[Suit]
    SPADES: ClassVar[Suit]
    MOONS: ClassVar[Suit]
    TOWERS: ClassVar[Suit]
    WHEELS: ClassVar[Suit]
    LEAVES: ClassVar[Suit]

    def __post_init__(self) -> None:
        if isinstance(self.index, bool) or not isinstance(self.index, int):
            raise TypeError(f"a suit's place is a whole number, not {self.index!r}")
        if not 0 <= self.index < MAX_SUITS:
            raise DeckError(f"a deck has 1 to {MAX_SUITS} suits: there is no suit {self.number}")

    @staticmethod
    def numbered(number: int) -> Suit:
        """The suit numbered ``number`` in suit order (1 is clubs, 9 the first numbered one)."""
        return Suit(number - 1)

    @property
    def number(self) -> int:
        """The suit's number in suit order, from 1 (clubs)."""
        return self.index + 1

    @property
    def named(self) -> bool:
        """Whether the suit has a name of its own (one of the first eight)."""
        return self.index < len(_NAMED)

    @property
    def letter(self) -> str:
        """The short form used in card texts (``H`` in ``10H``; ``#9`` in ``10#9``)."""
        return _NAMED[self.index][0] if self.named else f"#{self.number}"

    @property
    def title(self) -> str:
        """The suit's name as written in a card's name (``Hearts``; ``Suit 9``)."""
        return _NAMED[self.index][1] if self.named else f"Suit {self.number}"

    @property
    def symbol(self) -> str:
        """The suit's symbol (``♥``); a numbered suit's is its short form (``#9``)."""
        return _NAMED[self.index][2] if self.named else self.letter

    @property
    def colour(self) -> Colour:
        """Red or black; past the named suits, red and black take turns (suit 9 is red)."""
        if self.named:
            return _NAMED[self.index][3]
        return Colour.RED if self.index % 2 == 0 else Colour.BLACK

    @property
    def standard(self) -> bool:
        """Whether this is one of the four suits of a standard deck."""
        return self.index < 4

    def __repr__(self) -> str:
        return f"Suit.{self.title.upper()}" if self.named else f"Suit.numbered({self.number})"


NAMED_SUITS: tuple[Suit, ...] = tuple(Suit(index) for index in range(len(_NAMED)))
"""Clubs, diamonds, hearts, spades, moons, towers, wheels and leaves."""

(
    Suit.CLUBS,
    Suit.DIAMONDS,
    Suit.HEARTS,
    Suit.SPADES,
    Suit.MOONS,
    Suit.TOWERS,
    Suit.WHEELS,
    Suit.LEAVES,
) = NAMED_SUITS

STANDARD_SUITS: tuple[Suit, ...] = NAMED_SUITS[:4]
"""Clubs, diamonds, hearts and spades."""

_BY_TEXT: dict[str, Suit] = {}
for _suit in NAMED_SUITS:
    _BY_TEXT[_suit.letter.lower()] = _suit
    _BY_TEXT[_suit.title.lower()] = _suit
    _BY_TEXT[_suit.symbol] = _suit

_NUMBERED = re.compile(r"(?:#|suit\s*)\s*([0-9]{1,2})")


def parse_suit(text: str) -> Suit:
    """A suit from its letter, name or symbol, in any case (``CardTextError`` if none). A
    numbered suit is written ``#9`` or ``Suit 9``; a named suit only by its own forms."""
    word = text.strip().lower()
    found = _BY_TEXT.get(word)
    if found is not None:
        return found
    numbered = _NUMBERED.fullmatch(word)
    if numbered is not None and len(_NAMED) < int(numbered.group(1)) <= MAX_SUITS:
        return Suit.numbered(int(numbered.group(1)))
    letters = ", ".join(suit.letter for suit in NAMED_SUITS)
    raise CardTextError(
        f"{text.strip()!r} is not a suit: write one of {letters} or a name, or #9 to "
        f"#{MAX_SUITS} for the numbered suits"
    )


def suits(count: int) -> tuple[Suit, ...]:
    """The first ``count`` suits in suit order (``DeckError`` outside 1 to :data:`MAX_SUITS`)."""
    if not 1 <= count <= MAX_SUITS:
        raise DeckError(f"a deck has 1 to {MAX_SUITS} suits, not {count}")
    if count <= len(NAMED_SUITS):
        return NAMED_SUITS[:count]
    return NAMED_SUITS + tuple(map(Suit, range(len(NAMED_SUITS), count)))
