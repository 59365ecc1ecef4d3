"""The JSON shapes of War's events and of its views' public data (see
:mod:`cardtable.engine.events` for how these shapes are used)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.events import Shape


@dataclass(frozen=True, slots=True)
class WarCardFace(Shape):
    """A card turned face up: ``strength`` is what battles compare (1 is the lowest)."""

    id: int
    key: str
    name: str
    strength: int


@dataclass(frozen=True, slots=True)
class ShuffleEvent(Shape):
    type: Literal["shuffle"]
    zone: str


@dataclass(frozen=True, slots=True)
class DealEvent(Shape):
    """The deck was dealt face down; ``counts`` is how many cards each seat got."""

    type: Literal["deal"]
    dealing: Literal["round-robin", "blocks"]
    counts: list[int]


@dataclass(frozen=True, slots=True)
class BattleEvent(Shape):
    """Battle number ``number`` begins between ``seats``."""

    type: Literal["battle"]
    number: int
    seats: list[int]


@dataclass(frozen=True, slots=True)
class TurnEvent(Shape):
    """A player put ``down`` cards face down (in a war) and turned ``card`` face up (``None``:
    no card was left to turn). Round 0 is the battle; later rounds are wars."""

    type: Literal["turn"]
    seat: int
    round: int
    down: int
    card: WarCardFace | None


@dataclass(frozen=True, slots=True)
class DroppedEvent(Shape):
    """A contender could not turn a card face up and dropped out of the war."""

    type: Literal["dropped"]
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class WarEvent(Shape):
    """A tie at the top: ``seats`` fight war round ``round``."""

    type: Literal["war"]
    round: int
    seats: list[int]


@dataclass(frozen=True, slots=True)
class WonEvent(Shape):
    """A player took the ``cards`` on the table: by the highest card, or by lot when no
    contender could turn one."""

    type: Literal["won"]
    seat: int
    cards: int
    by: Literal["rank", "lot"]


@dataclass(frozen=True, slots=True)
class SetAsideEvent(Shape):
    """Every contender left the match: the cards on the table were set aside."""

    type: Literal["set_aside"]
    cards: int


@dataclass(frozen=True, slots=True)
class OutEvent(Shape):
    """A player is out of the match; a conceding player's pile (``set_aside`` cards) is set
    aside."""

    type: Literal["out"]
    seat: int
    reason: Literal["no cards", "conceded"]
    set_aside: int


WAR_EVENTS: tuple[type, ...] = (
    ShuffleEvent,
    DealEvent,
    BattleEvent,
    TurnEvent,
    DroppedEvent,
    WarEvent,
    WonEvent,
    SetAsideEvent,
    OutEvent,
)
