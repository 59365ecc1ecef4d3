"""Computer players that fail, for the tests of where matches are played: one that kills the
worker process it first plays in, for Ray's retries (``py:tests.simulation.crashing:CrashOnce:
PID-TOKEN``), and one whose every match fails (``py:tests.simulation.crashing:Broken``).

``CrashOnce`` crashes once in all (the first to create the marker file ``TOKEN`` in the
temporary folder does), and never in the process ``PID`` (the test's own); otherwise it plays
at random.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from cardtable.agents import RandomAgent
from cardtable.engine import Decision, Decisions, Rng


def marker(token: str) -> Path:
    """The file whose creation arms the one crash."""
    return Path(tempfile.gettempdir()) / token


class CrashOnce(RandomAgent):
    """Plays at random, after killing its process the first time anywhere but ``PID``."""

    def __init__(self, rng: Rng, level: str) -> None:
        super().__init__(rng)
        pid, _, token = level.partition("-")
        if os.getpid() == int(pid):
            return
        try:
            os.close(os.open(marker(token), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
        os._exit(1)


class Broken(RandomAgent):
    """Plays at random, then refuses to: every match it sits in fails."""

    def choose(self, legal: Decisions) -> Decision:
        raise RuntimeError("the player broke")
