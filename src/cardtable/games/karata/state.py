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
from typing import Any, Self, cast

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject, JsonValue, as_int, as_list, as_object, as_str
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

    __slots__ = ("hands", "direction", "request", "bomb", "declared", "out", "buried", "recycled")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hands: list[Hand] = []
        self.direction = 1
        """1: play goes up the seats; -1: down (each King turns it)."""
        self.request = ""
        """The active request: a suit letter, a card's key, or empty."""
        self.bomb = 0
        """Cards the player to act must pick unless they counter or block (0: no bomb)."""
        self.declared: list[bool] = [False] * self.seats
        """Who is on last card (declared when finishing their latest turn)."""
        self.out: list[int] = []
        """Seats that left the table, in the order they left."""
        self.buried: list[str] = []
        """The keys of the special cards turned up at the opening and put under the deck, in
        the order turned (public from version 4)."""
        self.recycled: list[str] = []
        """The keys of the cards last shuffled back from the pile into the deck, bottom of the
        pile first (public from version 4; empty until the pile is first shuffled back)."""

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

    # -- copies and JSON -------------------------------------------------------------------

    def copy_public(self, clone: Self) -> None:
        super().copy_public(clone)
        clone.bind_zones()
        clone.direction = self.direction
        clone.request = self.request
        clone.bomb = self.bomb
        clone.declared = self.declared[:]
        clone.out = self.out[:]
        clone.buried = self.buried[:]
        clone.recycled = self.recycled[:]

    def public(self) -> JsonObject:
        declared: list[JsonValue] = list(self.declared)
        out: list[JsonValue] = list(self.out)
        data: JsonObject = {
            "direction": self.direction,
            "request": self.request,
            "bomb": self.bomb,
            "declared": declared,
            "out": out,
        }
        if self.names_cards:  # older versions named neither (their state hashes stay)
            buried: list[JsonValue] = list(self.buried)
            recycled: list[JsonValue] = list(self.recycled)
            data |= {"buried": {"cards": buried}, "recycled": {"cards": recycled}}
        return data

    def load_public(self, data: JsonObject) -> None:
        direction = as_int(data.get("direction"), "karata direction")
        if direction not in (1, -1):
            raise RecordError("karata direction: must be 1 or -1")
        request = as_str(data.get("request"), "karata request")
        if request and request not in SUITS and request not in keys():
            raise RecordError(f"karata request: {request!r} is neither a suit nor a card")
        bomb = as_int(data.get("bomb"), "karata bomb")
        if bomb < 0:
            raise RecordError("karata bomb: cannot be negative")
        if bomb and request:
            raise RecordError("karata: a request and a bomb are never both active")
        declared = as_list(data.get("declared"), "karata declared")
        if len(declared) != self.seats or not all(isinstance(flag, bool) for flag in declared):
            raise RecordError(f"karata declared: expected {self.seats} true or false values")
        out = [as_int(seat, "karata out") for seat in as_list(data.get("out"), "karata out")]
        if any(not 0 <= seat < self.seats for seat in out) or len(set(out)) != len(out):
            raise RecordError("karata out: each must be a seat of this match, once")
        self.direction = direction
        self.request = request
        self.bomb = bomb
        self.declared = [bool(flag) for flag in declared]
        self.out = out
        self.buried = _keys(data.get("buried"), "buried")
        self.recycled = _keys(data.get("recycled"), "recycled")


def _keys(value: object, what: str) -> list[str]:
    """The keys of ``{"cards": [...]}``: distinct keys of Karata's cards, no more than the
    deck holds (``None``, in the public data of version 3 and older: none).

    >>> _keys({"cards": ["2D", "JS"]}, "buried"), _keys(None, "recycled")
    (['2D', 'JS'], [])
    >>> _keys({"cards": ["2D", "2D"]}, "buried")
    Traceback (most recent call last):
    ...
    cardtable.engine.errors.RecordError: karata buried: a card is named twice
    """
    if value is None:
        return []
    cards = as_object(value, f"karata {what}").get("cards")
    found = [as_str(key, f"karata {what}") for key in as_list(cards, f"karata {what} cards")]
    if len(found) > len(keys()):
        raise RecordError(f"karata {what}: more cards than the deck holds")
    unknown = sorted(set(found) - set(keys()))
    if unknown:
        raise RecordError(f"karata {what}: {', '.join(map(repr, unknown))} is not a card")
    if len(set(found)) != len(found):
        raise RecordError(f"karata {what}: a card is named twice")
    return found
