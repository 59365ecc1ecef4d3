"""Numbering a new match's cards so that their ids carry nothing hidden.

A game creates its cards in an order it knows (a deck list's order), and a card's id is its
place in that order. Where every seat knows what each pool holds, that tells nobody anything.
Where a seat does not (a closed deck list), a card's id, once seen, would tell where it sat in
its owner's list, and so something of the cards around it. :func:`shuffle_ids` deals each
pool's ids among its cards in an order drawn from a generator of the match's own seed: each
pool keeps the ids it had (which say whose cards they are, as the cards themselves do), and
which card has which of them is chance.

>>> from cardtable.games import find
>>> game = find("tcg")
>>> state = game.setup(game.default_ruleset(), seed=1)
>>> sorted(card.id for card in state.cards if card.pool == "p0") == list(range(20))
True
"""

from __future__ import annotations

from cardtable.engine.cards import Card
from cardtable.engine.rng import Rng
from cardtable.engine.state import State

MADE_LIMIT = 100_000
"""How many numbered cards a rule book keeps to hand out again before it starts afresh."""


def shuffle_ids(state: State, rng: Rng) -> None:
    """Deal the ids of each pool's cards (cards of no pool count as one pool) among them in
    an order drawn from ``rng``; every zone keeps its cards in their places.

    For a new match only, before anything has happened: a card's id is how decisions, events
    and records name it. A card object is made once per rule book, id and key, so the matches
    of one ruleset keep sharing them (and their cached views).
    """
    groups: dict[str | None, list[int]] = {}
    for card in state.cards:
        groups.setdefault(card.pool, []).append(card.id)
    made = state.rules.numbered
    if len(made) > MADE_LIMIT:
        made.clear()
    by_old = state.cards[:]
    cards = state.cards[:]
    for ids in groups.values():
        dealt = ids[:]
        rng.shuffle(dealt)
        for old, new in zip(ids, dealt, strict=True):
            card = state.cards[old]
            key = (new, card.key, card.owner, card.pool)
            renamed = made.get(key)
            if renamed is None:
                renamed = made[key] = Card(new, card.definition, owner=card.owner, pool=card.pool)
            by_old[old] = cards[new] = renamed
    for zone in state.zones.values():
        zone.cards[:] = [by_old[card.id] for card in zone.cards]
    state.live = {by_old[old].id: stats for old, stats in state.live.items()}
    state.components = {by_old[old].id: parts for old, parts in state.components.items()}
    state.cards = cards
    if state.listeners:
        state.reindex_listeners()
