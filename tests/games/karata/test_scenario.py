"""The scenario builder makes exactly the table it is asked for, and that table plays."""

from __future__ import annotations

import pytest

from cardtable.engine import Rng, determinise
from cardtable.games.karata import KarataRules, KarataState
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act, deck, hand, pile, snapshot


def test_cards_are_laid_out_as_asked_with_ids_in_argument_order() -> None:
    state = scenario(
        hands=[["7S", "AS"], ["10D"]], pile=["7H", "4C"], deck=["5C", "6C", "BJ"], active=1
    )
    assert hand(state, 0) == ["7S", "AS"]
    assert hand(state, 1) == ["10D"]
    assert pile(state) == ["7H", "4C"]
    assert state.top == "7H"
    assert deck(state) == ["5C", "6C", "BJ"]
    assert [card.key for card in sorted(state.cards, key=lambda card: card.id)] == [
        "7S",
        "AS",
        "10D",
        "7H",
        "4C",
        "5C",
        "6C",
        "BJ",
    ]
    assert state.pools["deck"].manifest == ("7S", "AS", "10D", "7H", "4C", "5C", "6C", "BJ")
    assert (state.active, state.turn, state.version) == (1, 1, 0)
    assert GAME.to_act(state) == 1
    assert state.journal == []
    assert not state.queue


def test_public_data_is_set() -> None:
    state = scenario(
        hands=[["7S"], ["9D"], ["4C"]],
        request="9S",
        direction=-1,
        active=2,
        declared=[0, 2],
        turn=12,
    )
    assert (state.request, state.bomb, state.direction) == ("9S", 0, -1)
    assert state.declared == [True, False, True]
    assert state.turn == 12
    assert scenario(hands=[["7S"], ["9D"]], bomb=3).bomb == 3


def test_without_a_deck_every_other_card_is_shuffled_into_it() -> None:
    state = scenario(hands=[["7S"], ["9D"]], pile=["7H"])
    assert len(state.cards) == 54
    assert len(state.deck.cards) == 51
    assert {"7S", "9D", "7H"}.isdisjoint(deck(state))
    assert deck(state) != deck(scenario(hands=[["7S"], ["9D"]], pile=["7H"], seed=1))


def test_a_scenario_round_trips_through_json_and_determinises() -> None:
    state = scenario(hands=[["7S", "AS"], ["10D", "QH"]], pile=["7H", "4C"], request="H")
    loaded = GAME.state_to_json(GAME.state_from_json(GAME.state_to_json(state)))
    assert loaded == GAME.state_to_json(state)
    other = determinise(GAME.view(state, 0), state.rules, Rng(3))
    assert isinstance(other, KarataState)
    assert hand(other, 0) == ["7S", "AS"]
    assert sorted(hand(other, 1) + deck(other)) == sorted(["10D", "QH", *deck(state)])
    assert snapshot(state) == snapshot(state.copy())


def test_the_ruleset_is_used() -> None:
    rules = KarataRules(players=3, fine=2)
    state = scenario(hands=[["7S"], ["9D"], ["4C"]], rules=rules)
    assert state.rules.ruleset == rules
    act(state, 0, "play 7S")
    assert state.staged() == ("7S",)


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        ({"hands": [["7S"]]}, r"at least 2|greater than or equal to 2"),
        (
            {"hands": [["7S"], ["9D"]], "rules": KarataRules(players=3)},
            r"give one hand per seat \(3 players\), got 2",
        ),
        ({"hands": [["7S"], ["7S"]]}, "7S is laid out twice"),
        ({"hands": [["7S"], ["9D"]], "pile": ["7S"]}, "7S is laid out twice"),
        ({"hands": [["7S"], ["ZZ"]]}, r"hands\[1\]: 'ZZ' is not a playing card"),
        ({"hands": [["7S"], [7]]}, r"a card is its text"),
        ({"hands": [["7S"], ["9D"]], "pile": []}, "the pile needs a card"),
        ({"hands": [["7S"], ["9D"]], "request": "Z"}, "request 'Z'"),
        ({"hands": [["7S"], ["9D"]], "bomb": -1}, "cannot be negative"),
        ({"hands": [["7S"], ["9D"]], "bomb": 2, "request": "H"}, "never both active"),
        ({"hands": [["7S"], ["9D"]], "direction": 0}, "must be 1 or -1"),
        ({"hands": [["7S"], ["9D"]], "active": 2}, "active is 2"),
        ({"hands": [["7S"], ["9D"]], "declared": [3]}, "declared: each must be a seat"),
        ({"hands": [["7S"], [], ["4C"]], "out": [0]}, "their hand is empty"),
        ({"hands": [["7S"], [], ["4C"]], "out": [1], "active": 1}, "active is 1"),
        ({"hands": [[], []], "out": [1]}, "at least two players"),
        ({"hands": [["7S"], ["9D"]], "turn": 0}, "numbered from 1"),
    ],
)
def test_impossible_tables_say_what_is_wrong(arguments: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        scenario(**arguments)  # type: ignore[arg-type]
