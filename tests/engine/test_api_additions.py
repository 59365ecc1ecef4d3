"""Match.verify/can, failed matches, versions in records, attach/detach, fizzles, seats."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from cardtable.engine import (
    PUBLIC,
    Action,
    Component,
    Damage,
    Fizzled,
    IllegalDecision,
    InvalidDecision,
    JsonObject,
    Match,
    Record,
    RecordError,
    RunawayReactions,
    Target,
    reaction,
)
from cardtable.engine.cards import Card
from cardtable.games import find
from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.actions import DrawCard
from cardtable.games.tcg.scenario import events, scenario

GAME = find("tcg")


def test_verify_explains_without_changing_anything() -> None:
    match: Match[Any] = Match(GAME, GAME.default_ruleset(), seed=4)
    seat = match.to_act
    assert seat is not None
    before = match.hash()
    with pytest.raises(IllegalDecision, match="not your turn"):
        match.verify(1 - seat, "end")
    with pytest.raises(InvalidDecision):
        match.verify(seat, "fly away")
    match.verify(seat, "end")
    assert match.can(seat, "end")
    assert not match.can(1 - seat, "end")
    assert match.hash() == before
    assert match.decisions == []


def test_a_seat_that_does_not_exist_has_no_decisions() -> None:
    state = scenario()
    for seat in (-1, 2, 9):
        legal = GAME.legal(state, seat)
        assert legal.options == ()
        assert legal.default is None


def test_attached_reactions_listen_until_detached() -> None:
    heard: list[int] = []

    @reaction(DrawCard, name="listen")
    def listen(state: Any, action: DrawCard, source: Card | None) -> None:
        assert source is not None
        heard.append(source.id)

    rules = TcgRules(starting_health=31)  # a rule book of this test's own, since we extend it
    state = scenario(hands=([3], [1]), decks=([2, 2, 2], [0, 0, 0]), rules=rules)
    state.rules.catalogue = {"listen": listen}
    card = state.hands[0].cards[0]
    state.attach(card, Component(key="ears", reactions=("listen",)))
    GAME.decide(state, 0, GAME.parse_decision("end"))
    assert heard == [card.id]
    state.detach(card, "ears")
    GAME.decide(state, 1, GAME.parse_decision("end"))
    assert heard == [card.id]
    assert state.attached(card) == ()


def test_a_match_that_fails_inside_a_decision_takes_no_more() -> None:
    match: Match[Any] = Match(GAME, TcgRules(starting_health=32), seed=2)
    seat = match.to_act
    assert seat is not None
    tight = copy.copy(match.state.rules)  # a rule book of this test's own, its step bound tight
    tight.step_limit = 2
    match.state.rules = tight
    with pytest.raises(RunawayReactions):
        match.decide(seat, "end")
    assert match.failure is not None
    assert match.decisions == []
    assert match.over
    assert match.to_act is None
    assert match.legal(seat).options == ()
    assert not match.can(seat, "concede")
    with pytest.raises(IllegalDecision, match="stopped after an error: more than 2 actions") as e:
        match.decide(seat, "concede")
    assert e.value.code == "match_stopped"
    assert match.record().decisions == ()  # still saveable, for diagnosis


def test_a_fizzle_is_shown_only_to_seats_that_would_have_seen_the_action() -> None:
    class Secret(Action[Any]):
        __slots__ = ()

        def can_execute(self, state: Any) -> bool:
            return False

        def event(self, seat: int | None) -> JsonObject | None:
            return {"type": "secret"} if self.shown(seat) else None

        def shown(self, seat: int | None) -> bool:
            return seat == 0

    fizzle = Fizzled(Secret())
    assert fizzle.event(0) == {"type": "fizzled", "action": "Secret"}
    assert fizzle.event(1) is None
    assert fizzle.event(None) is None


def test_a_fizzle_never_renders_the_action_that_did_not_run() -> None:
    class Blocked(Damage):
        __slots__ = ()

        def can_execute(self, state: Any) -> bool:
            return False

    state = scenario()
    state.run(Blocked([(Target.hero(1), 3)], reason="test"))
    assert state.journal is not None
    assert [entry.event(seat) for entry in state.journal for seat in (0, 1, None)] == [
        {"type": "fizzled", "action": "Blocked"}
    ] * 3
    assert state.heroes[1].life.value == 30


def test_draws_are_shown_to_whoever_can_see_the_hand() -> None:
    state = scenario(hands=([1], [2]), decks=([3, 4], [5, 6]), active=0)
    state.hands[1].visibility = PUBLIC  # a house rule of open hands
    GAME.decide(state, 0, GAME.parse_decision("end"))
    draws = [event for event in events(state, 0) if event["type"] == "draw"]
    assert len(draws) == 1
    assert draws[0]["seat"] == 1
    card = draws[0]["card"]
    assert isinstance(card, dict)
    assert card["cost"] == 6


def test_a_record_from_another_version_of_the_rules_says_so() -> None:
    match: Match[Any] = Match(GAME, GAME.default_ruleset(), seed=6)
    match.decide(match.to_act or 0, "end")
    record = match.record()
    assert (record.engine_version, record.game_version) == (1, GAME.version)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert Match.replay(GAME, again).hash() == match.hash()
    unknown = replace(record, game_version=1)
    with pytest.raises(RecordError, match="version 1 of the Kata TCG rules is not one this"):
        Match.replay(GAME, unknown)
    other_engine = replace(record, engine_version=99)
    with pytest.raises(RecordError, match="made on engine version 99"):
        Match.replay(GAME, other_engine)
