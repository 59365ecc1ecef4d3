"""Closed deck lists: a seat imagines the other's hidden cards from the card pool, under the
deck-building limits, never from the real list (the search players' determinisation)."""

from __future__ import annotations

from collections import Counter

from cardtable.engine import Rng, determinise
from cardtable.engine.state import State
from cardtable.games.tcg import TcgRules, TcgState, load_set
from cardtable.games.tcg.scenario import scenario
from tests.games.tcg.helpers import GAME, act

CLOSED = TcgRules(open_decklists=False)
LEGENDS = load_set("legends")


def hidden_keys(world: State, pool: str) -> Counter[str]:
    """The keys of a pool's cards in zones seat 0 cannot see (seat 1's hand and deck)."""
    return Counter(
        card.key
        for card in world.cards
        if card.pool == pool and world.zone_of(card).name in ("hand:1", "deck:1")
    )


def test_the_other_seats_list_is_not_in_the_view() -> None:
    state = scenario(hands=([1], [2, 3]), decks=([4], [5, 6, 7]), rules=CLOSED)
    view = GAME.view(state, 0)
    assert "p1" not in view.pools
    assert "p0" in view.pools  # a seat always knows its own list


def test_imagined_decks_come_from_the_pool_within_the_limits() -> None:
    # Seat 1 really holds 5 copies of nothing: its hand and deck are all 2s and 3s.
    state = scenario(
        hands=([1], [2, 3]),
        decks=([4], [2, 3, 2, 3, 2]),
        graveyards=([], [8, 8, 8, 8]),  # four 8s seen: the limit is reached
        rules=CLOSED,
    )
    view = GAME.view(state, 0)
    real = hidden_keys(state, "p1")
    worlds = [determinise(view, state.rules, Rng(salt)) for salt in range(8)]
    pool = {card.id for card in CLOSED.cards}
    imagined = [hidden_keys(world, "p1") for world in worlds]
    for world, keys in zip(worlds, imagined, strict=True):
        assert isinstance(world, TcgState)
        assert sum(keys.values()) == sum(real.values())
        assert set(keys) <= pool - {"d8"}  # no fifth 8
        assert max(keys.values()) <= CLOSED.copies_limit
        assert GAME.view(world, 0).zones == view.zones
    assert any(keys != real for keys in imagined)
    assert len({tuple(sorted(keys.items())) for keys in imagined}) > 1


def test_made_cards_hide_among_the_imagined_ones() -> None:
    rules = TcgRules(
        minions=True,
        cards=LEGENDS.cards,
        decks=(LEGENDS.deck, LEGENDS.deck),
        open_decklists=False,
    )
    state = scenario(
        hands=(["gift-of-burden"], ["fireball"]),
        decks=(["drain"], ["rally", "fireball"]),
        slots=(5, 0),
        rules=rules,
    )
    act(state, 0, "play #0")  # seat 1 gets two Burdens, which everyone sees made
    view = GAME.view(state, 0)
    assert view.made == {"p1": ("burden", "burden")}
    for salt in range(4):
        world = determinise(view, state.rules, Rng(salt))
        assert isinstance(world, TcgState)
        keys = hidden_keys(world, "p1")
        assert keys["burden"] == 2
        assert sum(keys.values()) == 5
        assert GAME.view(world, 0).zones == view.zones
