"""Karata's cards: the 54-card deck, what each face does, and the ways cards match.

Faces are the card's rank text (``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``) or ``X`` for a
joker (both jokers share the face). Non-special faces are 4, 5, 6, 7, 9 and 10; the others are
Aces (requests, blocks), bombs (2, 3, jokers), jumps (J), questions (Q, 8) and kickbacks (K).

>>> face("10H"), face("BJ"), suit("QS"), suit("RJ")
('10', 'X', 'S', '')
>>> special("7H"), special("8D"), ace_value("AS"), ace_value("AH"), bomb("BJ")
(False, True, 2, 1, True)
>>> card_name("QS"), card_name("RJ")
('Queen of Spades', 'Red Joker')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from cardtable.cards import PlayingCardDef, parse_card, standard_54

JOKER = "X"
ACE = "A"
BOMBS = frozenset({"2", "3", JOKER})
JUMP = "J"
QUESTIONS = frozenset({"Q", "8"})
KICKBACK = "K"
PLAIN = frozenset({"4", "5", "6", "7", "9", "10"})
"""The non-special faces: a match starts on one, and a winning turn ends on one."""
SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


@functools.cache
def deck() -> tuple[PlayingCardDef, ...]:
    """The 54 cards: the standard 52 and the black and red jokers."""
    return tuple(PlayingCardDef.of(card) for card in standard_54())


@functools.cache
def keys() -> frozenset[str]:
    return frozenset(card.key for card in deck())


T = TypeVar("T", str, bool, int)
V = TypeVar("V")


class _Table(dict[str, V]):
    """What ``compute`` gives for each of the 54 keys; for any other text, computed (and not
    kept)."""

    __slots__ = ("compute",)
    compute: Callable[[str], V]

    def __init__(self, compute: Callable[[str], V]) -> None:
        known: dict[str, V] = {key: compute(key) for key in keys()}
        super().__init__(known)
        self.compute = compute

    def __missing__(self, key: str) -> V:
        return self.compute(key)


def _tabled(compute: Callable[[str], T]) -> Callable[[str], T]:
    """``compute``, looked up in a table for the 54 keys and computed for any other text.
    A search asks these questions millions of times a second: the lookup is the table's own
    subscript, with no Python call in between (so the function's docstring stays in the
    source only)."""
    return _Table(compute).__getitem__


@_tabled
def face(key: str) -> str:
    """``X`` for a joker, else the rank's text."""
    return JOKER if key in ("BJ", "RJ") else key[:-1]


@_tabled
def suit(key: str) -> str:
    """The suit letter; empty for a joker."""
    return "" if key in ("BJ", "RJ") else key[-1]


@_tabled
def special(key: str) -> bool:
    return face(key) not in PLAIN


@_tabled
def bomb(key: str) -> bool:
    return face(key) in BOMBS


@_tabled
def question(key: str) -> bool:
    return face(key) in QUESTIONS


@_tabled
def ace_value(key: str) -> int:
    """What an Ace is worth for requests and blocks: 2 for the Ace of Spades, 1 for another
    Ace, 0 for any other card."""
    if face(key) != ACE:
        return 0
    return 2 if key == "AS" else 1


@_tabled
def plays_anywhere(key: str) -> bool:
    """Aces and jokers may start a turn on any card."""
    return face(key) in (ACE, JOKER)


@_tabled
def blocks_last_card(key: str) -> bool:
    """Cards that stop a player from declaring last card: Aces, bombs, Jacks, Kings."""
    return face(key) in (ACE, JUMP, KICKBACK) or bomb(key)


@functools.cache
def card_name(key: str) -> str:
    """``Nine of Spades``, ``Black Joker``."""
    return parse_card(key).name


def suit_name(letter: str) -> str:
    return SUIT_NAMES[letter]
