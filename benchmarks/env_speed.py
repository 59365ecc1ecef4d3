"""Environment steps per second: cardtable's games beside RLCard's UNO and OpenSpiel's games.

    python benchmarks/env_speed.py            measure and print
    python benchmarks/env_speed.py --write    also update the figures in docs/performance.md
    python benchmarks/env_speed.py --quick    a moment per measure, to check that it runs
    python benchmarks/env_speed.py --instructions   also count instructions per step (valgrind)

A step is one decision through an environment's own stepping call, with the observation and
the legal actions of the next player made, as a learner gets them: PettingZoo's
``step`` + ``last`` for cardtable, RLCard's ``env.step`` (which returns the next state) for UNO,
and OpenSpiel's ``rl_environment.Environment.step`` (observation tensors and legal actions
in every time step) for its Python games and ours. Every player picks a uniformly random legal
action with the same generator. Rounds are interleaved, and each measure's best round is
shown with its median. The Kata TCG's rate against UNO's, the issue's target, is measured
apart: the median ratio of 30 pairs of one-second runs back to back, in alternating order,
which neither a lucky round nor a slow spell of a shared machine can move far; compare
figures taken in one run.
Instruction counts (callgrind, the difference between a run of 2,000 steps and one of none,
with NumPy's BLAS on one thread) do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.envs import env
from cardtable.envs.tcg_observer import compiled
from figures import Figure, describe_machine, figure_rows, measured, replace_block

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:envs:start -->", "<!-- bench:envs:end -->"
UNIT = "steps/s"

Measure = Callable[[float, int], float]
"""Runs for about the given seconds or steps, whichever ends first; returns the steps per
second it made."""


def play(table: Any, seconds: float, limit: int) -> float:
    """Steps per second of a cardtable PettingZoo environment ``table``, played for about
    ``seconds`` or ``limit`` steps, matches seeded 0, 1, 2... (also ``env_ab.py``'s loop)."""
    choose = random.Random(0).choice
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and steps < limit:
        table.reset(seed=seed)
        seed += 1
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            if steps == limit:
                break
            table.step(choose(observation["action_mask"].nonzero()[0].tolist()))
            steps += 1
    return steps / (time.perf_counter() - start)


def cardtable(game: str, rules: object = None) -> Measure:
    """Steps per second of a cardtable game's PettingZoo environment."""

    def run(seconds: float, limit: int) -> float:
        return play(env(game, rules), seconds, limit)

    return run


def rlcard_uno(seconds: float, limit: int) -> float:
    """Steps per second of RLCard's UNO environment."""
    import rlcard

    uno = rlcard.make("uno", config={"seed": 0})
    choose = random.Random(0).choice
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and steps < limit:
        state, _ = uno.reset()
        while not uno.is_over() and steps < limit:
            state, _ = uno.step(choose(list(state["legal_actions"])))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel(name: str) -> Measure:
    """Steps per second of an OpenSpiel game through its RL environment (``cardtable_*``
    names are ours, through the adapter)."""

    def run(seconds: float, limit: int) -> float:
        from open_spiel.python import rl_environment
        from open_spiel.python.games import kuhn_poker, tic_tac_toe  # noqa: F401 - registers

        from cardtable.envs.openspiel import register

        register()
        environment = rl_environment.Environment(name)
        choose = random.Random(0).choice
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds and steps < limit:
            step = environment.reset()
            while not step.last() and steps < limit:
                player = step.observations["current_player"]
                step = environment.step([choose(step.observations["legal_actions"][player])])
                steps += 1
        return steps / (time.perf_counter() - start)

    return run


MEASURES: list[tuple[str, Measure]] = [
    ("cardtable Kata TCG (PettingZoo)", cardtable("tcg")),
    ("cardtable Kata TCG, minions (PettingZoo)", cardtable("tcg", {"minions": True})),
    ("cardtable War (PettingZoo)", cardtable("war")),
    ("cardtable Karata (PettingZoo)", cardtable("karata")),
    ("RLCard UNO", rlcard_uno),
    ("OpenSpiel python_kuhn_poker", openspiel("python_kuhn_poker")),
    ("OpenSpiel python_tic_tac_toe", openspiel("python_tic_tac_toe")),
    ("cardtable Kata TCG (OpenSpiel adapter)", openspiel("cardtable_tcg")),
]


def measure(seconds: float, rounds: int) -> list[Figure]:
    figures = [Figure(name, UNIT, []) for name, _ in MEASURES]
    for _ in range(rounds):
        for figure, (_, run) in zip(figures, MEASURES, strict=True):
            figure.counts.append(run(seconds, sys.maxsize))
    return figures


TARGET = ("cardtable Kata TCG (PettingZoo)", "RLCard UNO")
"""The issue's target: the first measure's rate at least the second's."""
PAIR_SECONDS = 1.0
"""How long each run of a pair lasts, measuring the target."""


def paired_ratios(pairs: int, seconds: float) -> list[float]:
    """The first of :data:`TARGET`'s rates over the second's, from ``pairs`` pairs of short
    runs back to back, in alternating order (a slow spell of a shared machine falls on both
    runs of a pair, and neither goes first more often)."""
    runs = dict(MEASURES)
    ours, theirs = runs[TARGET[0]], runs[TARGET[1]]
    found = []
    for pair in range(pairs):
        if pair % 2:
            theirs_rate = theirs(seconds, sys.maxsize)
            ours_rate = ours(seconds, sys.maxsize)
        else:
            ours_rate = ours(seconds, sys.maxsize)
            theirs_rate = theirs(seconds, sys.maxsize)
        found.append(ours_rate / theirs_rate)
    return found


def table(figures: list[Figure], pairs: list[float], seconds: float) -> str:
    best = {figure.name: figure.best for figure in figures}
    best_ratio = best[TARGET[0]] / best[TARGET[1]]
    quartiles = statistics.quantiles(pairs) if len(pairs) > 1 else [pairs[0]] * 3
    return "\n".join(
        [
            figure_rows(figures),
            "",
            f"The Kata TCG's PettingZoo environment steps at **{statistics.median(pairs):.2f}x** "
            f"the rate of RLCard's UNO environment: the median of {len(pairs)} pairs of "
            f"{seconds:g} s runs back to back (half of them between {quartiles[0]:.2f}x and "
            f"{quartiles[2]:.2f}x; the table's best rounds give {best_ratio:.2f}x). "
            f"{observer_note()}",
        ]
    )


def observer_note() -> str:
    """Which Kata TCG observer these figures come from."""
    if compiled():
        return "The Kata TCG's observations were written by its compiled observer."
    return (
        "The Kata TCG's observations were written in pure Python: the compiled observer is "
        "not built here (no C compiler when cardtable was installed)."
    )


COUNTED = ("cardtable Kata TCG (PettingZoo)", "RLCard UNO", "OpenSpiel python_kuhn_poker")
"""The measures whose instructions per step ``--instructions`` counts."""
COUNTED_STEPS = 2000


def instructions(name: str, steps: int) -> int:
    """Instructions (valgrind's callgrind) that ``steps`` steps of measure ``name`` cost."""
    counts = []
    for limit in (0, steps):
        result = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                __file__,
                "--workload",
                name,
                str(limit),
            ],
            capture_output=True,
            text=True,
            check=True,
            # One BLAS thread: NumPy's idle BLAS threads spin for a while, an amount that
            # differs from run to run and would be counted with the steps.
            env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"},
        )
        found = re.search(r"Collected : ([0-9]+)", result.stderr)
        if found is None:
            raise SystemExit(f"valgrind printed no count:\n{result.stderr}")
        counts.append(int(found.group(1)))
    return counts[1] - counts[0]


