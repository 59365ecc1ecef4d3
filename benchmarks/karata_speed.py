"""Karata speed through the public API: the engine under random play and the heuristic player.

    ./dev bench            measure and print (after the Kata TCG's table)
    ./dev bench --write    also update the figures in docs/performance.md
    ./dev bench --quick    a few matches only, to check that the script runs

Rounds are interleaved and the best counts, as in ``tcg_speed.py``; compare the ratios
measured in one run.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from cardtable.agents import HeuristicAgent, RandomAgent
from cardtable.engine import Match
from cardtable.games import find
from cardtable.games.karata import KarataRules
from cardtable.simulation import agent_rng, play_match
from figures import Figure, figure_rows, rate, speed_script

START, END = "<!-- bench:karata:start -->", "<!-- bench:karata:end -->"

GAME = find("karata")
TWO = KarataRules()
FOUR = KarataRules(players=4)


def matches(kind: type[Any], rules: KarataRules, n: int, offset: int) -> int:
    """Play ``n`` matches of ``kind`` agents; the decisions made."""
    decisions = 0
    for i in range(n):
        seed = offset + i
        agents = [kind(agent_rng(seed, seat)) for seat in range(rules.players)]
        decisions += len(play_match(GAME, rules, agents, seed).decisions)
    return decisions


def think(n: int, offset: int) -> int:
    """Ask the heuristic player alone for ``n`` decisions at points of heuristic matches
    (views built beforehand, so only its thinking is timed)."""
    asked: list[tuple[Any, Any]] = []
    seed = offset
    while len(asked) < n:
        match: Match[Any] = Match(GAME, TWO, seed)
        agents = [HeuristicAgent(agent_rng(seed, seat)) for seat in range(2)]
        while not match.over and len(asked) < n:
            seat = match.to_act
            assert seat is not None
            view, legal = match.view(seat), match.legal(seat)
            asked.append((view, legal))
            match.decide(seat, agents[seat].decide(view, legal))
        seed += 1
    agent = HeuristicAgent(agent_rng(offset, 0))
    start = time.perf_counter()
    for view, legal in asked:
        agent.decide(view, legal)
    return int((time.perf_counter() - start) * 1e9)


def measure(count: int, rounds: int) -> list[Figure]:
    names = [
        ("engine decisions, random vs random (2 players)", "decisions/s"),
        ("engine decisions, heuristic vs heuristic (2 players)", "decisions/s"),
        ("engine, heuristic x 4 (4 players)", "matches/s"),
        ("heuristic player alone, thinking", "decisions/s"),
    ]
    figures = [Figure(name, unit, []) for name, unit in names]
    for round_ in range(rounds):
        offset = round_ * count
        _, random_rate = rate(count, matches, RandomAgent, TWO, max(1, count // 20), offset)
        _, heuristic_rate = rate(count, matches, HeuristicAgent, TWO, count, offset)
        four_rate, _ = rate(count, matches, HeuristicAgent, FOUR, count, offset)
        asked = count * 20
        nanoseconds = think(asked, offset)
        values = (random_rate, heuristic_rate, four_rate, asked / (nanoseconds / 1e9))
        for figure, value in zip(figures, values, strict=True):
            figure.counts.append(value)
    return figures


def table(figures: list[Figure]) -> str:
    lines = [figure_rows(figures)]
    random_best, heuristic_best = figures[0].best, figures[1].best
    lines.append("")
    lines.append(
        f"A heuristic match advances at **{heuristic_best / random_best:.2f}x** the decisions "
        "per second of a random one (the player builds its view and weighs every turn its "
        "hand can make), measured in the same run."
    )
    return "\n".join(lines)


def main() -> int:
    return speed_script(
        (__doc__ or "").splitlines()[0], "Karata", measure, table, (START, END),
        matches=200, quick=5,
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
