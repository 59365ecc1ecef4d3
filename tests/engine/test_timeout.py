"""A timeout: the seat to act ran out of time; the record keeps it, an event says so, and the
seat's default decision is made."""

from __future__ import annotations

import pytest

from cardtable.engine import DecisionError, IllegalDecision, JsonObject, Match, Timeout
from cardtable.engine.wording import Names, describe
from tests.engine.test_game import TICK, TickRules


def test_a_timeout_is_an_event_then_the_default_decision() -> None:
    match = Match(TICK, TickRules(), seed=0)
    assert match.game.parse_decision("timeout") == Timeout()
    match.decide(0, "timeout")
    assert match.to_act == 1  # the default, a tick, was made
    assert match.events(None) == [{"type": "timed_out", "seat": 0, "decision": "tick"}]
    assert match.record().decisions == ((0, "timeout"),)
    assert Match.replay(TICK, match.record()).hash() == match.hash()


def test_a_timeout_is_refused_for_a_seat_not_to_act_and_is_no_option() -> None:
    match = Match(TICK, TickRules(), seed=0)
    with pytest.raises(IllegalDecision, match="not your turn") as refused:
        match.decide(1, "timeout")
    assert refused.value.code == "not_your_turn"
    assert Timeout() not in match.legal(0)
    assert match.decisions == []


def test_the_engine_words_a_timeout() -> None:
    names = Names(["Ann", "Bob"].__getitem__)
    event: JsonObject = {"type": "timed_out", "seat": 1, "decision": "tick"}
    assert describe(event, names) == "Bob ran out of time; tick was played for them"


def test_a_timeout_that_forfeits_concedes_for_the_seat_after_saying_so() -> None:
    match = Match(TICK, TickRules(), seed=0)
    assert match.game.parse_decision("timeout forfeit") == Timeout("forfeit")
    match.decide(0, "timeout forfeit")
    assert match.events(None) == [
        {"type": "timed_out", "seat": 0, "decision": "concede"},
        {"type": "conceded", "seat": 0},
    ]
    assert match.outcome is not None
    assert match.outcome.winners == (1,)
    assert match.record().decisions == ((0, "timeout forfeit"),)
    assert Match.replay(TICK, match.record()).hash() == match.hash()


def test_a_timeout_that_hands_the_seat_over_leaves_the_seat_to_act() -> None:
    match = Match(TICK, TickRules(), seed=0)
    match.decide(0, "timeout agent")
    assert match.to_act == 0  # a computer player decides next
    assert len(match.decisions) == 1
    assert match.events(None) == [{"type": "timed_out", "seat": 0, "decision": "agent"}]
    assert match.record().decisions == ((0, "timeout agent"),)


def test_a_timeout_of_an_unknown_kind_is_refused_by_name() -> None:
    match = Match(TICK, TickRules(), seed=0)
    with pytest.raises(DecisionError, match="timeout default, forfeit or agent"):
        match.game.parse_decision("timeout later")


def test_the_engine_words_each_kind_of_timeout() -> None:
    names = Names(["Ann", "Bob"].__getitem__)
    forfeit: JsonObject = {"type": "timed_out", "seat": 1, "decision": "concede"}
    handed: JsonObject = {"type": "timed_out", "seat": 0, "decision": "agent"}
    assert describe(forfeit, names) == "Bob ran out of time; they forfeit the match"
    assert describe(handed, names) == "Ann ran out of time; a computer player takes their seat"
