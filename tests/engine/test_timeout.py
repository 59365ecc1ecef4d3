"""A timeout: the seat to act ran out of time; the record keeps it, an event says so, and the
seat's default decision is made."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalDecision, JsonObject, Match, Timeout
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
