"""Playing cards: pay the cost, deal the damage, the card goes to the graveyard."""

from __future__ import annotations

import itertools

import pytest

from cardtable.engine import IllegalDecision, InvalidDecision
from cardtable.games.tcg import End, Play
from cardtable.games.tcg.scenario import events, scenario
from tests.games.tcg.helpers import GAME, act, classic_face, ids, life, mana, snapshot


def test_a_card_costs_its_mana_and_deals_its_cost_to_the_opponent() -> None:
    state = scenario(hands=([3, 5], [1]), slots=(5, 2))
    act(state, 0, "play #0")
    assert mana(state, 0) == (5, 2)
    assert life(state, 1) == 27
    assert life(state, 0) == 30
    assert ids(state.hands[0]) == [1]
    assert ids(state.graveyards[0]) == [0]
    assert state.active == 0  # still their turn


def test_a_played_card_is_announced_with_its_damage() -> None:
    state = scenario(hands=([4], []), slots=(6, 0))
    act(state, 0, "play #0")
    card = classic_face(0, 4)
    damage = {
        "type": "damage",
        "reason": "card",
        "source": 0,
        "hits": [{"target": "p1", "amount": 4, "life": 26}],
    }
    for seat in (0, 1, None):
        play = {"type": "play", "seat": 0, "card": card, "mode": "attack", "target": None}
        assert events(state, seat) == [play, damage]


@pytest.mark.parametrize("order", list(itertools.permutations([0, 1, 2])))
def test_several_cards_in_one_turn_in_any_order(order: tuple[int, ...]) -> None:
    state = scenario(hands=([1, 2, 3], []), slots=(6, 0))
    for card_id in order:
        act(state, 0, f"play #{card_id}")
    assert mana(state, 0) == (6, 0)
    assert life(state, 1) == 30 - 6
    assert ids(state.graveyards[0]) == list(order)  # the last one played on top
    assert len(state.hands[0]) == 0


def test_mana_runs_out_within_a_turn() -> None:
    state = scenario(hands=([2, 3], []), slots=(4, 0))
    act(state, 0, "play #1")
    with pytest.raises(IllegalDecision, match="costs 2 mana and you have 1"):
        act(state, 0, "play #0")


def test_a_dud_is_free_and_does_nothing() -> None:
    state = scenario(hands=([0, 0, 4], []), slots=(0, 0))
    before = life(state, 1)
    act(state, 0, "play #1")
    assert mana(state, 0) == (0, 0)
    assert life(state, 1) == before
    assert ids(state.hands[0]) == [0, 2]  # a place in the hand is free again
    assert ids(state.graveyards[0]) == [1]
    assert [event["type"] for event in events(state, None)] == ["play"]


def test_a_card_you_cannot_afford_is_refused_and_nothing_changes() -> None:
    state = scenario(hands=([5, 1], []), slots=(4, 0), mana=(3, 0))
    before = snapshot(state)
    with pytest.raises(IllegalDecision, match=r"Damage 5: it costs 5 mana and you have 3") as info:
        act(state, 0, "play #0")
    assert info.value.reason == "you cannot afford Damage 5: it costs 5 mana and you have 3"
    assert snapshot(state) == before
    assert state.journal == []
    assert not GAME.can(state, 0, Play(0))
    assert GAME.can(state, 0, Play(1))


def test_it_must_be_your_turn() -> None:
    state = scenario(hands=([1], [1]), slots=(1, 1), active=0)
    before = snapshot(state)
    for text in ("play #1", "end"):
        with pytest.raises(IllegalDecision, match="it is not your turn: player 0 is playing"):
            act(state, 1, text)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("card_id", "reason"),
    [
        (1, "card #1 is not in your hand"),  # the opponent's hand
        (2, "card #2 is not in your hand"),  # your own deck
        (3, "card #3 is not in your hand"),  # your own graveyard
        (4, "there is no card #4"),
        (999, "there is no card #999"),
    ],
)
def test_only_cards_in_your_hand_can_be_played(card_id: int, reason: str) -> None:
    state = scenario(hands=([1], [1]), decks=([1], []), graveyards=([1], []), slots=(5, 5))
    before = snapshot(state)
    with pytest.raises(IllegalDecision, match=reason):
        act(state, 0, f"play #{card_id}")
    assert snapshot(state) == before


def test_a_card_cannot_be_played_twice() -> None:
    state = scenario(hands=([1], []), slots=(5, 0))
    act(state, 0, "play #0")
    with pytest.raises(IllegalDecision, match="card #0 is not in your hand"):
        act(state, 0, "play #0")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "play",
        "play 3",
        "play #",
        "play #x",
        "play #-1",
        "attack p1",
        "end now",
        "play #²",  # a digit to str.isdigit, not to int()
        "play #" + "9" * 5000,  # more digits than int() accepts
    ],
)
def test_garbage_is_not_a_decision(text: str) -> None:
    with pytest.raises(InvalidDecision, match=r"decision"):
        GAME.parse_decision(text)


@pytest.mark.parametrize(
    ("text", "decision"),
    [("play #12", Play(12)), ("  PLAY   #7 ", Play(7)), ("end", End()), ("End", End())],
)
def test_decisions_parse_from_their_text(text: str, decision: object) -> None:
    parsed = GAME.parse_decision(text)
    assert parsed == decision
    assert GAME.parse_decision(parsed.text()) == parsed
