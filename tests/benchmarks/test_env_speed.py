"""The environment benchmarks run (their figures are not checked here: speed is not a test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import services

ROOT = Path(__file__).resolve().parents[2]


def run(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``benchmarks/NAME`` from the project's folder."""
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=ROOT,
    )


def output_of(name: str, *args: str) -> str:
    """The output of ``benchmarks/NAME``, which must succeed."""
    result = run(name, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_environment_benchmark_runs_in_quick_mode() -> None:
    output = output_of("env_speed.py", "--quick")
    for name in ("cardtable Kata TCG (PettingZoo)", "RLCard UNO", "python_kuhn_poker"):
        assert name in output
    assert "the rate of RLCard's UNO environment" in output
    assert "The Kata TCG's observations were written" in output  # which observer: compiled?


def test_the_side_by_side_comparison_of_two_revisions_runs() -> None:
    output = output_of("env_ab.py", "HEAD", "--pairs", "2", "--seconds", "0.05", "--uno")
    assert "this tree's step over HEAD's, 2 pairs" in output
    assert "this tree's rate over UNO's" in output


def test_the_side_by_side_comparison_refuses_an_unknown_revision() -> None:
    result = run("env_ab.py", "no-such-revision")
    assert result.returncode != 0
    assert "git archive no-such-revision" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_side_by_side_comparison_refuses_an_unknown_game() -> None:
    result = run("env_ab.py", "HEAD", "--game", "chess")
    assert result.returncode != 0
    assert "no research environment for a game called 'chess'" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_observer_benchmark_runs() -> None:
    services.need_compiled()
    assert "python / compiled" in output_of("tcg_observer_speed.py", "--states", "200")
