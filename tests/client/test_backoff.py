"""The back-off's waits grow, stay within their bounds, spread out, and end."""

from __future__ import annotations

import random

import pytest

from cardtable.client import DEFAULT_BACKOFF, Backoff


def test_the_waits_double_up_to_the_cap() -> None:
    backoff = Backoff(first=0.5, factor=2.0, cap=3.0, attempts=6)
    assert [backoff.ceiling(n) for n in range(1, 7)] == [0.5, 1.0, 2.0, 3.0, 3.0, 3.0]
    assert backoff.longest() == 12.5
    assert Backoff(first=1.0, cap=1.0, attempts=3).longest() == 3.0
    assert Backoff(attempts=0).longest() == 0


def test_each_wait_is_between_half_its_ceiling_and_all_of_it_and_they_spread() -> None:
    backoff = Backoff(first=0.1, factor=3.0, cap=2.0, attempts=5)
    rng = random.Random(7)
    for attempt in range(1, 6):
        ceiling = backoff.ceiling(attempt)
        drawn = [backoff.delay(attempt, rng) for _ in range(200)]
        assert all(ceiling / 2 <= wait <= ceiling for wait in drawn)
        assert max(drawn) - min(drawn) > ceiling / 4  # jittered: not all alike


def test_a_late_attempt_is_capped_not_overflowing() -> None:
    assert Backoff(first=0.1, cap=5.0).ceiling(10_000) == 5.0


def test_the_default_rides_out_a_short_outage_and_ends() -> None:
    shortest = sum(DEFAULT_BACKOFF.ceiling(n) / 2 for n in range(1, DEFAULT_BACKOFF.attempts + 1))
    assert shortest >= 8.0
    assert DEFAULT_BACKOFF.longest() <= 20.0


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"first": 0.0}, "first wait must be more than 0"),
        ({"factor": 0.5}, "factor must be at least 1"),
        ({"first": 2.0, "cap": 1.0}, "cap (1.0 s) must be at least the first wait (2.0 s)"),
        ({"attempts": -1}, "attempts must be 0 or more"),
    ],
)
def test_a_backoff_that_makes_no_sense_is_refused(options: dict[str, float], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Backoff(**options)  # type: ignore[arg-type]


def test_retries_are_numbered_from_one() -> None:
    with pytest.raises(ValueError, match="numbered from 1"):
        Backoff().ceiling(0)
