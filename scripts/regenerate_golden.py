"""Regenerate the golden playthrough files: ``./dev golden`` (``--check`` only compares)."""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from cardtable.games import find
from cardtable.simulation.playthrough import playthrough

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"

# (file name, game, seed, seats, rules changed from the defaults): one seeded match per game,
# plus a heuristic one; War's use small decks so that each file stays readable.
CASES: list[tuple[str, str, int, str, dict[str, object]]] = [
    ("tcg-random.txt", "tcg", 2026, "random,random", {}),
    ("tcg-greedy.txt", "tcg", 7, "greedy,random", {}),
    # Closed deck lists: each deck's cards numbered in an order of the match's own (version 3).
    ("tcg-closed.txt", "tcg", 11, "greedy,greedy", {"open_decklists": False}),
    # Three players: wars (one inside another), dropping out of a war, players out.
    ("war-three.txt", "war", 10, "random,random,random", {"players": 3, "suits": 3, "ranks": 4}),
    # Three face-down cards and shuffled won cards.
    (
        "war-face-down.txt",
        "war",
        1,
        "random,random",
        {"suits": 2, "ranks": 5, "face_down": 3, "won_cards": "shuffled"},
    ),
    # Karata: three heuristic players; four players under loose house rules with fines.
    ("karata-three.txt", "karata", 26, "heuristic,heuristic,heuristic", {"players": 3}),
    (
        "karata-house.txt",
        "karata",
        5,
        "heuristic,random,heuristic,random",
        {"players": 4, "cumulative_bombs": True, "anything_answers": True, "fine": 1},
    ),
]


def expected(game: str, seed: int, seats: str, rules: dict[str, object]) -> str:
    found = find(game)
    return playthrough(found, found.load_ruleset(rules), seed, seats)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    stale = 0
    for name, game, seed, seats, rules in CASES:
        path = GOLDEN / name
        text = expected(game, seed, seats, rules)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old == text:
            continue
        stale += 1
        if args.check:
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), lineterm="")
            print("\n".join(list(diff)[:60]))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(GOLDEN.parent.parent)}")
    if args.check and stale:
        print(f"{stale} golden file(s) out of date: run ./dev golden and review the diff")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
