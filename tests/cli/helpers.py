"""Shared tools for the CLI tests: running commands in-process and as real processes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from cardtable.agents import GreedyAgent, RandomAgent
from cardtable.cli.app import app
from cardtable.engine import Record
from cardtable.games import find
from cardtable.simulation import agent_rng, play_match

PLAIN_ENV: dict[str, str | None] = {
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "NO_COLOR": "1",
    "COLUMNS": "80",
}
"""Environment changes that make Rich write plain, 80-column text."""

TIMEOUT = 60


def invoke(*args: str, input: str | None = None) -> Result:
    """Run ``cardtable ARGS`` in this process (Typer's test runner)."""
    return CliRunner().invoke(app, list(args), input=input, env=PLAIN_ENV)


def run_process(*args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardtable ARGS`` as a real process with piped input and output."""
    env = {key: value for key, value in os.environ.items() if key not in PLAIN_ENV}
    env.update({key: value for key, value in PLAIN_ENV.items() if value is not None})
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=TIMEOUT,
        check=False,
    )


def saved_record(path: Path, seed: int = 11) -> Record:
    """Play greedy against random headless and save the record at ``path``."""
    game = find("tcg")
    agents: list[Any] = [GreedyAgent(agent_rng(seed, 0)), RandomAgent(agent_rng(seed, 1))]
    record = play_match(game, game.default_ruleset(), agents, seed).record()
    record.save(path)
    return record


class KeyboardInput(io.StringIO):
    """Input that claims to be typed at a terminal."""

    def isatty(self) -> bool:
        return True
