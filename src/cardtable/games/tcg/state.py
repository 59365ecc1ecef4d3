"""The Kata TCG's state: two heroes (health and mana) and, per seat, a deck, a hand, a
graveyard and, with minions on, a board. The zone names are ``deck:0``, ``hand:0``,
``graveyard:0``, ``board:0`` and so on; the lists ``decks``, ``hands``, ``graveyards`` and
``boards`` reach the same zones by seat (``boards`` is empty without minions)."""

from __future__ import annotations

import functools
from typing import Any, Self, cast

from cardtable.engine.characters import BattleState
from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject, as_int, as_list
from cardtable.engine.zones import Board, Hand, Stack


@functools.cache
def _zone_names(seats: int) -> tuple[tuple[str, ...], ...]:
    """The names of each seat's deck, hand, graveyard and board."""
    return tuple(
        tuple(f"{kind}:{seat}" for seat in range(seats))
        for kind in ("deck", "hand", "graveyard", "board")
    )


class TcgState(BattleState):
    """A Kata TCG match at one moment."""

    __slots__ = ("boards", "decks", "discounts", "graveyards", "hands")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.decks: list[Stack] = []
        self.hands: list[Hand] = []
        self.graveyards: list[Stack] = []
        self.boards: list[Board] = []
        self.discounts: list[int] = [0] * self.seats
        """How much cheaper each seat's next drawn card will be."""

    def bind_zones(self) -> None:
        """Point ``decks``, ``hands``, ``graveyards`` and ``boards`` at this state's zones."""
        zones = self.zones
        decks, hands, graveyards, boards = _zone_names(self.seats)
        self.decks = [cast(Stack, zones[name]) for name in decks]
        self.hands = [cast(Hand, zones[name]) for name in hands]
        self.graveyards = [cast(Stack, zones[name]) for name in graveyards]
        self.boards = [cast(Board, zones[name]) for name in boards if name in zones]

    def copy_public(self, clone: Self) -> None:
        super().copy_public(clone)
        clone.discounts = self.discounts[:]
        clone.bind_zones()

    def public(self) -> JsonObject:
        data = super().public()
        data["discounts"] = list(self.discounts)
        return data

    def load_public(self, data: JsonObject) -> None:
        super().load_public(data)
        discounts = as_list(data.get("discounts", [0] * self.seats), "discounts")
        if len(discounts) != self.seats:
            raise RecordError("discounts: expected one number per seat")
        self.discounts = [as_int(amount, "discount") for amount in discounts]

    def deck(self, seat: int) -> Stack:
        return self.decks[seat]

    def hand(self, seat: int) -> Hand:
        return self.hands[seat]

    def graveyard(self, seat: int) -> Stack:
        return self.graveyards[seat]
