"""Card ids carry nothing hidden: under a closed deck list, the id of a card a seat sees says
nothing of where it sat in its owner's list, so nothing of what the list holds besides it."""

from __future__ import annotations

from itertools import combinations

from cardtable.agents import RandomAgent
from cardtable.engine import Match
from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.config import DEFAULT_DECK
from cardtable.simulation import agent_rng
from tests.games.tcg.helpers import GAME

CLOSED = TcgRules(open_decklists=False)
"""The classic deck, whose list runs from the cheapest card to the dearest, kept secret."""


def seen_by_seat_0(seed: int) -> list[tuple[int, int]]:
    """(id, cost) of every card of seat 1 that seat 0 saw during a random match."""
    match = Match(GAME, CLOSED, seed)
    agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(2)]
    seen: dict[int, int] = {}
    while not match.over:
        for card in match.view(0).cards("graveyard:1"):
            seen[card.id] = card.stat("cost")
        seat = match.to_act
        assert seat is not None
        match.decide(seat, agents[seat].choose(match.legal(seat)))
    for card in match.view(0).cards("graveyard:1"):
        seen[card.id] = card.stat("cost")
    return list(seen.items())


def test_the_ids_of_seen_cards_do_not_follow_the_deck_list() -> None:
    """Of two seen cards of different costs, the cheaper one (earlier in the sorted list) has
    the lower id about half the time, as it would if ids were drawn at random; ids in list
    order would make it every time."""
    assert list(DEFAULT_DECK) == sorted(DEFAULT_DECK, key=lambda key: int(key[1:]))
    in_list_order = pairs = 0
    for seed in range(20):
        for (id_a, cost_a), (id_b, cost_b) in combinations(seen_by_seat_0(seed), 2):
            if cost_a != cost_b:
                pairs += 1
                in_list_order += (id_a < id_b) == (cost_a < cost_b)
    assert pairs > 500
    assert 0.4 < in_list_order / pairs < 0.6, (in_list_order, pairs)


def test_each_deck_keeps_its_ids_in_a_new_order_per_seed() -> None:
    orders = set()
    for seed in range(10):
        state = GAME.setup(CLOSED, seed)
        for seat, first in ((0, 0), (1, len(DEFAULT_DECK))):
            mine = [card.id for card in state.cards if card.pool == f"p{seat}"]
            assert mine == list(range(first, first + len(DEFAULT_DECK)))
        orders.add(tuple(card.key for card in state.cards))
        again = GAME.setup(CLOSED, seed)
        assert [card.key for card in again.cards] == [card.key for card in state.cards]
    assert len(orders) == 10
