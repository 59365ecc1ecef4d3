"""The JSON shapes of the engine's own events (games declare theirs the same way).

Actions emit plain JSON objects; these dataclasses are the typed contract of those objects.
The games layer turns them into JSON Schema, and the conformance suite validates every
emitted event against them, extra keys included, so the two never drift apart. An optional
field (``None`` by default) may be left out of the JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal


@dataclass(frozen=True, slots=True)
class Shape:
    """Base of every event and public-data shape: unknown keys are validation errors."""

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}


@dataclass(frozen=True, slots=True)
class Hit(Shape):
    """One character hit: ``life`` is what it has left; ``shielded`` when a shield took it."""

    target: str
    amount: int
    life: int
    shielded: bool | None = None


@dataclass(frozen=True, slots=True)
class DamageEvent(Shape):
    """Characters lost life at once; ``life`` in each hit is what is left."""

    type: Literal["damage"]
    reason: str
    source: int | None
    hits: list[Hit]


@dataclass(frozen=True, slots=True)
class HealEvent(Shape):
    type: Literal["heal"]
    target: str
    amount: int
    source: int | None
    life: int


@dataclass(frozen=True, slots=True)
class FizzledEvent(Shape):
    """A queued action could no longer execute when its turn came."""

    type: Literal["fizzled"]
    action: str


@dataclass(frozen=True, slots=True)
class ConcededEvent(Shape):
    type: Literal["conceded"]
    seat: int


@dataclass(frozen=True, slots=True)
class TimedOutEvent(Shape):
    """The seat to act ran out of time; its default ``decision`` (in its text form) follows."""

    type: Literal["timed_out"]
    seat: int
    decision: str


@dataclass(frozen=True, slots=True)
class MoveEvent(Shape):
    """A card moved between zones; ``card`` (its view) only for seats that see either zone."""

    type: Literal["move"]
    card: dict[str, Any] | None
    origin: str | None
    destination: str
    reason: str


@dataclass(frozen=True, slots=True)
class CardCreatedEvent(Shape):
    """A card an effect made (a token) appeared in ``zone``; its face is shown to all."""

    type: Literal["card_created"]
    card: dict[str, Any]
    zone: str
    owner: int | None


@dataclass(frozen=True, slots=True)
class DiedEvent(Shape):
    """A card character fell to 0 life or below and left its board."""

    type: Literal["died"]
    card: int
    origin: str
    destination: str


ENGINE_EVENTS: tuple[type, ...] = (
    DamageEvent,
    HealEvent,
    FizzledEvent,
    ConcededEvent,
    TimedOutEvent,
    MoveEvent,
    DiedEvent,
    CardCreatedEvent,
)
