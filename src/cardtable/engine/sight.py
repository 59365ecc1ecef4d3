"""Sights: one seat's view, read in place from the live state instead of copied.

A :class:`~cardtable.engine.view.View` copies everything a seat may know at once, which a
server sending it over the network or an agent keeping it needs. A reader that turns a few
zones into numbers after every decision (a research environment) needs much less: a
:class:`Sight` answers the same questions, under the same visibility rules, only when asked.
Zone sizes are public; the cards of a zone come out only when the zone is visible to the seat
(``zone.visible_to(seat)``, the rule views use), as the very zone views a view would hold;
a pool's manifest only when the seat knows it; the game's public data as the game shows it
to the seat (as JSON, or typed through :meth:`Sight.facts`). Nothing hidden can be read
through a sight, because a sight hands out nothing but those views and numbers.

A sight reads the live state: use it before the state changes again (the research
environments make one per state version).

:class:`Seen` names what views and sights both answer, so that a reader written against it
takes either, and a test can check that both give it the same.

>>> from cardtable.engine import Match
>>> from cardtable.games import find
>>> game = find("tcg")
>>> match = Match(game, game.default_ruleset(), seed=1)
>>> sight, view = game.sight(match.state, 0), match.view(0)
>>> sight.size("deck:1") == view.size("deck:1"), sight.cards("hand:0") == view.cards("hand:0")
(True, True)
>>> sight.cards("hand:1")
Traceback (most recent call last):
...
ValueError: hand:1 is hidden from seat 0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.engine.cards import Card
from cardtable.engine.view import CardView, ZoneView
from cardtable.engine.zones import PUBLIC

if TYPE_CHECKING:
    from cardtable.engine.game import Game
    from cardtable.engine.state import State


class Face(Protocol):
    """A visible card as :meth:`Seen.faces` gives it: a card, or a card view."""

    @property
    def id(self) -> int: ...

    @property
    def key(self) -> str: ...

    @property
    def owner(self) -> int | None: ...

    @property
    def pool(self) -> str | None: ...


class Seen(Protocol):
    """What one seat may know, as views and sights both answer it."""

    @property
    def seat(self) -> int | None: ...

    @property
    def turn(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def public(self) -> Any: ...

    def zone(self, name: str) -> ZoneView: ...

    def cards(self, zone: str) -> tuple[CardView, ...]: ...

    def size(self, zone: str) -> int: ...

    def manifest(self, pool: str) -> tuple[str, ...] | None: ...

    def faces(self, zone: str) -> Sequence[Face]: ...

    def faces_of(self, zones: Sequence[str]) -> Sequence[Sequence[Face]]: ...

    def sizes(self, zones: Sequence[str]) -> list[int]: ...

    def looks(self, card: Any) -> CardView: ...

    def plain(self, cards: Sequence[Any]) -> bool: ...


_UNREAD: Any = object()


class Sight:
    """What ``seat`` may know of ``state``, read when asked (see the module)."""

    __slots__ = ("_game", "_public", "_state", "seat")

    def __init__(self, game: Game[Any, Any], state: State, seat: int) -> None:
        self._game = game
        self._state = state
        self.seat = seat
        self._public: Any = _UNREAD

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def to_act(self) -> int | None:
        return self._game.to_act(self._state)

    @property
    def public(self) -> Any:
        """The game's public data as the seat sees it (made once, when first read)."""
        public = self._public
        if public is _UNREAD:
            public = self._public = self._game.public_view(self._state, self.seat)
        return public

    def facts(self) -> Any:
        """The game's public data as the seat sees it, typed (``game.readings.facts``: the
        same facts :attr:`public` gives as JSON, cheaper to read; the JSON itself for a game
        that has no typed form). Read afresh at every call."""
        facts = self._game.readings.facts(self._state, self.seat)
        return self.public if facts is None else facts

    def digest(self) -> Any:
        """The game's digest of what the seat sees (``game.readings.digest``: typed, in one
        read; ``None`` for a game that offers none). Read afresh at every call; views have
        none."""
        return self._game.readings.digest(self._state, self.seat)

    def zone(self, name: str) -> ZoneView:
        """The zone as the seat sees it: the same zone view a view of the state holds."""
        state = self._state
        zone = state.zones[name]
        return state.rules.views.zone(state, zone, zone.visible_to(self.seat))

    def cards(self, zone: str) -> tuple[CardView, ...]:
        """The cards of a zone the seat can see (``ValueError`` for a hidden zone)."""
        found = self.zone(zone).cards
        if found is None:
            raise ValueError(f"{zone} is hidden from seat {self.seat}")
        return found

    def size(self, zone: str) -> int:
        """How many cards a zone holds (known for every zone, hidden or not)."""
        return len(self._state.zones[zone].cards)

    def manifest(self, pool: str) -> tuple[str, ...] | None:
        """The keys a pool was made of, when the seat knows them (else ``None``)."""
        found = self._state.pools.get(pool)
        if found is None or not found.visible_to(self.seat):
            return None
        return found.manifest

    def faces(self, zone: str) -> tuple[Card, ...]:
        """The cards of a zone the seat can see, as they are (``ValueError`` for a hidden
        zone): cards are immutable and show what a card view shows but its current stats,
        which :meth:`looks` adds. Cheaper than :meth:`cards` when most of them are not read."""
        found = self._state.zones[zone]
        if not found.visible_to(self.seat):
            raise ValueError(f"{zone} is hidden from seat {self.seat}")
        return tuple(found.cards)

    def faces_of(self, zones: Sequence[str]) -> list[Sequence[Face]]:
        """:meth:`faces` of each of ``zones``, in one call (``ValueError`` for a hidden one)."""
        found = self._state.zones
        seat = self.seat
        shown: list[Sequence[Face]] = []
        for name in zones:
            zone = found[name]
            if zone.visibility != PUBLIC and not zone.visible_to(seat):
                raise ValueError(f"{name} is hidden from seat {seat}")
            shown.append(tuple(zone.cards))
        return shown

    def sizes(self, zones: Sequence[str]) -> list[int]:
        """How many cards each of ``zones`` holds, in one call."""
        found = self._state.zones
        return [len(found[name].cards) for name in zones]

    def looks(self, card: Card) -> CardView:
        """How one of the cards :meth:`faces` gave looks now (its current stats)."""
        if not isinstance(card, Card):
            raise TypeError(f"a sight shows the cards it gave, not {type(card).__name__}")
        state = self._state
        return state.rules.views.card(state, card)

    def plain(self, cards: Sequence[Card]) -> bool:
        """Whether every one of ``cards`` looks as printed (no components, no tracked stats)."""
        state = self._state
        live, components = state.live, state.components
        if not live and not components:
            return True
        return not any(card.id in live or card.id in components for card in cards)
