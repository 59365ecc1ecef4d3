"""How ``cardtable simulate`` scales: matches per second with 1 and with 2 worker processes.

    python benchmarks/simulate_scaling.py            measure and print
    python benchmarks/simulate_scaling.py --write    also update docs/performance.md
    python benchmarks/simulate_scaling.py --quick    a few matches only, to check that it runs

The workload is the library call behind the command (``cardtable.simulation.simulate``),
greedy against greedy in the Kata TCG by default, pool start-up included. One worker plays in
the calling process; two fork worker processes. On a shared machine the rounds are
interleaved (1 then 2 workers, then 2 then 1, ...) and the ratio of each round is kept: the
median ratio is the figure to read. The CPU time each configuration spent per match is
measured too (worker processes' time included); if two workers spend more CPU per match
than one, that is the cost of the processes themselves (forking, sending matches and
results), whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.agents import parse_seats
from cardtable.games import find
from cardtable.simulation import simulate

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


def measure(game: str, agents: str, matches: int, rounds: int) -> tuple[list[Runs], list[float]]:
    """Interleaved rounds; the runs of each configuration and the ratio of each round."""
    runs = {workers: Runs(workers) for workers in WORKERS}
    ratios = []
    for round_ in range(rounds):
        order = WORKERS if round_ % 2 == 0 else WORKERS[::-1]
        for workers in order:
            rate, cpu = run(game, agents, matches, round_, workers)
            runs[workers].rates.append(rate)
            runs[workers].cpu.append(cpu)
        ratios.append(runs[2].rates[-1] / runs[1].rates[-1])
    return list(runs.values()), ratios


def table(runs: list[Runs], ratios: list[float], heading: str) -> str:
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
    one, two = runs
    overhead = statistics.median(two.cpu) / statistics.median(one.cpu)
    lines += [
        "",
        f"Two workers over one: **{statistics.median(ratios):.2f}x** (median of the rounds' "
        f"ratios; rounds: {', '.join(f'{r:.2f}' for r in ratios)}; best against best: "
        f"{two.best / one.best:.2f}x). Two workers spend {overhead:.2f}x the CPU per match of "
        f"one, so on an idle machine the ratio could reach about {2 / overhead:.2f}x.",
    ]
    return "\n".join(lines)


def describe_load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def write(text: str) -> None:
    block = f"{START}\n{text}\n{END}"
    doc = DOC.read_text(encoding="utf-8")
    if START not in doc:
        raise SystemExit(f"{DOC.name} has no {START} marker")
    head, _, rest = doc.partition(START)
    _, _, tail = rest.partition(END)
    DOC.write_text(head + block + tail, encoding="utf-8")


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
    before = describe_load()
    runs, ratios = measure(args.game, args.agents, matches, rounds)
    heading = (
        f"Measured with `python benchmarks/simulate_scaling.py` on {time.strftime('%Y-%m-%d')}"
        f": {args.game}, {args.agents}, {rounds} interleaved rounds of {matches:,} matches, "
        f"{os.cpu_count()} cores; {before} before, {describe_load()} after."
    )
    text = table(runs, ratios, heading)
    print(text)
    if args.write and not args.quick:
        write(text)
        print(f"updated {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
