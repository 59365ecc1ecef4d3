"""The state of a match: zones, cards, pools, the match's generator and the action queue.

Games subclass :class:`State` to add their public data (heroes, direction of play...). All
hidden information lives in zones; everything else in a state is public, which is what makes
views, redaction and determinisation generic.

A game's public data is declared as annotated fields of its subclass, as a dataclass's are
(see :mod:`~cardtable.engine.public`): the engine makes, copies, writes and loads them.

A state at rest (between decisions) has an empty queue. ``journal`` collects every executed
(or fizzled) action when it is a list; copies made for search leave it ``None``.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Self

from cardtable.engine.actions import Action, Entry
from cardtable.engine.cards import Card, CardDef, Component
from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject
from cardtable.engine.outcome import Outcome
from cardtable.engine.pools import Pool
from cardtable.engine.processor import process
from cardtable.engine.public import UNREAD, copier, dumper, fields_of, loader, shortcuts_of
from cardtable.engine.reactions import Reaction
from cardtable.engine.rng import Rng
from cardtable.engine.stats import Stat
from cardtable.engine.zones import Zone, ZoneFull

if TYPE_CHECKING:
    from cardtable.engine.rulebook import RuleBook


class State:
    """A whole match at one moment. Mutated only by actions (and by loading)."""

    __slots__ = (
        "rules",
        "rng",
        "zones",
        "cards",
        "pools",
        "queue",
        "journal",
        "outcome",
        "version",
        "turn",
        "active",
        "seats",
        "listeners",
        "live",
        "components",
    )
    _public_copier: ClassVar[Callable[[State, State], None] | None] = None
    _public_dumpers: ClassVar[dict[int, Callable[[State], Any]]] = {}
    _public_loader: ClassVar[Callable[[Any, int, int, bool], dict[str, Any]] | None] = None
    """The functions that copy, write (by version of the rules) and read this very class's
    public data, written out as source when first used (see :mod:`~cardtable.engine.public`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read a subclass's annotated fields as its public data (see
        :mod:`~cardtable.engine.public`)."""
        super().__init_subclass__(**kwargs)
        if "__annotations__" in cls.__dict__:
            dataclasses.dataclass(init=False, repr=False, eq=False, match_args=False)(cls)
        cls._public_copier = cls._public_loader = None
        cls._public_dumpers = {}

    def __init__(self, rules: RuleBook, rng: Rng, *, seats: int) -> None:
        self.rules = rules
        self.seats = seats
        self.rng = rng
        self.zones: dict[str, Zone] = {}
        self.cards: list[Card] = []
        self.pools: dict[str, Pool] = {}
        self.queue: deque[Action[Any]] = deque()
        self.journal: list[Entry] | None = None
        self.outcome: Outcome | None = None
        self.version = 0
        self.turn = 0
        self.active = 0
        self.listeners: dict[type, list[tuple[int, Reaction]]] = {}
        self.live: dict[int, dict[str, Stat]] = {}
        self.components: dict[int, tuple[Component, ...]] = {}
        for field in fields_of(type(self)):
            setattr(self, field.name, field.default(seats))
        for name, factory in shortcuts_of(type(self)):
            setattr(self, name, factory())

    def bind_zones(self) -> None:
        """Point a game's :func:`~cardtable.engine.public.shortcut` fields at this state's
        zones (called after every copy and load; a game with shortcuts says how)."""

    def check_public(self) -> None:
        """Raise ``RecordError`` when loaded public data contradicts itself or the zones
        (each value's type, and seats' range, are checked already): a game whose public
        facts depend on each other says how."""

    # -- structure -------------------------------------------------------------------------

    def add_zone(self, zone: Zone) -> Zone:
        if zone.name in self.zones:
            raise ValueError(f"zone {zone.name!r} exists already")
        self.zones[zone.name] = zone
        return zone

    def add_pool(self, pool: Pool) -> None:
        self.pools[pool.name] = pool

    def zone(self, name: str) -> Zone:
        return self.zones[name]

    def create_card(
        self, definition: CardDef, zone: Zone, *, owner: int | None, pool: str | None = None
    ) -> Card:
        """Create a card with the next sequential id and put it on top of ``zone``."""
        card = Card(len(self.cards), definition, owner=owner, pool=pool)
        zone.add(card)
        self.cards.append(card)
        if definition.reactions:
            self._listen(card, definition.reactions)
        return card

    def create_cards(
        self,
        definitions: Iterable[CardDef],
        zone: Zone,
        *,
        owner: int | None,
        pool: str | None = None,
    ) -> None:
        """Create one card per definition, in order, on top of ``zone`` (``ZoneFull``, with
        nothing created, when they do not fit)."""
        definitions = list(definitions)
        if zone.capacity is not None and len(zone.cards) + len(definitions) > zone.capacity:
            raise ZoneFull(
                f"{zone.name} holds at most {zone.capacity} cards; "
                f"{len(zone.cards)} + {len(definitions)} do not fit"
            )
        cards = self.cards
        placed = zone.cards
        for definition in definitions:
            card = Card(len(cards), definition, owner=owner, pool=pool)
            cards.append(card)
            placed.append(card)
            if definition.reactions:
                self._listen(card, definition.reactions)

    def card(self, card_id: int) -> Card:
        return self.cards[card_id]

    def zone_of(self, card: Card) -> Zone:
        """The zone ``card`` lies in (``ValueError`` for a card in no zone)."""
        for zone in self.zones.values():
            if card in zone.cards:
                return zone
        raise ValueError(f"{card!r} is in no zone")

    def move(self, card: Card, destination: Zone) -> None:
        """Move ``card`` from wherever it is to the top of ``destination``."""
        self.zone_of(card).remove(card)
        destination.add(card)

    # -- what changes about a card ---------------------------------------------------------

    def stat(self, card: Card, name: str) -> int:
        """A card's current stat: its tracked value, or its printed value plus what its
        components add."""
        value: int = getattr(card.definition, name, 0)
        if not self.live and not self.components:
            return value
        live = self.live.get(card.id)
        if live is not None and name in live:
            return live[name].value
        components = self.components.get(card.id)
        if components:
            for component in components:
                value += component.modifier(name)
        return value

    def total(self, card: Card, name: str) -> int:
        """A card's printed stat plus what its components add (tracked values aside)."""
        value: int = getattr(card.definition, name, 0)
        components = self.components.get(card.id)
        if components:
            for component in components:
                value += component.modifier(name)
        return value

    def track(self, card: Card, name: str, stat: Stat) -> Stat:
        """Start tracking a stat of ``card`` as it changes (a minion's health); returns it."""
        self.live.setdefault(card.id, {})[name] = stat
        return stat

    def tracked(self, card: Card, name: str) -> Stat | None:
        """The tracked stat ``name`` of ``card``, if it has one (mutate it to change it)."""
        live = self.live.get(card.id)
        return None if live is None else live.get(name)

    def attached(self, card: Card) -> tuple[Component, ...]:
        """The components attached to ``card``, oldest first."""
        return self.components.get(card.id, ())

    # -- reactions of cards ----------------------------------------------------------------

    def _listen(self, card: Card, names: Iterable[str]) -> None:
        for name in names:
            reaction = self.rules.card_reaction(name)
            for action_type in reaction.listens_to:
                self.listeners.setdefault(action_type, []).append((card.id, reaction))

    def attach(self, card: Card, component: Component) -> None:
        """Attach ``component`` to ``card``; its reactions start listening at once."""
        self.components[card.id] = (*self.components.get(card.id, ()), component)
        if component.reactions:
            self.reindex_listeners()

    def detach(self, card: Card, key: str) -> Component:
        """Detach ``card``'s first component with ``key`` (``KeyError`` when there is none)."""
        attached = self.components.get(card.id, ())
        for index, component in enumerate(attached):
            if component.key == key:
                rest = attached[:index] + attached[index + 1 :]
                if rest:
                    self.components[card.id] = rest
                else:
                    del self.components[card.id]
                if component.reactions:
                    self.reindex_listeners()
                return component
        raise KeyError(key)

    def reindex_listeners(self) -> None:
        """Rebuild the index of card reactions (after loading or changing components)."""
        self.listeners = {}
        for card in self.cards:
            names = card.definition.reactions
            for component in self.components.get(card.id, ()):
                names += component.reactions
            if names:
                self._listen(card, names)
        for entries in self.listeners.values():
            entries.sort(key=lambda entry: entry[0])

    # -- the queue -------------------------------------------------------------------------

    def enqueue(self, *actions: Action[Any]) -> None:
        self.queue.extend(actions)

    def run(self, *actions: Action[Any]) -> None:
        """Queue ``actions`` and process the queue until it is empty (or the match ends)."""
        self.queue.extend(actions)
        process(self)

    # -- copies and JSON -------------------------------------------------------------------

    def copy(self) -> Self:
        """An independent copy for search: same cards, zones and generator; no journal.

        Card objects are immutable and shared; zone lists, tracked stats and everything else
        that can change are copied.
        """
        if self.queue:
            raise RuntimeError("cannot copy a state while actions are queued")
        clone = object.__new__(type(self))
        clone.rules = self.rules
        clone.rng = self.rng.copy()
        clone.cards = self.cards[:]
        clone.zones = {name: zone.copy() for name, zone in self.zones.items()}
        clone.live = (
            {
                card: {name: stat.copy() for name, stat in stats.items()}
                for card, stats in self.live.items()
            }
            if self.live
            else {}
        )
        clone.components = dict(self.components) if self.components else {}
        clone.pools = dict(self.pools)
        clone.queue = deque()
        clone.journal = None
        clone.outcome = self.outcome
        clone.version = self.version
        clone.turn = self.turn
        clone.active = self.active
        clone.seats = self.seats
        clone.listeners = (
            {kind: entries[:] for kind, entries in self.listeners.items()} if self.listeners else {}
        )
        self.copy_public(clone)
        return clone

    def copy_public(self, clone: Self) -> None:
        """Copy the declared public data into ``clone``, and bind its shortcuts."""
        (type(self)._public_copier or copier(type(self)))(self, clone)
        clone.bind_zones()

    def public(self) -> JsonObject:
        """The declared public data as JSON (a field of a later version of the rules than
        the match's is left out)."""
        version = self.rules.game.version
        write = self._public_dumpers.get(version) or dumper(type(self), version)
        written: JsonObject = write(self)
        return written

    def load_public(self, data: JsonObject, *, view: bool = False) -> None:
        """Restore the declared public data from :meth:`public`'s JSON (``RecordError``
        naming what is wrong, with nothing changed). ``view``: the data is a view's, which
        may show more than the state keeps (what the ruleset says): that is left aside."""
        version = self.rules.game.version
        try:  # JSON as it is written is read at once; anything else is checked below
            read = type(self)._public_loader or loader(type(self))
            loaded = read(data, self.seats, version, view)
        except UNREAD:
            loaded = self._checked_public(data, view)
        before = {name: getattr(self, name) for name in loaded}
        for name, value in loaded.items():
            setattr(self, name, value)
        try:
            self.check_public()
        except RecordError:
            for name, value in before.items():
                setattr(self, name, value)
            raise

    def _checked_public(self, data: JsonObject, view: bool) -> dict[str, Any]:
        """The declared public data's values read from ``data``, each checked
        (``RecordError`` naming what is wrong)."""
        fields = fields_of(type(self))
        unknown = set(data) - {field.name for field in fields}
        if unknown and not view:
            raise RecordError(f"public data: unknown field {sorted(unknown)[0]!r}")
        version = self.rules.game.version
        loaded: dict[str, Any] = {}
        for field in fields:
            if field.name not in data and field.options.since > version:
                loaded[field.name] = field.default(self.seats)
                continue
            if field.name not in data:
                raise RecordError(f"public data: {field.name} is missing")
            what = f"{self.rules.game.name} {field.name}"
            loaded[field.name] = field.load(data[field.name], what, self.seats)
        return loaded

    def hidden_cards(self, seat: int | None) -> Iterator[Card]:
        """Every card in a zone that ``seat`` cannot see."""
        for zone in self.zones.values():
            if not zone.visible_to(seat):
                yield from zone.cards

    @property
    def next_id(self) -> int:
        return len(self.cards)
