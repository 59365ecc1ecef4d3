"""The greedy hint: the affordable set with the most damage; ties: more cards, then cheaper."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.tcg.hints import Candidate, best_damage_set


def score(cards: Sequence[Candidate], chosen: Sequence[int]) -> tuple[int, int, int]:
    """How good a set is: (damage, number of cards, minus its cost); higher is better."""
    by_id = {card_id: (cost, damage) for card_id, cost, damage in cards}
    picked = [by_id[card_id] for card_id in chosen]
    return (sum(d for _, d in picked), len(picked), -sum(c for c, _ in picked))


def brute_force(cards: Sequence[Candidate], mana: int) -> tuple[int, int, int]:
    """The best score over every subset that costs at most ``mana``."""
    best = (0, 0, 0)
    for size in range(len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            if sum(cost for _, cost, _ in subset) <= mana:
                best = max(best, score(cards, [card_id for card_id, _, _ in subset]))
    return best


@pytest.mark.parametrize(
    ("cards", "mana", "expected"),
    [
        # The most damage for 6 mana: 2 + 4 (one card of 3 would leave 3 unspent).
        ([(10, 3, 3), (11, 2, 2), (12, 4, 4), (13, 0, 0)], 6, (11, 12, 13)),
        # Nothing affordable but duds: play the duds.
        ([(1, 0, 0), (2, 0, 0), (3, 1, 1)], 0, (1, 2)),
        # 4 damage either way: two cards beat one.
        ([(1, 4, 4), (2, 2, 2), (3, 2, 2)], 4, (2, 3)),
        # 5 damage and one card either way: the cheaper card.
        ([(1, 3, 5), (2, 2, 5)], 3, (2,)),
        # Damage first, even at a higher cost and with fewer cards.
        ([(1, 5, 6), (2, 1, 1), (3, 1, 1), (4, 1, 1)], 5, (1,)),
        # Everything fits.
        ([(1, 1, 1), (2, 2, 2), (3, 3, 3)], 10, (1, 2, 3)),
        # Nothing fits.
        ([(1, 5, 5), (2, 6, 6)], 4, ()),
        ([], 7, ()),
        # The ids come back in the order the cards were given.
        ([(9, 1, 1), (4, 1, 1), (7, 1, 1)], 3, (9, 4, 7)),
    ],
)
def test_hand_made_cases(cards: list[Candidate], mana: int, expected: tuple[int, ...]) -> None:
    assert best_damage_set(cards, mana) == expected


def test_the_order_of_the_cards_breaks_the_remaining_ties() -> None:
    cards = [(1, 2, 2), (2, 2, 2)]
    forward = best_damage_set(cards, 2)
    backward = best_damage_set(cards[::-1], 2)
    assert {forward, backward} == {(1,), (2,)}


hands = st.lists(st.tuples(st.integers(0, 10), st.integers(0, 10)), max_size=7).map(
    lambda pairs: [(index, cost, damage) for index, (cost, damage) in enumerate(pairs)]
)


@settings(max_examples=200, deadline=None, database=None)
@given(cards=hands, mana=st.integers(0, 10))
def test_the_hint_is_as_good_as_trying_every_subset(cards: list[Candidate], mana: int) -> None:
    chosen = best_damage_set(cards, mana)
    assert len(set(chosen)) == len(chosen)
    given_order = [card_id for card_id, _, _ in cards]
    assert list(chosen) == [card_id for card_id in given_order if card_id in chosen]
    assert -score(cards, chosen)[2] <= mana
    assert score(cards, chosen) == brute_force(cards, mana)


@settings(max_examples=100, deadline=None, database=None)
@given(costs=st.lists(st.integers(0, 10), max_size=7), mana=st.integers(0, 10))
def test_core_game_cards_deal_their_cost(costs: list[int], mana: int) -> None:
    cards = [(index, cost, cost) for index, cost in enumerate(costs)]
    chosen = best_damage_set(cards, mana)
    assert score(cards, chosen) == brute_force(cards, mana)
    # Every dud is always played: it costs nothing and counts as a card.
    assert {i for i, cost, _ in cards if cost == 0} <= set(chosen)
