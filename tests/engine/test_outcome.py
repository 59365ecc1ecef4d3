"""Outcomes: who won, and why."""

from __future__ import annotations

import pytest

from cardtable.engine import Outcome, RecordError


def test_a_sole_winner() -> None:
    outcome = Outcome(winners=(1,), reason="health")
    assert outcome.winner == 1
    assert not outcome.is_draw
    assert (outcome.score(1), outcome.score(0)) == (1.0, 0.0)


def test_nobody_won() -> None:
    outcome = Outcome(winners=(), reason="both fell")
    assert outcome.winner is None
    assert outcome.is_draw
    assert (outcome.score(0), outcome.score(1)) == (0.5, 0.5)


def test_shared_win() -> None:
    outcome = Outcome(winners=(0, 2), reason="player 1 conceded")
    assert outcome.winner is None
    assert outcome.is_draw
    assert [outcome.score(seat) for seat in range(3)] == [0.5, 0.0, 0.5]


@pytest.mark.parametrize("winners", [(), (0,), (1, 2)])
def test_json_round_trip(winners: tuple[int, ...]) -> None:
    outcome = Outcome(winners=winners, reason="because")
    assert outcome.to_json() == {"winners": list(winners), "reason": "because"}
    assert Outcome.from_json(outcome.to_json()) == outcome


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("won", "outcome: expected an object"),
        ({"reason": "x"}, "outcome winners: expected a list"),
        ({"winners": ["0"], "reason": "x"}, "outcome winner: expected an integer"),
        ({"winners": [0]}, "outcome reason: expected a string"),
    ],
)
def test_malformed_outcomes_are_refused(data: object, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        Outcome.from_json(data)  # type: ignore[arg-type]
