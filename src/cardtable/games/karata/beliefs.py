"""What a seat infers about the others' hands, and how it deals its worlds accordingly.

A player who picks rather than play, holding two cards or more, is taken to hold nothing that
could have started a turn there (the heuristic player always plays when it can with two cards
or more; with one, it may keep a card it cannot win with). Those cards stay in its hand until
played, but the cards it picks later are free of that. So each other player's hand is kept as
*layers*, oldest first: how many cards it picked at one time, and the cards none of them can
be. A pass adds what could have been played to every layer it holds, then a new free layer of
the cards picked; a card played leaves the oldest layer it could come from (the worst case
for every layer at once), and a card none could hold proves the belief wrong: that hand is
free again. A player who ends a turn declaring last card holds none of the cards that forbid
it (Aces, bombs, Jacks, Kings) when the last-card check is on: that is a rule, not a habit, and
it is added to every layer the player holds then (not to what it picks for an unanswered
question, after the declaration). Older layers always forbid at least what newer ones do.

Worlds then deal each hand's layers, most constrained first, a card that fits each (a
uniform one of those left), and the rest uniformly; where too few cards fit, the rest of the
layer is dealt freely (the constraint gives way rather than fail).

>>> from cardtable.engine import Match, Rng
>>> from cardtable.games.karata.decisions import Pass
>>> from cardtable.games.karata.game import GAME
>>> match = Match(GAME, KarataRules(players=3), seed=2)
>>> beliefs = KarataBeliefs(KarataRules(players=3), seat=0)
>>> beliefs.observe(match.view(0))
>>> beliefs.chose(Pass())
>>> for seat in (0, 1, 2):
...     match.decide(seat, "pass")
>>> beliefs.observe(match.view(0))
>>> [(count, len(forbidden)) for count, forbidden in beliefs.layers[1]]
[(4, 21), (1, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.decisions import Decision
from cardtable.engine.rng import Rng
from cardtable.engine.view import View
from cardtable.games.karata.cards import blocks_last_card, keys
from cardtable.games.karata.config import KarataRules
from cardtable.games.karata.history import Event, Passed, between
from cardtable.games.karata.state import hand_names

Layer = tuple[int, frozenset[str]]
"""How many cards of a hand were picked at one time, and the cards none of them can be."""

HELD = 2
"""A pass tells what the player could not play only when it held at least this many."""
BLOCKING = frozenset(key for key in keys() if blocks_last_card(key))
"""The cards a player who declared last card cannot hold (with the last-card check on)."""


class KarataBeliefs:
    """One seat's beliefs about the others' hands during one match (see the module)."""

    def __init__(self, rules: KarataRules, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.layers: dict[int, list[Layer]] = {}
        """Each other player's hand, as layers, oldest first."""
        self._view: View[Any] | None = None
        self._decision: Decision | None = None
        self._plan: list[tuple[str, int, frozenset[str]]] = []

    # -- learning ------------------------------------------------------------------------

    def observe(self, view: View[Any]) -> None:
        before, decision = self._view, self._decision
        self._view, self._decision = view, None
        events = (
            None
            if before is None or decision is None
            else between(before, decision, view, self.rules)
        )
        if events is None:
            self.layers = {}
        else:
            declared = view.public["declared"] if self.rules.last_card_check else ()
            last = {event.seat: index for index, event in enumerate(events)}
            for index, event in enumerate(events):
                seat = event.seat
                self._learn(event, last[seat] == index and seat < len(declared) and declared[seat])
        self._check(view)
        self._plan = sorted(
            (
                (f"hand:{seat}", count, forbidden)
                for seat, layers in sorted(self.layers.items())
                for count, forbidden in layers
                if forbidden and count
            ),
            key=lambda place: -len(place[2]),
        )

    def chose(self, decision: Decision) -> None:
        self._decision = decision

    def _learn(self, event: Event, declared: bool) -> None:
        """Learn from one turn of another player; ``declared`` when it ended declaring last
        card."""
        layers = self.layers.get(event.seat)
        if layers is None:
            return  # a hand it knows nothing of yet: _check makes it free
        if isinstance(event, Passed):
            if event.held >= HELD:
                layers[:] = [(count, forbidden | event.forbidden) for count, forbidden in layers]
            layers.append((event.picked, frozenset()))
        else:
            for card in event.cards:
                if not _take(layers, card):
                    del self.layers[event.seat]  # wrong about it: its hand is free again
                    return
            if declared:
                layers[:] = [(count, forbidden | BLOCKING) for count, forbidden in layers]
            if event.picked:
                layers.append((event.picked, frozenset()))
        _merge(layers)

    def _check(self, view: View[Any]) -> None:
        """Every other hand's layers add up to its size (a hand it cannot account for is
        free)."""
        seats = len(view.public["declared"])
        for seat, name in enumerate(hand_names(seats)):
            if seat == self.seat:
                continue
            size = view.size(name)
            layers = self.layers.get(seat)
            if layers is None or sum(count for count, _ in layers) != size:
                self.layers[seat] = [(size, frozenset())] if size else []

    # -- dealing -------------------------------------------------------------------------

    def deal(
        self, pool: str, places: Sequence[tuple[str, int]], keys: list[str], rng: Rng
    ) -> list[str]:
        """The unseen ``keys`` in the order ``places`` take them (see the module).

        >>> beliefs = KarataBeliefs(KarataRules(players=3), seat=0)
        >>> beliefs.layers = {1: [(2, frozenset({"7H", "7S", "9H"}))], 2: []}
        >>> beliefs._plan = [("hand:1", 2, frozenset({"7H", "7S", "9H"}))]
        >>> beliefs.deal("deck", [("deck", 1), ("hand:1", 2)], ["7H", "9H", "5C"], Rng(1))
        ['9H', '5C', '7H']
        """
        rng.shuffle(keys)
        if not self._plan:
            return keys
        sizes = dict(places)
        dealt: dict[str, list[str]] = {name: [] for name in sizes}
        taken = [False] * len(keys)
        for name, count, forbidden in self._plan:
            room = sizes.get(name, 0) - len(dealt[name]) if name in dealt else 0
            wanted = min(count, room)
            for index, key in enumerate(keys):
                if wanted <= 0:
                    break
                if not taken[index] and key not in forbidden:
                    taken[index] = True
                    dealt[name].append(key)
                    wanted -= 1
        rest = (key for index, key in enumerate(keys) if not taken[index])
        order: list[str] = []
        for name, size in places:
            hand = dealt[name]
            while len(hand) < size:
                hand.append(next(rest))
            order += hand
        return order


def _take(layers: list[Layer], card: str) -> bool:
    """Take ``card`` out of the oldest layer that may hold it; ``False`` when none may."""
    for index, (count, forbidden) in enumerate(layers):
        if count and card not in forbidden:
            layers[index] = (count - 1, forbidden)
            return True
    return False


def _merge(layers: list[Layer]) -> None:
    """Drop empty layers and join neighbours that forbid the same cards."""
    merged: list[Layer] = []
    for count, forbidden in layers:
        if not count:
            continue
        if merged and merged[-1][1] == forbidden:
            merged[-1] = (merged[-1][0] + count, forbidden)
        else:
            merged.append((count, forbidden))
    layers[:] = merged
