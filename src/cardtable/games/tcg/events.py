"""The JSON shapes of the Kata TCG's events and of its views' public data (see
:mod:`cardtable.engine.events` for how these shapes are used)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.events import Shape


@dataclass(frozen=True, slots=True)
class CardFace(Shape):
    """What is printed on a card."""

    id: int
    key: str
    name: str
    cost: int
    damage: int
    heal: int
    attack: int
    health: int
    draw: int


@dataclass(frozen=True, slots=True)
class ShuffleEvent(Shape):
    type: Literal["shuffle"]
    zone: str


@dataclass(frozen=True, slots=True)
class FirstPlayerEvent(Shape):
    type: Literal["first_player"]
    seat: int


@dataclass(frozen=True, slots=True)
class TurnStartedEvent(Shape):
    """A turn began and its mana step is done: ``slots`` slots, all full (``mana``)."""

    type: Literal["turn_started"]
    seat: int
    slots: int
    mana: int


@dataclass(frozen=True, slots=True)
class DrawEvent(Shape):
    """``result``: hand, overload (the card went to the graveyard) or empty (bleeding).
    ``card`` is shown to the drawer, and to everyone on an overload."""

    type: Literal["draw"]
    seat: int
    result: Literal["hand", "overload", "empty"]
    card: CardFace | None = None


@dataclass(frozen=True, slots=True)
class PlayEvent(Shape):
    """A card was played: as an attack (on ``target``), to draw, as a heal or as a minion."""

    type: Literal["play"]
    seat: int
    card: CardFace
    mode: Literal["attack", "draw", "heal", "minion", "spell"]
    target: str | None


@dataclass(frozen=True, slots=True)
class AttackEvent(Shape):
    """A minion attacked ``target`` (the blows follow as a damage event)."""

    type: Literal["attack"]
    seat: int
    minion: int
    target: str


@dataclass(frozen=True, slots=True)
class TurnEndedEvent(Shape):
    type: Literal["turn_ended"]
    seat: int


@dataclass(frozen=True, slots=True)
class EnchantEvent(Shape):
    """A minion's (or a card's) stat changed; ``until`` is ``turn_end`` for a passing buff."""

    type: Literal["enchant"]
    card: int
    stat: str
    amount: int
    until: str | None


@dataclass(frozen=True, slots=True)
class RandomTargetEvent(Shape):
    """A random effect of card ``source`` picked its character."""

    type: Literal["random_target"]
    seat: int
    source: int
    target: str


@dataclass(frozen=True, slots=True)
class DiscountEvent(Shape):
    """``seat``'s next drawn card will cost ``amount`` less."""

    type: Literal["discount"]
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DiscountUsedEvent(Shape):
    """A card drawn into ``seat``'s hand took the discount (which card stays hidden)."""

    type: Literal["discount_used"]
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ExpiredEvent(Shape):
    """Changes that lasted until the end of the turn went, from these cards."""

    type: Literal["expired"]
    cards: list[int]


TCG_EVENTS: tuple[type, ...] = (
    ShuffleEvent,
    FirstPlayerEvent,
    TurnStartedEvent,
    DrawEvent,
    PlayEvent,
    AttackEvent,
    TurnEndedEvent,
    EnchantEvent,
    RandomTargetEvent,
    DiscountEvent,
    DiscountUsedEvent,
    ExpiredEvent,
)
