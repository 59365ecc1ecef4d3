"""War's state: per seat a pile (hidden from everyone), the cards it turned face up in the
current battle (public) and the cards it put face down in wars (hidden); the undealt deck and
the cards set aside by players who conceded (both hidden). Every card belongs to the one pool
``deck``, whose list is public: won cards move from pile to pile.

The public data says where the current battle stands: its rounds (round 0 is the battle, each
later round a war), who contends in the current round, who still has to turn, and who is out;
and what everybody saw of the battle just finished (its face-up cards are in a hidden pile now,
but everyone saw them, so a view that forgot them would hide less than the table does).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple, cast

from cardtable.engine.errors import RecordError
from cardtable.engine.public import public_field, shortcut
from cardtable.engine.state import State
from cardtable.engine.zones import Stack

PLACINGS_SINCE = 3
"""The version of War's rules whose matches place every seat: it keeps the battle each seat
went out in and who conceded (see :meth:`WarGame.placings`)."""

POOL = "deck"
DECK = "deck"
ASIDE = "aside"


class Entry(NamedTuple):
    """One player's part in one round: cards put down face down, and 1 if a card was turned
    face up (0: they could not, and dropped out of the war)."""

    seat: int
    down: int
    up: int


@dataclass(frozen=True, slots=True)
class Played:
    """One player's part in one round of a finished battle: cards put face down, and the key
    of the card turned face up (``None``: they could not turn one)."""

    seat: int
    down: int
    card: str | None


@dataclass(frozen=True, slots=True)
class LastBattle:
    """What everybody saw in the battle just finished: its rounds, and who took the table
    (``winner`` is ``None`` when the cards were set aside)."""

    number: int
    rounds: tuple[tuple[Played, ...], ...]
    winner: int | None
    cards: int


@functools.cache
def zone_names(seats: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The names of each seat's pile, face-up and face-down zones."""
    numbers = range(seats)
    return (
        tuple(f"pile:{seat}" for seat in numbers),
        tuple(f"up:{seat}" for seat in numbers),
        tuple(f"down:{seat}" for seat in numbers),
    )


class WarState(State):
    """A War match at one moment."""

    rounds: list[list[Entry]] = public_field(factory=list)
    """The current battle's rounds: round 0 is the battle, later ones are wars."""
    contenders: list[int] = public_field(factory=list, seats=True)
    """Who plays in the current round, in seat order."""
    to_turn: list[int] = public_field(factory=list, seats=True)
    """Who still has to turn in the current round, in seat order (the first decides)."""
    out: list[int] = public_field(factory=list, seats=True)
    """Seats out of the match (no cards left, or conceded), in the order they left."""
    last: LastBattle | None = public_field(None)
    """The battle just finished, as everybody saw it (its cards are hidden in a pile now)."""
    out_at: list[int] = public_field(factory=list, since=PLACINGS_SINCE)
    """The battle each seat of ``out`` left in (players out in the same battle share a
    place)."""
    conceded: list[int] = public_field(factory=list, seats=True, since=PLACINGS_SINCE)
    """The seats of ``out`` that conceded rather than ran out of cards (they are placed
    last)."""
    piles: list[Stack] = shortcut()
    ups: list[Stack] = shortcut()
    downs: list[Stack] = shortcut()

    def bind_zones(self) -> None:
        """Point ``piles``, ``ups`` and ``downs`` at this state's zones."""
        piles, ups, downs = zone_names(self.seats)
        zones = self.zones
        self.piles = [cast(Stack, zones[name]) for name in piles]
        self.ups = [cast(Stack, zones[name]) for name in ups]
        self.downs = [cast(Stack, zones[name]) for name in downs]

    @property
    def deck(self) -> Stack:
        """The undealt cards (empty once the match has begun)."""
        return cast(Stack, self.zones[DECK])

    @property
    def aside(self) -> Stack:
        """Cards set aside by players who conceded."""
        return cast(Stack, self.zones[ASIDE])

    @property
    def playing(self) -> list[int]:
        """The seats still in the match, in seat order."""
        out = self.out
        if not out:  # the usual case, asked at every battle
            return list(range(self.seats))
        return [seat for seat in range(self.seats) if seat not in out]

    def on_table(self) -> int:
        """How many cards lie on the table in the current battle."""
        return sum(len(zone.cards) for zone in self.ups) + sum(len(z.cards) for z in self.downs)

    def check_public(self) -> None:
        seats = range(self.seats)
        if self.out_at and len(self.out_at) != len(self.out):
            raise RecordError("war: out_at does not give a battle for every seat out")
        if not set(self.conceded) <= set(self.out):
            raise RecordError("war: a seat that conceded is not out")
        if not set(self.to_turn) <= set(self.contenders):
            raise RecordError("war: a player to turn is not among the contenders")
        for entry in (entry for entries in self.rounds for entry in entries):
            if entry.seat not in seats or entry.down < 0 or entry.up not in (0, 1):
                raise RecordError("war round entry: down must be 0 or more and up 0 or 1")
        if self.last is not None:
            played = (entry for entries in self.last.rounds for entry in entries)
            if self.last.winner not in (None, *seats) or any(p.seat not in seats for p in played):
                raise RecordError("war last battle: a seat that is not in this match")
