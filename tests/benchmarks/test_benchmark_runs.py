"""The benchmark script runs (its figures are not checked here: speed is not a test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_tcg_benchmark_runs_in_quick_mode() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "tcg_speed.py"), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "matches/s" in result.stdout
    assert "bare hand-written loop" in result.stdout


def test_the_instruction_workload_runs() -> None:
    for kind in ("none", "bare", "engine"):
        result = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "tcg_workload.py"), kind, "3"],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr


def test_the_karata_benchmark_runs_in_quick_mode() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "karata_speed.py"), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=ROOT / "benchmarks",
    )
    assert result.returncode == 0, result.stderr
    assert "heuristic player alone" in result.stdout
    assert "decisions/s" in result.stdout


def test_the_simulation_scaling_benchmark_runs_in_quick_mode() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "simulate_scaling.py"), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "Two workers over one" in result.stdout
    assert "matches/s" in result.stdout


def test_the_agents_report_runs_in_quick_mode() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "agents_report.py"),
            "--quick",
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    for heading in ("## Ladders", "## Targets", "## Search speed"):
        assert heading in result.stdout
    assert "iterations a second" in result.stdout


def test_the_server_load_script_runs_in_quick_mode() -> None:
    """A real server process and bots over real WebSockets: every decision sent is
    delivered to every seat of its match, and nothing is refused."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=ROOT / "benchmarks",
    )
    assert result.returncode == 0, result.stderr
    assert "| WebSocket connections | 12 |" in result.stdout
    assert "| errors | none |" in result.stdout
    assert "decision-to-delivery latency p99" in result.stdout
