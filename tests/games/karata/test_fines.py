"""Fines off: an invalid turn is refused with its rule and nothing changes. Fines on (1 or 2
cards): the turn's cards go back, the player picks the fine (and a pending bomb), the turn ends
and a request stays (ruling 16); an invalid declaration keeps the cards played (ruling 15)."""

from __future__ import annotations

import pytest

from cardtable.engine.errors import IllegalDecision
from cardtable.games.karata import KarataRules
from cardtable.games.karata.errors import BadDeclaration, RuleBroken
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import (
    GAME,
    act,
    fined,
    hand,
    kinds,
    last_of,
    legal_texts,
    new_events,
    pile,
    refused,
    snapshot,
)

DECK = ["4C", "6C", "9C", "10C", "4D", "5D", "6D", "10D", "6S"]
FINES = [1, 2]


@pytest.mark.parametrize(
    ("table", "decisions", "reason"),
    [
        ({}, ["turn 9S"], "The Nine of Spades does not match the Seven of Hearts"),
        ({}, ["play 7S", "play 9D"], "A Nine cannot follow the Seven of Spades"),
        ({}, ["turn AH"], "Your Ace asks for a suit"),
        ({"request": "H"}, ["play 9S"], "A suit has been requested: Hearts"),
        ({"bomb": 2, "pile": ["2H"]}, ["play 9D"], "A bomb is on you"),
    ],
)
def test_with_fines_off_an_invalid_turn_is_refused_and_nothing_changes(
    table: dict[str, object], decisions: list[str], reason: str
) -> None:
    arguments: dict[str, object] = {"pile": ["7H"], "deck": DECK, **table}
    state = scenario(hands=[["7S", "9S", "9D", "AH"], ["5C"]], **arguments)  # type: ignore[arg-type]
    for text in decisions[:-1]:
        act(state, 0, text)
    assert refused(state, 0, decisions[-1]).startswith(reason)
    assert state.active == 0  # the player tries again


@pytest.mark.parametrize("fine", FINES)
@pytest.mark.parametrize(
    ("decisions", "reason"),
    [
        (["turn 9S"], "The Nine of Spades does not match the Seven of Hearts"),
        (["play 7S", "play 9D"], "A Nine cannot follow the Seven of Spades"),
        (["turn 7S 9D"], "A Nine cannot follow the Seven of Spades"),
        (["turn AH"], "Your Ace asks for a suit"),
        (["play AH", "finish ask 9S"], "One Ace can only ask for a suit"),
    ],
)
def test_with_fines_on_an_invalid_turn_returns_its_cards_and_costs_the_fine(
    fine: int, decisions: list[str], reason: str
) -> None:
    held = ["7S", "9S", "9D", "AH"]
    state = scenario(hands=[held, ["5C"]], pile=["7H"], deck=DECK, rules=KarataRules(fine=fine))
    for text in decisions[:-1]:
        act(state, 0, text)
    since = len(state.journal or [])
    assert fined(state, 0, decisions[-1]).startswith(reason)
    assert sorted(hand(state, 0)) == sorted(held + DECK[:fine])
    assert pile(state) == ["7H"]
    assert state.staged() == ()
    assert state.active == 1  # the turn ended
    seen = new_events(state, since, seat=1)
    assert kinds(seen) == ["take_back", "fined", "pick", "next"]
    notice = last_of(state, "fined")
    assert (notice["seat"], notice["fine"], notice["bomb"], notice["what"]) == (0, fine, 0, "turn")
    assert str(notice["reason"]).startswith(reason)  # everyone sees why


@pytest.mark.parametrize("fine", FINES)
def test_a_fined_player_also_picks_the_pending_bomb(fine: int) -> None:
    state = scenario(
        hands=[["9D", "5H"], ["5C"]], pile=["3H"], bomb=3, deck=DECK, rules=KarataRules(fine=fine)
    )
    fined(state, 0, "turn 9D")
    assert hand(state, 0) == ["9D", "5H", *DECK[: fine + 3]]
    assert state.bomb == 0
    assert last_of(state, "fined")["bomb"] == 3
    assert [event["reason"] for event in new_events(state) if event["type"] == "pick"] == [
        "fine",
        "bomb",
    ]
    assert state.active == 1


@pytest.mark.parametrize("fine", FINES)
def test_a_request_stays_for_the_next_player_after_a_fine(fine: int) -> None:
    state = scenario(
        hands=[["9S", "5C"], ["4S", "6H"], ["10H"]],
        pile=["7D"],
        request="H",
        deck=DECK,
        rules=KarataRules(players=3, fine=fine),
    )
    fined(state, 0, "turn 9S")
    assert (state.request, state.active) == ("H", 1)
    assert legal_texts(state, 1) == {"play 6H", "pass"}


