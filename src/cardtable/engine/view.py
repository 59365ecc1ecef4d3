"""Views: what one seat may know about a state, and nothing more.

``view(state, seat)`` shows every zone the seat may see card by card and every other zone as
a size only, the manifests of the pools the seat knows, and the game's public data. A
spectator (``seat=None``) sees the public zones only. Hidden cards never leave the engine
except through a view; the per-seat event stream applies the same rule.

Views are plain frozen dataclasses whose JSON form (:func:`view_to_json`) is what the wire
protocol, the browser client and research environments carry.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardtable.engine.cards import Card, CardDef, Component
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.outcome import Outcome

if TYPE_CHECKING:
    from cardtable.engine.state import State

P = TypeVar("P")

_STAT_NAMES: dict[type, tuple[str, ...]] = {}


def stat_names(definition: CardDef) -> tuple[str, ...]:
    """The integer fields of a card definition: its printed stats."""
    kind = type(definition)
    names = _STAT_NAMES.get(kind)
    if names is None:
        names = tuple(
            field.name
            for field in fields(definition)
            if type(getattr(definition, field.name)) is int
        )
        _STAT_NAMES[kind] = names
    return names


@dataclass(frozen=True, slots=True)
class CardView:
    """A visible card: what it is and its current stats (printed + components, or live)."""

    id: int
    key: str
    name: str
    owner: int | None
    pool: str | None
    stats: dict[str, int]
    components: tuple[Component, ...] = ()
    live: dict[str, tuple[int, int]] | None = None

    def stat(self, name: str) -> int:
        return self.stats.get(name, 0)


@dataclass(frozen=True, slots=True)
class ZoneView:
    """A zone as one seat sees it: its cards when visible (``cards is None`` when hidden)."""

    name: str
    kind: str
    owner: int | None
    visibility: str
    pool: str | None
    size: int
    cards: tuple[CardView, ...] | None


@dataclass(frozen=True, slots=True)
class View(Generic[P]):
    """Everything ``seat`` may know (``seat is None``: a spectator)."""

    game: str
    seat: int | None
    version: int
    turn: int
    active: int
    to_act: int | None
    outcome: Outcome | None
    next_id: int
    zones: dict[str, ZoneView]
    pools: dict[str, tuple[str, ...]]
    public: P
    made: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For each pool cards were made into during the match: their keys (known to all, even
    when the pool's manifest is not; see :class:`~cardtable.engine.pools.Pool`)."""

    def zone(self, name: str) -> ZoneView:
        return self.zones[name]

    def size(self, zone: str) -> int:
        """How many cards a zone holds (known for every zone, hidden or not)."""
        return self.zones[zone].size

    def manifest(self, pool: str) -> tuple[str, ...] | None:
        """The keys a pool was made of, when this seat knows them (else ``None``)."""
        return self.pools.get(pool)

    def faces(self, zone: str) -> tuple[CardView, ...]:
        """The cards of a zone this seat can see (as :meth:`cards`; a
        :class:`~cardtable.engine.sight.Sight` answers with the cards themselves)."""
        return self.cards(zone)

    def faces_of(self, zones: Sequence[str]) -> list[Sequence[CardView]]:
        """:meth:`faces` of each of ``zones`` (``ValueError`` for a hidden one)."""
        return [self.cards(zone) for zone in zones]

    def sizes(self, zones: Sequence[str]) -> list[int]:
        """How many cards each of ``zones`` holds."""
        return [self.zones[zone].size for zone in zones]

    def looks(self, card: CardView) -> CardView:
        """How one of the cards :meth:`faces` gave looks: a card view is that already."""
        return card

    def plain(self, cards: Sequence[CardView]) -> bool:
        """Whether every one of ``cards`` looks as printed (no components, no tracked stats)."""
        return all(card.live is None and not card.components for card in cards)

    def cards(self, zone: str) -> tuple[CardView, ...]:
        """The cards of a zone this seat can see (``ValueError`` for a hidden zone)."""
        found = self.zones[zone].cards
        if found is None:
            raise ValueError(f"{zone} is hidden from seat {self.seat}")
        return found

    def shown(self, pool: str) -> Counter[str]:
        """The keys of the pool's cards this seat can see now."""
        return Counter(
            card.key
            for zone in self.zones.values()
            if zone.cards is not None
            for card in zone.cards
            if card.pool == pool
        )

    def unseen(self, pool: str) -> Counter[str]:
        """The keys of the pool's cards this seat has not seen (needs the pool's manifest)."""
        return Counter(self.pools[pool]) - self.shown(pool)

    def seen(self, pool: str) -> Counter[str]:
        """The keys of the pool's visible cards that were there from the start (not made;
        a visible card whose key was also made counts as made first)."""
        return self.shown(pool) - Counter(self.made.get(pool, ()))

    def unseen_made(self, pool: str) -> Counter[str]:
        """The cards made into a pool this seat does not know that it cannot see now."""
        return Counter(self.made.get(pool, ())) - self.shown(pool)


