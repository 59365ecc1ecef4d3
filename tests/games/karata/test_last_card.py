"""Last card (niko kadi), winning, and "cardless" players."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalDecision, Outcome
from cardtable.games.karata import KarataRules
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import (
    GAME,
    act,
    hand,
    last_of,
    legal_texts,
    pile,
    refused,
    snapshot,
)

DECK = ["4C", "6C", "9C", "10C", "4D", "5D", "6D", "9D", "10D"]


@pytest.mark.parametrize("turn", [["9H"], ["9H", "9S"], ["QH", "4H"], ["8H", "8S", "10S"], ["7S"]])
def test_a_declared_player_wins_by_emptying_their_hand_on_a_plain_card(turn: list[str]) -> None:
    state = scenario(hands=[turn, ["5C"]], pile=["7H"], declared=[0], deck=DECK)
    act(state, 0, " ".join(["turn", *turn]))
    assert state.outcome == Outcome(
        winners=(0,),
        code="played_out",
        seats=(0,),
        reason="player 0 declared last card and played out",
        placings=(1, 2),
    )
    assert last_of(state, "finish")["won"] is True


def test_last_card_declared_in_one_turn_then_won_in_the_next() -> None:
    state = scenario(hands=[["9H", "9S", "5S"], ["5C", "6H"]], pile=["7H"], deck=DECK)
    act(state, 0, "turn 9H 9S last")
    assert state.declared == [True, False]
    act(state, 1, "pass")
    act(state, 0, "turn 5S")
    assert state.outcome is not None
    assert state.outcome.winners == (0,)


@pytest.mark.parametrize(
    ("turn", "declared"),
    [
        (["9H"], False),  # emptied on a plain card without declaring
        (["2H"], True),  # emptied on a bomb
        (["JH"], True),  # on a Jack
        (["KH"], True),  # on a King
        (["AH"], True),  # on an Ace (it still asks for a suit)
        (["BJ"], True),
    ],
)
def test_emptying_a_hand_any_other_way_leaves_the_player_cardless(
    turn: list[str], declared: bool
) -> None:
    state = scenario(
        hands=[turn, ["5C", "5H", "4H"], ["6S", "10S"]],
        pile=["7H"],
        declared=[0] if declared else [],
        deck=DECK,
        rules=KarataRules(players=3),
    )
    act(state, 0, " ".join(["turn", *turn, *(["ask", "D"] if turn == ["AH"] else [])]))
    assert state.outcome is None
    assert hand(state, 0) == []
    assert last_of(state, "finish")["won"] is False
    assert state.declared[0] is False
    # play goes on; when their turn comes round the cardless player can only pick
    while state.active != 0:
        seat = state.active
        act(state, seat, "pass")
    assert legal_texts(state, 0) == {"pass"}
    act(state, 0, "pass")
    assert len(hand(state, 0)) >= 1
    assert state.outcome is None


def test_a_cardless_player_under_a_bomb_picks_its_count() -> None:
    state = scenario(hands=[[], ["5C"]], pile=["2H"], bomb=2, deck=DECK)
    assert legal_texts(state, 0) == {"pass"}
    act(state, 0, "pass")
    assert hand(state, 0) == DECK[:2]


def test_a_turn_ending_on_an_unanswered_question_picks_even_with_an_empty_hand() -> None:
    state = scenario(hands=[["QH"], ["5C"]], pile=["7H"], declared=[0], deck=DECK)
    act(state, 0, "turn QH")
    assert state.outcome is None
    assert hand(state, 0) == ["4C"]


@pytest.mark.parametrize("holding", ["AH", "2S", "3D", "BJ", "JD", "KC"])
def test_last_card_is_refused_while_holding_an_ace_bomb_jack_or_king(holding: str) -> None:
    state = scenario(hands=[["9H", holding], ["5C"]], pile=["7H"])
    act(state, 0, "play 9H")
    assert "finish last" not in legal_texts(state, 0)
    reason = refused(state, 0, "finish last")
    assert reason.startswith("You cannot declare last card holding the ")
    assert reason.endswith("not with an Ace, a bomb, a Jack or a King in hand")
    assert refused(state, 0, "finish last") == reason
    act(state, 0, "finish")  # the cards played stay played: finish without declaring
    assert state.declared == [False, False]
    assert hand(state, 0) == [holding]


def test_a_whole_turn_with_a_refused_declaration_keeps_its_cards_played() -> None:
    """RULING 15: a refused declaration never takes back the cards played. Played as a whole
    turn, the cards stay played just as they do card by card, and the error says so; the
    player then finishes without declaring (or plays on)."""
    by_card = scenario(hands=[["4S", "AH", "9H"], ["5C"]], pile=["7S"], deck=DECK)
    act(by_card, 0, "play 4S")
    reason = refused(by_card, 0, "finish last")
    whole = scenario(hands=[["4S", "AH", "9H"], ["5C"]], pile=["7S"], deck=DECK)
    error = GAME.decide(whole, 0, GAME.parse_decision("turn 4S last"))
    assert error is not None
    assert error.reason == (
        f"{reason}; the Four of Spades stays played: finish the turn without declaring "
        "(finish), or play on"
    )
    assert whole.staged() == by_card.staged() == ("4S",)
    assert hand(whole, 0) == ["AH", "9H"]
    assert whole.active == 0
    assert snapshot(whole) == snapshot(by_card)
    assert "finish last" not in legal_texts(whole, 0)
    act(whole, 0, "finish")
    assert whole.declared == [False, False]
    assert hand(whole, 0) == ["AH", "9H"]
    assert pile(whole)[0] == "4S"
    assert whole.active == 1


def test_a_whole_turn_with_a_refused_declaration_names_every_card_kept() -> None:
    state = scenario(hands=[["4S", "4H", "KC"], ["5C"]], pile=["7S"], deck=DECK)
    error = GAME.decide(state, 0, GAME.parse_decision("turn 4S 4H last"))
    assert error is not None
    assert error.reason.endswith(
        "; the Four of Spades and the Four of Hearts stay played: finish the turn without "
        "declaring (finish), or play on"
    )
    assert state.staged() == ("4S", "4H")
    with pytest.raises(IllegalDecision, match="you have started this turn card by card"):
        GAME.decide(state, 0, GAME.parse_decision("turn 4C"))


def test_a_whole_turn_that_breaks_a_rule_of_play_is_still_refused_whole() -> None:
    state = scenario(hands=[["4S", "5H", "KC"], ["5C"]], pile=["7S"], deck=DECK)
    refused(state, 0, "turn 4S 5H last")
    assert state.staged() == ()


@pytest.mark.parametrize("holding", ["QS", "8D", "4C", "10D"])
def test_questions_and_plain_cards_do_not_stop_a_declaration(holding: str) -> None:
    state = scenario(hands=[["9H", holding], ["5C"]], pile=["7H"])
    act(state, 0, "play 9H")
    assert "finish last" in legal_texts(state, 0)
    act(state, 0, "finish last")
    assert state.declared == [True, False]


@pytest.mark.parametrize("holding", ["AH", "2S", "BJ", "JD", "KC"])
def test_without_the_check_anything_may_be_held_when_declaring(holding: str) -> None:
    rules = KarataRules(last_card_check=False)
    state = scenario(hands=[["9H", holding], ["5C"]], pile=["7H"], rules=rules)
    act(state, 0, "play 9H")
    assert "finish last" in legal_texts(state, 0)
    act(state, 0, "finish last")
    assert state.declared == [True, False]


def test_last_card_needs_cards_left_in_hand() -> None:
    state = scenario(hands=[["9H"], ["5C"]], pile=["7H"])
    act(state, 0, "play 9H")
    assert "finish last" not in legal_texts(state, 0)
    assert refused(state, 0, "finish last") == "Last card is declared with cards left in your hand"


def test_a_declaration_holds_until_the_players_next_finished_turn() -> None:
    state = scenario(hands=[["9H", "9S", "4S", "5S"], ["9C", "6S", "4D"]], pile=["7H"])
    act(state, 0, "turn 9H last")
    assert state.declared[0] is True
    act(state, 1, "turn 9C")  # others' turns do not touch it
    assert state.declared[0] is True
    act(state, 0, "turn 9S last")  # declared again: it holds on
    assert state.declared[0] is True
    act(state, 1, "turn 6S")
    act(state, 0, "turn 4S")  # finished without declaring: it is over
    assert state.declared[0] is False


def test_a_declaration_made_in_the_winning_turn_does_not_count() -> None:
    state = scenario(hands=[["9H", "9S"], ["5C"]], pile=["7H"], deck=DECK)
    act(state, 0, "turn 9H 9S")
    assert state.outcome is None  # never declared: cardless


def test_passing_ends_a_declaration() -> None:
    state = scenario(hands=[["9S", "4S"], ["5C"]], pile=["7H"], declared=[0], deck=DECK)
    act(state, 0, "pass")
    assert state.declared == [False, False]
    assert last_of(state, "pass")["seat"] == 0
