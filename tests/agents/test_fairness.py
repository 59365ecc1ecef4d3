"""Computer players cannot cheat: what they are given holds no hidden card, and their choices
do not depend on cards their seat cannot see."""

from __future__ import annotations

import gc
import types
from typing import Any

import pytest

from cardtable.agents import Agent, agent_names, make_agent, parse_seats
from cardtable.engine import Match, Rng, State
from cardtable.engine.cards import Card
from cardtable.engine.zones import Zone
from cardtable.games import find
from cardtable.simulation import agent_rng
from cardtable.testing import shuffle_hidden, state_text

GAMES = ["tcg", "war", "karata"]
FORBIDDEN = (State, Card, Zone, Rng)


def reachable(root: object, limit: int = 200_000) -> list[object]:
    """Every object reachable from ``root`` by references (modules and classes excepted)."""
    seen: set[int] = set()
    stack = [root]
    found: list[object] = []
    while stack and len(found) < limit:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type | types.ModuleType | types.FunctionType):
            continue
        seen.add(id(item))
        found.append(item)
        stack.extend(gc.get_referents(item))
    return found


def mid_match(name: str, seed: int, steps: int = 12) -> Match[Any]:
    game = find(name)
    match: Match[Any] = Match(game, game.default_ruleset(), seed)
    for step in range(steps):
        seat = match.to_act
        if seat is None:
            break
        legal = match.legal(seat)
        match.decide(seat, legal.moves[(seed + step) % len(legal.moves)])
    return match


@pytest.mark.parametrize("name", GAMES)
def test_a_view_reaches_no_state_card_zone_or_generator(name: str) -> None:
    match = mid_match(name, 2)
    seat = match.to_act
    assert seat is not None
    view = match.view(seat)
    leaks = [type(item).__name__ for item in reachable(view) if isinstance(item, FORBIDDEN)]
    assert leaks == [], f"the view of {name} reaches {sorted(set(leaks))}"
    hidden = [z for z in view.zones.values() if z.cards is None]
    assert hidden, "some zone must be hidden from a seat for this test to mean anything"
    hidden_keys = {
        card.key
        for zone in match.state.zones.values()
        if not zone.visible_to(seat)
        for card in zone.cards
    }
    shown_keys = {
        card.key for zone in view.zones.values() if zone.cards is not None for card in zone.cards
    }
    assert hidden_keys, "the seat must have hidden cards for this test to mean anything"
    visible_keys = {
        card.key
        for zone in match.state.zones.values()
        if zone.visible_to(seat)
        for card in zone.cards
    }
    assert shown_keys == visible_keys


def agents_for(name: str) -> list[str]:
    """Every computer player of the game (the search player with a small budget)."""
    return ["ismcts:12" if agent == "ismcts" else agent for agent in agent_names(find(name))]


@pytest.mark.parametrize(
    ("name", "agent"), [(name, agent) for name in GAMES for agent in agents_for(name)]
)
def test_twins_that_differ_only_in_hidden_cards_get_the_same_decisions(
    name: str, agent: str
) -> None:
    game = find(name)
    ruleset = game.default_ruleset()
    compared = 0
    for seed in range(8):
        match = mid_match(name, seed, steps=seed % 5)
        seat = match.to_act
        if seat is None:
            continue
        twin = shuffle_hidden(match.state, seat, Rng(seed))
        if state_text(game, twin) == state_text(game, match.state):
            continue
        chosen = []
        for state in (match.state, twin):
            player: Agent = make_agent(parse_seats(agent)[0], game, agent_rng(seed, seat))
            player.sit(game, ruleset)
            chosen.append(player.decide(game.view(state, seat), game.legal(state, seat)))
        assert chosen[0] == chosen[1]
        compared += 1
    assert compared > 0
