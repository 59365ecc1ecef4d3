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
from typing import Any, NamedTuple, Self, cast

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject, JsonValue, as_int, as_list, as_object
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

    def to_json(self) -> JsonObject:
        rounds: list[JsonValue] = [
            [{"seat": p.seat, "down": p.down, "card": p.card} for p in entries]
            for entries in self.rounds
        ]
        return {"number": self.number, "rounds": rounds, "winner": self.winner, "cards": self.cards}

    @classmethod
    def from_json(cls, value: object, seats: int) -> LastBattle:
        data = as_object(value, "war last battle")
        rounds = tuple(
            tuple(_played(item, seats) for item in as_list(entries, "war last battle round"))
            for entries in as_list(data.get("rounds"), "war last battle rounds")
        )
        winner = data.get("winner")
        return cls(
            number=as_int(data.get("number"), "war last battle number"),
            rounds=rounds,
            winner=None if winner is None else _seat(winner, "last battle winner", seats),
            cards=as_int(data.get("cards"), "war last battle cards"),
        )


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

    __slots__ = (
        "piles",
        "ups",
        "downs",
        "rounds",
        "contenders",
        "pending",
        "out",
        "out_at",
        "conceded",
        "last",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.piles: list[Stack] = []
        self.ups: list[Stack] = []
        self.downs: list[Stack] = []
        self.rounds: list[list[Entry]] = []
        """The current battle's rounds: round 0 is the battle, later ones are wars."""
        self.contenders: list[int] = []
        """Who plays in the current round, in seat order."""
        self.pending: list[int] = []
        """Who still has to turn in the current round, in seat order (the first decides)."""
        self.out: list[int] = []
        """Seats out of the match (no cards left, or conceded), in the order they left."""
        self.out_at: list[int] = []
        """The battle each seat of ``out`` left in (from version 3: players out in the same
        battle share a place)."""
        self.conceded: list[int] = []
        """The seats of ``out`` that conceded rather than ran out of cards (from version 3:
        they are placed last)."""
        self.last: LastBattle | None = None
        """The battle just finished, as everybody saw it (its cards are hidden in a pile now)."""

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
        return [seat for seat in range(self.seats) if seat not in out]

    def on_table(self) -> int:
        """How many cards lie on the table in the current battle."""
        return sum(len(zone.cards) for zone in self.ups) + sum(len(z.cards) for z in self.downs)

    # -- copies and JSON -------------------------------------------------------------------

    def copy_public(self, clone: Self) -> None:
        super().copy_public(clone)
        clone.bind_zones()
        clone.rounds = [entries[:] for entries in self.rounds]
        clone.contenders = self.contenders[:]
        clone.pending = self.pending[:]
        clone.out = self.out[:]
        clone.out_at = self.out_at[:]
        clone.conceded = self.conceded[:]
        clone.last = self.last

    def public(self) -> JsonObject:
        rounds: list[JsonValue] = [
            [{"seat": e.seat, "down": e.down, "up": e.up} for e in entries]
            for entries in self.rounds
        ]
        contenders: list[JsonValue] = list(self.contenders)
        pending: list[JsonValue] = list(self.pending)
        out: list[JsonValue] = list(self.out)
        data: JsonObject = {
            "rounds": rounds,
            "contenders": contenders,
            "to_turn": pending,
            "out": out,
            "last": None if self.last is None else self.last.to_json(),
        }
        if self.rules.game.version >= PLACINGS_SINCE:  # older versions kept neither
            out_at: list[JsonValue] = list(self.out_at)
            conceded: list[JsonValue] = list(self.conceded)
            data |= {"out_at": out_at, "conceded": conceded}
        return data

    def load_public(self, data: JsonObject) -> None:
        self.rounds = [
            [_entry(item, self.seats) for item in as_list(entries, "war round")]
            for entries in as_list(data.get("rounds"), "war rounds")
        ]
        self.contenders = _seats(data.get("contenders"), "contenders", self.seats)
        self.pending = _seats(data.get("to_turn"), "to_turn", self.seats)
        self.out = _seats(data.get("out"), "out", self.seats)
        self.out_at = [as_int(at, "war out_at") for at in as_list(data.get("out_at", []), "out_at")]
        self.conceded = _seats(data.get("conceded", []), "conceded", self.seats)
        if self.out_at and len(self.out_at) != len(self.out):
            raise RecordError("war: out_at does not give a battle for every seat out")
        if not set(self.conceded) <= set(self.out):
            raise RecordError("war: a seat that conceded is not out")
        last = data.get("last")
        self.last = None if last is None else LastBattle.from_json(last, self.seats)
        if not set(self.pending) <= set(self.contenders):
            raise RecordError("war: a player to turn is not among the contenders")


def _seat(value: object, what: str, seats: int) -> int:
    seat = as_int(value, what)
    if not 0 <= seat < seats:
        raise RecordError(f"war {what}: {seat} is not a seat of this match")
    return seat


def _seats(value: object, what: str, seats: int) -> list[int]:
    found = [_seat(item, what, seats) for item in as_list(value, f"war {what}")]
    if len(set(found)) != len(found):
        raise RecordError(f"war {what}: a seat is listed twice")
    return found


def _played(value: object, seats: int) -> Played:
    data = as_object(value, "war last battle entry")
    card = data.get("card")
    if card is not None and not isinstance(card, str):
        raise RecordError("war last battle entry: card must be a card's key or null")
    down = as_int(data.get("down"), "war last battle entry down")
    return Played(_seat(data.get("seat"), "last battle seat", seats), down, card)


def _entry(value: object, seats: int) -> Entry:
    data = as_object(value, "war round entry")
    down = as_int(data.get("down"), "war round entry down")
    up = as_int(data.get("up"), "war round entry up")
    if down < 0 or up not in (0, 1):
        raise RecordError("war round entry: down must be 0 or more and up 0 or 1")
    return Entry(_seat(data.get("seat"), "round entry seat", seats), down, up)
