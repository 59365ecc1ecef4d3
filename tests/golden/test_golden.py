"""The golden playthroughs in this folder must match what the code produces now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_golden_playthroughs_are_up_to_date() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "regenerate_golden.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_golden_files_exist_and_end_with_a_final_hash() -> None:
    files = sorted((ROOT / "tests" / "golden").glob("*.txt"))
    assert files
    for path in files:
        assert path.read_text(encoding="utf-8").rstrip().splitlines()[-1].startswith("final hash")
