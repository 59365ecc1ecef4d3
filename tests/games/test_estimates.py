"""Each game's estimate of an unfinished position, for search players' cut-off playouts."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.agents import RandomAgent
from cardtable.engine import Match
from cardtable.games import find
from cardtable.games.karata import KarataRules
from cardtable.games.karata.scenario import scenario
from cardtable.simulation import agent_rng


@pytest.mark.parametrize("name", ["tcg", "war", "karata"])
def test_estimates_are_shares_that_add_up_to_one(name: str) -> None:
    game = find(name)
    for ruleset in game.example_rulesets():
        match: Match[Any] = Match(game, ruleset, 3)
        agents = [RandomAgent(agent_rng(3, seat)) for seat in range(match.state.seats)]
        for _ in range(30):
            seat = match.to_act
            if seat is None:
                break
            shares = [game.search_hints.estimate(match.state, s) for s in range(match.state.seats)]
            assert all(0 <= share <= 1 for share in shares)
            assert sum(shares) == pytest.approx(1)
            match.decide(seat, agents[seat].choose(match.legal(seat)))


def test_karata_favours_the_smaller_hand_and_the_player_on_last_card() -> None:
    game = find("karata")
    rules = KarataRules(players=3)
    state = scenario(hands=[["4H"], ["5H", "6H"], ["7S", "9S", "10S"]], pile=["7H"], rules=rules)
    one, two, three = (game.search_hints.estimate(state, seat) for seat in range(3))
    assert one > two > three
    declared = scenario(
        hands=[["4H"], ["5H", "6H"], ["7S", "9S", "10S"]], pile=["7H"], rules=rules, declared=[1]
    )
    assert game.search_hints.estimate(declared, 1) > two
    left = scenario(hands=[["4H"], ["5H", "6H"], []], pile=["7H"], rules=rules, out=[2])
    assert game.search_hints.estimate(left, 2) == 0


def test_the_tcg_estimate_is_the_share_of_health() -> None:
    game = find("tcg")
    match: Match[Any] = Match(game, game.default_ruleset(), 1)
    match.state.heroes[0].life.value = 10
    match.state.heroes[1].life.value = 30
    assert game.search_hints.estimate(match.state, 0) == pytest.approx(0.25)
