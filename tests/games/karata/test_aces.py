"""Aces against every table: no request, a suit request, a card request and a pending bomb;
ruling 13 (a first card that satisfies the request clears it for free), the partial payment,
and requests satisfied, passed and partly paid."""

from __future__ import annotations

import pytest

from cardtable.games.karata import Finish, KarataState
from cardtable.games.karata.cards import SUITS
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act, hand, last_of, refused

TABLES: dict[str, dict[str, object]] = {
    "no request": {"pile": ["7H"]},
    "suit request": {"pile": ["7H"], "request": "C"},
    "card request": {"pile": ["7H"], "request": "9S"},
    "bomb": {"pile": ["2H"], "bomb": 2},
}


def finish_requests(state: KarataState, seat: int) -> set[str]:
    """The requests the legal finishes offer (without declaring last card)."""
    moves = GAME.legal(state, seat).moves
    return {move.request for move in moves if isinstance(move, Finish) and not move.last}


def offered(aces_left: int) -> str:
    """What the finishes of a turn with ``aces_left`` look like."""
    return {0: "nothing", 1: "suits"}.get(aces_left, "cards")


def kind_of(requests: set[str]) -> str:
    if requests == {""}:
        return "nothing"
    if requests == set(SUITS):
        return "suits"
    assert set(SUITS) < requests
    assert {"9D", "BJ", "RJ", "AS"} <= requests
    assert len(requests) == 4 + 54
    return "cards"


@pytest.mark.parametrize(
    ("table", "aces", "aces_left", "request_after"),
    [
        ("no request", ["AH"], 1, ""),
        ("no request", ["AS"], 2, ""),  # the Ace of Spades counts as two Aces
        ("no request", ["AH", "AD"], 2, ""),
        ("no request", ["AS", "AH"], 3, ""),
        ("suit request", ["AH"], 0, ""),  # one value pays for the suit request
        ("suit request", ["AS"], 1, ""),
        ("suit request", ["AH", "AD"], 1, ""),
        ("suit request", ["AS", "AH"], 2, ""),
        ("card request", ["AH"], 0, "S"),  # 1 of 2 paid: the card's suit is still asked for
        ("card request", ["AS"], 0, ""),  # a card request costs 2
        ("card request", ["AH", "AD"], 0, ""),
        ("card request", ["AS", "AH"], 1, ""),
        ("bomb", ["AH"], 0, ""),  # one value blocks the bomb
        ("bomb", ["AS"], 1, ""),
        ("bomb", ["AH", "AD"], 1, ""),
        ("bomb", ["AS", "AH"], 2, ""),
    ],
)
def test_every_ace_combination_against_every_table(
    table: str, aces: list[str], aces_left: int, request_after: str
) -> None:
    state = scenario(hands=[[*aces, "5H"], ["9H"], ["4D"]], **TABLES[table])  # type: ignore[arg-type]
    for ace in aces:
        act(state, 0, f"play {ace}")
    assert kind_of(finish_requests(state, 0)) == offered(aces_left)
    ask = {0: "", 1: " ask H"}.get(aces_left, " ask 9D")
    act(state, 0, f"finish{ask}")
    assert state.request == (ask.split()[-1] if ask else request_after)
    assert state.bomb == 0
    assert state.active == 1
    assert hand(state, 2) == ["4D"]  # nobody picked: the bomb was blocked


@pytest.mark.parametrize(
    ("asked", "turn", "aces_left"),
    [
        ("H", ["AH"], 1),  # the Ace of Hearts satisfies a Hearts request: free, its value stays
        ("S", ["AS"], 2),
        ("H", ["AH", "AD"], 2),
        ("AS", ["AS"], 2),  # the very card asked for
        ("AH", ["AH", "AS"], 3),
        ("H", ["QH", "AS"], 2),  # a Queen of Hearts clears it; the answering Ace keeps its two
        ("9S", ["9S"], 0),
        ("S", ["9S", "9H"], 0),
    ],
)
def test_a_first_card_that_satisfies_the_request_clears_it_for_free(
    asked: str, turn: list[str], aces_left: int
) -> None:
    state = scenario(hands=[[*turn, "5C"], ["9C"]], pile=["7D"], request=asked)
    for card in turn:
        act(state, 0, f"play {card}")
    assert kind_of(finish_requests(state, 0)) == offered(aces_left)
    act(state, 0, "finish" + {0: "", 1: " ask D"}.get(aces_left, " ask 10C"))
    assert state.request == {0: "", 1: "D"}.get(aces_left, "10C")


def test_a_satisfying_ace_blocks_nothing_it_did_not_need_to() -> None:
    # Ruling 13 with the contrast: the same Ace that does not satisfy the request pays for it.
    paying = scenario(hands=[["AD", "5C"], ["9C"]], pile=["7H"], request="H")
    act(paying, 0, "play AD")
    assert finish_requests(paying, 0) == {""}
    free = scenario(hands=[["AH", "5C"], ["9C"]], pile=["7D"], request="H")
    act(free, 0, "play AH")
    assert finish_requests(free, 0) == set(SUITS)


