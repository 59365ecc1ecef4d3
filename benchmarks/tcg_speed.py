"""Kata TCG speed through the public API, beside a bare hand-written loop in the same run.

    ./dev bench            measure and print the table
    ./dev bench --write    also update the figures in docs/performance.md
    ./dev bench --quick    a few matches only, to check that the script runs

Every configuration runs in rounds, interleaved, and the best round counts (the least
disturbed by other work on a shared machine); the median is shown beside it. Compare ratios
measured in one run, not absolute figures across runs or machines.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from bare_tcg import bare_greedy_match, bare_match
from cardtable.agents import GreedyAgent, RandomAgent
from cardtable.engine import Match, Rng, State
from cardtable.games import find
from cardtable.simulation import agent_rng, play_match
from figures import Figure, figure_rows, rate, speed_script

START, END = "<!-- bench:tcg:start -->", "<!-- bench:tcg:end -->"

GAME = find("tcg")
RULES = GAME.default_ruleset()


def bare(n: int, offset: int, *, greedy: bool = False) -> int:
    play = bare_greedy_match if greedy else bare_match
    decisions = 0
    for i in range(n):
        decisions += play(random.Random(offset + i))[1]
    return decisions


def engine(kind: type[Any], n: int, offset: int, *, export: bool = False) -> int:
    decisions = 0
    for i in range(n):
        seed = offset + i
        agents = [kind(agent_rng(seed, 0)), kind(agent_rng(seed, 1))]
        match = play_match(GAME, RULES, agents, seed)
        if export:
            match.record()
        decisions += len(match.decisions)
    return decisions


def sample_states(count: int) -> list[State]:
    """Mid-match states: one random point of each of ``count`` random matches."""
    states: list[State] = []
    for seed in range(count):
        match: Match[Any] = Match(GAME, RULES, seed)
        agents = [RandomAgent(agent_rng(seed, 0)), RandomAgent(agent_rng(seed, 1))]
        stop = Rng(seed).below(30)
        for _ in range(stop):
            seat = match.to_act
            if seat is None:
                break
            match.decide(seat, agents[seat].choose(match.legal(seat)))
        states.append(match.state)
    return states


def copy_all(states: list[State], copies: int) -> int:
    for index in range(copies):
        states[index % len(states)].copy()
    return 0


def measure(matches: int, rounds: int) -> list[Figure]:
    states = sample_states(200)
    copies = max(200, matches * 2)
    names = [
        ("bare hand-written loop, random vs random", "matches/s"),
        ("engine, random vs random (record and log kept)", "matches/s"),
        ("engine, random vs random, record exported with final hash", "matches/s"),
        ("engine, greedy vs greedy (record and log kept)", "matches/s"),
        ("bare hand-written loop, greedy vs greedy", "matches/s"),
        ("engine decisions, random vs random", "decisions/s"),
        ("engine state copy()", "copies/s"),
    ]
    figures = [Figure(name, unit, []) for name, unit in names]
    for round_ in range(rounds):
        offset = round_ * matches
        greedy_n = max(1, matches // 4)
        bare_rate, _ = rate(matches, bare, matches, offset)
        random_rate, decision_rate = rate(matches, engine, RandomAgent, matches, offset)
        export_rate, _ = rate(matches, engine, RandomAgent, matches, offset, export=True)
        greedy_rate, _ = rate(greedy_n, engine, GreedyAgent, greedy_n, offset)
        bare_greedy_rate, _ = rate(greedy_n, bare, greedy_n, offset, greedy=True)
        copy_rate, _ = rate(copies, copy_all, states, copies)
        for figure, value in zip(
            figures,
            (
                bare_rate,
                random_rate,
                export_rate,
                greedy_rate,
                bare_greedy_rate,
                decision_rate,
                copy_rate,
            ),
            strict=True,
        ):
            figure.counts.append(value)
    return figures


def table(figures: list[Figure]) -> str:
    lines = [figure_rows(figures)]
    bare_best, engine_best = figures[0].best, figures[1].best
    lines.append("")
    lines.append(
        f"The engine plays random-vs-random matches at **{engine_best / bare_best:.2f}x** the "
        f"speed of the bare loop ({bare_best / engine_best:.1f} times slower), and "
        f"greedy-vs-greedy matches at **{figures[3].best / figures[4].best:.2f}x** the bare "
        "greedy loop, measured in the same run."
    )
    return "\n".join(lines)


def main() -> int:
    return speed_script(
        (__doc__ or "").splitlines()[0], "Kata TCG", measure, table, (START, END),
        matches=1000, quick=20,
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
