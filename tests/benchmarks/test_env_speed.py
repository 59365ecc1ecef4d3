"""The environment benchmark runs (its figures are not checked here: speed is not a test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_environment_benchmark_runs_in_quick_mode() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "env_speed.py"), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    for name in ("cardtable Kata TCG (PettingZoo)", "RLCard UNO", "python_kuhn_poker"):
        assert name in result.stdout
    assert "the rate of RLCard's UNO environment" in result.stdout
