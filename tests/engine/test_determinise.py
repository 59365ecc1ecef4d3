"""Determinisation: full states consistent with one seat's view, hidden cards re-dealt."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardtable.engine import Inconsistent, Match, Pool, Rng, View, determinise, view_to_json
from cardtable.games.tcg import TcgGame, TcgRules

GAME = TcgGame()


def comparable(view: View[Any]) -> dict[str, Any]:
    return view_to_json(view)


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
        world = determinise(view, match.state.rules, Rng(salt))
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
        tuple(card.key for card in determinise(view, match.state.rules, Rng(salt)).decks[1].cards)
        for salt in range(10)
    }
    assert len(decks) > 1


def test_the_same_generator_gives_the_same_world() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    view = match.view(1)
    one = determinise(view, match.state.rules, Rng(4))
    two = determinise(view, match.state.rules, Rng(4))
    assert GAME.state_to_json(one) == GAME.state_to_json(two)


def test_a_closed_pool_needs_a_sampler() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    state = match.state
    state.pools = dict(state.pools)  # matches share their pools (see test_state.py)
    state.pools["p1"] = Pool(name="p1", owner=1, manifest=state.pools["p1"].manifest, public=False)
    view = match.view(0)
    assert "p1" not in view.pools
    with pytest.raises(Inconsistent, match="seat 0 does not know pool p1's manifest"):
        determinise(view, state.rules, Rng(0))

    def sampler(view: View[Any], pool: str, count: int, rng: Rng) -> list[str]:
        return ["d9"] * count

    world = determinise(view, state.rules, Rng(0), sampler=sampler)
    hidden = [
        card
        for card in world.cards
        if card.pool == "p1" and world.zone_of(card).name != "graveyard:1"
    ]
    assert {card.key for card in hidden} == {"d9"}
    assert len(hidden) == len(state.decks[1]) + len(state.hands[1])


def test_a_sampler_that_draws_too_few_is_inconsistent() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    state = match.state
    state.pools = dict(state.pools)
    state.pools["p1"] = Pool(name="p1", owner=1, manifest=(), public=False)
    with pytest.raises(Inconsistent, match=r"pool p1: 1 unseen cards for \d+ hidden places"):
        determinise(match.view(0), state.rules, Rng(0), sampler=lambda v, p, n, r: ["d1"])
