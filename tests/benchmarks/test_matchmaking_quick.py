"""The matchmaking benchmark runs, and what it simulates is sane (its figures are not checked:
they are measures, not rules)."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from tests.benchmarks.scripts import load_script


@pytest.fixture(scope="module")
def matchmaking() -> ModuleType:
    """``benchmarks/matchmaking.py``, imported as its folder's scripts import each other."""
    return load_script("matchmaking.py", "matchmaking")


@pytest.mark.parametrize("seats", [2, 4])
def test_a_simulated_queue_seats_its_people_sensibly(matchmaking: ModuleType, seats: int) -> None:
    outcome = matchmaking.simulate(seats, people=200, rate=0.5, seed=3)
    assert outcome.arrived == 200
    # left: a table short at the end, or a few never seated together, over 1,000 apart in
    # mu (here, at tables of four: four from mu 996 to 2,001)
    assert 200 - 2 * seats < outcome.seated <= 200
    assert all(wait >= 0 for wait in outcome.waits)
    assert 0 <= outcome.with_computers < outcome.seated
    tables_of_people = len(outcome.spreads)
    assert tables_of_people * seats + outcome.with_computers == outcome.seated
    assert all(0 <= spread <= 1000 for spread in outcome.spreads)  # the widest gap accepted
    assert any(spread != round(spread) for spread in outcome.spreads)  # mu, not shown (whole)
    if seats == 2:
        assert len(outcome.distances) == tables_of_people
        assert all(0 <= distance <= 0.5 for distance in outcome.distances)
    else:
        assert outcome.distances == []
    assert len(outcome.sweeps) > 250  # a sweep a second: 200 arrivals at 0.5 take about 400


def test_the_quick_form_prints_a_row_per_queue_and_the_cost(
    matchmaking: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert matchmaking.main(["--quick"]) == 0
    output = capsys.readouterr().out
    rows = re.findall(
        r"^\| ([24]) \| ([\d.]+)/s \| ([\d,]+) of 300 \| (\d+)% \| ([\d.]+) s \| ([\d.]+) s \| "
        r"(\d+) \| (\d+) \| (0\.\d{3})? \|$",
        output,
        re.MULTILINE,
    )
    assert len(rows) == 6, output
    for seats, _, seated, _, p50, p95, spread50, spread95, fairness in rows:
        assert 290 <= int(seated) <= 300
        assert float(p50) <= float(p95)
        assert int(spread50) <= int(spread95) <= 1000
        assert (fairness != "") == (seats == "2")
    assert re.search(r"one sweep of a queue of 5,000 took \d+ ms \(tables of 2\)", output)
