"""A turn: one more slot up to the cap, every slot refilled, one card drawn; ending it."""

from __future__ import annotations

import pytest

from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.scenario import events, scenario
from tests.games.tcg.helpers import GAME, act, costs, mana


@pytest.mark.parametrize(
    ("slots", "expected"),
    [(0, 1), (1, 2), (3, 4), (8, 9), (9, 10), (10, 10)],
)
def test_a_turn_adds_one_slot_up_to_ten(slots: int, expected: int) -> None:
    state = scenario(decks=([], [4]), slots=(0, slots), mana=(0, 0), active=0)
    act(state, 0, "end")
    assert mana(state, 1) == (expected, expected)


@pytest.mark.parametrize(("cap", "slots", "expected"), [(3, 2, 3), (3, 3, 3), (1, 0, 1), (1, 1, 1)])
def test_the_slot_cap_is_a_rule(cap: int, slots: int, expected: int) -> None:
    rules = TcgRules(mana_slot_cap=cap)
    state = scenario(decks=([], [4]), slots=(0, slots), mana=(0, 0), rules=rules)
    act(state, 0, "end")
    assert mana(state, 1) == (expected, expected)


def test_every_slot_refills_whatever_was_left_over() -> None:
    # Seat 1 ended its last turn with 1 of its 5 mana unspent: it does not carry over.
    state = scenario(decks=([], [4]), slots=(5, 5), mana=(5, 1), active=0)
    act(state, 0, "end")
    assert mana(state, 1) == (6, 6)


def test_a_turn_draws_the_top_card() -> None:
    state = scenario(hands=([], [1, 2]), decks=([], [3, 5, 8]), slots=(1, 1), active=0)
    act(state, 0, "end")
    assert costs(state.hands[1]) == [1, 2, 8]
    assert costs(state.decks[1]) == [3, 5]


def test_ending_the_turn_passes_it_to_the_opponent() -> None:
    state = scenario(hands=([2], [1]), decks=([6], [3]), slots=(4, 3), mana=(2, 0), turn=7)
    act(state, 0, "end")
    assert (state.active, GAME.to_act(state), state.turn) == (1, 1, 8)
    assert mana(state, 1) == (4, 4)
    assert costs(state.hands[1]) == [1, 3]
    # The player who ended keeps everything as it was until their own next turn.
    assert mana(state, 0) == (4, 2)
    assert costs(state.hands[0]) == [2]
    assert costs(state.decks[0]) == [6]


def test_a_turn_starts_in_the_order_of_the_rules() -> None:
    state = scenario(decks=([], [3]), slots=(1, 1), active=0)
    act(state, 0, "end")
    seen = events(state, 1)
    assert [event["type"] for event in seen] == [
        "turn_ended",
        "turn_started",
        "draw",
    ]
    assert seen[0] == {"type": "turn_ended", "seat": 0}
    assert seen[1] == {"type": "turn_started", "seat": 1, "slots": 2, "mana": 2}


def test_turns_alternate() -> None:
    state = scenario(decks=([0, 0, 0], [0, 0, 0]), active=1, turn=1)
    for turn in range(2, 7):
        act(state, state.active, "end")
        assert state.turn == turn
        assert state.active == turn % 2
    # Each seat gained one slot per turn of its own: seat 0 had turns 2, 4, 6; seat 1 3 and 5.
    assert mana(state, 0)[0] == 3
    assert mana(state, 1)[0] == 2
