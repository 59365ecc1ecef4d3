"""Dealing any sequence of cards among players: round-robin or in blocks.

Both take the cards in the order given (the first is dealt first) and return one list per
player, each in the order its cards were received.

>>> round_robin("abcde", 2)
[['a', 'c', 'e'], ['b', 'd']]
>>> blocks("abcdef", 3)
[['a', 'b'], ['c', 'd'], ['e', 'f']]
>>> blocks("abcde", 2)
Traceback (most recent call last):
...
cardtable.cards.errors.DeckError: 5 cards cannot be dealt in equal blocks to 2 players
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from cardtable.cards.errors import DeckError, EmptyDeck

T = TypeVar("T")


def _check_players(players: int) -> None:
    if players < 1:
        raise DeckError(f"cards are dealt to at least 1 player, not {players}")


def round_robin(cards: Sequence[T], players: int, each: int | None = None) -> list[list[T]]:
    """One card at a time to each player in turn, the first player first.

    With ``each``, every player gets exactly that many (``EmptyDeck`` when there are too
    few cards); without it, every card is dealt and earlier players get the extra cards.
    """
    _check_players(players)
    if each is not None:
        if each < 0:
            raise DeckError(f"a player cannot be dealt {each} cards")
        needed = each * players
        if needed > len(cards):
            raise EmptyDeck(
                f"dealing {each} cards to each of {players} players needs {needed} cards; "
                f"the deck holds {len(cards)}"
            )
        cards = cards[:needed]
    hands: list[list[T]] = [[] for _ in range(players)]
    for index, card in enumerate(cards):
        hands[index % players].append(card)
    return hands


def blocks(cards: Sequence[T], players: int) -> list[list[T]]:
    """Equal blocks: the first player gets the first share, and so on (``DeckError`` when the
    cards do not split evenly)."""
    _check_players(players)
    share, left = divmod(len(cards), players)
    if left:
        raise DeckError(f"{len(cards)} cards cannot be dealt in equal blocks to {players} players")
    return [list(cards[seat * share : (seat + 1) * share]) for seat in range(players)]