@pytest.mark.parametrize("fine", FINES)
def test_a_fined_turn_ends_a_declaration_like_a_pass(fine: int) -> None:
    state = scenario(
        hands=[["9S", "5C"], ["4S"]],
        pile=["7D"],
        declared=[0],
        deck=DECK,
        rules=KarataRules(fine=fine),
    )
    fined(state, 0, "turn 9S")
    assert state.declared == [False, False]


@pytest.mark.parametrize("fine", FINES)
@pytest.mark.parametrize("decisions", [["turn 9H last"], ["play 9H", "finish last"]])
def test_an_invalid_declaration_with_fines_on_keeps_the_cards_and_costs_the_fine(
    fine: int, decisions: list[str]
) -> None:
    state = scenario(
        hands=[["9H", "AC"], ["5C"]], pile=["7H"], deck=DECK, rules=KarataRules(fine=fine)
    )
    for text in decisions[:-1]:
        act(state, 0, text)
    error = GAME.decide(state, 0, GAME.parse_decision(decisions[-1]))
    assert isinstance(error, BadDeclaration)
    assert error.reason.startswith("You cannot declare last card holding the Ace of Clubs")
    assert pile(state) == ["9H", "7H"]  # the turn stands
    assert hand(state, 0) == ["AC", *DECK[:fine]]
    assert state.declared == [False, False]
    assert state.active == 1
    notice = last_of(state, "fined")
    assert (notice["what"], notice["fine"]) == ("declaration", fine)
    assert last_of(state, "finish")["last"] is False


def test_an_invalid_declaration_with_fines_off_is_refused_and_the_turn_finishes_without_it() -> (
    None
):
    state = scenario(hands=[["9H", "AC"], ["5C"]], pile=["7H"], deck=DECK)
    act(state, 0, "play 9H")
    assert refused(state, 0, "finish last").startswith("You cannot declare last card")
    assert state.staged() == ("9H",)  # the card played is not undone
    act(state, 0, "finish")
    assert pile(state) == ["9H", "7H"]


@pytest.mark.parametrize(
    ("seat", "text", "reason"),
    [
        (0, "play KD", "you do not hold the King of Diamonds"),
        (1, "play 5C", "it is not your turn: player 0 is playing"),
        (0, "finish", "play a card first, or pass to pick"),
    ],
)
def test_mistakes_of_input_are_never_fined(seat: int, text: str, reason: str) -> None:
    state = scenario(
        hands=[["9H", "AC"], ["5C"]], pile=["7H"], deck=DECK, rules=KarataRules(fine=2)
    )
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as caught:
        GAME.decide(state, seat, GAME.parse_decision(text))
    assert not isinstance(caught.value, RuleBroken)
    assert caught.value.reason == reason
    assert snapshot(state) == before


def test_a_time_out_is_never_fined() -> None:
    state = scenario(
        hands=[["AH", "9S", "4S", "JD"], ["5C"]], pile=["7H"], deck=DECK, rules=KarataRules(fine=2)
    )
    act(state, 0, "play AH")
    default = GAME.legal(state, 0).default
    assert default is not None
    assert GAME.decide(state, 0, default) is None
    assert (state.request, hand(state, 0)) == ("S", ["9S", "4S", "JD"])


@pytest.mark.parametrize("fine", FINES)
def test_a_fined_declaration_on_the_emptying_turn_is_paid_and_does_not_win(fine: int) -> None:
    state = scenario(
        hands=[["9H"], ["5C"]], pile=["7H"], declared=[0], deck=DECK, rules=KarataRules(fine=fine)
    )
    error = fined(state, 0, "turn 9H last")
    assert error == "Last card is declared with cards left in your hand"
    assert state.outcome is None  # the fine is picked before the turn takes effect
    assert hand(state, 0) == DECK[:fine]
    assert pile(state) == ["9H", "7H"]
    assert last_of(state, "finish")["won"] is False
    assert state.active == 1


def test_the_same_turn_without_fines_keeps_its_card_then_wins_without_the_declaration() -> None:
    """Fines off: only the declaration is refused; 9H stays played (RULING 15), as it would
    card by card, and finishing without the declaration wins."""
    state = scenario(hands=[["9H"], ["5C"]], pile=["7H"], declared=[0], deck=DECK)
    error = GAME.decide(state, 0, GAME.parse_decision("turn 9H last"))
    assert error is not None
    assert error.reason == (
        "Last card is declared with cards left in your hand; the Nine of Hearts stays played: "
        "finish the turn without declaring (finish), or play on"
    )
    assert (state.staged(), hand(state, 0), state.outcome) == (("9H",), [], None)
    act(state, 0, "finish")
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
