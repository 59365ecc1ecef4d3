"""Numbering a new match's cards so that their ids carry nothing hidden.

A game creates its cards in an order it knows (a deck list's order), and a card's id is its
place in that order. Where every seat knows what a pool holds (a public manifest: an open deck
list, a standard deck), that tells nobody anything. Where a seat does not (a closed deck list),
a card's id, once seen, would tell where it sat in its owner's list, and so something of the
cards around it. :func:`shuffle_ids` deals the ids of each such pool among its cards in an
order drawn from the match's own seed: the pool keeps the ids it had (which
say whose cards they are, as the cards themselves do), and which card has which is chance.

>>> from cardtable.games import find
>>> game = find("tcg")
>>> rules = game.default_ruleset().changed(open_decklists=False)
>>> state = game.setup(rules, seed=1)
>>> sorted(card.id for card in state.cards if card.pool == "p0") == list(range(20))
True
>>> [card.key for card in state.cards[:5]]  # the list begins d0, d0, d1, d1, d2
['d0', 'd3', 'd5', 'd4', 'd6']
"""

from __future__ import annotations

from cardtable.engine.cards import Card
from cardtable.engine.reactions import Reaction
from cardtable.engine.rng import Rng
from cardtable.engine.state import State

MADE_LIMIT = 10_000
"""How many cards a rule book keeps the numbered copies of before it starts afresh."""


def shuffle_ids(state: State, seed: int) -> None:
    """Deal the ids of each secret pool's cards (a pool whose manifest is not public) among
    them in an order drawn from a generator of ``seed`` (the match's) for this alone, so that
    numbering changes nothing else chance decides; every zone keeps its cards in their
    places, and the cards of public pools (or of none) keep their ids.

    For a new match only, before anything has happened: a card's id is how decisions, events
    and records name it. The card given each new id is made once per rule book (see
    :attr:`RuleBook.numbered <cardtable.engine.rulebook.RuleBook.numbered>`), so the matches of
    one ruleset keep sharing their cards, and the views cached of them.
    """
    secret = {name for name, pool in state.pools.items() if not pool.public}
    if not secret:
        return
    rng = Rng.derive(seed, "card ids")
    cards = state.cards
    groups: dict[str, list[int]] = {}
    for card in cards:
        if card.pool in secret:
            groups.setdefault(card.pool, []).append(card.id)
    made = state.rules.numbered
    if len(made) > MADE_LIMIT:
        made.clear()
    new_ids = list(range(len(cards)))
    """Each card's new id, by its old one."""
    renamed = cards[:]
    for ids in groups.values():
        dealt = ids[:]
        rng.shuffle(dealt)
        for old, new in zip(ids, dealt, strict=True):
            card = cards[old]
            ways = made.get(card)
            if ways is None:
                ways = made[card] = {}
            known = ways.get(new)
            if known is None:
                known = ways[new] = Card(new, card.definition, owner=card.owner, pool=card.pool)
            renamed[new] = known
            new_ids[old] = new
    for zone in state.zones.values():
        if zone.cards:
            zone.cards[:] = [renamed[new_ids[card.id]] for card in zone.cards]
    state.cards = renamed
    if state.live:
        state.live = {new_ids[old]: stats for old, stats in state.live.items()}
    if state.components:
        state.components = {new_ids[old]: parts for old, parts in state.components.items()}
    if state.listeners:  # each card's reactions keep their order; cards go by their new ids
        state.listeners = {
            kind: sorted([(new_ids[card], reaction) for card, reaction in entries], key=_card)
            for kind, entries in state.listeners.items()
        }


def _card(entry: tuple[int, Reaction]) -> int:
    return entry[0]
