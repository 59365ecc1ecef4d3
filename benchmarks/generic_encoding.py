"""What the generic research encoding costs beside a game's own: one observation and one action
mask a state, over the same states of random matches.

    python benchmarks/generic_encoding.py            measure and print
    python benchmarks/generic_encoding.py --write    also update docs/performance.md
    python benchmarks/generic_encoding.py --quick    a few states, to check that it runs

Every game with an encoding of its own (our three, and the High Card example's) is measured
both ways on one list of states: each seat's view at each decision of random matches, seeded
0, 1, 2... A round times the own encoding over every state, then the generic one (the order
alternating from round to round); the figure is the best round of each, in microseconds a
state, and their ratio is taken round by round, so a slow spell of a shared machine moves both
sides of a ratio alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from cardtable.engine import Decisions, Game, Match, Rng
from cardtable.engine.view import View
from cardtable.envs.encoding import Encoding
from cardtable.envs.encodings import encoding_for
from cardtable.envs.generic import GenericEncoding
from cardtable.games import find
from figures import write_figures

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:generic-encoding:start -->", "<!-- bench:generic-encoding:end -->"
sys.path.insert(0, str(ROOT / "examples" / "highcard" / "src"))  # the example, uninstalled

State = tuple[View[Any], Decisions]


def cases() -> list[tuple[str, Game[Any, Any], Any, Callable[[Any], Encoding]]]:
    """(label, game, ruleset, the game's own encoding) for every game measured."""
    from highcard.encoding import HighCardEncoding
    from highcard.game import GAME as HIGHCARD

    found: list[tuple[str, Game[Any, Any], Any, Callable[[Any], Encoding]]] = []
    for name, rules, label in (
        ("tcg", {"minions": True}, "Kata TCG, minions"),
        ("karata", {"players": 3}, "Karata, 3 players"),
        ("war", {}, "War"),
    ):
        game = find(name)
        ruleset = game.load_ruleset(rules)
        found.append((label, game, ruleset, partial(encoding_for, game)))
    found.append(("High Card", HIGHCARD, HIGHCARD.default_ruleset(), HighCardEncoding))
    return found


def states(game: Game[Any, Any], ruleset: Any, count: int) -> list[State]:
    """``count`` (view, legal) pairs of the seats to act in random matches."""
    found: list[State] = []
    seed = 0
    while len(found) < count:
        match = Match(game, ruleset, seed=seed)
        rng = Rng(seed)
        seed += 1
        while match.outcome is None and len(found) < count:
            seat = match.to_act
            assert seat is not None
            legal = match.legal(seat)
            found.append((match.view(seat), legal))
            match.decide(seat, rng.choice(legal.moves))
    return found


def timed(encoding: Encoding, seen: list[State]) -> float:
    """Microseconds a state to observe it and mask its legal decisions."""
    start = time.perf_counter()
    for view, legal in seen:
        encoding.observe(view)
        encoding.mask(view, legal)
    return (time.perf_counter() - start) / len(seen) * 1e6


def measure(count: int, rounds: int) -> list[tuple[str, float, float, float]]:
    """(label, own µs, generic µs, median ratio) for every game."""
    rows = []
    for label, game, ruleset, own_encoding in cases():
        seen = states(game, ruleset, count)
        own, generic = own_encoding(ruleset), GenericEncoding(game, ruleset)
        timed(own, seen[:50])  # warm both
        timed(generic, seen[:50])
        owns: list[float] = []
        generics: list[float] = []
        for round_ in range(rounds):
            pair = [(own, owns), (generic, generics)]
            for encoding, into in pair if round_ % 2 == 0 else pair[::-1]:
                into.append(timed(encoding, seen))
        ratio = statistics.median(g / o for o, g in zip(owns, generics, strict=True))
        rows.append((label, min(owns), min(generics), ratio))
    return rows


def table(rows: list[tuple[str, float, float, float]], count: int) -> str:
    lines = [
        f"Each game's own encoding and the generic one over the same {count:,} states "
        "(best round, µs a state for an observation and a mask; the ratio is the median of "
        "the rounds' ratios):",
        "",
        "| game | its own | generic | generic / own |",
        "|---|---:|---:|---:|",
    ]
    lines += [
        f"| {label} | {own:,.1f} µs | {generic:,.1f} µs | {ratio:.2f}x |"
        for label, own, generic, ratio in rows
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3000, help="states a game")
    parser.add_argument("--rounds", type=int, default=7, help="rounds a game")
    parser.add_argument("--quick", action="store_true", help="tiny run: does it work?")
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    count, rounds = (60, 2) if args.quick else (args.states, args.rounds)
    shown = table(measure(count, rounds), count)
    print(shown)
    if args.write and not args.quick:
        write_figures(DOC, START, END, "python benchmarks/generic_encoding.py --write", shown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
