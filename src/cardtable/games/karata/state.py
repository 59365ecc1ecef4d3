"""Karata's state: the deck (hidden), the pile (face up), the turn being built (face up), each
player's hand (seen by its owner), and the public data every player knows: the direction of
play, the active request, the pick pending on the player to act, who has declared last card,
and who has left the table; from version 4 also the cards everybody saw go into the hidden
deck: the special cards turned up and buried at the opening, and the cards last shuffled back
from the pile (a view that forgot them would hide what the table saw, see
:data:`PUBLIC_NAMES_SINCE`).

All 54 cards belong to one pool, ``deck``, whose list is public (everyone knows the deck).
"""

from __future__ import annotations

import functools
from typing import cast

from cardtable.engine.errors import RecordError
from cardtable.engine.public import public_field, shortcut
from cardtable.engine.state import State
from cardtable.engine.zones import Hand, Stack
from cardtable.games.karata.cards import SUITS, keys
from cardtable.games.karata.turns import Table

PUBLIC_NAMES_SINCE = 4
"""The version of Karata's rules whose public data names the cards that everybody saw go into
the hidden deck: ``buried`` (the special cards turned up at the opening) and ``recycled``
(the cards of the pile last shuffled back into the deck)."""

POOL = "deck"
DECK = "deck"
PILE = "pile"
PLAY = "play"


@functools.cache
def hand_names(seats: int) -> tuple[str, ...]:
    return tuple(f"hand:{seat}" for seat in range(seats))


class KarataState(State):
    """A Karata match at one moment."""

    direction: int = public_field(1)
    """1: play goes up the seats; -1: down (each King turns it)."""
    request: str = public_field("")
    """The active request: a suit letter, a card's key, or empty."""
    bomb: int = public_field(0)
    """Cards the player to act must pick unless they counter or block (0: no bomb)."""
    declared: list[bool] = public_field(per_seat=False)
    """Who is on last card (declared when finishing their latest turn)."""
    out: list[int] = public_field(factory=list, seats=True)
    """Seats that left the table, in the order they left."""
    buried: list[str] = public_field(factory=list, since=PUBLIC_NAMES_SINCE, keyed="cards")
    """The keys of the special cards turned up at the opening and put under the deck, in
    the order turned."""
    recycled: list[str] = public_field(factory=list, since=PUBLIC_NAMES_SINCE, keyed="cards")
    """The keys of the cards last shuffled back from the pile into the deck, bottom of the
    pile first (empty until the pile is first shuffled back)."""
    hands: list[Hand] = shortcut()

    def bind_zones(self) -> None:
        self.hands = [cast(Hand, self.zones[name]) for name in hand_names(self.seats)]

    @property
    def deck(self) -> Stack:
        return cast(Stack, self.zones[DECK])

    @property
    def pile(self) -> Stack:
        """The face-up pile; its top is the card the next turn must match."""
        return cast(Stack, self.zones[PILE])

    @property
    def play(self) -> Stack:
        """The cards of the turn being built, in the order played."""
        return cast(Stack, self.zones[PLAY])

    @property
    def top(self) -> str:
        top = self.pile.top
        return "" if top is None else top.key

    def table(self) -> Table:
        """What the player to act starts their turn from."""
        return Table(top=self.top, request=self.request, bomb=self.bomb)

    def staged(self) -> tuple[str, ...]:
        """The keys of the turn being built."""
        return tuple(card.key for card in self.play.cards)

    def hand_keys(self, seat: int) -> tuple[str, ...]:
        return tuple(card.key for card in self.hands[seat].cards)

    @property
    def names_cards(self) -> bool:
        """Whether the public data names ``buried`` and ``recycled`` (from version 4)."""
        return self.rules.game.version >= PUBLIC_NAMES_SINCE

    @property
    def playing(self) -> list[int]:
        """The seats still at the table, in seat order."""
        return [seat for seat in range(self.seats) if seat not in self.out]

    def check_public(self) -> None:
        if self.direction not in (1, -1):
            raise RecordError("karata direction: must be 1 or -1")
        request = self.request
        if request and request not in SUITS and request not in keys():
            raise RecordError(f"karata request: {request!r} is neither a suit nor a card")
        if self.bomb < 0:
            raise RecordError("karata bomb: cannot be negative")
        if self.bomb and request:
            raise RecordError("karata: a request and a bomb are never both active")
        for what, found in (("buried", self.buried), ("recycled", self.recycled)):
            unknown = sorted(set(found) - set(keys()))
            if unknown:
                raise RecordError(f"karata {what}: {', '.join(map(repr, unknown))} is not a card")
            if len(set(found)) != len(found):
                raise RecordError(f"karata {what}: a card is named twice")
