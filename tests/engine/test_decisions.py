"""The legal decisions object and conceding."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardtable.engine import CONCEDE, Concede, Decision, Decisions


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
