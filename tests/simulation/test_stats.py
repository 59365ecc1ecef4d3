"""The statistics of a simulation, on matches made up by hand."""

from __future__ import annotations

import math

import pytest

from cardtable.simulation import MatchResult, SimulationResult, summarise, wilson
from cardtable.simulation.stats import histogram, lengths, percentile


def _match(
    index: int,
    seating: tuple[int, ...],
    winners: tuple[int, ...],
    decisions: int = 10,
    first: int | None = 0,
    finished: bool = True,
) -> MatchResult:
    return MatchResult(
        index=index,
        seed=index,
        seating=seating,
        winners=winners,
        reason="won" if winners else "draw",
        decisions=decisions,
        first_to_act=first,
        finished=finished,
    )


def _result(*matches: MatchResult, agents: tuple[str, ...] = ("a", "b")) -> SimulationResult:
    return SimulationResult(
        game="g",
        title="G",
        ruleset={},
        agents=agents,
        seed=1,
        workers=1,
        seconds=2.0,
        matches=matches,
    )


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 1, 0.2065, 1.0),
        (88, 100, 0.8019, 0.9300),
        (0, 0, 0.0, 1.0),
    ],
)
def test_wilson_intervals_match_known_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    interval = wilson(successes, trials)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)


def test_wilson_is_the_closed_formula() -> None:
    z, n, k = 1.959963984540054, 400, 300
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    interval = wilson(k, n)
    assert (interval.low, interval.high) == pytest.approx((centre - half, centre + half))


def test_wilson_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson(3, 2)


def test_wins_are_counted_per_agent_across_the_seats_it_sat_in() -> None:
    summary = summarise(
        _result(
            _match(0, (0, 1), (0,)),  # agent a at seat 0 wins
            _match(1, (1, 0), (0,)),  # agent b at seat 0 wins
            _match(2, (0, 1), (1,)),  # agent b at seat 1 wins
            _match(3, (1, 0), (1,)),  # agent a at seat 1 wins
        )
    )
    a, b = summary.by_agent
    assert (a.won.count, a.won.matches, a.won.rate) == (2, 4, 0.5)
    assert [r.count for r in a.by_seat] == [1, 1]
    assert [r.matches for r in a.by_seat] == [2, 2]
    assert (b.won.count, b.score) == (2, 2.0)
    assert [seat.won.count for seat in summary.by_seat] == [2, 2]
    assert summary.first_mover.seat_zero.rate == 0.5
    assert summary.matches_per_second == 2.0


def test_shared_wins_count_as_wins_and_a_share_of_the_score() -> None:
    summary = summarise(
        _result(
            _match(0, (0, 1, 2), (0, 1)),  # a and b share
            _match(1, (2, 0, 1), (0,)),  # c alone
            _match(2, (1, 2, 0), ()),  # nobody
            agents=("a", "b", "c"),
        )
    )
    a, b, c = summary.by_agent
    assert (a.won.count, a.shared_wins, a.score) == (1, 1, 0.5)
    assert (b.won.count, b.shared_wins, b.score) == (1, 1, 0.5)
    assert (c.won.count, c.shared_wins, c.score) == (1, 0, 1.0)
    assert sum(agent.score for agent in summary.by_agent) == 2  # matches somebody won
    assert (summary.shared, summary.no_winner, summary.unfinished) == (1, 1, 0)
    assert summary.by_seat[0].won.count == 2
    assert summary.by_seat[0].shared_wins == 1
    assert summary.reasons == {"draw": 1, "won": 2}
    assert summary.first_mover.fair_share == pytest.approx(1 / 3)


def test_the_first_to_act_is_told_apart_from_seat_zero() -> None:
    summary = summarise(
        _result(
            _match(0, (0, 1), (1,), first=1),
            _match(1, (1, 0), (1,), first=1),
            _match(2, (0, 1), (0,), first=0),
            _match(3, (1, 0), (0,), first=None, finished=False, decisions=0),
        )
    )
    first = summary.first_mover
    assert (first.first_to_act.count, first.first_to_act.matches) == (3, 3)
    assert first.seat_zero.count == 2
    assert first.seat_zero_acted_first == 1
    assert summary.unfinished == 1


def test_match_lengths() -> None:
    spread = lengths(list(range(1, 101)))
    assert (spread.min, spread.median, spread.mean, spread.p90, spread.max) == (
        1,
        50.5,
        50.5,
        90,
        100,
    )
    assert len(spread.histogram) == 20
    assert sum(b.count for b in spread.histogram) == 100
    assert spread.histogram[0].low == 1
    assert spread.histogram[-1].high >= 100
    assert percentile([1, 3, 7], 100) == 7
    assert [b.count for b in histogram([5, 5, 5])] == [3]
    with pytest.raises(ValueError, match="no matches"):
        lengths([])


def test_the_same_agent_twice_is_numbered() -> None:
    summary = summarise(_result(_match(0, (0, 1), (0,)), agents=("greedy", "greedy")))
    assert [summary.label(i) for i in range(2)] == ["greedy #1", "greedy #2"]
    other = summarise(_result(_match(0, (0, 1), (0,))))
    assert other.label(1) == "b"
