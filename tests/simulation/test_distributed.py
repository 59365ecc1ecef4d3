"""``--backend ray``: the same matches on one core, on the process pool and on Ray, for every
command that plays many; progress streams back, a dead worker's task runs again, and a
failing match fails as it does anywhere.

One local Ray (two CPUs) serves the module in each test process that runs its tests; the
backends join it as they would any Ray this process already runs. Each has its own temporary
folder and namespace, and Ray picks free ports, so it is safe beside another process's (the
other xdist worker's, another test run's). What one core and the forked process pool give is
computed before Ray starts (:func:`before_ray`): a process that runs Ray is not forked (its
pool spawns instead, which one test checks).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.agents import SeatSpec, parse_seats
from cardtable.games import find
from cardtable.simulation import SimulationError, simulate
from cardtable.simulation.backend import Backend, ProcessPool, pool_context
from cardtable.simulation.balance import card_stats, deck_matrix
from cardtable.simulation.batch import MatchResult
from cardtable.simulation.ladder import ladder
from cardtable.simulation.ray_backend import RayBackend, allow_forks
from cardtable.simulation.tournament import run_tournament
from cardtable.tournaments.settings import Settings
from tests.cli.helpers import invoke
from tests.services import need_ray
from tests.simulation.crashing import marker

TCG = find("tcg")
WAR = find("war")
WAR_QUICK = WAR.preset("quick").ruleset
QUICK = ["--ranks", "7", "--turn-limit", "100"]
"""War's quick table (28 cards, at most 100 battles): short matches."""
SIMULATION = [
    "simulate",
    "war",
    *QUICK,
    "--agents",
    "random,random",
    "--games",
    "12",
    "--seed",
    "5",
]
TOURNAMENT = [
    "tournament",
    "run",
    "war",
    *QUICK,
    "--agents",
    "random",
    "--entrants",
    "4",
    "--seed",
    "2",
]


@dataclass(frozen=True)
class Expected:
    """What one core and the process pool give, to compare Ray's with."""

    decks: list[Path]
    simulation: tuple[MatchResult, ...]
    others: list[Any]
    """:func:`_others` on one core and on the pool (equal, or the test says so)."""
    documents: dict[str, str]
    """The commands' documents on the pool, the clock stopped."""


def _simulation(backend: Backend) -> tuple[MatchResult, ...]:
    specs = parse_seats("greedy,random")
    return simulate(TCG, TCG.default_ruleset(), specs, games=30, seed=4, backend=backend).matches


def _others(backend: Backend, decks: list[Path]) -> list[Any]:
    """A ladder, both balance tools and a tournament on ``backend``, without their timings."""
    three = parse_seats("random,random,random")
    greedy = SeatSpec("greedy")
    played = ladder(WAR, WAR_QUICK, three, games=6, seed=3, backend=backend)
    cards = card_stats(TCG, TCG.default_ruleset(), [greedy] * 2, 6, 5, backend=backend)
    matrix = deck_matrix(TCG, TCG.default_ruleset(), decks, greedy, 3, 2, backend=backend)
    tournament = run_tournament(
        WAR, WAR_QUICK, Settings(format="knockout"), three, entrants=8, seed=1, backend=backend
    )
    return [
        [table.matches for table in played.tables],
        played.ratings,
        replace(cards, seconds=0.0, workers=0),
        replace(matrix, seconds=0.0, workers=0),
        tournament.tournament,
        tournament.matches,
    ]


def _timeless(patch: pytest.MonkeyPatch) -> None:
    """Every simulation takes no time, so that documents compare byte for byte."""
    from cardtable.simulation import batch

    patch.setattr(batch, "clock", lambda: 0.0)


