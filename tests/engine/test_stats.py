"""Stats: a base and a current value."""

from __future__ import annotations

import pytest

from cardtable.engine import RecordError, Stat


def test_the_value_starts_at_the_base() -> None:
    assert (Stat(30).base, Stat(30).value) == (30, 30)
    assert (Stat(5, 2).base, Stat(5, 2).value) == (5, 2)


@pytest.mark.parametrize(
    ("base", "value", "missing"), [(30, 23, 7), (30, 30, 0), (3, 5, 0), (3, -4, 7)]
)
def test_missing_is_how_far_below_the_base(base: int, value: int, missing: int) -> None:
    assert Stat(base, value).missing == missing


def test_stats_compare_by_value_and_copies_are_independent() -> None:
    life = Stat(30, 12)
    copy = life.copy()
    assert copy == life
    assert hash(copy) == hash(life)
    copy.value -= 1
    assert life == Stat(30, 12)
    assert copy != life
    assert Stat(1, 2) != Stat(2, 1)
    assert Stat(1) != (1, 1)
    assert repr(life) == "Stat(base=30, value=12)"


def test_json_round_trip() -> None:
    assert Stat(10, -3).to_json() == [10, -3]
    assert Stat.from_json([10, -3]) == Stat(10, -3)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (None, "stat: expected a list"),
        ([1], r"stat: expected \[base, value\], got 1 numbers"),
        ([1, 2, 3], r"got 3 numbers"),
        (["1", 2], "stat base: expected an integer"),
        ([1, True], "stat value: expected an integer, got bool"),
    ],
)
def test_malformed_stats_are_refused(data: object, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        Stat.from_json(data)  # type: ignore[arg-type]
