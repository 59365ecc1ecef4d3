"""States as the contracts compare them: canonical texts, zone censuses and hidden twins.

>>> from cardtable.engine import Match
>>> from cardtable.games import find
>>> war = find("war")
>>> state = Match(war, war.default_ruleset(), 3).state
>>> set(zone_census(state).values())
{1}
>>> twin = shuffle_hidden(state, 0, Rng(1))
>>> view_text(war, twin, 0) == view_text(war, state, 0)
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.engine import Game, Rng, State, canonical, view_to_json


def shuffle_hidden(state: State, seat: int | None, rng: Rng) -> State:
    """A copy of ``state`` whose cards hidden from ``seat`` are permuted within their pools.

    This reads the true state on purpose: it makes a twin that differs from the original only
    in what ``seat`` cannot see, to prove that views and event streams do not depend on it.
    """
    twin = state.copy()
    slots: dict[str, list[tuple[str, int]]] = {}
    for name, zone in twin.zones.items():
        if zone.visible_to(seat) or zone.pool is None:
            continue
        slots.setdefault(zone.pool, []).extend((name, index) for index in range(len(zone.cards)))
    for places in slots.values():
        cards = [twin.zones[name].cards[index] for name, index in places]
        rng.shuffle(cards)
        for (name, index), card in zip(places, cards, strict=True):
            twin.zones[name].cards[index] = card
    return twin


def view_text(game: Game[Any, Any], state: State, seat: int | None) -> str:
    """The canonical JSON text of ``seat``'s view of ``state``."""
    return canonical(view_to_json(game.view(state, seat)))


def state_text(game: Game[Any, Any], state: State) -> str:
    """The canonical JSON text of the whole ``state``."""
    return canonical(game.state_to_json(state))


def zone_census(state: State) -> Counter[int]:
    """How many zones hold each card id (every card must be in exactly one)."""
    census: Counter[int] = Counter()
    for zone in state.zones.values():
        for card in zone.cards:
            census[card.id] += 1
            assert state.cards[card.id] is card, f"{card!r} is not the state's card #{card.id}"
            assert zone.pool is None or card.pool == zone.pool, f"{card!r} strays into {zone}"
    return census
