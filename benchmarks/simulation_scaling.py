"""One seeded simulation across processes and Ray: the process pool and a local Ray, each with
1 and with 2 workers, and what a task costs each of them.

    python benchmarks/simulation_scaling.py            measure and print
    python benchmarks/simulation_scaling.py --write    also update docs/performance.md
    python benchmarks/simulation_scaling.py --quick    a few matches only, to check that it runs

The workload is the library call behind ``cardtable simulate`` (``simulate`` with a backend),
greedy against greedy in the Kata TCG by default. Each configuration opens its backend afresh
every round (the pool forks its workers at its first chunk; Ray starts a local cluster of that
many CPUs), and three times are kept: the *start-up* (opening the backend and a first trivial
task on every worker, so that Ray's workers have imported cardtable), the *matches per
second* of the simulation on the warm backend, and the *wall time* of the whole run, start-up
included: what a user waits for. The rounds are interleaved (the order of the configurations
turns from round to round) and the median is the figure to read on a shared machine.

The *per-task overhead* is the time per errand of a map whose work does nothing
(``operator.mul``): submitting, scheduling, running and collecting one task, on the warm
backend of 2 workers, right after its simulation.
A simulation sends a chunk of up to 64 matches per task, so the overhead per match is the
overhead per task divided by the chunk size.
"""

from __future__ import annotations

import argparse
import operator
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.agents import parse_seats
from cardtable.games import find
from cardtable.simulation import simulate
from cardtable.simulation.backend import Backend, BackendName, ProcessPool
from cardtable.simulation.batch import chunk_size
from cardtable.simulation.ray_backend import RayBackend
from figures import measured, replace_block
from simulate_scaling import idle_share

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:simulation-scaling:start -->", "<!-- bench:simulation-scaling:end -->"
CONFIGURATIONS: tuple[tuple[BackendName, int], ...] = (
    ("processes", 1),
    ("processes", 2),
    ("ray", 1),
    ("ray", 2),
)


@dataclass
class Runs:
    """The rounds of one configuration."""

    backend: BackendName
    workers: int
    startup: list[float] = field(default_factory=list)
    """Seconds to open the backend and run a first task on each worker."""
    rates: list[float] = field(default_factory=list)
    """Matches per second on the warm backend."""
    wall: list[float] = field(default_factory=list)
    """Seconds of the whole run, start-up included."""
    overhead: list[float] = field(default_factory=list)
    """Microseconds per trivial task (measured on 2 workers only)."""


@contextmanager
def opened(backend: BackendName, workers: int) -> Iterator[Backend]:
    """A fresh backend of ``workers`` workers (a local Ray of that many CPUs)."""
    if backend == "processes":
        with ProcessPool(workers) as pool:
            yield pool
    else:
        with RayBackend(workers=workers) as ray:
            yield ray


def _warm(backend: Backend) -> None:
    """A trivial task on every worker (a pool forks, Ray's workers import cardtable)."""
    backend.map(operator.mul, 1, list(range(backend.workers * 2)))


def one_run(
    configuration: Runs, game_name: str, agents: str, matches: int, seed: int, tasks: int
) -> None:
    """One run of ``configuration``, its figures added to it: start-up, matches per second,
    wall time, and (on 2 workers) the per-task overhead, on the same warm backend."""
    game = find(game_name)
    specs = parse_seats(agents)
    started = time.perf_counter()
    with opened(configuration.backend, configuration.workers) as runner:
        _warm(runner)
        warm = time.perf_counter()
        simulate(game, game.default_ruleset(), specs, matches, seed, backend=runner)
        done = time.perf_counter()
        if configuration.workers == 2:
            runner.map(operator.mul, 1, list(range(tasks)))
            configuration.overhead.append((time.perf_counter() - done) * 1e6 / tasks)
    configuration.startup.append(warm - started)
    configuration.rates.append(matches / (done - warm))
    configuration.wall.append(done - started)


def measure(game: str, agents: str, matches: int, rounds: int, tasks: int) -> list[Runs]:
    """Interleaved rounds of every configuration."""
    runs = [Runs(backend, workers) for backend, workers in CONFIGURATIONS]
    for round_ in range(rounds):
        for configuration in runs[round_ % len(runs) :] + runs[: round_ % len(runs)]:
            one_run(configuration, game, agents, matches, round_, tasks)
    return runs


def _median(values: list[float], unit: Callable[[float], str]) -> str:
    return unit(statistics.median(values))


def table(runs: list[Runs], matches: int, heading: str) -> str:
    lines = [
        heading,
        "",
        "| backend | workers | start-up | matches/s (warm) | whole run, start-up included |",
        "|---|---:|---:|---:|---:|",
    ]
    for configuration in runs:
        lines.append(
            f"| {configuration.backend} | {configuration.workers} | "
            f"{_median(configuration.startup, lambda s: f'{s:.2f} s')} | "
            f"{_median(configuration.rates, lambda r: f'{r:,.0f}')} | "
            f"{_median(configuration.wall, lambda s: f'{s:.2f} s')} |"
        )
    by = {(c.backend, c.workers): statistics.median(c.rates) for c in runs}
    chunk = chunk_size(matches, 2)
    task = {c.backend: statistics.median(c.overhead) for c in runs if c.overhead}
    ray_task, pool_task = task["ray"], task["processes"]
    lines += [
        "",
        "| per-task overhead on 2 workers (a task that does nothing) | median | per match, "
        f"{chunk} to a task |",
        "|---|---:|---:|",
        f"| processes | {pool_task:,.0f} µs | {pool_task / chunk:,.1f} µs |",
        f"| ray | {ray_task:,.0f} µs | {ray_task / chunk:,.1f} µs |",
        "",
        f"Two workers over one (warm, medians): processes "
        f"**{by['processes', 2] / by['processes', 1]:.2f}x**, ray "
        f"**{by['ray', 2] / by['ray', 1]:.2f}x**; ray over processes at 2 workers: "
        f"{by['ray', 2] / by['processes', 2]:.2f}x.",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tcg", help="the game (default tcg)")
    parser.add_argument("--agents", default="greedy,greedy", help="the players")
    parser.add_argument("--matches", type=int, default=2000, help="matches per run")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every configuration")
    parser.add_argument("--tasks", type=int, default=2000, help="trivial tasks for the overhead")
    parser.add_argument("--quick", action="store_true", help="tiny run: does it work?")
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    matches, rounds, tasks = (12, 1, 40) if args.quick else (args.matches, args.rounds, args.tasks)
    idle = idle_share()
    runs = measure(args.game, args.agents, matches, rounds, tasks)
    heading = (
        f"{args.game}, {args.agents}, {rounds} interleaved rounds of {matches:,} matches, "
        f"{tasks:,} trivial tasks for the overhead; {os.cpu_count()} cores, {idle:.0%} idle in "
        "the second before."
    )
    text = measured(
        "nice -n 10 python benchmarks/simulation_scaling.py",
        table(runs, matches, heading),
    )
    print(text)
    if args.write and not args.quick:
        replace_block(DOC, START, END, text)
        print(f"updated {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
