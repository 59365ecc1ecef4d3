"""A fixed workload for instruction counting: ``python tcg_workload.py KIND MATCHES``.

KIND is ``none`` (start-up only), ``bare`` (the hand-written loop) or ``engine`` (random vs
random through the public API, record and log kept). ``tcg_instructions.py`` runs it under
valgrind and subtracts the start-up.
"""

from __future__ import annotations

import random
import sys

from bare_tcg import bare_match
from cardtable.agents import RandomAgent
from cardtable.games import find
from cardtable.simulation import agent_rng, play_match


def main() -> None:
    kind, count = sys.argv[1], int(sys.argv[2])
    game = find("tcg")
    rules = game.default_ruleset()
    # Warm every cache (rule book, template, routes) in all three kinds alike.
    play_match(game, rules, [RandomAgent(agent_rng(0, 0)), RandomAgent(agent_rng(0, 1))], 0)
    bare_match(random.Random(0))
    if kind == "bare":
        for seed in range(count):
            bare_match(random.Random(seed))
    elif kind == "engine":
        for seed in range(count):
            agents = [RandomAgent(agent_rng(seed, 0)), RandomAgent(agent_rng(seed, 1))]
            play_match(game, rules, agents, seed)
    elif kind != "none":
        raise SystemExit(f"unknown workload {kind!r}")


if __name__ == "__main__":
    main()
