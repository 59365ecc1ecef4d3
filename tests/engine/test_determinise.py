"""Determinisation: full states consistent with one seat's view, hidden cards re-dealt."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.engine import (
    Cards,
    Component,
    Inconsistent,
    Match,
    Pool,
    Rng,
    Stat,
    State,
    View,
    determinise,
    view_to_json,
)
from cardtable.games.tcg import TcgGame, TcgRules, TcgState

GAME = TcgGame()


def comparable(view: View[Any]) -> dict[str, Any]:
    return view_to_json(view)


def tcg(world: State) -> TcgState:
    """A world determinised from a view of the TCG is a TCG state."""
    assert isinstance(world, TcgState)
    return world


@pytest.mark.parametrize("seat", [0, 1, None])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_world_looks_exactly_like_the_view(seed: int, seat: int | None) -> None:
    match = Match(GAME, TcgRules(), seed=seed)
    for _ in range(5):  # a few turns in, with cards in graveyards
        active = match.state.active
        match.decide(active, match.legal(active).moves[0])
        if match.state.active == active and not match.over:
            match.decide(active, "end")
    view = match.view(seat)
    for salt in range(4):
        world = tcg(determinise(view, match.state.rules, Rng(salt)))
        assert comparable(GAME.view(world, seat)) == comparable(view)
        assert len(world.cards) == len(match.state.cards)
        assert [card.id for card in world.cards] == list(range(len(world.cards)))
        # Hidden cards stay within their pools and owners.
        for card in world.cards:
            assert card.pool == f"p{card.owner}"
        for pool in ("p0", "p1"):
            real = Counter(c.key for c in match.state.cards if c.pool == pool)
            assert Counter(c.key for c in world.cards if c.pool == pool) == real
        # The world plays on.
        to_act = GAME.to_act(world)
        if to_act is not None:
            GAME.decide(world, to_act, GAME.legal(world, to_act).moves[-1])


def test_worlds_differ_in_what_the_seat_cannot_see() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    view = match.view(0)
    decks = {
        tuple(
            card.key for card in tcg(determinise(view, match.state.rules, Rng(salt))).decks[1].cards
        )
        for salt in range(10)
    }
    assert len(decks) > 1


def test_the_same_generator_gives_the_same_world() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    view = match.view(1)
    one = tcg(determinise(view, match.state.rules, Rng(4)))
    two = tcg(determinise(view, match.state.rules, Rng(4)))
    assert GAME.state_to_json(one) == GAME.state_to_json(two)


def test_worlds_made_from_kept_cards_are_the_worlds_made_afresh() -> None:
    """A search's worlds reuse the cards of its earlier worlds (``Cards``): every world is
    the one made without them, and a card that is the same in two worlds is one object."""
    match = Match(GAME, TcgRules(), seed=2)
    for _ in range(4):
        active = match.state.active
        match.decide(active, match.legal(active).moves[0])
    view, book = match.view(0), match.state.rules
    kept = Cards()
    worlds = []
    for salt in range(6):
        world = tcg(determinise(view, book, Rng(salt), cards=kept))
        fresh = tcg(determinise(view, book, Rng(salt)))
        assert GAME.state_to_json(world) == GAME.state_to_json(fresh)
        assert [(c.id, c.key, c.owner, c.pool) for c in world.cards] == [
            (c.id, c.key, c.owner, c.pool) for c in fresh.cards
        ]
        worlds.append(world)
    first, later = worlds[0], worlds[-1]
    for card in first.hands[0].cards:  # what the seat holds is the same in every world
        assert later.cards[card.id] is card
    hidden = [(a, b) for a, b in zip(first.decks[1].cards, later.decks[1].cards, strict=True)]
    assert any(a.key != b.key for a, b in hidden)  # re-dealt: other cards, other objects
    assert all((a is b) == (a.key == b.key) for a, b in hidden)
    to_act = GAME.to_act(later)  # and a world of kept cards plays on
    assert to_act is not None
    GAME.decide(later, to_act, GAME.legal(later, to_act).moves[-1])


def test_a_closed_pool_needs_a_sampler_that_can_tell() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    state = match.state
    state.pools = dict(state.pools)  # matches share their pools (see test_state.py)
    state.pools["p1"] = Pool(name="p1", owner=1, manifest=state.pools["p1"].manifest, public=False)
    view = match.view(0)
    assert "p1" not in view.pools
    with pytest.raises(Inconsistent, match="seat 0 does not know pool p1's manifest"):
        determinise(view, state.rules, Rng(0), sampler=lambda v, p, n, r: None)

    def sampler(view: View[Any], pool: str, count: int, rng: Rng) -> list[str]:
        return ["d8"] * count

    world = tcg(determinise(view, state.rules, Rng(0), sampler=sampler))
    hidden = [
        card
        for card in world.cards
        if card.pool == "p1" and world.zone_of(card).name != "graveyard:1"
    ]
    assert {card.key for card in hidden} == {"d8"}
    assert len(hidden) == len(state.decks[1]) + len(state.hands[1])
    # The world keeps the pool private, and its manifest lists what the world holds.
    assert comparable(GAME.view(world, 0)) == comparable(view)
    assert not world.pools["p1"].public
    assert Counter(world.pools["p1"].manifest) == Counter(
        card.key for card in world.cards if card.pool == "p1"
    )


def test_a_sampler_that_draws_too_few_is_inconsistent() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    state = match.state
    state.pools = dict(state.pools)
    state.pools["p1"] = Pool(name="p1", owner=1, manifest=(), public=False)
    with pytest.raises(Inconsistent, match=r"pool p1: 1 unseen cards for \d+ hidden places"):
        determinise(match.view(0), state.rules, Rng(0), sampler=lambda v, p, n, r: ["d1"])


def test_visible_components_and_tracked_stats_survive_determinisation() -> None:
    match = Match(GAME, TcgRules(), seed=4)
    state = match.state
    seat = match.to_act
    assert seat is not None
    mine = state.hands[seat].cards[0]
    state.attach(mine, Component(key="cheaper", modifiers=(("cost", -1),)))
    state.track(mine, "damage", Stat(5, 2))
    view = match.view(seat)
    world = tcg(determinise(view, state.rules, Rng(0)))
    assert world.attached(mine) == state.attached(mine)
    assert world.tracked(mine, "damage") == Stat(5, 2)
    assert comparable(GAME.view(world, seat)) == comparable(view)


def test_hidden_cards_get_the_free_ids_in_ascending_order() -> None:
    match = Match(GAME, TcgRules(), seed=5)
    view = match.view(0)
    world = determinise(view, match.state.rules, Rng(1))
    shown = {card.id for zone in view.zones.values() for card in zone.cards or ()}
    hidden_ids = [card.id for card in world.cards if card.id not in shown]
    assert hidden_ids == sorted(set(range(view.next_id)) - shown)
    pools = sorted({zone.pool for zone in view.zones.values() if zone.cards is None and zone.pool})
    dealt = [
        card.id
        for pool in pools
        for name, zone in view.zones.items()
        if zone.cards is None and zone.pool == pool
        for card in world.zones[name].cards
    ]
    # Pool by pool (in name order), zone by zone in view order, card by card: ascending ids.
    assert dealt == hidden_ids


def test_made_cards_are_public_in_the_pool_the_view_and_json() -> None:
    pool = Pool(name="p1", owner=1, manifest=("d1", "burden"), public=False, made=("burden",))
    assert Pool.from_json(pool.to_json()) == pool
    assert "made" not in Pool(name="p0", owner=0, manifest=()).to_json()
    match = Match(GAME, TcgRules(), seed=1)
    match.state.pools = {**match.state.pools, "p1": pool}
    view = match.view(0)
    assert "p1" not in view.pools
    assert view.made == {"p1": ("burden",)}
    assert view_to_json(view)["made"] == {"p1": ["burden"]}
    assert "made" not in view_to_json(Match(GAME, TcgRules(), seed=1).view(0))


class SortingDealer:
    """Deals the unseen cards in key order: the first hidden place gets the smallest keys."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, list[tuple[str, int]]]] = []

    def deal(
        self, pool: str, places: Sequence[tuple[str, int]], keys: list[str], rng: Rng
    ) -> list[str]:
        self.asked.append((pool, list(places)))
        return sorted(keys)


