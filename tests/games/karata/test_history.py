"""Reading what the other players did between two of a seat's views (public facts only)."""

from __future__ import annotations

from typing import Any

from cardtable.engine import View
from cardtable.games.karata import KarataRules
from cardtable.games.karata.cards import ACE, face
from cardtable.games.karata.decisions import Pass, Turn
from cardtable.games.karata.history import Passed, Played, between, playable
from cardtable.games.karata.scenario import scenario
from cardtable.games.karata.turns import Table
from tests.games.karata.helpers import GAME, act

THREE = KarataRules(players=3)
FOUR = KarataRules(players=4)
ACES = frozenset({"AC", "AD", "AH", "AS"})


def view(state: Any, seat: int = 0) -> View[Any]:
    return GAME.view(state, seat)


def test_a_pass_and_a_play_are_read_from_the_pile_and_the_hand_sizes() -> None:
    state = scenario(
        hands=[["5C", "6C"], ["4S", "5S", "9D", "10C"], ["7D", "9S"]], pile=["7H"], rules=THREE
    )
    before = view(state)
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "turn 7D")
    events = between(before, Pass(), view(state), THREE)
    assert events is not None
    passed, played = events
    assert passed == Passed(1, playable(Table(top="7H"), THREE), held=4, picked=1)
    assert played == Played(2, ("7D",), picked=0)
    # On the Seven of Hearts: any heart, any Seven, any Ace or Joker could have been played.
    assert {"4H", "KH", "7S", "7C", "AS", "BJ", "RJ"} <= passed.forbidden
    assert not {"4S", "9D", "10C", "5C"} & passed.forbidden


def test_the_seats_own_turn_comes_first_and_a_bomb_is_what_the_next_one_passes_on() -> None:
    state = scenario(
        hands=[["2H", "6C"], ["4S", "5S", "9D"], ["7D", "9S"]], pile=["7H"], rules=THREE
    )
    before = view(state)
    act(state, 0, "turn 2H")
    act(state, 1, "pass")  # picks 2
    act(state, 2, "pass")
    events = between(before, Turn(("2H",)), view(state), THREE)
    assert events is not None
    on_bomb, after_bomb = events
    assert isinstance(on_bomb, Passed)
    assert isinstance(after_bomb, Passed)
    assert (on_bomb.seat, on_bomb.held, on_bomb.picked) == (1, 3, 2)
    # On a bomb only a counter or an Ace would do; afterwards, the Two of Hearts to match.
    assert on_bomb.forbidden == playable(Table(top="2H", bomb=2), THREE)
    assert "9H" not in on_bomb.forbidden
    assert "2S" in on_bomb.forbidden
    assert after_bomb.forbidden == playable(Table(top="2H"), THREE)
    assert "9H" in after_bomb.forbidden


def test_a_request_the_seat_did_not_see_made_is_the_one_its_next_view_shows() -> None:
    state = scenario(
        hands=[["5C", "6C"], ["AD", "5S", "9D"], ["7D", "9S", "10C"]], pile=["7C"], rules=THREE
    )
    before = view(state)
    act(state, 0, "pass")
    act(state, 1, "turn AD ask H")
    act(state, 2, "pass")
    events = between(before, Pass(), view(state), THREE)
    assert events is not None
    played, passed = events
    assert played == Played(1, ("AD",), picked=0)
    assert isinstance(passed, Passed)
    assert passed.forbidden == playable(Table(top="AD", request="H"), THREE)
    assert {"5H", "AS"} <= passed.forbidden
    assert "7D" not in passed.forbidden


def test_a_request_met_before_the_seat_saw_it_tells_only_that_there_was_no_ace() -> None:
    state = scenario(
        hands=[["5C", "6C"], ["AD", "5S", "9D"], ["7D", "9S"], ["5H", "6S"]],
        pile=["7C"],
        rules=FOUR,
    )
    before = view(state)
    act(state, 0, "pass")
    act(state, 1, "turn AD ask H")
    act(state, 2, "pass")
    act(state, 3, "turn 5H")
    events = between(before, Pass(), view(state), FOUR)
    assert events is not None
    passed = events[1]
    assert isinstance(passed, Passed)
    assert passed.seat == 2
    assert passed.forbidden == ACES
    assert all(face(key) == ACE for key in passed.forbidden)


def test_nothing_happened_while_the_seat_builds_its_turn() -> None:
    state = scenario(hands=[["7S", "7C"], ["4S"], ["9S"]], pile=["7H"], rules=THREE)
    before = view(state)
    act(state, 0, "play 7S")
    assert between(before, GAME.parse_decision("play 7S"), view(state), THREE) == ()


def test_a_decision_that_does_not_fit_the_views_cannot_be_read() -> None:
    state = scenario(
        hands=[["5C", "6C"], ["4S", "5S", "9D"], ["7D", "9S"]], pile=["7H"], rules=THREE
    )
    before = view(state)
    act(state, 0, "pass")
    act(state, 1, "pass")
    act(state, 2, "turn 7D")
    assert between(before, Turn(("5C",)), view(state), THREE) is None
    assert between(view(state), Pass(), before, THREE) is None  # back in time


def test_a_pile_shuffled_back_into_the_deck_cannot_be_read() -> None:
    state = scenario(
        hands=[["5C", "6C"], ["4S", "5S"], ["7D", "9S"]],
        pile=["7H", "8H", "9H"],
        deck=["10D"],
        rules=THREE,
    )
    before = view(state)
    act(state, 0, "pass")  # takes the last card of the deck
    act(state, 1, "pass")  # the pile goes back into the deck
    act(state, 2, "turn 7D")
    assert between(before, Pass(), view(state), THREE) is None
