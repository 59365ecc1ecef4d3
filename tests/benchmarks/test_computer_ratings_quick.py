"""The computer players' ratings script runs in its quick form (stand-ins, 2 matches a
table), and what it writes the loader reads."""

from __future__ import annotations

from pathlib import Path

from cardtable.games import find, names
from cardtable.ratings.computers import ANCHOR, ANCHOR_AT, parse
from tests.benchmarks.test_benchmark_runs import run_script


def test_the_computer_ratings_script_runs_in_quick_mode(tmp_path: Path) -> None:
    out = tmp_path / "computers.json"
    output = run_script("computer_ratings.py", "--quick", "--out", str(out), timeout=240)
    assert "<!-- computer-ratings:start -->" in output
    assert "| player | shown rating (mu - 2 sigma) | mu | sigma |" in output
    ratings = parse(out.read_text(encoding="utf-8"))
    for game in names():
        rated = {entry.name for entry in find(game).rated_rulesets()}
        assert set(ratings.get(game, {})) == rated
        for players in ratings.get(game, {}).values():
            assert players[ANCHOR].mu == ANCHOR_AT
            assert all(standing.sigma > 0 for standing in players.values())
