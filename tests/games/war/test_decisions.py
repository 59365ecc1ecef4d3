"""War's one decision: who may turn, when, and what a refusal says."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalDecision, InvalidDecision
from cardtable.games.tcg import End
from cardtable.games.war import TURN, WarRules
from cardtable.games.war.scenario import scenario
from tests.games.war.helpers import GAME, play_round, snapshot, turn


def test_the_player_to_turn_has_one_move_the_others_none() -> None:
    state = scenario(piles=[["9H", "2C"], ["9S", "3D"], ["4D", "5D"]], rules=WarRules(players=3))
    assert GAME.to_act(state) == 0
    legal = GAME.legal(state, 0)
    assert legal.moves == (TURN,)
    assert legal.default == TURN
    assert legal.can_concede
    waiting = GAME.legal(state, 1)
    assert waiting.moves == ()
    assert waiting.default is None
    assert waiting.can_concede
    turn(state, 0)
    assert GAME.to_act(state) == 1


@pytest.mark.parametrize(
    ("seat", "reason"),
    [
        (1, "it is not your turn: player 0 turns first"),
        (2, "you are waiting: you are not in this round"),
    ],
)
def test_refusals_say_why_and_change_nothing(seat: int, reason: str) -> None:
    state = scenario(piles=[["9H", "2C"], ["9S", "3D"], ["4D", "5D"]], rules=WarRules(players=3))
    play_round(state)
    before = snapshot(state)
    with pytest.raises(IllegalDecision, match=reason):
        GAME.decide(state, seat, TURN)
    assert snapshot(state) == before


def test_turning_twice_in_a_round_is_refused() -> None:
    state = scenario(piles=[["9H", "2C"], ["9S", "3D"]])
    turn(state, 0)
    with pytest.raises(IllegalDecision, match="you have turned already in this round"):
        GAME.decide(state, 0, TURN)


def test_players_out_of_the_match_cannot_turn() -> None:
    state = scenario(piles=[["AH", "2C"], ["2S"], ["3S", "4S"]], rules=WarRules(players=3))
    play_round(state)
    with pytest.raises(IllegalDecision, match="you are out of the match"):
        GAME.decide(state, 1, TURN)
    assert GAME.legal(state, 1).options == ()


def test_another_games_decision_is_refused() -> None:
    state = scenario(piles=[["9H"], ["8S"]])
    with pytest.raises(IllegalDecision, match="'end' is not a decision of War"):
        GAME.decide(state, 0, End())


def test_decision_texts() -> None:
    assert GAME.parse_decision("turn") == TURN
    assert GAME.parse_decision("  TURN ") == TURN
    assert GAME.parse_decision("concede").text() == "concede"
    with pytest.raises(InvalidDecision, match="'flip' is not a War decision: write 'turn'"):
        GAME.parse_decision("flip")
    assert TURN.to_json() == {"type": "turn"}


def test_nothing_is_legal_once_the_match_is_over() -> None:
    state = scenario(piles=[["AH"], ["2S"]])
    play_round(state)
    assert state.outcome is not None
    assert GAME.legal(state, 0).options == ()
    with pytest.raises(IllegalDecision, match="the match is over"):
        GAME.decide(state, 0, TURN)
