"""The match's generator: repeatable, uniform, serialisable, independent copies."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import RecordError, Rng

PROPERTY = settings(max_examples=100, deadline=None, database=None)
SEEDS = st.integers(-(2**70), 2**70)


@PROPERTY
@given(seed=SEEDS)
def test_the_same_seed_gives_the_same_numbers(seed: int) -> None:
    one, two = Rng(seed), Rng(seed)
    assert [one.below(1000) for _ in range(20)] == [two.below(1000) for _ in range(20)]
    assert [one.next64() for _ in range(3)] == [two.next64() for _ in range(3)]


def test_different_seeds_give_different_numbers() -> None:
    streams = {tuple(Rng(seed).below(2**32) for _ in range(4)) for seed in range(200)}
    assert len(streams) == 200


@PROPERTY
@given(seed=SEEDS, bound=st.integers(1, 2**64))
def test_below_stays_in_range(seed: int, bound: int) -> None:
    rng = Rng(seed)
    for _ in range(10):
        assert 0 <= rng.below(bound) < bound


@pytest.mark.parametrize("bound", [0, -1, -(2**70)])
def test_below_needs_a_positive_bound(bound: int) -> None:
    with pytest.raises(ValueError, match=f"below\\(\\) needs a positive bound, got {bound}"):
        Rng(1).below(bound)


def test_below_refuses_bounds_above_two_to_the_64() -> None:
    with pytest.raises(ValueError, match="bound"):
        Rng(1).below(2**64 + 1)


def test_choice_from_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="positive bound"):
        Rng(0).choice([])


@pytest.mark.parametrize("bound", [2, 3, 6, 7, 10])
def test_below_is_roughly_uniform(bound: int) -> None:
    rng = Rng(2024)
    draws = 10_000 * bound
    counts = Counter(rng.below(bound) for _ in range(draws))
    assert set(counts) == set(range(bound))
    # Each count's standard deviation is below 100 (sqrt(draws * p * (1 - p))): a 5% band is
    # 500, more than five standard deviations.
    for value in range(bound):
        assert abs(counts[value] - 10_000) <= 500, (value, counts[value])


def test_choice_is_roughly_uniform() -> None:
    rng = Rng(77)
    counts = Counter(rng.choice("abc") for _ in range(30_000))
    assert all(abs(counts[letter] - 10_000) <= 500 for letter in "abc")


@PROPERTY
@given(seed=SEEDS, items=st.lists(st.integers()))
def test_a_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


def test_every_order_of_five_items_can_come_out_of_a_shuffle() -> None:
    rng = Rng(5)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(3_000):
        items = list(range(5))
        rng.shuffle(items)
        seen[tuple(items)] += 1
    # 120 orders, 25 expected each: missing one has a chance of about e**-25.
    assert set(seen) == set(itertools.permutations(range(5)))
    assert max(seen.values()) < 60


@PROPERTY
@given(seed=SEEDS, spent=st.lists(st.integers(1, 2**64), max_size=10))
def test_the_json_form_resumes_exactly(seed: int, spent: list[int]) -> None:
    rng = Rng(seed)
    for bound in spent:  # leave the bit buffer part used
        rng.below(bound)
    clone = Rng.from_json(rng.to_json())
    assert clone == rng
    assert hash(clone) == hash(rng)
    assert [clone.below(37) for _ in range(10)] == [rng.below(37) for _ in range(10)]


def test_a_copy_is_independent() -> None:
    rng = Rng(3)
    rng.below(10)
    copy = rng.copy()
    assert copy == rng
    taken = [copy.below(100) for _ in range(5)]
    assert copy != rng
    assert [rng.below(100) for _ in range(5)] == taken


@pytest.mark.parametrize(
    "data",
    [
        None,
        "seed",
        {"state": 1},
        [1, 0],
        [1, 0, 0, 0],
        [1.0, 0, 0],
        [True, 0, 0],
        ["1", 0, 0],
        [-1, 0, 0],
        [2**64, 0, 0],
        [1, 1, 0],  # a buffer with no bits left in it
        [1, 2**10, 10],  # more buffer than bits
        [1, 0, 65],
        [1, 0, -1],
    ],
)
def test_bad_generator_states_are_refused(data: object) -> None:
    with pytest.raises(RecordError, match="generator state"):
        Rng.from_json(data)


def test_derived_generators_are_separate_streams() -> None:
    assert Rng.derive(1, "agent", 0) == Rng.derive(1, "agent", 0)
    streams = [Rng.derive(1, "agent", seat) for seat in (0, 1)] + [Rng.derive(2, "agent", 0)]
    draws = [tuple(rng.below(2**32) for _ in range(3)) for rng in streams]
    assert len(set(draws)) == 3
    assert Rng.derive(1, "agent", 0) != Rng(1)
