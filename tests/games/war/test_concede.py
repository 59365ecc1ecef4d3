"""Conceding: the player drops out and the others play on."""

from __future__ import annotations

import pytest

from cardtable.engine import CONCEDE, IllegalDecision, Match
from cardtable.games.war import WarRules
from cardtable.games.war.scenario import events, scenario
from tests.games.war.helpers import GAME, play_round, sizes, snapshot, top_first, turn


def test_with_two_players_conceding_hands_the_win_to_the_other() -> None:
    match = Match(GAME, WarRules(), seed=2)
    match.decide(1, "concede")
    assert match.outcome is not None
    assert match.outcome.winners == (0,)
    assert (match.outcome.code, match.outcome.seats) == ("conceded", (1,))
    assert match.outcome.reason == "player 1 conceded"
    assert match.events(None)[-1] == {
        "type": "out",
        "seat": 1,
        "reason": "conceded",
        "set_aside": 26,
    }
    assert len(match.state.aside.cards) == 26


def test_with_three_players_the_others_play_on_and_take_the_table() -> None:
    state = scenario(
        piles=[["2H", "5C"], ["QS", "3D", "AC"], ["9D", "4S"]], rules=WarRules(players=3)
    )
    turn(state, 0)
    turn(state, 1)
    assert GAME.decide(state, 1, CONCEDE) is None
    assert state.outcome is None
    assert state.out == [1]
    assert top_first(state.aside) == ["3D", "AC"]
    assert state.to_turn == [2]
    turn(state, 2)
    assert sizes(state) == [1, 0, 4]
    assert state.to_turn == [0, 2]
    assert state.last is not None
    assert state.last.winner == 2


def test_conceding_while_waiting_to_turn_in_a_war() -> None:
    state = scenario(
        piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"], ["4D", "5D"]], rules=WarRules(players=3)
    )
    play_round(state)
    assert state.to_turn == [0, 1]
    GAME.decide(state, 0, CONCEDE)
    assert state.contenders == [1]
    assert state.to_turn == [1]
    turn(state, 1)
    assert sizes(state) == [0, 5, 1]
    assert state.last is not None
    assert state.last.winner == 1


def test_the_last_player_to_turn_conceding_settles_the_round() -> None:
    state = scenario(piles=[["9H", "5C"], ["3S", "4D"], ["4C", "6D"]], rules=WarRules(players=3))
    turn(state, 0)
    turn(state, 1)
    GAME.decide(state, 2, CONCEDE)
    assert sizes(state) == [3, 1, 0]
    assert state.to_turn == [0, 1]


def test_when_every_contender_concedes_the_table_is_set_aside() -> None:
    state = scenario(
        piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"], ["4D", "5D"], ["3H", "6S"]],
        rules=WarRules(players=4),
    )
    play_round(state)
    GAME.decide(state, 0, CONCEDE)
    GAME.decide(state, 1, CONCEDE)
    assert state.outcome is None
    assert {"type": "set_aside", "cards": 4} in events(state, None)
    assert sizes(state) == [0, 0, 1, 1]
    assert state.to_turn == [2, 3]
    assert len(state.aside.cards) == 8
    assert state.last is not None
    assert state.last.winner is None


def test_a_player_out_of_the_match_cannot_concede_again() -> None:
    state = scenario(piles=[["AH"], ["2S"], ["3S", "4S"]], rules=WarRules(players=3))
    play_round(state)
    assert state.out == [1]
    before = snapshot(state)
    with pytest.raises(IllegalDecision, match="you are out of the match already"):
        GAME.decide(state, 1, CONCEDE)
    assert snapshot(state) == before
    assert not GAME.legal(state, 1).can_concede
    assert GAME.legal(state, 0).can_concede
    assert not GAME.can(state, 1, CONCEDE)  # verify asks the game, as decide does
    assert GAME.can(state, 0, CONCEDE)


def test_waiting_players_may_concede() -> None:
    state = scenario(piles=[["9H", "2C"], ["9S", "3D"], ["4D", "5D"]], rules=WarRules(players=3))
    play_round(state)
    GAME.decide(state, 2, CONCEDE)
    assert state.out == [2]
    assert state.to_turn == [0, 1]
