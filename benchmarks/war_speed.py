"""War speed through the public API, beside a bare hand-written loop in the same run.

    ./dev bench            measure and print (after the Kata TCG's and Karata's tables)
    ./dev bench --write    also update the figures in docs/performance.md
    ./dev bench --quick    a few matches only, to check that the script runs

War has one decision, turning a card, so it measures what the engine costs per decision
when a player thinks nothing at all. Rounds are interleaved and the best counts, as in
``tcg_speed.py``; compare the ratios measured in one run.
"""

from __future__ import annotations

import random
import sys

from bare_war import bare_war_match
from cardtable.agents import RandomAgent
from cardtable.games import find
from cardtable.simulation import agent_rng, play_match
from figures import Figure, figure_rows, rate, speed_script

START, END = "<!-- bench:war:start -->", "<!-- bench:war:end -->"

GAME = find("war")
RULES = GAME.default_ruleset()


def bare(n: int, offset: int) -> int:
    """Play ``n`` bare matches; the decisions made."""
    return sum(bare_war_match(random.Random(offset + i))[1] for i in range(n))


def engine(n: int, offset: int, *, journal: bool) -> int:
    """Play ``n`` engine matches between random players; the decisions made."""
    decisions = 0
    for i in range(n):
        seed = offset + i
        agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(2)]
        decisions += len(play_match(GAME, RULES, agents, seed, journal=journal).decisions)
    return decisions


def measure(matches: int, rounds: int) -> list[Figure]:
    names = [
        ("bare hand-written loop", "decisions/s"),
        ("engine, random vs random (record and log kept)", "decisions/s"),
        ("engine, random vs random, no log (as a search's playouts)", "decisions/s"),
    ]
    figures = [Figure(name, unit, []) for name, unit in names]
    for round_ in range(rounds):
        offset = round_ * matches
        _, bare_rate = rate(matches, bare, matches, offset)
        _, kept_rate = rate(matches, engine, matches, offset, journal=True)
        _, playout_rate = rate(matches, engine, matches, offset, journal=False)
        for figure, value in zip(figures, (bare_rate, kept_rate, playout_rate), strict=True):
            figure.counts.append(value)
    return figures


def table(figures: list[Figure]) -> str:
    lines = [figure_rows(figures)]
    bare_best, engine_best = figures[0].best, figures[1].best
    lines.append("")
    lines.append(
        f"The engine plays War at **{engine_best / bare_best:.3f}x** the decisions per second "
        f"of the bare loop ({bare_best / engine_best:.1f} times slower), measured in the same "
        "run."
    )
    return "\n".join(lines)


def main() -> int:
    return speed_script(
        (__doc__ or "").splitlines()[0], "War", measure, table, (START, END),
        matches=20, quick=2,
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
