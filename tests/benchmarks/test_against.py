"""The side-by-side benchmark of two source trees runs in its quick form, and leaves no
worktree behind (its figures are not checked here: speed is not a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_against(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``benchmarks/against.py`` from the benchmarks folder."""
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "against.py"), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=ROOT / "benchmarks",
    )


def worktrees() -> str:
    return subprocess.run(
        ["git", "--no-optional-locks", "-C", str(ROOT), "worktree", "list", "--porcelain"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_the_side_by_side_benchmark_runs_in_quick_mode() -> None:
    before = worktrees()
    result = run_against("--quick", "--base", "HEAD", "--only", "war", "--rounds", "1")
    assert result.returncode == 0, result.stderr
    output = result.stdout
    assert "| workload | unit | base (best) | current (best) | current/base |" in output
    assert re.search(
        r"^\| war \| decisions/s \| [\d,]+ \| [\d,]+ \| \d+\.\d\dx \| \d+\.\d\dx \| (yes|NO) \|$",
        output,
        re.M,
    ), output
    assert "| tcg-random |" not in output  # --only war
    assert "base HEAD (" in output
    assert worktrees() == before  # the base's worktree is removed


def test_the_side_by_side_benchmark_refuses_an_unknown_revision() -> None:
    result = run_against("--quick", "--base", "no-such-revision")
    assert result.returncode != 0
    assert "'no-such-revision' is not a commit of this repository" in result.stderr
    assert "Traceback" not in result.stderr


def test_counting_instructions_without_valgrind_says_what_to_install(tmp_path: Path) -> None:
    """``--instructions`` runs the workloads under valgrind: where it is missing, the run
    stops at once and says so, before it checks anything out."""
    script = str(ROOT / "benchmarks" / "against.py")
    result = subprocess.run(
        [sys.executable, script, "--base", "HEAD", "--instructions", "--only", "war"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        cwd=ROOT / "benchmarks",
        env={"PATH": str(tmp_path)},  # an empty folder: no valgrind (and no git) on it
    )
    assert result.returncode == 2, result.stderr
    assert "--instructions needs valgrind (Debian: apt-get install valgrind)" in result.stderr
    assert "Traceback" not in result.stderr
