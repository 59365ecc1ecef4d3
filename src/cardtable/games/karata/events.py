"""The JSON shapes of Karata's events and of its views' public data (see
:mod:`cardtable.engine.events` for how these shapes are used)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.events import Shape


@dataclass(frozen=True, slots=True)
class KarataCardFace(Shape):
    """A card everybody saw (or, in a pick, its picker)."""

    id: int
    key: str
    name: str


@dataclass(frozen=True, slots=True)
class ShuffleEvent(Shape):
    type: Literal["shuffle"]
    zone: str


@dataclass(frozen=True, slots=True)
class DealEvent(Shape):
    """Each player was dealt ``count`` cards."""

    type: Literal["deal"]
    count: int


@dataclass(frozen=True, slots=True)
class TurnUpEvent(Shape):
    """The pile starts on ``card``; the special cards turned up before it (``buried``) went to
    the bottom of the deck."""

    type: Literal["turn_up"]
    card: KarataCardFace
    buried: list[KarataCardFace]


@dataclass(frozen=True, slots=True)
class StarterEvent(Shape):
    type: Literal["starter"]
    seat: int


@dataclass(frozen=True, slots=True)
class PlayEvent(Shape):
    """A player added a card to the turn they are building."""

    type: Literal["play"]
    seat: int
    card: KarataCardFace


@dataclass(frozen=True, slots=True)
class FinishEvent(Shape):
    """A turn took effect: its ``cards`` went onto the pile. ``request`` is the new request
    (empty: none made), ``last`` a last-card declaration, ``bomb`` what the next player must
    pick, ``unanswered`` a closing question, ``again`` another turn for the same player."""

    type: Literal["finish"]
    seat: int
    cards: list[str]
    request: str
    last: bool
    bomb: int
    unanswered: bool
    jumps: int
    kings: int
    again: bool
    won: bool


@dataclass(frozen=True, slots=True)
class PassEvent(Shape):
    """A player played nothing and will pick ``count`` (a bomb's, or one)."""

    type: Literal["pass"]
    seat: int
    count: int
    reason: Literal["pass", "bomb"]


@dataclass(frozen=True, slots=True)
class TakeBackEvent(Shape):
    """The cards of an invalid turn went back to their player's hand."""

    type: Literal["take_back"]
    seat: int
    cards: list[KarataCardFace]


@dataclass(frozen=True, slots=True)
class FinedEvent(Shape):
    """A fine for breaking the rule ``reason``: ``what`` was an invalid turn (which ended it)
    or an invalid last-card declaration; ``bomb`` is a pending bomb picked with it."""

    type: Literal["fined"]
    seat: int
    fine: int
    bomb: int
    what: Literal["turn", "declaration"]
    reason: str


@dataclass(frozen=True, slots=True)
class PickEvent(Shape):
    """A player picked ``count`` cards (``cards``: shown to that player only); ``recycled``
    cards of the pile went back into the deck first."""

    type: Literal["pick"]
    seat: int
    count: int
    reason: Literal["pass", "bomb", "question", "fine"]
    recycled: int
    cards: list[KarataCardFace] | None = None


@dataclass(frozen=True, slots=True)
class NextEvent(Shape):
    """It is ``seat``'s turn (``again``: the same player plays another turn)."""

    type: Literal["next"]
    seat: int
    again: bool


@dataclass(frozen=True, slots=True)
class LeaveEvent(Shape):
    """A player left the table; their ``cards`` went under the deck."""

    type: Literal["leave"]
    seat: int
    cards: int


KARATA_EVENTS: tuple[type, ...] = (
    ShuffleEvent,
    DealEvent,
    TurnUpEvent,
    StarterEvent,
    PlayEvent,
    FinishEvent,
    PassEvent,
    TakeBackEvent,
    FinedEvent,
    PickEvent,
    NextEvent,
    LeaveEvent,
)
