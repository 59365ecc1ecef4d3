"""Leaving the table (conceding): with three players play goes on, with two the other wins."""

from __future__ import annotations

from cardtable.engine import Outcome
from cardtable.games.karata import KarataRules
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act, deck, hand, last_of, refused

DECK = ["10C", "10D"]


def test_with_three_players_a_player_leaving_lets_play_go_on() -> None:
    state = scenario(
        hands=[["9H", "4H"], ["5C", "6C"], ["9S", "4S"]],
        pile=["7H"],
        deck=DECK,
        rules=KarataRules(players=3),
    )
    act(state, 1, "concede")  # not their turn: anyone may leave at any time
    assert state.outcome is None
    assert state.out == [1]
    assert hand(state, 1) == []
    assert deck(state) == ["10C", "10D", "5C", "6C"]  # their hand went under the deck
    assert last_of(state, "leave") == {"type": "leave", "seat": 1, "cards": 2}
    assert state.active == 0
    act(state, 0, "turn 9H")
    assert state.active == 2  # the seat that left is skipped
    assert GAME.legal(state, 1).moves == ()
    assert refused(state, 1, "pass") == "you have left the table"
    assert refused(state, 1, "concede") == "you have left the table already"


def test_the_player_to_act_leaving_hands_the_turn_on_and_drops_their_pick() -> None:
    state = scenario(
        hands=[["2H", "3H", "4D"], ["5C"], ["9S"]],
        pile=["2C"],
        bomb=2,
        deck=DECK,
        rules=KarataRules(players=3),
    )
    act(state, 0, "play 2H")
    act(state, 0, "concede")
    assert state.staged() == ()
    assert sorted(deck(state)[-3:]) == ["2H", "3H", "4D"]  # the turn went back, then away
    assert (state.active, state.bomb) == (1, 0)
    assert state.outcome is None


def test_with_two_players_leaving_ends_the_match() -> None:
    state = scenario(hands=[["9H"], ["5C"]], pile=["7H"], deck=DECK)
    act(state, 0, "concede")
    assert state.outcome == Outcome(
        winners=(1,), code="left", seats=(0,), reason="player 0 left the table", placings=(2, 1)
    )
    assert GAME.to_act(state) is None


def test_the_last_two_of_three_leaving_one_after_the_other() -> None:
    state = scenario(
        hands=[["9H"], ["5C"], ["9S"]], pile=["7H"], deck=DECK, rules=KarataRules(players=3)
    )
    act(state, 2, "concede")
    assert state.outcome is None
    act(state, 0, "concede")
    assert state.outcome is not None
    assert state.outcome.winners == (1,)
    assert state.outcome.placings == (2, 1, 2)  # both who left share the last place
