"""Card and zone views made before, handed out again.

Views are immutable, and most of what a view shows does not change from one decision to the
next: a card nothing has changed looks as printed, and a zone that holds the same cards (a
hidden zone: as many cards) looks the same. A :class:`ViewCache` remembers those views so
that building a view again costs a look-up per zone.

Each rule book owns one cache (``state.rules.views``): the cards of a ruleset's matches are
shared by every copy of their states, so the matches of one ruleset share their views too,
and nothing is kept in a module. A cache is never copied or pickled with its rule book (a
copy starts empty).

It keeps what was used lately, in two generations: views are made into the young one, and
when that is full it becomes the old one (the previous old one is forgotten); a view found
only in the old one moves back into the young one. So the views of the matches being played
stay, those of matches long over go, and a cache never holds more than twice its limits
(a server keeps the rule books of many rulesets, each with its cache).

>>> from cardtable.engine import Match
>>> from cardtable.games import find
>>> game = find("war")
>>> match = Match(game, game.default_ruleset(), seed=1)
>>> cache = match.state.rules.views
>>> first, again = match.view(0), match.view(0)
>>> all(first.zones[name] is again.zones[name] for name in first.zones)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.cards import Card
from cardtable.engine.view import CardView, ZoneView, stat_names

if TYPE_CHECKING:
    from cardtable.engine.state import State
    from cardtable.engine.zones import Zone

CARD_LIMIT = 10_000
"""How many plain card views a generation of a cache holds."""
ZONE_LIMIT = 4_000
"""How many zone views a generation of a cache holds."""


class ViewCache:
    """The views of plain cards and of zones, by what they show (see the module)."""

    __slots__ = ("_cards", "_old_cards", "_old_zones", "_zones")

    def __init__(self) -> None:
        self._cards: dict[Card, CardView] = {}
        self._zones: dict[tuple[object, ...], ZoneView] = {}
        self._old_cards: dict[Card, CardView] = {}
        self._old_zones: dict[tuple[object, ...], ZoneView] = {}

    def __reduce__(self) -> tuple[type[ViewCache], tuple[()]]:
        """Copies and pickles start empty: a cache is no part of the rule book's meaning."""
        return (ViewCache, ())

    def __len__(self) -> int:
        """How many views the cache holds.

        >>> len(ViewCache())
        0
        """
        return len(self._cards) + len(self._zones) + len(self._old_cards) + len(self._old_zones)

    def card(self, state: State, card: Card) -> CardView:
        """How a visible card looks now: printed stats, plus components, or tracked values."""
        tracked = state.live.get(card.id)
        attached = state.components.get(card.id, ())
        if not attached and not tracked:
            return self._cards.get(card) or self._plain(card)
        definition = card.definition
        names = stat_names(definition)
        changed = {stat for component in attached for stat, _ in component.modifiers}
        stats = {name: state.total(card, name) for name in (*names, *sorted(changed - set(names)))}
        live = None
        if tracked:
            live = {name: (stat.base, stat.value) for name, stat in tracked.items()}
            for name, stat in tracked.items():
                stats[name] = stat.value
        return CardView(
            card.id, definition.key, definition.name, card.owner, card.pool, stats, attached, live
        )

    def _plain(self, card: Card) -> CardView:
        """The view of a card nothing has changed (not in the young generation): from the
        old one, or made; and remembered."""
        plain = self._old_cards.get(card)
        if plain is None:
            definition = card.definition
            stats = {name: getattr(definition, name) for name in stat_names(definition)}
            plain = CardView(card.id, definition.key, definition.name, card.owner, card.pool, stats)
        if len(self._cards) >= CARD_LIMIT:
            self._old_cards, self._cards = self._cards, {}
        self._cards[card] = plain
        return plain

    def zone(self, state: State, zone: Zone, shown: bool) -> ZoneView:
        """``zone`` as a seat sees it: its cards when ``shown``, else its size only."""
        cards = zone.cards
        if shown and (state.live or state.components) and _any_changed(state, cards):
            return self._new_zone(state, zone, shown)
        key: tuple[object, ...] = (
            zone.name,
            zone.kind,
            zone.owner,
            zone.visibility,
            zone.pool,
            shown,
            len(cards),
        )
        if shown:
            key += tuple(cards)
        known = self._zones.get(key)
        if known is None:
            known = self._old_zones.get(key) or self._new_zone(state, zone, shown)
            if len(self._zones) >= ZONE_LIMIT:
                self._old_zones, self._zones = self._zones, {}
            self._zones[key] = known
        return known

    def _new_zone(self, state: State, zone: Zone, shown: bool) -> ZoneView:
        cards = zone.cards
        shows: tuple[CardView, ...] | None = None
        if shown and (state.live or state.components):
            shows = tuple([self.card(state, card) for card in cards])
        elif shown:  # nothing in the match is changed: every card looks as printed
            plain = self._cards.get
            shows = tuple([plain(card) or self._plain(card) for card in cards])
        return ZoneView(
            zone.name, zone.kind, zone.owner, zone.visibility, zone.pool, len(cards), shows
        )


def _any_changed(state: State, cards: list[Card]) -> bool:
    """Whether a component is attached to, or a stat tracked for, any of ``cards``."""
    live, components = state.live, state.components
    return any(card.id in live or card.id in components for card in cards)
