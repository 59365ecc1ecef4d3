"""The ranked play benchmark runs in its quick form on each database, and what it prints is
sane (its figures are not checked: they are measures, not rules)."""

from __future__ import annotations

import random
import re
from types import ModuleType

import pytest

from cardtable.ratings.scale import Standing
from tests import services
from tests.benchmarks.scripts import load_script

TIME = r"([\d,]+(?:\.\d+)?) (ms|µs)"


@pytest.fixture(scope="module")
def ratings() -> ModuleType:
    """``benchmarks/ratings.py``, imported as its folder's scripts import each other."""
    return load_script("ratings.py", "ratings_bench")


def seconds(value: str, unit: str) -> float:
    return float(value.replace(",", "")) / (1e3 if unit == "ms" else 1e6)


def test_ratings_are_drawn_as_the_board_spreads_them(ratings: ModuleType) -> None:
    rng = random.Random(5)
    drawn: list[Standing] = [ratings.drawn_standing(rng) for _ in range(2_000)]
    assert all(60 <= standing.sigma <= 350 for standing in drawn)
    assert all(0 <= standing.matches <= 200 for standing in drawn)
    mean = sum(standing.mu for standing in drawn) / len(drawn)
    assert 1450 < mean < 1550
    assert 0.02 < sum(standing.provisional for standing in drawn) / len(drawn) < 0.09
    for _ in range(200):
        placings = ratings.karata_placings(4, rng)
        assert placings.count(1) == 1  # one winner; the others may share a place
        assert all(1 <= place <= 4 for place in placings)


def test_a_plan_that_reads_a_whole_table_is_seen(ratings: ModuleType) -> None:
    assert ratings.full_scans("sqlite", ["SEARCH ratings USING INDEX ix (game=?)"]) == []
    assert ratings.full_scans("sqlite", ["  SCAN accounts"]) == ["accounts"]
    assert ratings.full_scans("postgresql", ["->  Index Scan Backward using ix on ratings"]) == []
    assert ratings.full_scans("postgresql", ["  ->  Seq Scan on ratings  (cost=0)"]) == ["ratings"]


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_the_quick_form_prints_every_measure(
    ratings: ModuleType, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if database == "postgres":
        services.need("PostgreSQL", services.POSTGRES)
    argv = ["--quick", "--databases", database, "--postgres", services.POSTGRES]
    assert ratings.main(argv) == 0
    output = capsys.readouterr().out
    name = ratings.DATABASES[database]
    assert "PostgreSQL skipped" not in output

    model = re.findall(rf"^\| ([246]) \| (\d) \+ (\d) \| 500 \| {TIME} \| {TIME} \|$", output, re.M)
    assert len(model) == 6, output
    for seats, people, computers, p50, unit50, p99, unit99 in model:
        assert int(people) + int(computers) == int(seats)
        assert 0 < seconds(p50, unit50) <= seconds(p99, unit99) < 1

    assert re.search(rf"^{name} [\d.]+: 2,000 accounts and their ratings loaded", output, re.M)
    writes = re.findall(
        rf"^\| {name} \| ([^|]+) \| 20 \| (\d*) \| (?:{TIME})? \| (?:{TIME})? \| {TIME} \| "
        rf"{TIME} \|$",
        output,
        re.M,
    )
    assert [row[0].strip() for row in writes] == [kind[0] for kind in ratings.KINDS], output
    sent = {}
    for kind, statements, *times in writes:
        whole = seconds(times[4], times[5]), seconds(times[6], times[7])
        assert 0 < whole[0] <= whole[1]
        if kind.startswith("match end alone"):
            assert (statements, times[0]) == ("", "")  # no writer, nothing of its own timed
        else:
            assert 0 < seconds(times[0], times[1]) <= whole[1]
            sent[kind.split(" (")[0]] = int(statements)
    # a season adds each person's season rating; computers' ratings are not stored, but each
    # person's gains from computers are read (the daily cap)
    assert sent["unrated room"] < sent["2 people + 2 computers"] <= sent["4 people"]
    assert sent["4 people"] < sent["4 people, a season running"]

    reads = re.findall(rf"^\| {name} \| ([^|]+) \| 20 \| {TIME} \| {TIME} \|$", output, re.M)
    assert len(reads) == 5, output
    assert "deep page (offset 1,000, 50 lines)" in {read[0].strip() for read in reads}
    for _, p50, unit50, p99, unit99 in reads:
        assert 0 < seconds(p50, unit50) <= seconds(p99, unit99)

    counted = re.search(
        rf"^{name}: ([\d,]+) settled ratings, ([\d,]+) of them of disabled or deleted accounts, "
        r"which the board leaves off; ranked counted ([\d,]+)\. The asker was on their own "
        r"around board in (\d+) of (\d+) accounts",
        output,
        re.M,
    )
    assert counted is not None, output
    settled, off, ranked, seen, asked = (int(n.replace(",", "")) for n in counted.groups())
    assert 0 < off < settled <= 2_000
    assert ranked in (settled, settled - off)  # all of them, or the board's
    assert 0 <= seen <= asked == 20

    plans = output.split(f"Plans ({name}):", 1)[1]
    assert "ratings" in plans
    for note in re.findall(r"^note: .*$", plans, re.M):
        assert note.endswith(f"({name})")
    assert re.search(r"^Ran in \d+ s\.$", output, re.M)
