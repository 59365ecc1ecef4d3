"""Winning and losing: 0 health or below loses at once; health is not clamped; conceding."""

from __future__ import annotations

import pytest

from cardtable.engine import CONCEDE, IllegalDecision, Match
from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.scenario import events, scenario
from tests.games.tcg.helpers import GAME, act, life, snapshot


def test_exactly_zero_health_loses_at_once() -> None:
    state = scenario(hands=([3, 2], []), health=(30, 3), slots=(5, 0))
    act(state, 0, "play #0")
    assert life(state, 1) == 0
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert state.outcome.winner == 0
    assert not state.outcome.is_draw
    assert (state.outcome.code, state.outcome.seats) == ("fell", (1,))
    assert state.outcome.reason == "player 1 fell to 0 health or below"
    assert GAME.to_act(state) is None


@pytest.mark.parametrize("text", ["play #1", "end", "concede"])
@pytest.mark.parametrize("seat", [0, 1])
def test_no_decision_is_accepted_once_the_match_is_over(seat: int, text: str) -> None:
    state = scenario(hands=([3, 2], [1]), health=(30, 3), slots=(5, 1))
    act(state, 0, "play #0")
    before = snapshot(state)
    with pytest.raises(IllegalDecision, match="the match is over"):
        act(state, seat, text)
    assert snapshot(state) == before


def test_a_finished_match_offers_no_decision() -> None:
    state = scenario(hands=([3, 2], [1]), health=(30, 3), slots=(5, 1))
    act(state, 0, "play #0")
    for seat in (0, 1):
        legal = GAME.legal(state, seat)
        assert legal.moves == ()
        assert legal.options == ()
        assert legal.default is None
        assert not legal.can_concede


def test_health_is_not_clamped_below_zero() -> None:
    state = scenario(hands=([8], []), health=(30, 3), slots=(8, 0))
    act(state, 0, "play #0")
    assert life(state, 1) == -5
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert events(state, 1)[-1]["hits"] == [{"target": "p1", "amount": 8, "life": -5}]
    for seat in (0, 1, None):
        assert GAME.view(state, seat).public["heroes"][1]["life"] == [30, -5]


def test_one_health_left_is_still_alive() -> None:
    state = scenario(hands=([2], []), health=(30, 3), slots=(2, 0))
    act(state, 0, "play #0")
    assert life(state, 1) == 1
    assert state.outcome is None


@pytest.mark.parametrize("active", [0, 1])
@pytest.mark.parametrize("quitter", [0, 1])
def test_either_player_may_concede_at_any_time(active: int, quitter: int) -> None:
    state = scenario(hands=([1], [1]), slots=(1, 1), active=active)
    assert CONCEDE in GAME.legal(state, quitter)
    act(state, quitter, "concede")
    assert state.outcome is not None
    assert state.outcome.winners == (1 - quitter,)
    assert (state.outcome.code, state.outcome.seats) == ("conceded", (quitter,))
    assert state.outcome.reason == f"player {quitter} conceded"
    assert GAME.to_act(state) is None
    assert events(state, None) == [{"type": "conceded", "seat": quitter}]


def test_conceding_before_playing_anything() -> None:
    match = Match(GAME, TcgRules(), seed=4)
    waiting = 1 - match.state.active
    match.decide(waiting, "concede")
    assert match.outcome is not None
    assert match.outcome.winners == (match.state.active,)
    assert match.record().decisions == ((waiting, "concede"),)
