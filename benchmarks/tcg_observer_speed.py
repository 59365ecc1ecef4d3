"""The Kata TCG observer's time per observation: its compiled core against pure Python.

    python benchmarks/tcg_observer_speed.py              the core game, 3,000 states
    python benchmarks/tcg_observer_speed.py --rules '{"healing": true}' --states 5000

Both observers write the observations of the same states of random matches, each seat's in
turn as an environment asks for them (the states in order, so most parts carry over from
the last observation), in alternating rounds; the median round of each is shown, and the
ratio of the medians. Compare figures taken in one run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from cardtable.engine import Game, Rng, State
from cardtable.engine.errors import RulesetError
from cardtable.engine.sight import Sight
from cardtable.envs.encodings import resolve
from cardtable.envs.tcg import TcgEncoding
from cardtable.envs.tcg_observer import TcgObserver, compiled


def sights(game: Game[Any, Any], rules: Any, count: int) -> list[Sight]:
    """The sights of the seat to act of ``count`` states of random matches, in order."""
    found: list[Sight] = []
    seed = 0
    while len(found) < count:
        rng = Rng(seed)
        state: State = game.setup(rules, seed, journal=False)
        while (seat := game.to_act(state)) is not None and len(found) < count:
            found.append(game.sight(state.copy(), seat))
            moves = game.legal(state, seat).moves
            game.decide(state, seat, moves[rng.below(len(moves))])
        seed += 1
    return found


def seconds_per_observation(observer: TcgObserver, seen: list[Sight]) -> float:
    start = time.perf_counter()
    for sight in seen:
        observer.observe(sight)
    return (time.perf_counter() - start) / len(seen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="null", help="the ruleset's fields as JSON")
    parser.add_argument("--states", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    try:
        game, rules = resolve("tcg", json.loads(args.rules))
    except (json.JSONDecodeError, RulesetError) as error:
        parser.error(f"--rules: {error}")
    if args.states < 1 or args.rounds < 1:
        parser.error("give at least one state and one round")
    if not compiled():
        print("the compiled observer is not built here (no C compiler at install)")
        return 1
    layout = TcgEncoding(rules).layout
    if layout.board:
        print("these rules have boards: the compiled core does not write them")
        return 1
    seen = sights(game, rules, args.states)
    native, python = TcgObserver(layout, native=True), TcgObserver(layout, native=False)
    times: dict[str, list[float]] = {"compiled": [], "python": []}
    for _ in range(args.rounds):
        times["compiled"].append(seconds_per_observation(native, seen))
        times["python"].append(seconds_per_observation(python, seen))
    medians = {name: statistics.median(found) for name, found in times.items()}
    for name, median in medians.items():
        print(f"{name:>8}: {median * 1e6:.2f} µs an observation (median of {args.rounds} rounds)")
    print(f"python / compiled: {medians['python'] / medians['compiled']:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
