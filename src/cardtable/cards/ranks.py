"""Ranks, and the orders games put them in.

A rank is a number: 1 is the ace, 2 to 10 the pip cards, 11 the jack, 12 the queen and 13 the
king. Decks of more than thirteen ranks use numbered ranks from 14 up to :data:`MAX_RANK`.
Which rank beats which is not a property of the rank but of the game: a :class:`RankOrder`
lists ranks from the lowest to the highest.

>>> KING.text, KING.title, Rank(14).text, Rank(14).title
('K', 'King', '14', 'Fourteen')
>>> parse_rank("q") == parse_rank("Queen") == QUEEN
True
>>> ACE_HIGH.strength(ACE), ACE_LOW.strength(ACE), ACE_HIGH.beats(TWO, KING)
(13, 1, False)
>>> [rank.text for rank in ace_high(8)]
['7', '8', '9', '10', 'J', 'Q', 'K', 'A']
>>> [rank.text for rank in ace_high(15)][-4:]
['K', '14', '15', 'A']
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardtable.cards.errors import CardTextError, DeckError

MAX_RANK = 99
"""The highest rank number (numbered ranks go from 14 to this)."""

_FACES = {1: ("A", "Ace"), 11: ("J", "Jack"), 12: ("Q", "Queen"), 13: ("K", "King")}
_UNITS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
_TEENS = (
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
    "Fourteen",
    "Fifteen",
    "Sixteen",
    "Seventeen",
    "Eighteen",
    "Nineteen",
)
_TENS = ("", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety")


def _number_word(value: int) -> str:
    if value < 10:
        return _UNITS[value]
    if value < 20:
        return _TEENS[value - 10]
    tens, units = divmod(value, 10)
    return _TENS[tens] + (f"-{_UNITS[units].lower()}" if units else "")


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank by its number (1 = ace ... 13 = king, 14 and up for numbered ranks)."""

    value: int

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise TypeError(f"a rank is a whole number, not {self.value!r}")
        if not 1 <= self.value <= MAX_RANK:
            raise DeckError(f"ranks go from 1 (ace) to {MAX_RANK}, not {self.value}")

    @property
    def text(self) -> str:
        """The short form: ``A``, ``2`` to ``10``, ``J``, ``Q``, ``K``, then ``14`` and up."""
        face = _FACES.get(self.value)
        return face[0] if face else str(self.value)

    @property
    def title(self) -> str:
        """The rank's name: ``Ace``, ``Two`` ... ``King``, ``Fourteen`` ..."""
        face = _FACES.get(self.value)
        return face[1] if face else _number_word(self.value)

    @property
    def standard(self) -> bool:
        """Whether a standard deck has this rank (ace to king)."""
        return self.value <= 13

    def __str__(self) -> str:
        return self.text


ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = (
    Rank(value) for value in range(1, 14)
)
STANDARD_RANKS: tuple[Rank, ...] = tuple(Rank(value) for value in range(1, 14))
"""Ace to king, by number."""


@functools.cache
def _by_text() -> dict[str, Rank]:
    table: dict[str, Rank] = {}
    for value in range(1, MAX_RANK + 1):
        rank = Rank(value)
        table[rank.text.lower()] = rank
        table[rank.title.lower()] = rank
    return table


def parse_rank(text: str) -> Rank:
    """A rank from its short form or name, in any case (``CardTextError`` if none).

    >>> parse_rank("11")
    Traceback (most recent call last):
    ...
    cardtable.cards.errors.CardTextError: '11' is not a rank: write A, 2-10, J, Q, K \
(or 14 to 99), or a name like 'Queen'
    """
    found = _by_text().get(text.strip().lower())
    if found is None:
        raise CardTextError(
            f"{text.strip()!r} is not a rank: write A, 2-10, J, Q, K (or 14 to {MAX_RANK}), "
            "or a name like 'Queen'"
        )
    return found


@dataclass(frozen=True, slots=True)
class RankOrder:
    """Ranks from the lowest to the highest: a game's idea of which card beats which.

    ``strength`` numbers them from 1 (the lowest) up.
    """

    ranks: tuple[Rank, ...]

    def __post_init__(self) -> None:
        if not self.ranks:
            raise DeckError("a rank order needs at least one rank")
        if len(set(self.ranks)) != len(self.ranks):
            raise DeckError("a rank order lists each rank once")

    def strength(self, rank: Rank) -> int:
        """1 for the lowest rank up to ``len(self)`` (``DeckError`` for a rank not listed)."""
        try:
            return self.ranks.index(rank) + 1
        except ValueError:
            raise DeckError(f"{rank.title} is not a rank of this order") from None

    def rank(self, strength: int) -> Rank:
        """The rank with this strength (``DeckError`` outside 1 to ``len(self)``)."""
        if not 1 <= strength <= len(self.ranks):
            raise DeckError(f"strengths go from 1 to {len(self.ranks)}, not {strength}")
        return self.ranks[strength - 1]

    def beats(self, first: Rank, second: Rank) -> bool:
        """Whether ``first`` ranks strictly above ``second``."""
        return self.strength(first) > self.strength(second)

    @property
    def lowest(self) -> Rank:
        return self.ranks[0]

    @property
    def highest(self) -> Rank:
        return self.ranks[-1]

    def __contains__(self, rank: object) -> bool:
        return rank in self.ranks

    def __iter__(self) -> Iterator[Rank]:
        return iter(self.ranks)

    def __len__(self) -> int:
        return len(self.ranks)

    @classmethod
    def of(cls, ranks: Sequence[Rank]) -> RankOrder:
        return cls(tuple(ranks))


ACE_HIGH = RankOrder((*STANDARD_RANKS[1:], ACE))
"""Two is the lowest, then up to the king, and the ace above all."""

ACE_LOW = RankOrder(STANDARD_RANKS)
"""The ace is the lowest, the king the highest."""


@functools.cache
def ace_high(count: int) -> RankOrder:
    """An ace-high order of ``count`` ranks: the highest ``count`` ranks of ``ACE_HIGH``
    (8 gives the 32-card deck's seven to ace). Beyond thirteen ranks, numbered ranks from 14
    come between the king and the ace, which stays the highest."""
    if not 1 <= count <= MAX_RANK:
        raise DeckError(f"a deck has 1 to {MAX_RANK} ranks, not {count}")
    if count <= 13:
        return RankOrder(ACE_HIGH.ranks[13 - count :])
    extra = tuple(Rank(value) for value in range(14, count + 1))
    return RankOrder((*ACE_HIGH.ranks[:-1], *extra, ACE))
