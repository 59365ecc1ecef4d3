"""A change's effect on an environment's step, both versions timed in one process.

    python benchmarks/env_ab.py HEAD                 this working tree against the last commit
    python benchmarks/env_ab.py main~3 --pairs 60    against an older commit, more pairs
    python benchmarks/env_ab.py HEAD --game karata   another game (``--rules`` takes JSON)
    python benchmarks/env_ab.py HEAD --uno           each version's rate against RLCard's UNO too

On a shared machine two processes running the same code can differ by a quarter, far more
than most changes are worth. Here the package of the given revision (its ``src/cardtable``,
taken with ``git archive`` into a temporary folder) is imported first, then forgotten by
name and the working tree's imported beside it; each keeps its own modules. The two steps
then run in alternating short runs, the first of each pair alternating too, and the median
of the pairs' ratios is reported: below 1, this tree's step is faster. Each run plays
matches from seed 0 on with ``env_speed.py``'s loop and random choices. Git holds no
compiled modules: the revision's package borrows this tree's where its source is the same,
and runs on pure Python where it differs (a note says so).
"""

from __future__ import annotations

import argparse
import importlib
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from env_speed import play, rlcard_uno

ROOT = Path(__file__).resolve().parent.parent

Run = Callable[[float], float]
"""Steps for about the given seconds; returns the seconds a step took."""


def ratio_text(ratios: list[float]) -> str:
    """The median of ``ratios`` with their interquartile range, in words."""
    low, _, high = statistics.quantiles(ratios, n=4, method="inclusive")
    return f"{statistics.median(ratios):.3f} (half of the pairs between {low:.3f} and {high:.3f})"


def load_runner(game: str, rules: object) -> Run:
    """A timed step loop of the ``cardtable`` package importable now."""
    make_env: Callable[..., Any] = importlib.import_module("cardtable.envs").env
    refused = importlib.import_module("cardtable.engine.errors").CardtableError
    try:
        make_env(game, rules)  # an unknown game or bad rules: say so, before any timing
    except refused as error:
        raise SystemExit(f"{game}: {error}") from None

    def run(seconds: float) -> float:
        return 1 / play(make_env(game, rules), seconds, sys.maxsize)

    return run


def uno_runner() -> Run:
    """A timed step loop of RLCard's UNO, as ``env_speed.py`` runs it."""
    return lambda seconds: 1 / rlcard_uno(seconds, sys.maxsize)


def forget_cardtable() -> None:
    """Drop every ``cardtable`` module by name, so the next import loads another copy."""
    for name in [name for name in sys.modules if name.split(".")[0] == "cardtable"]:
        del sys.modules[name]


def share_builds(package: Path, revision: str) -> None:
    """Give ``package`` (a revision's, which git holds without builds) this tree's compiled
    modules whose sources it shares; say which it must run without."""
    here = ROOT / "src" / "cardtable"
    for built in sorted(here.rglob("*.so")):
        source = built.with_name(built.name.split(".")[0] + ".pyx")
        theirs = package / source.relative_to(here)
        if theirs.is_file() and source.is_file() and theirs.read_bytes() == source.read_bytes():
            shutil.copy2(built, package / built.relative_to(here))
        elif theirs.is_file():
            print(f"note: {revision}'s {theirs.name} differs from this tree's; it runs unbuilt")


def revision_runner(revision: str, folder: Path, game: str, rules: object) -> Run:
    """The step loop of ``revision``'s package, extracted into ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "src/cardtable"],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        raise SystemExit(f"git archive {revision}: {archive.stderr.decode().strip()}")
    tar_path = folder / "base.tar"
    tar_path.write_bytes(archive.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(folder, filter="data")
    share_builds(folder / "src" / "cardtable", revision)
    forget_cardtable()
    sys.path.insert(0, str(folder / "src"))
    try:
        run = load_runner(game, rules)
        loaded = Path(importlib.import_module("cardtable").__file__ or "")
    finally:
        sys.path.remove(str(folder / "src"))
        forget_cardtable()
    if folder not in loaded.parents:
        raise SystemExit(f"{revision}'s package did not load (got {loaded})")
    return run


def pairs_of(first: Run, second: Run, pairs: int, seconds: float) -> list[tuple[float, float]]:
    """Times per step of ``first`` and ``second`` in ``pairs`` pairs of runs back to back,
    which goes first alternating."""
    found = []
    for pair in range(pairs):
        if pair % 2:
            b = second(seconds)
            a = first(seconds)
        else:
            a = first(seconds)
            b = second(seconds)
        found.append((a, b))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revision", help="the git revision to compare this tree against")
    parser.add_argument("--game", default="tcg")
    parser.add_argument("--rules", default="null", help="the ruleset's fields as JSON")
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.25, help="each run's length")
    parser.add_argument("--uno", action="store_true", help="also time RLCard's UNO")
    args = parser.parse_args()
    try:
        rules = json.loads(args.rules)
    except json.JSONDecodeError as error:
        parser.error(f"--rules is not JSON: {error}")
    if args.pairs < 2 or args.seconds <= 0:
        parser.error("give at least 2 pairs of runs of a positive length")
    with tempfile.TemporaryDirectory() as temporary:
        base = revision_runner(args.revision, Path(temporary), args.game, rules)
        ours = load_runner(args.game, rules)
        for run in (base, ours):  # warm both up: first runs fill caches and tables
            run(args.seconds)
        timed = pairs_of(ours, base, args.pairs, args.seconds)
        print(f"{args.game}: this tree's step over {args.revision}'s, {args.pairs} pairs:")
        print(f"  time ratio {ratio_text([a / b for a, b in timed])}")
        print(
            f"  steps/s    {1 / statistics.median(b for _, b in timed):,.0f} "
            f"-> {1 / statistics.median(a for a, _ in timed):,.0f} (medians)"
        )
        if args.uno:
            uno = uno_runner()
            uno(args.seconds)
            for name, run in ((args.revision, base), ("this tree", ours)):
                rates = [b / a for a, b in pairs_of(run, uno, args.pairs, args.seconds)]
                print(f"  {name}'s rate over UNO's: {ratio_text(rates)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
