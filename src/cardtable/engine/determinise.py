"""Determinisation: a full state consistent with one seat's view, built from the view alone.

Search agents cannot see hidden cards, so they sample worlds that could be true: every zone the
seat sees is copied from the view; the cards the seat has not seen are re-dealt, pool by pool,
into the zones it cannot see (each zone keeps its size; a hidden card only ever comes from the
pool it could really come from). The manifest of each pool the seat knows tells which cards are
unseen: the manifest minus the pool's visible cards. For a pool whose manifest the seat does
not know (a closed deck list), the cards made into it during the match are known, and the
rest is drawn by a sampler: the one given, or the game's search hints'
:meth:`~cardtable.engine.facets.SearchHints.sample_unseen`, which draws what the pool could
have started with (for a deck, under the deck-building limits). No hidden state is read: the
function never receives the true state.

Hidden cards get the ids the view does not show, in ascending order as they are dealt (pool by
pool in name order, then zone by zone): ids of hidden cards carry no information, so which id
a hidden card gets does not matter, only that the ids stay those of the real state. The
generator is fresh, seeded from ``rng`` (the agent's own generator).

The unseen cards of a pool are shuffled uniformly, unless a :class:`Dealer` is given: what the
seat has inferred from what it saw (a player who picked rather than play held nothing that
could start a turn) may deal some places some cards more likely than others. The dealer
only orders the unseen cards; which cards are unseen the view alone decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

from cardtable.engine.cards import Card, CardDef
from cardtable.engine.decisions import Decision
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.state import State
from cardtable.engine.stats import Stat
from cardtable.engine.view import View

Sampler = Callable[[View[Any], str, int, Rng], list[str] | None]
"""Draws ``count`` card keys that a pool whose manifest the seat does not know could have
started with, beside the cards the view shows (``None``: it cannot say)."""


class Dealer(Protocol):
    """Orders a pool's unseen cards for the hidden places that take them (see
    :func:`determinise`)."""

    def deal(
        self, pool: str, places: Sequence[tuple[str, int]], keys: list[str], rng: Rng
    ) -> list[str]:
        """The ``keys`` (the pool's unseen cards, in any order) in the order ``places`` take
        them: the first zone's size first, then the next zone's, and so on. The result must
        hold exactly ``keys``; draw any chance from ``rng``."""
        ...


class Beliefs(Dealer, Protocol):
    """What one seat infers about hidden cards from the views it is shown, one decision after
    another, and how it deals worlds accordingly (see
    :meth:`SearchHints.beliefs <cardtable.engine.facets.SearchHints.beliefs>`). It must learn
    from the seat's views and its own decisions only."""

    def observe(self, view: View[Any]) -> None:
        """Learn from ``view``, the seat's view at its next decision."""
        ...

    def chose(self, decision: Decision) -> None:
        """Remember the decision the seat made at the view it observed last."""
        ...


class Inconsistent(Exception):
    """The view cannot be completed (a hidden zone with no pool, too few unseen cards)."""


class Cards:
    """The cards a search has made for its worlds, kept so that the next world reuses them.

    A search determinises a world at every iteration, and most of its cards are the same
    (the same id, definition, owner and pool) from one world to the next. A card never
    changes, and states may share cards (as copies do), so a world takes the card made before
    rather than a new one, and with it what the card keeps (its face in events, made once).
    Give one to :func:`determinise` for the worlds of one rule book; the search that owns it
    drops it when the rules change.

    >>> from cardtable.engine.cards import CardDef
    >>> cards = Cards()
    >>> ace = CardDef(key="ace", name="Ace")
    >>> cards.card(3, ace, owner=0, pool="deck:0") is cards.card(3, ace, owner=0, pool="deck:0")
    True
    >>> cards.card(3, ace, owner=1, pool="deck:1").owner
    1
    """

    __slots__ = ("_made",)

    def __init__(self) -> None:
        self._made: dict[tuple[int, str, int | None, str | None], Card] = {}

    def card(
        self, card_id: int, definition: CardDef, *, owner: int | None, pool: str | None
    ) -> Card:
        """The card of ``card_id`` with ``definition``, ``owner`` and ``pool``: the one made
        before, or a new one, kept."""
        key = (card_id, definition.key, owner, pool)
        found = self._made.get(key)
        if found is None:
            found = self._made[key] = Card(card_id, definition, owner=owner, pool=pool)
        return found


def determinise(
    view: View[Any],
    book: RuleBook,
    rng: Rng,
    *,
    sampler: Sampler | None = None,
    dealer: Dealer | None = None,
    cards: Cards | None = None,
) -> State:
    """A state whose view for ``view.seat`` is exactly ``view``, hidden cards re-dealt
    (uniformly, or as ``dealer`` orders them); its cards taken from ``cards`` when given
    (see :class:`Cards`), else made afresh."""
    game = book.game
    make_card = Card if cards is None else cards.card
    state: State = game.skeleton(book, Rng(rng.next64()))
    state.version = view.version
    state.turn = view.turn
    state.active = view.active
    state.outcome = view.outcome
    state.load_public(view.public, view=True)
    for name, known in state.pools.items():
        made = view.made.get(name, ())
        if name in view.pools:
            state.pools[name] = replace(known, manifest=view.pools[name], made=made)
        else:  # a pool the seat does not know stays unknown to it in the world too
            state.pools[name] = replace(known, public=False, made=made)
    for name in view.pools:
        if name not in state.pools:
            raise Inconsistent(f"the view names a pool {name} this game does not have")
    placed: list[Card | None] = [None] * view.next_id

    hidden_by_pool: dict[str, list[str]] = {}
    for name, shown in view.zones.items():
        zone = state.zones[name]
        if shown.cards is None:
            if shown.size:
                if shown.pool is None:
                    raise Inconsistent(f"hidden zone {name} belongs to no pool")
                hidden_by_pool.setdefault(shown.pool, []).append(name)
            continue
        for seen in shown.cards:
            card = make_card(seen.id, book.card(seen.key), owner=seen.owner, pool=seen.pool)
            if seen.components:
                state.components[card.id] = tuple(seen.components)
            if seen.live:
                state.live[card.id] = {
                    key: Stat(base, value) for key, (base, value) in seen.live.items()
                }
            placed[seen.id] = card
            zone.cards.append(card)

    free_ids = [card_id for card_id, card in enumerate(placed) if card is None]
    next_free = 0
    for pool_name in sorted(hidden_by_pool):
        zone_names = hidden_by_pool[pool_name]
        needed = sum(view.zones[name].size for name in zone_names)
        if pool_name in view.pools:
            keys = list(view.unseen(pool_name).elements())
        else:
            keys = list(view.unseen_made(pool_name).elements())
            if len(keys) < needed:
                missing = needed - len(keys)
                drawn = (
                    sampler(view, pool_name, missing, rng)
                    if sampler is not None
                    else game.search_hints.sample_unseen(book, view, pool_name, missing, rng)
                )
                if drawn is None:
                    raise Inconsistent(
                        f"seat {view.seat} does not know pool {pool_name}'s manifest"
                    )
                keys += drawn
        if len(keys) != needed:
            raise Inconsistent(
                f"pool {pool_name}: {len(keys)} unseen cards for {needed} hidden places"
            )
        if dealer is None:
            rng.shuffle(keys)
        else:
            places = [(name, view.zones[name].size) for name in zone_names]
            dealt = dealer.deal(pool_name, places, keys[:], rng)
            if sorted(dealt) != sorted(keys):
                raise Inconsistent(f"the dealer changed the unseen cards of pool {pool_name}")
            keys = dealt
        pool = state.pools.get(pool_name)
        owner = pool.owner if pool is not None else None
        position = 0
        for name in zone_names:
            zone = state.zones[name]
            for _ in range(view.zones[name].size):
                definition: CardDef = book.card(keys[position])
                position += 1
                card = make_card(free_ids[next_free], definition, owner=owner, pool=pool_name)
                next_free += 1
                placed[card.id] = card
                zone.cards.append(card)

    if next_free != len(free_ids):
        raise Inconsistent(f"{len(free_ids) - next_free} card ids are in no zone of the view")
    state.cards = [card for card in placed if card is not None]
    for name, pool in state.pools.items():
        if name not in view.pools:  # a sampled pool: its manifest is what the world holds
            held = tuple(card.key for card in state.cards if card.pool == name)
            state.pools[name] = replace(pool, manifest=held)
    state.reindex_listeners()
    return state