def instruction_rows() -> str:
    lines = ["| measure | instructions per step |", "|---|---:|"]
    for name in COUNTED:
        per_step = instructions(name, COUNTED_STEPS) // COUNTED_STEPS
        lines.append(f"| {name} | {per_step:,} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measure")
    parser.add_argument("--rounds", type=int, default=7, help="rounds per measure")
    parser.add_argument("--pairs", type=int, default=30, help="pairs of runs for the target")
    parser.add_argument("--quick", action="store_true", help="tiny run: does it work?")
    parser.add_argument("--instructions", action="store_true", help="also count (valgrind)")
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    parser.add_argument("--workload", nargs=2, metavar=("MEASURE", "STEPS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.workload:
        name, steps = args.workload
        dict(MEASURES)[name](float("inf"), int(steps))
        return 0
    seconds, rounds = (0.2, 1) if args.quick else (args.seconds, args.rounds)
    figures = measure(seconds, rounds)
    pair_seconds = 0.1 if args.quick else PAIR_SECONDS
    pairs = paired_ratios(2 if args.quick else args.pairs, pair_seconds)
    print(f"Environments: {describe_machine()}; {rounds} rounds of {seconds:g} s per measure")
    text = table(figures, pairs, pair_seconds)
    if args.instructions:
        text += "\n\n" + instruction_rows()
    print(text)
    if args.write and not args.quick:
        flags = "--instructions --write" if args.instructions else "--write"
        command = f"python benchmarks/env_speed.py {flags}"
        replace_block(DOC, START, END, measured(command, text))
        print(f"updated {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