def card_view(state: State, card: Card) -> CardView:
    """How a visible card looks now: printed stats, plus components, or tracked values."""
    return state.rules.views.card(state, card)


def make_view(state: State, seat: int | None, to_act: int | None, public: Any) -> View[Any]:
    """Build ``seat``'s view of ``state`` (the game supplies ``to_act`` and its public data).

    Card and zone views seen before come from the rule book's cache
    (:mod:`~cardtable.engine.viewcache`)."""
    zones: dict[str, ZoneView] = {}
    zone_view = state.rules.views.zone
    for name, zone in state.zones.items():
        zones[name] = zone_view(state, zone, zone.visible_to(seat))
    pools: dict[str, tuple[str, ...]] = {}
    made: dict[str, tuple[str, ...]] = {}
    for name, pool in state.pools.items():
        if pool.visible_to(seat):
            pools[name] = pool.manifest
        if pool.made:
            made[name] = pool.made
    return View(
        state.rules.game.name,
        seat,
        state.version,
        state.turn,
        state.active,
        to_act,
        state.outcome,
        len(state.cards),
        zones,
        pools,
        public,
        made,
    )


def card_view_to_json(card: CardView) -> JsonObject:
    data: JsonObject = {
        "id": card.id,
        "key": card.key,
        "name": card.name,
        "owner": card.owner,
        "pool": card.pool,
        "stats": dict(card.stats),
    }
    if card.components:
        data["components"] = [component.to_json() for component in card.components]
    if card.live:
        data["live"] = {name: [base, value] for name, (base, value) in card.live.items()}
    return data


def view_to_json(view: View[Any]) -> JsonObject:
    """The JSON form of a view (stable key order; hashable with :func:`~engine.json.digest`)."""
    zones: dict[str, JsonValue] = {}
    for name, zone in view.zones.items():
        zones[name] = {
            "name": zone.name,
            "kind": zone.kind,
            "owner": zone.owner,
            "visibility": zone.visibility,
            "pool": zone.pool,
            "size": zone.size,
            "cards": None if zone.cards is None else [card_view_to_json(c) for c in zone.cards],
        }
    public: JsonValue = view.public
    data: JsonObject = {
        "game": view.game,
        "seat": view.seat,
        "version": view.version,
        "turn": view.turn,
        "active": view.active,
        "to_act": view.to_act,
        "outcome": None if view.outcome is None else view.outcome.to_json(),
        "next_id": view.next_id,
        "zones": zones,
        "pools": {name: list(manifest) for name, manifest in view.pools.items()},
        "public": public,
    }
    if view.made:
        data["made"] = {name: list(keys) for name, keys in view.made.items()}
    return data


def describe(view: View[Any]) -> str:
    """A compact, stable text form of a view (for golden files, logs and observation strings).

    Hidden zones show their size only; visible cards show ``#id key``.
    """
    who = "spectator" if view.seat is None else f"seat {view.seat}"
    acting = "nobody" if view.to_act is None else f"seat {view.to_act}"
    lines = [f"{who} | turn {view.turn} | version {view.version} | to act: {acting}"]
    if view.outcome is not None:
        placed = view.outcome.placings
        places = f", places {list(placed)}" if placed else ""
        lines.append(
            f"outcome: winners {list(view.outcome.winners)}{places} ({view.outcome.reason})"
        )
    lines.append(f"public: {_compact(view.public)}")
    width = max((len(name) for name in view.zones), default=0)
    for name, zone in view.zones.items():
        if zone.cards is None:
            shown = f"({zone.size} hidden)"
        else:
            shown = " ".join(f"#{card.id}:{card.key}" for card in zone.cards) or "-"
        lines.append(f"{name:<{width}}  {shown}")
    return "\n".join(lines)


def _compact(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
