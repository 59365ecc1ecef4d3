"""docs/research.md is true: its Python runs, its results come from the script it names (which
CI runs in its quick form), and the margins it states are the script's."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "research.md"
SCRIPT = ROOT / "scripts" / "research_example.py"
TEXT = PAGE.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, flags=re.DOTALL)


def test_the_page_has_an_example_for_each_api() -> None:
    assert len(BLOCKS) == 3
    for api in ("from cardtable.envs import env", "SeatEnv", "pyspiel"):
        assert any(api in block for block in BLOCKS)


@pytest.mark.parametrize("block", BLOCKS, ids=["pettingzoo", "gymnasium", "openspiel"])
def test_the_pages_python_runs(block: str) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, str(PAGE), "exec"), {})
    assert printed.getvalue().strip()


def test_the_research_examples_beat_random_play_in_their_quick_form() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ") and "%" in line]
    assert [row.split(" | ")[0] for row in rows] == [
        "| PettingZoo (AEC)",
        "| Gymnasium (one seat)",
        "| OpenSpiel",
    ]


def test_the_page_states_the_scripts_margins_and_shows_its_full_results() -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    full = re.search(r"FULL = Plan\(.*margin=([0-9.]+)", script)
    quick = re.search(r"QUICK = Plan\(.*margin=([0-9.]+)", script)
    assert full
    assert quick
    prose = " ".join(TEXT.split())
    assert f"must win at least **{float(full.group(1)):.0%}**" in prose
    assert f"the margin is **{float(quick.group(1)):.0%}**" in prose
    results = TEXT.split("<!-- research:start -->")[1].split("<!-- research:end -->")[0]
    assert "python scripts/research_example.py --write" in results
    assert f"must win at least {float(full.group(1)):.0%}" in results
