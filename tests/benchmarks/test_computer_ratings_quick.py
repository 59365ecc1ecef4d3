"""The computer players' ratings script runs in its quick form (stand-ins, 2 matches a
table), and what it writes the loader reads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardtable.games import find, names
from cardtable.ratings.computers import ANCHOR, ANCHOR_AT, parse
from tests.benchmarks.test_benchmark_runs import ROOT, run_script


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


def test_one_game_is_measured_alone_and_writes_nothing() -> None:
    output = run_script("computer_ratings.py", "--quick", "--game", "karata", timeout=240)
    assert "### Karata" in output
    assert "### Kata TCG" not in output
    script = str(ROOT / "benchmarks" / "computer_ratings.py")
    refused = subprocess.run(
        [sys.executable, script, "--game", "karata", "--write"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        cwd=ROOT / "benchmarks",
    )
    assert refused.returncode == 2
    assert "--write and --out need every game's ratings" in refused.stderr
