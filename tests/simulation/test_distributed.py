"""``--backend ray``: the same matches on one core, on the process pool and on Ray, for every
command that plays many; progress streams back, a dead worker's task runs again, and a
failing match fails as it does anywhere.

One local Ray (two CPUs) serves the module in each test process that runs its tests; the
backends join it as they would any Ray this process already runs. Each has its own temporary
folder and namespace, and Ray picks free ports, so it is safe beside another process's (the
other xdist worker's, another test run's).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.agents import SeatSpec, parse_seats
from cardtable.games import find
from cardtable.simulation import SimulationError, simulate
from cardtable.simulation.backend import ProcessPool
from cardtable.simulation.balance import card_stats, deck_matrix
from cardtable.simulation.ladder import ladder
from cardtable.simulation.ray_backend import RayBackend
from cardtable.simulation.tournament import run_tournament
from cardtable.tournaments.settings import Settings
from tests.cli.helpers import invoke
from tests.services import need_ray
from tests.simulation.crashing import marker

TCG = find("tcg")
WAR = find("war")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray of two CPUs for the module."""
    ray = need_ray()
    folder = tempfile.mkdtemp(prefix="ct-ray-")  # short: Ray's sockets live under it
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.WARNING,
        namespace=f"cardtable-tests-{uuid.uuid4().hex}",
        object_store_memory=80 * 2**20,
        _temp_dir=folder,
    )
    try:
        yield
    finally:
        ray.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_simulation_is_the_same_on_one_core_a_pool_and_ray(local_ray: None) -> None:
    specs = parse_seats("greedy,random")
    rules = TCG.default_ruleset()
    alone = simulate(TCG, rules, specs, games=30, seed=4, workers=1)
    with ProcessPool(2) as pool:
        pooled = simulate(TCG, rules, specs, games=30, seed=4, backend=pool)
    for workers in (1, 2):
        with RayBackend(workers=workers) as ray:
            spread = simulate(TCG, rules, specs, games=30, seed=4, backend=ray)
        assert spread.matches == pooled.matches == alone.matches
        assert spread.workers == workers


def test_ladder_balance_and_tournament_are_the_same_on_ray(local_ray: None, tmp_path: Path) -> None:
    war = WAR.preset("quick").ruleset
    three = parse_seats("random,random,random")
    decks = [tmp_path / "low.toml", tmp_path / "high.toml"]
    decks[0].write_text('set = "classic"\n[cards]\nd1 = 4\nd2 = 4\nd3 = 4\nd4 = 4\nd5 = 4\n')
    decks[1].write_text('set = "classic"\n[cards]\nd4 = 4\nd5 = 4\nd6 = 4\nd7 = 4\nd8 = 4\n')
    greedy = SeatSpec("greedy")
    runs: list[list[Any]] = []
    for backend in (ProcessPool(2), RayBackend(workers=2)):
        with backend:
            played = ladder(WAR, war, three, games=6, seed=3, backend=backend)
            cards = card_stats(TCG, TCG.default_ruleset(), [greedy] * 2, 6, 5, backend=backend)
            matrix = deck_matrix(TCG, TCG.default_ruleset(), decks, greedy, 3, 2, backend=backend)
            tournament = run_tournament(
                WAR, war, Settings(format="knockout"), three, entrants=8, seed=1, backend=backend
            )
        runs.append(
            [
                [table.matches for table in played.tables],
                played.ratings,
                replace(cards, seconds=0.0),
                replace(matrix, seconds=0.0),
                tournament.tournament,
                tournament.matches,
            ]
        )
    assert runs[0] == runs[1]


def test_progress_streams_back_as_tasks_finish(local_ray: None) -> None:
    seen: list[tuple[int, int]] = []
    with RayBackend(workers=2) as ray:
        simulate(
            WAR,
            WAR.preset("quick").ruleset,
            parse_seats("random,random"),
            games=64,
            seed=1,
            backend=ray,
            progress=lambda done, total: seen.append((done, total)),
        )
    assert len(seen) > 1
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})
    assert seen[-1] == (64, 64)


def test_a_task_whose_worker_dies_runs_again(local_ray: None) -> None:
    token = f"ct-crash-{uuid.uuid4().hex}"
    crashing = parse_seats(
        f"random,py:tests.simulation.crashing:CrashOnce:{os.getpid()}-{token}", imports=True
    )
    rules = WAR.preset("quick").ruleset
    try:
        with RayBackend(workers=2) as ray:
            spread = simulate(WAR, rules, crashing, games=8, seed=2, backend=ray)
        assert marker(token).exists()  # a worker did die
    finally:
        marker(token).unlink(missing_ok=True)
    alone = simulate(WAR, rules, crashing, games=8, seed=2, workers=1)
    assert spread.matches == alone.matches


def test_a_failing_match_fails_on_ray_as_in_a_pool(local_ray: None) -> None:
    broken = parse_seats("random,py:tests.simulation.crashing:Broken", imports=True)
    with RayBackend(workers=2) as ray, pytest.raises(SimulationError) as failed:
        simulate(WAR, WAR.preset("quick").ruleset, broken, games=4, seed=1, backend=ray)
    assert "match 0 (seed" in failed.value.reason
    assert "RuntimeError: the player broke" in failed.value.reason


def _timeless(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every simulation takes no time, so that documents compare byte for byte."""
    from cardtable.simulation import batch

    monkeypatch.setattr(batch, "clock", lambda: 0.0)


def test_the_commands_print_the_same_documents_on_ray(
    local_ray: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _timeless(monkeypatch)
    simulation = ["simulate", "war", "--agents", "random,random", "--games", "12", "--seed", "5"]
    pooled = invoke(*simulation, "--workers", "2", "--json")
    spread = invoke(*simulation, "--workers", "2", "--backend", "ray", "--json")
    assert pooled.exit_code == spread.exit_code == 0, pooled.output + spread.output
    assert spread.stdout == pooled.stdout
    # a part on Ray and a part in worker processes merge into the whole
    parts = [tmp_path / "a.json", tmp_path / "b.json"]
    for path, indices, backend in ((parts[0], "0:5", "ray"), (parts[1], "5:12", "processes")):
        part = invoke(*simulation, "--workers", "1", "--indices", indices, "--backend", backend,
                      "--json")  # fmt: skip
        assert part.exit_code == 0, part.output
        path.write_text(part.stdout)
    merged = invoke("merge", *map(str, parts), "--json")
    assert merged.exit_code == 0, merged.output
    assert merged.stdout == pooled.stdout
    tournament = [
        "tournament",
        "run",
        "war",
        "--agents",
        "random",
        "--entrants",
        "4",
        "--seed",
        "2",
    ]
    pooled = invoke(*tournament, "--workers", "2", "--json")
    spread = invoke(*tournament, "--workers", "2", "--backend", "ray", "--json")
    assert pooled.exit_code == spread.exit_code == 0, pooled.output + spread.output
    assert json.loads(spread.stdout) == json.loads(pooled.stdout)