def test_a_partly_paid_card_request_becomes_its_suit_for_the_next_player() -> None:
    state = scenario(hands=[["AH", "5C"], ["9H", "4S", "9C"]], pile=["7H"], request="9S")
    act(state, 0, "turn AH")
    assert state.request == "S"
    assert last_of(state, "finish")["request"] == ""
    assert refused(state, 1, "play 9H").startswith("A suit has been requested: Spades")
    act(state, 1, "turn 4S")
    assert state.request == ""


def test_paying_one_of_a_joker_request_leaves_the_joker_asked_for() -> None:
    # A Joker has no suit, so half a payment cannot narrow it to one: the request stays.
    state = scenario(hands=[["AH", "5C"], ["9H", "BJ"]], pile=["7H"], request="RJ")
    act(state, 0, "turn AH")
    assert state.request == "RJ"


@pytest.mark.parametrize(
    ("asked", "card", "top"),
    [
        ("H", "4H", "9C"),
        ("H", "QH", "5S"),
        ("9S", "9S", "4D"),
        ("RJ", "RJ", "4D"),
        ("D", "AD", "6S"),
    ],
)
def test_a_request_is_satisfied_whatever_lies_on_top(asked: str, card: str, top: str) -> None:
    state = scenario(hands=[["9D"], [card, "6H"]], pile=[top], request=asked, active=1)
    act(state, 1, f"play {card}")
    act(state, 1, "finish ask C" if card.startswith("A") else "finish")
    assert state.request == ("C" if card.startswith("A") else "")


@pytest.mark.parametrize(
    ("asked", "card", "reason"),
    [
        ("9S", "9H", "A card has been requested: Nine of Spades (or play an Ace)"),
        ("9S", "10S", "A card has been requested: Nine of Spades"),
        ("RJ", "BJ", "A card has been requested: Red Joker"),
        ("H", "4S", "A suit has been requested: Hearts (or play an Ace)"),
        ("H", "BJ", "A suit has been requested: Hearts"),  # a Joker is of no suit
    ],
)
def test_a_first_card_that_ignores_the_request_is_refused(
    asked: str, card: str, reason: str
) -> None:
    state = scenario(hands=[["9D"], [card, "6C"]], pile=["7H"], request=asked, active=1)
    assert refused(state, 1, f"play {card}").startswith(reason)


def test_a_passed_request_stays_for_the_next_player() -> None:
    state = scenario(
        hands=[["5C"], ["4S", "9C"], ["9D", "6H"]],
        pile=["7H"],
        request="H",
        active=1,
        deck=["10C", "10D"],
    )
    act(state, 1, "pass")
    assert hand(state, 1) == ["4S", "9C", "10C"]
    assert (state.request, state.active) == ("H", 2)
    assert refused(state, 2, "play 9D").startswith("A suit has been requested: Hearts")
    act(state, 2, "turn 6H")
    assert state.request == ""


def test_a_suit_request_cannot_name_a_joker_but_a_card_request_may() -> None:
    one = scenario(hands=[["AH", "5C"], ["9C"]], pile=["7H"])
    act(one, 0, "play AH")
    assert refused(one, 0, "finish ask BJ") == (
        "One Ace can only ask for a suit; two Aces ask for a card"
    )
    assert "BJ" not in finish_requests(one, 0)
    two = scenario(hands=[["AS", "5C"], ["BJ", "RJ"]], pile=["7H"])
    act(two, 0, "play AS")
    assert {"BJ", "RJ"} <= finish_requests(two, 0)
    act(two, 0, "finish ask RJ")
    assert two.request == "RJ"
    assert refused(two, 1, "play BJ") == "A card has been requested: Red Joker (or play an Ace)"
    act(two, 1, "turn RJ")
    assert (two.request, two.bomb) == ("", 5)


def test_two_ace_values_may_ask_only_for_a_suit() -> None:  # ruling 20
    state = scenario(hands=[["AS", "5C"], ["9C"]], pile=["7H"])
    act(state, 0, "turn AS ask S")
    assert state.request == "S"


@pytest.mark.parametrize(
    ("turn", "finish", "reason"),
    [
        (["AH"], "finish", "Your Ace asks for a suit: finish with ask and a suit (ask hearts)"),
        (["AS"], "finish", "Your Aces ask for a card or a suit: finish with ask and one"),
        (["7S"], "finish ask H", "Only Aces make a request, and this turn has none left to spend"),
        (["AH"], "finish ask 9S", "One Ace can only ask for a suit; two Aces ask for a card"),
    ],
)
def test_a_finish_with_the_wrong_request_is_refused(
    turn: list[str], finish: str, reason: str
) -> None:
    state = scenario(hands=[[*turn, "5C"], ["9C"]], pile=["7H"])
    for card in turn:
        act(state, 0, f"play {card}")
    assert refused(state, 0, finish).startswith(reason)
