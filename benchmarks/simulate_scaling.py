"""How ``cardtable simulate`` scales: matches per second with 1 and with 2 worker processes.

    python benchmarks/simulate_scaling.py            measure and print
    python benchmarks/simulate_scaling.py --write    also update docs/performance.md
    python benchmarks/simulate_scaling.py --quick    a few matches only, to check that it runs

The workload is the library call behind the command (``cardtable.simulation.simulate``),
greedy against greedy in the Kata TCG by default, pool start-up included. One worker plays in
the calling process; two fork worker processes. On a shared machine the rounds are
interleaved (1 then 2 workers, then 2 then 1, ...) and the ratio of each round is kept: the
median ratio is the figure to read. The CPU time each configuration spent per match is
measured too (worker processes' time included). As a control, each round also runs two
independent single-worker simulations side by side (half the matches each, started together
in two forked processes): what two busy cores give without any pool, so the gap between
that and two workers is the pool's own cost (forking, sending matches and results), and the
gap between that and 2x is the machine's (two busy cores share caches and clock).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.agents import parse_seats
from cardtable.games import find
from cardtable.simulation import simulate
from figures import replace_block

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:simulate:start -->", "<!-- bench:simulate:end -->"
WORKERS = (1, 2)


@dataclass
class Runs:
    """The rounds of one configuration."""

    workers: int
    rates: list[float] = field(default_factory=list)
    """Matches per second, wall clock."""
    cpu: list[float] = field(default_factory=list)
    """CPU milliseconds per match, in every process that played."""

    @property
    def best(self) -> float:
        return max(self.rates)

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(game_name: str, agents: str, matches: int, seed: int, workers: int) -> tuple[float, float]:
    """One simulation; its matches per second and CPU milliseconds per match."""
    game = find(game_name)
    cpu = _cpu_seconds()
    started = time.perf_counter()
    simulate(game, game.default_ruleset(), parse_seats(agents), matches, seed, workers)
    seconds = time.perf_counter() - started
    return matches / seconds, (_cpu_seconds() - cpu) * 1000 / matches


def _half(game: str, agents: str, matches: int, seed: int, barrier: Any, out: Any) -> None:
    barrier.wait()
    started = time.perf_counter()
    run(game, agents, matches, seed, 1)
    out.put(time.perf_counter() - started)


def side_by_side(game: str, agents: str, matches: int, seed: int) -> float:
    """Matches per second of two independent one-worker simulations run at the same time."""
    context = multiprocessing.get_context("fork")
    barrier, out = context.Barrier(2), context.Queue()
    halves = [matches // 2, matches - matches // 2]
    processes = [
        context.Process(target=_half, args=(game, agents, half, seed * 2 + i, barrier, out))
        for i, half in enumerate(halves)
    ]
    for process in processes:
        process.start()
    seconds: float = max(out.get(), out.get())
    for process in processes:
        process.join()
    return matches / seconds


def measure(
    game: str, agents: str, matches: int, rounds: int
) -> tuple[list[Runs], list[float], list[float]]:
    """Interleaved rounds: the runs of each configuration, the ratio of two workers to one in
    each round, and the control's rates."""
    runs = {workers: Runs(workers) for workers in WORKERS}
    ratios, control = [], []
    for round_ in range(rounds):
        order = WORKERS if round_ % 2 == 0 else WORKERS[::-1]
        for workers in order:
            rate, cpu = run(game, agents, matches, round_, workers)
            runs[workers].rates.append(rate)
            runs[workers].cpu.append(cpu)
        ratios.append(runs[2].rates[-1] / runs[1].rates[-1])
        control.append(side_by_side(game, agents, matches, round_))
    return list(runs.values()), ratios, control


def table(runs: list[Runs], ratios: list[float], control: list[float], heading: str) -> str:
    lines = [
        heading,
        "",
        "| workers | best | median | CPU per match (median) |",
        "|---:|---:|---:|---:|",
    ]
    for configuration in runs:
        lines.append(
            f"| {configuration.workers} | {configuration.best:,.0f} matches/s | "
            f"{configuration.median:,.0f} matches/s | "
            f"{statistics.median(configuration.cpu):.2f} ms |"
        )
    lines.append(
        f"| control: 2 independent simulations side by side | {max(control):,.0f} matches/s | "
        f"{statistics.median(control):,.0f} matches/s | |"
    )
    one, two = runs
    overhead = statistics.median(two.cpu) / statistics.median(one.cpu)
    lines += [
        "",
        f"Two workers over one: **{statistics.median(ratios):.2f}x** (median of the rounds' "
        f"ratios; rounds: {', '.join(f'{r:.2f}' for r in ratios)}; best against best: "
        f"{two.best / one.best:.2f}x). Two independent simulations side by side reach "
        f"{statistics.median(control) / one.median:.2f}x one worker's median, and two "
        f"workers spend {overhead:.2f}x the CPU per match of one.",
    ]
    return "\n".join(lines)


def idle_share(seconds: float = 1.0) -> float:
    """How idle the machine's processors were over the next ``seconds`` (Linux; else 1)."""

    def sample() -> tuple[int, int]:
        try:
            with open("/proc/stat", encoding="ascii") as stat:
                values = [int(word) for word in stat.readline().split()[1:]]
        except OSError:
            return 0, 0
        return values[3] + values[4], sum(values)

    idle, total = sample()
    time.sleep(seconds)
    idle_after, total_after = sample()
    return (idle_after - idle) / (total_after - total) if total_after > total else 1.0


def write(text: str) -> None:
    replace_block(DOC, START, END, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tcg", help="the game (default tcg)")
    parser.add_argument("--agents", default="greedy,greedy", help="the players")
    parser.add_argument("--matches", type=int, default=1500, help="matches per run")
    parser.add_argument("--rounds", type=int, default=6, help="rounds of both configurations")
    parser.add_argument("--quick", action="store_true", help="tiny run: does it work?")
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    matches, rounds = (40, 2) if args.quick else (args.matches, args.rounds)
    idle = idle_share()
    runs, ratios, control = measure(args.game, args.agents, matches, rounds)
    heading = (
        f"Measured with `python benchmarks/simulate_scaling.py` on {time.strftime('%Y-%m-%d')}"
        f": {args.game}, {args.agents}, {rounds} interleaved rounds of {matches:,} matches, "
        f"{os.cpu_count()} cores, {idle:.0%} idle in the second before."
    )
    text = table(runs, ratios, control, heading)
    print(text)
    if args.write and not args.quick:
        write(text)
        print(f"updated {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
