"""The Kata TCG's state: two heroes (health and mana) and, per seat, a deck, a hand and a
graveyard. The zone names are ``deck:0``, ``hand:0``, ``graveyard:0`` and so on; the lists
``decks``, ``hands`` and ``graveyards`` reach the same zones by seat."""

from __future__ import annotations

import functools
from typing import Any, Self, cast

from cardtable.engine.characters import BattleState
from cardtable.engine.zones import Hand, Stack


@functools.cache
def _zone_names(seats: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The names of each seat's deck, hand and graveyard."""
    seat_numbers = range(seats)
    return (
        tuple(f"deck:{seat}" for seat in seat_numbers),
        tuple(f"hand:{seat}" for seat in seat_numbers),
        tuple(f"graveyard:{seat}" for seat in seat_numbers),
    )


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
        zones = self.zones
        decks, hands, graveyards = _zone_names(self.seats)
        self.decks = [cast(Stack, zones[name]) for name in decks]
        self.hands = [cast(Hand, zones[name]) for name in hands]
        self.graveyards = [cast(Stack, zones[name]) for name in graveyards]

    def copy_public(self, clone: Self) -> None:
        super().copy_public(clone)
        clone.bind_zones()

    def deck(self, seat: int) -> Stack:
        return self.decks[seat]

    def hand(self, seat: int) -> Hand:
        return self.hands[seat]

    def graveyard(self, seat: int) -> Stack:
        return self.graveyards[seat]
