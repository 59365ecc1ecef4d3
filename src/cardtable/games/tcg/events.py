"""The JSON shapes of the Kata TCG's events and of its views' public data (see
:mod:`cardtable.engine.events` for how these shapes are used)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from cardtable.engine.events import STRICT


@dataclass(frozen=True, slots=True)
class CardFace:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    id: int
    key: str
    name: str
    cost: int
    damage: int


@dataclass(frozen=True, slots=True)
class ShuffleEvent:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["shuffle"]
    zone: str


@dataclass(frozen=True, slots=True)
class FirstPlayerEvent:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["first_player"]
    seat: int


@dataclass(frozen=True, slots=True)
class TurnStartedEvent:
    """A turn began and its mana step is done: ``slots`` slots, all full (``mana``)."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["turn_started"]
    seat: int
    slots: int
    mana: int


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """``result``: hand, overload (the card went to the graveyard) or empty (bleeding).
    ``card`` is shown to the drawer, and to everyone on an overload."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["draw"]
    seat: int
    result: Literal["hand", "overload", "empty"]
    card: CardFace | None = None


@dataclass(frozen=True, slots=True)
class PlayEvent:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["play"]
    seat: int
    card: CardFace


@dataclass(frozen=True, slots=True)
class TurnEndedEvent:
    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    type: Literal["turn_ended"]
    seat: int


TCG_EVENTS: tuple[type, ...] = (
    ShuffleEvent,
    FirstPlayerEvent,
    TurnStartedEvent,
    DrawEvent,
    PlayEvent,
    TurnEndedEvent,
)


@dataclass(frozen=True, slots=True)
class HeroData:
    """A hero: ``life`` is [starting, current]; ``mana`` is [slots, available]."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    seat: int
    life: list[int]
    mana: list[int]
    attack: list[int]


@dataclass(frozen=True, slots=True)
class TcgPublic:
    """What everyone sees besides the zones: both heroes."""

    __pydantic_config__: ClassVar[dict[str, str]] = STRICT
    heroes: list[HeroData]
