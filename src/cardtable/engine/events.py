"""The JSON shapes of the engine's own events (games declare theirs the same way).

Actions emit plain JSON objects; these dataclasses are the typed contract of those objects.
The games layer turns them into JSON Schema, and the conformance suite validates every
emitted event against them, extra keys included, so the two never drift apart. An optional
field (``None`` by default) may be left out of the JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

STRICT: dict[str, str] = {"extra": "forbid"}
"""Validation settings every shape shares: unknown keys are errors."""


@dataclass(frozen=True, slots=True)
class Hit:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    target: str
    amount: int
    life: int


@dataclass(frozen=True, slots=True)
class DamageEvent:
    """Characters lost life at once; ``life`` in each hit is what is left."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["damage"]
    reason: str
    source: int | None
    hits: list[Hit]


@dataclass(frozen=True, slots=True)
class HealEvent:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["heal"]
    target: str
    amount: int
    source: int | None
    life: int


@dataclass(frozen=True, slots=True)
class FizzledEvent:
    """A queued action could no longer execute when its turn came."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["fizzled"]
    action: str


@dataclass(frozen=True, slots=True)
class ConcededEvent:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["conceded"]
    seat: int


@dataclass(frozen=True, slots=True)
class MoveEvent:
    """A card moved between zones; ``card`` (its view) only for seats that see either zone."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["move"]
    card: dict[str, Any] | None
    origin: str | None
    destination: str
    reason: str


@dataclass(frozen=True, slots=True)
class DiedEvent:
    """A card character fell to 0 life or below."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["died"]
    card: int


ENGINE_EVENTS: tuple[type, ...] = (
    DamageEvent,
    HealEvent,
    FizzledEvent,
    ConcededEvent,
    MoveEvent,
    DiedEvent,
)
