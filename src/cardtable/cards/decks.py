"""Decks: the standard 52 and 54 cards, decks of any number of suits and ranks, and a
:class:`Deck` to shuffle and deal with a match's generator.

>>> len(standard_52()), len(standard_54()), standard_54()[-1].text
(52, 54, 'RJ')
>>> [card.text for card in make_deck(suits=2, ranks=3)]
['QC', 'KC', 'AC', 'QD', 'KD', 'AD']
>>> from cardtable.engine.rng import Rng
>>> deck = Deck(standard_52())
>>> deck.shuffle(Rng(7))
>>> hands = deck.deal_hands(4, each=5)
>>> [len(hand) for hand in hands], len(deck)
([5, 5, 5, 5], 32)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Literal

from cardtable.cards.card import AnyCard, Joker, PlayingCard
from cardtable.cards.dealing import blocks, round_robin
from cardtable.cards.errors import DeckError, EmptyDeck
from cardtable.cards.ranks import ACE_LOW, Rank, RankOrder, ace_high
from cardtable.cards.suits import STANDARD_SUITS, Colour, Suit, suits
from cardtable.engine.rng import Rng

Dealing = Literal["round-robin", "blocks"]


def make_deck(
    *,
    suits: int | Sequence[Suit] = 4,
    ranks: int | Sequence[Rank] | RankOrder = 13,
    jokers: int = 0,
) -> tuple[AnyCard, ...]:
    """Every rank of every suit, suit by suit, then the jokers (black, red, black...).

    ``suits`` is a count (the first suits in suit order) or the suits themselves; ``ranks`` is
    a count (the highest ranks of an ace-high order, see :func:`~cardtable.cards.ranks.ace_high`:
    8 gives seven to ace) or the ranks, in the order each suit lists them.
    """
    chosen_suits = _suits(suits)
    chosen_ranks = ace_high(ranks).ranks if isinstance(ranks, int) else tuple(ranks)
    if not chosen_ranks:
        raise DeckError("a deck needs at least one rank")
    if len(set(chosen_ranks)) != len(chosen_ranks) or len(set(chosen_suits)) != len(chosen_suits):
        raise DeckError("a deck lists each suit and each rank once")
    if jokers < 0:
        raise DeckError(f"a deck cannot have {jokers} jokers")
    cards: list[AnyCard] = [
        PlayingCard(rank, suit) for suit in chosen_suits for rank in chosen_ranks
    ]
    colours = (Colour.BLACK, Colour.RED)
    cards.extend(Joker(colours[index % 2]) for index in range(jokers))
    return tuple(cards)


def _suits(value: int | Sequence[Suit]) -> tuple[Suit, ...]:
    if isinstance(value, int):
        return suits(value)
    chosen = tuple(value)
    if not chosen:
        raise DeckError("a deck needs at least one suit")
    return chosen


@functools.cache
def standard_52() -> tuple[PlayingCard, ...]:
    """The standard deck: ace to king of clubs, diamonds, hearts and spades."""
    return tuple(PlayingCard(rank, suit) for suit in STANDARD_SUITS for rank in ACE_LOW)


@functools.cache
def standard_54() -> tuple[AnyCard, ...]:
    """The standard deck with its two jokers, black then red."""
    return (*standard_52(), Joker(Colour.BLACK), Joker(Colour.RED))


class Deck:
    """A pile of cards to shuffle and deal from. The top is the *end* of :attr:`cards` (as in
    the engine's stacks); cards are dealt from the top."""

    __slots__ = ("cards",)

    def __init__(self, cards: Sequence[AnyCard] = ()) -> None:
        self.cards: list[AnyCard] = list(cards)

    def shuffle(self, rng: Rng) -> None:
        """Shuffle with ``rng`` (the match's generator: never a global one)."""
        rng.shuffle(self.cards)

    def deal(self, count: int = 1) -> list[AnyCard]:
        """Take ``count`` cards from the top, the top card first (``EmptyDeck`` when the deck
        holds fewer; nothing is taken then)."""
        if count < 0:
            raise DeckError(f"cannot deal {count} cards")
        if count > len(self.cards):
            held = len(self.cards)
            raise EmptyDeck(
                "cannot deal from an empty deck"
                if held == 0
                else f"cannot deal {count} cards: the deck holds {held}"
            )
        taken = self.cards[len(self.cards) - count :]
        del self.cards[len(self.cards) - count :]
        taken.reverse()
        return taken

    def draw(self) -> AnyCard:
        """The top card (``EmptyDeck`` when there is none)."""
        return self.deal(1)[0]

    def deal_hands(
        self, players: int, *, each: int | None = None, dealing: Dealing = "round-robin"
    ) -> list[list[AnyCard]]:
        """Deal hands from the top: ``each`` cards per player, or the whole deck.

        Round-robin gives one card at a time to each player in turn (earlier players get the
        extra cards of an uneven deck); blocks give each player their share in one go and
        need a deck that splits evenly. Nothing is dealt when the deal is impossible.
        """
        if dealing == "blocks":
            if each is not None:
                count = each * players
                if count > len(self.cards):
                    raise EmptyDeck(
                        f"dealing {each} cards to each of {players} players needs {count} "
                        f"cards; the deck holds {len(self.cards)}"
                    )
            else:
                count = len(self.cards)
            order = self.cards[len(self.cards) - count :][::-1]
            hands = blocks(order, players)
        else:
            order = self.cards[::-1]
            hands = round_robin(order, players, each)
            count = sum(len(hand) for hand in hands)
        if count == 0 and each is None:
            raise EmptyDeck("cannot deal from an empty deck")
        del self.cards[len(self.cards) - count :]
        return hands

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[AnyCard]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Deck({len(self.cards)} cards)"
