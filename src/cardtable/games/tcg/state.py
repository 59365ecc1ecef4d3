"""The Kata TCG's state: two heroes (health and mana) and, per seat, a deck, a hand, a
graveyard and, with minions on, a board. The zone names are ``deck:0``, ``hand:0``,
``graveyard:0``, ``board:0`` and so on; the lists ``decks``, ``hands``, ``graveyards`` and
``boards`` reach the same zones by seat (``boards`` is empty without minions)."""

from __future__ import annotations

import functools
from typing import cast

from cardtable.engine.characters import BattleState
from cardtable.engine.public import public_field, shortcut
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

    discounts: list[int] = public_field(per_seat=0)
    """How much cheaper each seat's next drawn card will be."""
    decks: list[Stack] = shortcut()
    hands: list[Hand] = shortcut()
    graveyards: list[Stack] = shortcut()
    boards: list[Board] = shortcut()

    def bind_zones(self) -> None:
        """Point ``decks``, ``hands``, ``graveyards`` and ``boards`` at this state's zones."""
        zones = self.zones
        decks, hands, graveyards, boards = _zone_names(self.seats)
        self.decks = [cast(Stack, zones[name]) for name in decks]
        self.hands = [cast(Hand, zones[name]) for name in hands]
        self.graveyards = [cast(Stack, zones[name]) for name in graveyards]
        self.boards = [cast(Board, zones[name]) for name in boards if name in zones]

    def deck(self, seat: int) -> Stack:
        return self.decks[seat]

    def hand(self, seat: int) -> Hand:
        return self.hands[seat]

    def graveyard(self, seat: int) -> Stack:
        return self.graveyards[seat]