def test_a_dealer_orders_the_unseen_cards_for_the_hidden_places() -> None:
    match = Match(GAME, TcgRules(), seed=2)
    view = match.view(0)
    dealer = SortingDealer()
    world = tcg(determinise(view, match.state.rules, Rng(0), dealer=dealer))
    assert comparable(GAME.view(world, 0)) == comparable(view)
    assert [pool for pool, _ in dealer.asked] == sorted(pool for pool, _ in dealer.asked)
    for pool, places in dealer.asked:
        unseen = sorted(view.unseen(pool).elements())
        dealt = [key for name, _ in places for key in (c.key for c in world.zones[name].cards)]
        assert dealt == unseen
        assert [size for _, size in places] == [view.size(name) for name, _ in places]


def test_a_dealer_may_not_change_the_unseen_cards() -> None:
    match = Match(GAME, TcgRules(), seed=2)

    class Cheat:
        def deal(
            self, pool: str, places: Sequence[tuple[str, int]], keys: list[str], rng: Rng
        ) -> list[str]:
            return [keys[0]] * len(keys)

    with pytest.raises(Inconsistent, match="the dealer changed the unseen cards of pool"):
        determinise(match.view(0), match.state.rules, Rng(0), dealer=Cheat())


def test_without_a_dealer_the_worlds_are_the_same_as_before() -> None:
    """The hook costs nothing to games that infer nothing: no dealer, the same worlds."""
    match = Match(GAME, TcgRules(), seed=3)
    view = match.view(1)
    assert GAME.search_hints.beliefs(match.state.rules, 1) is None
    one = tcg(determinise(view, match.state.rules, Rng(7)))
    two = tcg(determinise(view, match.state.rules, Rng(7), dealer=None))
    assert GAME.state_to_json(one) == GAME.state_to_json(two)
