"""Match.verify/can, State.attach/detach, and seats that do not exist."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import Component, IllegalDecision, InvalidDecision, Match, reaction
from cardtable.engine.cards import Card
from cardtable.games import find
from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.actions import DrawCard
from cardtable.games.tcg.scenario import scenario

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
