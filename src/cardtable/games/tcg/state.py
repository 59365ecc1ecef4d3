"""The Kata TCG's state: two heroes (health and mana) and, per seat, a deck, a hand and a
graveyard. The zone names are ``deck:0``, ``hand:0``, ``graveyard:0`` and so on; the lists
``decks``, ``hands`` and ``graveyards`` reach the same zones by seat."""

from __future__ import annotations

from typing import Any, Self

from cardtable.engine.characters import BattleState
from cardtable.engine.zones import Hand, Stack


class TcgState(BattleState):
    """A Kata TCG match at one moment."""

    __slots__ = ("decks", "hands", "graveyards")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.decks: list[Stack] = []
        self.hands: list[Hand] = []
        self.graveyards: list[Stack] = []

    def bind_zones(self) -> None:
        """Point ``decks``, ``hands`` and ``graveyards`` at this state's zones."""
        self.decks, self.hands, self.graveyards = [], [], []
        for seat in range(self.seats):
            deck, hand, graveyard = (
                self.zones[f"{kind}:{seat}"] for kind in ("deck", "hand", "graveyard")
            )
            assert isinstance(deck, Stack)
            assert isinstance(hand, Hand)
            assert isinstance(graveyard, Stack)
            self.decks.append(deck)
            self.hands.append(hand)
            self.graveyards.append(graveyard)

    def copy_public(self, clone: Self) -> None:
        super().copy_public(clone)
        clone.bind_zones()

    def deck(self, seat: int) -> Stack:
        return self.decks[seat]

    def hand(self, seat: int) -> Hand:
        return self.hands[seat]

    def graveyard(self, seat: int) -> Stack:
        return self.graveyards[seat]