def _stdout(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def before_ray(tmp_path_factory: pytest.TempPathFactory) -> Expected:
    folder = tmp_path_factory.mktemp("decks")
    decks = [folder / "low.toml", folder / "high.toml"]
    decks[0].write_text('set = "classic"\n[cards]\nd1 = 4\nd2 = 4\nd3 = 4\nd4 = 4\nd5 = 4\n')
    decks[1].write_text('set = "classic"\n[cards]\nd4 = 4\nd5 = 4\nd6 = 4\nd7 = 4\nd8 = 4\n')
    with ProcessPool(1) as alone, ProcessPool(2) as pool:
        simulation = _simulation(alone)
        assert _simulation(pool) == simulation
        others = _others(alone, decks)
        assert _others(pool, decks) == others
    with pytest.MonkeyPatch.context() as patch:
        _timeless(patch)
        documents = {
            "simulate": _stdout(*SIMULATION, "--workers", "2", "--json"),
            "tournament": _stdout(*TOURNAMENT, "--workers", "2", "--json"),
        }
    return Expected(decks, simulation, others, documents)


@pytest.fixture(scope="module")
def local_ray(before_ray: Expected) -> Iterator[Expected]:
    """A local Ray of two CPUs for the module; what to compare its results with."""
    ray = need_ray()
    folder = tempfile.mkdtemp(prefix="ct-ray-")  # short: Ray's sockets live under it
    allow_forks()  # later tests of this process fork worker pools
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
        yield before_ray
    finally:
        ray.shutdown()
        for _ in range(5):  # Ray's processes may still write their last logs there
            shutil.rmtree(folder, ignore_errors=True)
            if not os.path.exists(folder):
                break
            time.sleep(0.5)


def test_a_simulation_is_the_same_on_one_core_a_pool_and_ray(local_ray: Expected) -> None:
    for workers in (1, 2):
        with RayBackend(workers=workers) as ray:
            assert _simulation(ray) == local_ray.simulation
            assert ray.workers == workers


def test_ladder_balance_and_tournament_are_the_same_on_ray(local_ray: Expected) -> None:
    with RayBackend(workers=2) as ray:
        assert _others(ray, local_ray.decks) == local_ray.others


def test_beside_ray_the_process_pool_spawns_and_agrees(local_ray: Expected) -> None:
    assert pool_context().get_start_method() == "spawn"
    with ProcessPool(2) as pool:
        assert _simulation(pool) == local_ray.simulation


def test_progress_streams_back_as_tasks_finish(local_ray: Expected) -> None:
    seen: list[tuple[int, int]] = []
    with RayBackend(workers=2) as ray:
        simulate(
            WAR,
            WAR_QUICK,
            parse_seats("random,random"),
            games=64,
            seed=1,
            backend=ray,
            progress=lambda done, total: seen.append((done, total)),
        )
    assert len(seen) > 1
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})
    assert seen[-1] == (64, 64)


def test_a_task_whose_worker_dies_runs_again(local_ray: Expected) -> None:
    token = f"ct-crash-{uuid.uuid4().hex}"
    crashing = parse_seats(
        f"random,py:tests.simulation.crashing:CrashOnce:{os.getpid()}-{token}", imports=True
    )
    try:
        with RayBackend(workers=2) as ray:
            spread = simulate(WAR, WAR_QUICK, crashing, games=8, seed=2, backend=ray)
        assert marker(token).exists()  # a worker did die
    finally:
        marker(token).unlink(missing_ok=True)
    alone = simulate(WAR, WAR_QUICK, crashing, games=8, seed=2, workers=1)
    assert spread.matches == alone.matches


def test_a_failing_match_fails_on_ray_as_in_a_pool(local_ray: Expected) -> None:
    broken = parse_seats("random,py:tests.simulation.crashing:Broken", imports=True)
    with RayBackend(workers=2) as ray, pytest.raises(SimulationError) as failed:
        simulate(WAR, WAR_QUICK, broken, games=4, seed=1, backend=ray)
    assert "match 0 (seed" in failed.value.reason
    assert "RuntimeError: the player broke" in failed.value.reason


def test_the_commands_print_the_same_documents_on_ray(
    local_ray: Expected, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _timeless(monkeypatch)
    pooled = local_ray.documents
    assert (
        _stdout(*SIMULATION, "--workers", "2", "--backend", "ray", "--json") == pooled["simulate"]
    )
    # a part on Ray and a part on one core merge into the whole
    parts = [tmp_path / "a.json", tmp_path / "b.json"]
    for path, indices, backend in ((parts[0], "0:5", "ray"), (parts[1], "5:12", "processes")):
        path.write_text(
            _stdout(
                *SIMULATION, "--workers", "1", "--indices", indices, "--backend", backend, "--json"
            )
        )
    assert _stdout("merge", *map(str, parts), "--json") == pooled["simulate"]
    spread = _stdout(*TOURNAMENT, "--workers", "2", "--backend", "ray", "--json")
    assert json.loads(spread) == json.loads(pooled["tournament"])
