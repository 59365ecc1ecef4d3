"""War's events, each declared once: its JSON, and its line in a match's log (see
:mod:`cardtable.engine.events`). Everybody at the table sees every event whole: the cards
turned face up, and of the cards put face down, piled up or set aside only how many.

>>> from cardtable.engine.wording import Names
>>> names = Names(["Ann", "Bob", "Cy"].__getitem__)
>>> face = WarCardFace(id=7, key="10H", name="Ten of Hearts", strength=9)
>>> turned = Turned(seat=0, round=1, down=3, card=face)
>>> turned.event(None)["card"]
{'id': 7, 'key': '10H', 'name': 'Ten of Hearts', 'strength': 9}
>>> turned.words(names)
'Ann puts down 3 cards and turns up 10♥'
>>> WarBegun(round=2, seats=[0, 2]).words(names)
'Another war! Ann and Cy turn again'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.cards import card_label
from cardtable.engine.events import EventShape, Shape, event
from cardtable.engine.wording import Names


@dataclass(frozen=True, slots=True)
class WarCardFace(Shape):
    """A card turned face up: ``strength`` is what battles compare (1 is the lowest)."""

    id: int
    key: str
    name: str
    strength: int


@event
class Shuffled(EventShape):
    """The deck (``zone``) was shuffled."""

    kind = "shuffle"
    zone: str

    def words(self, names: Names) -> str:
        return "The deck is shuffled"


@event
class Dealt(EventShape):
    """The deck was dealt face down; ``counts`` is how many cards each seat got."""

    kind = "deal"
    dealing: Literal["round-robin", "blocks"]
    counts: list[int]

    def words(self, names: Names) -> str:
        how = "in blocks" if self.dealing == "blocks" else "one card at a time"
        counts = self.counts
        if counts and len(set(counts)) == 1:
            return f"The deck is dealt {how}: {counts[0]} cards each"
        return f"The deck is dealt {how}: {', '.join(map(str, counts))} cards"


@event
class BattleBegun(EventShape):
    """Battle number ``number`` begins between ``seats``."""

    kind = "battle"
    number: int
    seats: list[int]

    def words(self, names: Names) -> str:
        return f"-- battle {self.number} --"


@event
class Turned(EventShape):
    """A player put ``down`` cards face down (in a war) and turned ``card`` face up (``None``:
    no card was left to turn). Round 0 is the battle; later rounds are wars."""

    kind = "turn"
    seat: int
    round: int
    down: int
    card: WarCardFace | None

    def words(self, names: Names) -> str:
        down = self.down
        parts = [f"puts down {down} card{'s' * (down != 1)}"] if down else []
        if self.card is None:
            parts.append("has no card left to turn up")
        else:
            parts.append(f"turns up {card_label(self.card.key, ascii_only=names.ascii_only)}")
        return f"{names.seat(self.seat)} " + " and ".join(parts)


@event
class DroppedOut(EventShape):
    """A contender could not turn a card face up and dropped out of the war."""

    kind = "dropped"
    seat: int
    round: int

    def words(self, names: Names) -> str:
        return f"{names.seat(self.seat)} has no card to turn and drops out of the war"


@event
class WarBegun(EventShape):
    """A tie at the top: ``seats`` fight war round ``round``."""

    kind = "war"
    round: int
    seats: list[int]

    def words(self, names: Names) -> str:
        again = "War" if self.round == 1 else "Another war"
        called = [names.seat(seat) for seat in self.seats]
        together = (
            ", ".join(called[:-1]) + f" and {called[-1]}" if len(called) > 1 else "".join(called)
        )
        return f"{again}! {together} turn again"


@event
class TookTable(EventShape):
    """A player took the ``cards`` on the table: by the highest card, or by lot when no
    contender could turn one."""

    kind = "won"
    seat: int
    cards: int
    by: Literal["rank", "lot"]

    def words(self, names: Names) -> str:
        who = names.seat(self.seat)
        if self.by == "lot":
            return f"Nobody could turn a card: {who} wins the draw and takes {self.cards} cards"
        return f"{who} takes {self.cards} cards"


@event
class TableSetAside(EventShape):
    """Every contender left the match: the cards on the table were set aside."""

    kind = "set_aside"
    cards: int

    def words(self, names: Names) -> str:
        return f"Everyone in the war has left: {self.cards} cards are set aside"


Reason = Literal["no cards", "conceded"]
"""Why a player leaves the match."""


@event
class WentOut(EventShape):
    """A player is out of the match; a conceding player's pile (``set_aside`` cards) is set
    aside."""

    kind = "out"
    seat: int
    reason: Reason
    set_aside: int

    def words(self, names: Names) -> str:
        who = names.seat(self.seat)
        if self.reason == "conceded":
            return f"{who} concedes ({self.set_aside} cards set aside)"
        return f"{who} has no cards left and is out"


WAR_EVENTS: tuple[type[EventShape], ...] = (
    Shuffled,
    Dealt,
    BattleBegun,
    Turned,
    DroppedOut,
    WarBegun,
    TookTable,
    TableSetAside,
    WentOut,
)
"""Every event of War (the game's ``event_types``)."""
