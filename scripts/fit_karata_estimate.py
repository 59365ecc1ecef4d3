"""Fit the weights of Karata's estimate (``cardtable.games.karata.estimate``) on played matches.

    python scripts/fit_karata_estimate.py            play, fit and print (about a minute)
    python scripts/fit_karata_estimate.py --write    also write the weights into the module
    python scripts/fit_karata_estimate.py --quick    a few hundred matches, to check it runs

Three-player matches are played between Karata's heuristic players, as the search player
models them (``HeuristicModel``). At the start of about one turn in four, every seat's
:func:`~cardtable.games.karata.estimate.features` are noted; when the match is won, each note
learns who won. The weights are those of a conditional logit (a seat's chance is the softmax
of its weighted features over the seats at the table) that make the noted wins most likely,
found by Newton's method with a little ridge. A fifth of the matches are held out: the script
prints the average log-loss there of the fitted weights, of the module's current ones and of
an equal share, and how often the favourite won.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardtable.agents.karata import HeuristicModel
from cardtable.engine import Match, Rng
from cardtable.games import find
from cardtable.games.karata.estimate import FEATURES, WEIGHTS, features
from cardtable.games.karata.state import KarataState

MODULE = Path(__file__).resolve().parent.parent / "src/cardtable/games/karata/estimate.py"
Array = npt.NDArray[np.float64]
SEED = 2026
RIDGE = 1e-3
"""The ridge's weight, per note: enough to keep Newton's steps finite on small samples."""


@dataclass(frozen=True)
class Notes:
    """Noted positions: ``x[i, seat, feature]``, ``present[i, seat]`` (at the table),
    ``winner[i]`` and the number of the match it comes from, ``match[i]``."""

    x: Array
    present: npt.NDArray[np.bool_]
    winner: npt.NDArray[np.int64]
    match: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.winner)

    def part(self, rows: slice) -> Notes:
        return Notes(self.x[rows], self.present[rows], self.winner[rows], self.match[rows])


Note = tuple[list[tuple[float, ...]], list[bool], int]


def play(seed: int) -> list[Note]:
    """The notes of one match between heuristic players (none when nobody won it alone)."""
    game = find("karata")
    rules = game.load_ruleset({"players": 3})
    model = HeuristicModel(game, rules)
    match: Match[KarataState] = Match(game, rules, seed)
    state = match.state
    moves, noting = Rng.derive(seed, "moves"), Rng.derive(seed, "notes")
    noted = []
    while (seat := game.to_act(state)) is not None:
        if not state.play.cards and noting.below(4) == 0:
            noted.append(
                (
                    [features(state, other) for other in range(state.seats)],
                    [other not in state.out for other in range(state.seats)],
                )
            )
        game.decide(state, seat, model(state, game.legal(state, seat), moves))
    outcome = state.outcome
    if outcome is None or len(outcome.winners) != 1:
        return []
    return [(x, present, outcome.winners[0]) for x, present in noted]


def gather(matches: int, seed: int, workers: int) -> Notes:
    """Play ``matches`` matches (seeds ``seed`` on) and gather their notes in match order."""
    seeds = range(seed * 1_000_000, seed * 1_000_000 + matches)
    if workers == 1:
        played = [play(one) for one in seeds]
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            played = pool.map(play, seeds, chunksize=64)
    notes = [note for match in played for note in match]
    numbers = [number for number, match in enumerate(played) for _ in match]
    return Notes(
        np.array([x for x, _, _ in notes], dtype=np.float64).reshape(len(notes), -1, len(FEATURES)),
        np.array([present for _, present, _ in notes], dtype=np.bool_),
        np.array([winner for _, _, winner in notes], dtype=np.int64),
        np.array(numbers, dtype=np.int64),
    )


def chances(notes: Notes, weights: Array) -> Array:
    """Each seat's chance to win at every note under ``weights``."""
    scores = np.where(notes.present, notes.x @ weights, -np.inf)
    odds = np.exp(scores - scores.max(axis=1, keepdims=True))
    return odds / odds.sum(axis=1, keepdims=True)


def log_loss(notes: Notes, weights: Array) -> float:
    """The average of ``-log(chance of the seat that won)``."""
    won = chances(notes, weights)[np.arange(len(notes)), notes.winner]
    return float(-np.log(np.clip(won, 1e-12, 1.0)).mean())


def fit(notes: Notes, steps: int = 30) -> Array:
    """The weights that make the noted wins most likely (Newton's method, with a ridge).

    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=(4000, 3, 2))
    >>> truth = np.array([1.5, -0.5])
    >>> odds = np.exp(x @ truth)
    >>> winner = np.array([rng.choice(3, p=row / row.sum()) for row in odds])
    >>> present = np.ones((4000, 3), dtype=np.bool_)
    >>> np.round(fit(Notes(x, present, winner, np.arange(4000))), 1)
    array([ 1.5, -0.5])
    """
    size = notes.x.shape[2]
    weights = np.zeros(size)
    ridge = RIDGE * len(notes)
    rows = np.arange(len(notes))
    for _ in range(steps):
        p = chances(notes, weights)
        x = np.where(notes.present[:, :, None], notes.x, 0.0)
        mean = np.einsum("ns,nsk->nk", p, x)
        gradient = mean.sum(axis=0) - x[rows, notes.winner].sum(axis=0) + ridge * weights
        hessian = (
            np.einsum("ns,nsk,nsl->kl", p, x, x)
            - np.einsum("nk,nl->kl", mean, mean)
            + ridge * np.eye(size)
        )
        step = np.linalg.solve(hessian, gradient)
        weights = weights - step
        if float(np.abs(step).max()) < 1e-9:
            break
    return weights


def write(weights: Array) -> None:
    text = MODULE.read_text(encoding="utf-8")
    line = "WEIGHTS = (" + ", ".join(f"{weight:.3f}" for weight in weights) + ")"
    updated, count = re.subn(r"^WEIGHTS = \(.*\)$", line, text, flags=re.MULTILINE)
    if count != 1:
        raise SystemExit(f"no single WEIGHTS line found in {MODULE}")
    MODULE.write_text(updated, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a few hundred matches")
    parser.add_argument("--write", action="store_true", help="write the weights into the module")
    args = parser.parse_args()
    if args.matches < 10 or args.workers < 1:
        parser.error("--matches must be at least 10 and --workers at least 1")
    matches = 300 if args.quick else args.matches
    notes = gather(matches, args.seed, args.workers)
    held = int(np.searchsorted(notes.match, matches // 5))  # the first fifth of the matches
    train, test = notes.part(slice(held, None)), notes.part(slice(None, held))
    weights = fit(train)
    print(f"{matches} matches, {len(notes)} notes ({held} held out)")
    print(f"{'feature':<22}{'fitted':>10}{'current':>10}")
    for name, new, old in zip(FEATURES, weights, WEIGHTS, strict=True):
        print(f"{name:<22}{new:>10.3f}{old:>10.3f}")
    current = np.array(WEIGHTS)
    print("held-out log-loss (lower is better):")
    print(f"  fitted {log_loss(test, weights):.4f}, current {log_loss(test, current):.4f}, "
          f"equal shares {log_loss(test, np.zeros_like(weights)):.4f}")  # fmt: skip
    favourite = chances(test, weights).argmax(axis=1) == test.winner
    print(f"  the fitted favourite won {favourite.mean():.1%} of held-out notes")
    if args.write:
        write(weights)
        print(f"wrote the weights into {MODULE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
