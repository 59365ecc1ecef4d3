"""Options the commands that run many matches share (``simulate``, ``ladder``, ``balance``,
``tournament run``).

>>> workers_and_seed(games=10, workers=2, seed=7)
(2, 7)
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Annotated

import typer

from cardtable.cli.errors import UsageProblem
from cardtable.simulation.batch import MAX_WORKERS

SeedOption = Annotated[
    int | None, typer.Option("--seed", help="Seed of the whole run (random when left out).")
]
WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers", help="Worker processes (default: one per core); results do not change."
    ),
]
RulesOption = Annotated[
    Path | None, typer.Option("--rules", help="A rules file (TOML) with house rules.")
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON document instead of tables.")
]
BackendOption = Annotated[
    str,
    typer.Option(
        "--backend",
        help="Where the matches are played: processes (worker processes on this machine) or "
        "ray (a Ray cluster; needs cardtable\\[distributed]). Results do not change.",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="With --backend ray: HOST:PORT of a running Ray cluster's head (default: a "
        "local Ray started for the run, with --workers CPUs).",
    ),
]
IndicesOption = Annotated[
    str | None,
    typer.Option(
        "--indices",
        help="A:B plays only matches A to B-1 of the seeded whole (of each table, for a "
        "ladder): a part, for cardtable merge to join with the others.",
    ),
]


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def workers_and_seed(games: int, workers: int | None, seed: int | None) -> tuple[int, int]:
    """The worker count (default: one per core) and the seed (random when not given), after
    refusing counts that make no sense (``UsageProblem``)."""
    if games < 1:
        raise UsageProblem(f"--games {games}: play at least one match")
    count = default_workers() if workers is None else workers
    if not 1 <= count <= MAX_WORKERS:
        raise UsageProblem(f"--workers {count}: give a number from 1 to {MAX_WORKERS}")
    return count, 100_000 + secrets.randbelow(900_000) if seed is None else seed
