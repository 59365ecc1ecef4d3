"""What protocol 4 costs the server: a seat's state with decision shapes and the reasons of
its unplayable cards, against the same state with decision texts only (protocol 3's).

    .venv/bin/python benchmarks/seat_state.py           # about half a minute
    .venv/bin/python benchmarks/seat_state.py --quick   # a few matches, to check it runs

For each game, random matches are played and, at every decision, the state of the seat to
act is built both ways, interleaved, many times over; the best of the rounds counts. Compare
the ratio, measured side by side in one run (the machines are shared and noisy).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from cardtable.engine import Match, Rng, view_to_json
from cardtable.games import find
from cardtable.server.live import LiveMatch

GAMES = ("tcg", "karata")
LONGEST = 200
"""Decisions looked at in one match at most (random Karata can go on for long)."""


def positions(name: str, matches: int) -> list[tuple[LiveMatch, int]]:
    """A copy of each position of ``matches`` random matches of ``name``, with its seat to act."""
    game = find(name)
    found: list[tuple[LiveMatch, int]] = []
    for seed in range(matches):
        match: Match[Any] = Match(game, game.default_ruleset(), seed)
        rng = Rng(seed)
        while not match.over and match.to_act is not None and len(match.decisions) < LONGEST:
            seat = match.to_act
            copy: Match[Any] = Match.replay(game, match.record(), check=False)
            found.append((LiveMatch(f"m{seed}", copy), seat))
            moves = match.legal(seat).moves
            match.decide(seat, moves[rng.below(len(moves))])
    return found


def texts_only(live: LiveMatch, seat: int) -> object:
    """What protocol 3 needed: the view, the legal decisions as texts, the default."""
    decisions = live.match.legal(seat)
    default = decisions.default
    return (
        view_to_json(live.match.view(seat)),
        [move.text() for move in decisions.moves],
        None if default is None else default.text(),
        live.event_count(seat),
    )


def full(live: LiveMatch, seat: int) -> object:
    """What the server builds now: the same, with shapes and unplayable reasons."""
    return live.seat_state(seat)


def best_seconds(
    work: Callable[[LiveMatch, int], object], cases: list[tuple[LiveMatch, int]]
) -> float:
    started = time.perf_counter()
    for live, seat in cases:
        work(live, seat)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few matches only")
    args = parser.parse_args()
    matches, rounds = (2, 2) if args.quick else (12, 7)
    print(f"{'game':8} {'positions':>9} {'texts µs':>9} {'shapes µs':>10} {'ratio':>6}")
    for name in GAMES:
        cases = positions(name, matches)
        for live, seat in cases:
            live.event_count(seat)  # both ways read the events worded once, as a server does
        old, new = [], []
        for _ in range(rounds):  # interleaved, so both meet the same noise
            old.append(best_seconds(texts_only, cases))
            new.append(best_seconds(full, cases))
        per_old, per_new = min(old) / len(cases) * 1e6, min(new) / len(cases) * 1e6
        print(f"{name:8} {len(cases):9} {per_old:9.1f} {per_new:10.1f} {per_new / per_old:6.2f}")


if __name__ == "__main__":
    main()
