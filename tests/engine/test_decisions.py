"""The legal decisions object and conceding."""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import pytest

from cardtable.engine import (
    CONCEDE,
    ENGINE_REFUSAL_CODES,
    Concede,
    Decision,
    Decisions,
    IllegalDecision,
    InvalidDecision,
)


@dataclass(frozen=True, slots=True)
class Wait(Decision):
    def text(self) -> str:
        return "wait"


def test_conceding_is_a_decision_with_a_text() -> None:
    assert Concede().text() == "concede"
    assert str(CONCEDE) == "concede"
    assert Concede() == CONCEDE


def test_a_decision_must_say_its_text() -> None:
    with pytest.raises(NotImplementedError, match="Decision must define text"):
        Decision().text()


def test_options_are_the_moves_and_conceding() -> None:
    legal = Decisions(seat=1, moves=(Wait(),), default=Wait())
    assert legal.options == (Wait(), CONCEDE)
    assert legal.can_concede
    assert list(legal) == [Wait(), CONCEDE]
    assert len(legal) == 2
    assert Wait() in legal
    assert CONCEDE in legal
    assert legal.default == Wait()
    assert repr(legal) == "Decisions(seat=1, [wait, concede])"


def test_a_seat_that_may_not_concede() -> None:
    legal = Decisions(seat=0, moves=(), default=None, can_concede=False)
    assert legal.options == ()
    assert not legal.can_concede
    assert CONCEDE not in legal
    assert len(legal) == 0


def test_every_refusal_carries_a_code_that_survives_pickling() -> None:
    plain, invalid = IllegalDecision("no"), InvalidDecision("what?")
    coded = IllegalDecision("too dear", code="cannot_afford")
    assert (plain.code, invalid.code, coded.code) == (
        "illegal_decision",
        "invalid_decision",
        "cannot_afford",
    )
    assert {plain.code, invalid.code} <= set(ENGINE_REFUSAL_CODES)
    for error in (plain, invalid, coded):
        copied = pickle.loads(pickle.dumps(error))
        assert (type(copied), copied.reason, copied.code) == (
            type(error),
            error.reason,
            error.code,
        )
