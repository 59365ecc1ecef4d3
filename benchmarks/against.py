"""The engine's speed workloads under an earlier commit and this working tree, side by side in
one run: does a change make any of them slower?

    python benchmarks/against.py --base HEAD~1              this tree against the commit before
    python benchmarks/against.py --base main --rounds 9     more rounds, steadier figures
    python benchmarks/against.py --base HEAD --only war views    some workloads only
    python benchmarks/against.py --base HEAD --quick        tiny sizes: does the script run?
    python benchmarks/against.py --base HEAD~1 --instructions   instructions per unit instead

The base revision is checked out with ``git worktree add --detach`` into a temporary folder
(removed at the end, on an error or Ctrl-C too); "current" is the ``src`` of the tree this
script lives in, uncommitted changes included. Each workload runs in a fresh process of this
interpreter with ``PYTHONPATH`` set to one tree's ``src``, so that tree's ``cardtable`` is the
one imported; the workload's code (``against_worker.py``, of this tree) is the same for both,
and uses only the public API both have. Git holds no compiled modules, so the base tree has no
``cardtable.envs.tcg_native``; no workload needs it, and the table says if one imported it.

The workloads, seeds fixed so both trees do the same work (the table says when they did not):

- ``tcg-random``, ``tcg-greedy``: Kata TCG matches, random or greedy at both seats (decisions/s)
- ``war``: War matches between random players (decisions/s)
- ``karata-heuristic``: Karata matches of three heuristic players (decisions/s)
- ``tcg-playouts``, ``karata-playouts``, ``war-playouts``: matches between random players
  with no journal kept, as a search's playouts and the research environments play them
  (decisions/s)
- ``search``: the search player (``ismcts:100``) against the greedy one in Kata TCG matches,
  for a fixed number of its decisions among more than one legal move (its decisions/s)
- ``state-copy``, ``views``, ``state-json``: over mid-match states of the Kata TCG, Karata
  (three players) and War, ``state.copy()``, ``game.view(state, seat)`` for every seat, and
  ``game.state_from_json(game.state_to_json(state))`` (each per second)
- ``events``, ``event-words``: the journals of random matches of every game, played to
  their end: each seat's events and a spectator's written as JSON (``match.events(seat)``),
  or that JSON read back into a log's lines (``game.describe_event``) (events/s)

A round runs every workload on both trees back to back, which goes first alternating from
round to round. The table gives each tree's best round (the least disturbed by other work on a
shared machine), their ratio, current over base (above 1.00x: this tree is faster), and the
median of the rounds' ratios. Only ratios measured in one run are worth comparing.

Timings on a shared machine swing with its load; ``--instructions`` counts instead what each
tree executes per unit of every workload, under valgrind's callgrind: the worker runs at the
quick size and at twice it, and the difference of the two counts over the difference of the
units made is the cost of a unit, free of imports, set-up and warming. The garbage collector
is off while the work is counted: otherwise whether a full collection falls between the two
sizes, which a change anywhere moves, would decide much of a short workload's count. The same
code, inputs and Python give nearly the same count whatever else the machine does (cards hash
by identity, so where objects land moves it by a few per cent); the count misses what memory,
caches and collections cost, so it says whether a tree does more work, not how long it takes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from figures import describe_machine

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent
WORKER = BENCHMARKS / "against_worker.py"
NO_COLLECTOR = "--no-collector"
"""What the worker is told to count without the garbage collector (see its text)."""
NATIVE = "cardtable.envs.tcg_native"
RUN_TIMEOUT = 900
"""Seconds one workload's process may take before it counts as failed."""


@dataclass(frozen=True)
class Workload:
    """A workload of ``against_worker.py``, its unit, and its size in full and quick runs."""

    name: str
    unit: str
    size: int
    quick: int


WORKLOADS = (
    Workload("tcg-random", "decisions/s", 2000, 20),
    Workload("tcg-greedy", "decisions/s", 500, 10),
    Workload("war", "decisions/s", 6, 1),
    Workload("karata-heuristic", "decisions/s", 100, 3),
    Workload("tcg-playouts", "decisions/s", 1000, 20),
    Workload("karata-playouts", "decisions/s", 2, 1),
    Workload("war-playouts", "decisions/s", 2, 1),
    Workload("search", "decisions/s", 40, 3),
    Workload("state-copy", "copies/s", 500, 5),
    Workload("views", "views/s", 250, 5),
    Workload("state-json", "round trips/s", 25, 1),
    Workload("events", "events/s", 2, 1),
    Workload("event-words", "events/s", 1, 1),
)
NAMES = [workload.name for workload in WORKLOADS]


@dataclass(frozen=True)
class Tree:
    """A source tree measured: its label in the table and its folder."""

    label: str
    folder: Path

    @property
    def src(self) -> Path:
        return self.folder / "src"


@dataclass(frozen=True)
class Run:
    """One timed run of a workload under one tree."""

    count: int
    decisions: int
    seconds: float
    native: bool

    @property
    def rate(self) -> float:
        return self.count / self.seconds


@dataclass
class Tally:
    """A workload's runs under each tree, round by round, or why it stopped."""

    workload: Workload
    runs: dict[str, list[Run]] = field(default_factory=lambda: {"base": [], "current": []})
    failure: str | None = None

    def best(self, label: str) -> float:
        return max(run.rate for run in self.runs[label])

    def ratios(self) -> list[float]:
        """current/base, round by round."""
        return [
            current.rate / base.rate
            for base, current in zip(self.runs["base"], self.runs["current"], strict=False)
        ]

    def work(self, label: str) -> set[tuple[int, int]]:
        """The (count, decisions) the tree's rounds did: one pair when every round did the same."""
        return {(run.count, run.decisions) for run in self.runs[label]}

    def same_work(self) -> bool:
        return len(self.work("base") | self.work("current")) == 1


class Failed(Exception):
    """A workload's process failed; the message says how."""


def git(*args: str) -> subprocess.CompletedProcess[str]:
    """``git`` in this tree, without the optional locks (another's git may run beside)."""
    return subprocess.run(
        ["git", "--no-optional-locks", "-C", str(ROOT), *args],
        capture_output=True,
        text=True,
        check=False,
    )


@contextmanager
def worktree(revision: str) -> Iterator[Path]:
    """``revision`` checked out (detached) in a temporary folder, removed afterwards."""
    found = git("rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    if found.returncode != 0:
        raise SystemExit(f"against.py: {revision!r} is not a commit of this repository")
    temporary = Path(tempfile.mkdtemp(prefix="cardtable-against-"))
    folder = temporary / "base"
    try:
        added = git("worktree", "add", "--detach", str(folder), found.stdout.strip())
        if added.returncode != 0:
            raise SystemExit(f"git worktree add {revision}: {added.stderr.strip()}")
        yield folder
    finally:
        removed = (
            folder.exists() and git("worktree", "remove", "--force", str(folder)).returncode == 0
        )
        shutil.rmtree(temporary, ignore_errors=True)
        if not removed:  # git may still list it: forget worktrees whose folder is gone
            git("worktree", "prune")


def worker_environment(tree: Tree) -> dict[str, str]:
    """This process's environment, with only ``tree``'s ``src`` on the path, a fixed hash seed
    (the same iteration order of sets in both trees) and no coverage measurement (it would
    slow the work timed, and measure files of a temporary folder)."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("COVERAGE_", "COV_CORE_", "PYTHONPATH"))
    }
    environment["PYTHONPATH"] = str(tree.src)
    environment["PYTHONHASHSEED"] = "0"
    return environment


def run_worker(
    workload: Workload, size: int, tree: Tree, *, under: tuple[str, ...] = ()
) -> tuple[Run, str]:
    """Run ``workload`` once under ``tree``, in a fresh process (itself run by the command
    ``under``, valgrind's, when given, and then with the garbage collector off for the work
    counted): the run, and what the process wrote to stderr."""
    command = [*under, sys.executable, str(WORKER), workload.name, str(size), str(tree.src)]
    if under:
        command.append(NO_COLLECTOR)
    timeout = RUN_TIMEOUT * (4 if under else 1)
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            check=False,
            timeout=timeout,
            cwd=tree.folder,
            env=worker_environment(tree),
        )
    except subprocess.TimeoutExpired:
        raise Failed(f"{workload.name} under {tree.label} took over {timeout} s") from None
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = "\n    ".join(done.stderr.strip().splitlines()[-6:])
        raise Failed(f"{workload.name} under {tree.label} failed ({done.returncode}):\n    {tail}")
    result = json.loads(lines[-1])
    run = Run(
        count=int(result["count"]),
        decisions=int(result["decisions"]),
        seconds=float(result["seconds"]),
        native=bool(result["native"]),
    )
    return run, done.stderr


def run_once(workload: Workload, size: int, tree: Tree) -> Run:
    """Run ``workload`` once under ``tree``, in a fresh process."""
    return run_worker(workload, size, tree)[0]


CALLGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")
"""The command that counts what a worker executes (its summary on stderr, no profile kept)."""


def instructions_once(workload: Workload, size: int, tree: Tree) -> tuple[int, Run]:
    """The instructions ``workload`` executes at ``size`` under ``tree``, and its run."""
    run, printed = run_worker(workload, size, tree, under=CALLGRIND)
    total = re.search(r"Collected : (\d+)", printed)
    if total is None:
        raise Failed(f"{workload.name} under {tree.label}: valgrind printed no count")
    return int(total.group(1)), run


def count_instructions(workloads: list[Workload], trees: tuple[Tree, Tree]) -> tuple[str, bool]:
    """Each workload's instructions per unit under both trees (see the module's text), as a
    Markdown table, and whether any workload failed."""
    lines = [
        "| workload | instructions per | base | current | base/current | same work |",
        "|---|---|---:|---:|---:|---|",
    ]
    more: list[str] = []
    failed = False
    for workload in workloads:
        per: dict[str, float] = {}
        work: set[tuple[int, int]] = set()
        try:
            for tree in trees:
                low, low_run = instructions_once(workload, workload.quick, tree)
                high, high_run = instructions_once(workload, 2 * workload.quick, tree)
                per[tree.label] = (high - low) / (high_run.count - low_run.count)
                work |= {(low_run.count, low_run.decisions), (high_run.count, high_run.decisions)}
                print(f"{workload.name}: {tree.label} {per[tree.label]:,.0f}", file=sys.stderr)
        except Failed as error:
            lines.append(f"| {workload.name} | | failed | failed | | |")
            print(f"  {error}", file=sys.stderr)
            failed = True
            continue
        unit = workload.unit.removesuffix("/s").removesuffix("s").replace("copie", "copy")
        same = "yes" if len(work) == 2 else "NO"
        ratio = per["base"] / per["current"]
        lines.append(
            f"| {workload.name} | {unit} | {per['base']:,.0f} | {per['current']:,.0f} | "
            f"{ratio:.3f}x | {same} |"
        )
        if ratio < 1:
            more.append(f"{workload.name} ({ratio:.3f}x)")
    lines.append("")
    lines.append(f"More instructions in the current tree: {', '.join(more) or 'none'}.")
    return "\n".join(lines), failed


def measure(
    workloads: list[Workload], trees: tuple[Tree, Tree], rounds: int, quick: bool
) -> list[Tally]:
    """Every workload under both trees, ``rounds`` times, interleaved: in a round, each
    workload runs under both trees back to back, which goes first alternating by round."""
    tallies = [Tally(workload) for workload in workloads]
    for round_ in range(rounds):
        order = trees if round_ % 2 == 0 else trees[::-1]
        for tally in tallies:
            if tally.failure is not None:
                continue
            size = tally.workload.quick if quick else tally.workload.size
            try:
                for tree in order:
                    tally.runs[tree.label].append(run_once(tally.workload, size, tree))
            except Failed as error:
                tally.failure = str(error)
                print(f"  {error}", file=sys.stderr)
                continue
            ratio = tally.ratios()[-1]
            print(
                f"round {round_ + 1}/{rounds}: {tally.workload.name}: "
                f"base {tally.runs['base'][-1].rate:,.0f}, current "
                f"{tally.runs['current'][-1].rate:,.0f} {tally.workload.unit} ({ratio:.2f}x)",
                file=sys.stderr,
            )
    return tallies


def table(tallies: list[Tally]) -> str:
    """The Markdown table of best rates, their ratio and the median ratio, and notes."""
    lines = [
        "| workload | unit | base (best) | current (best) | current/base | median ratio "
        "| same work |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    notes: list[str] = []
    for tally in tallies:
        name, unit = tally.workload.name, tally.workload.unit
        if not tally.ratios():
            lines.append(f"| {name} | {unit} | failed | failed | | | |")
            notes.append(f"{name}: {tally.failure}")
            continue
        base, current = tally.best("base"), tally.best("current")
        same = "yes" if tally.same_work() else "NO"
        lines.append(
            f"| {name} | {unit} | {base:,.0f} | {current:,.0f} | {current / base:.2f}x | "
            f"{statistics.median(tally.ratios()):.2f}x | {same} |"
        )
        if not tally.same_work():
            notes.append(
                f"{name}: the trees did not do the same work, so its rates do not compare: "
                f"(count, decisions) base {sorted(tally.work('base'))}, "
                f"current {sorted(tally.work('current'))}"
            )
        if tally.failure is not None:
            notes.append(f"{name}: stopped after {len(tally.ratios())} rounds: {tally.failure}")
        for label, runs in tally.runs.items():
            if any(run.native for run in runs):
                notes.append(f"{name}: the {label} tree imported {NATIVE}")
    slower = [
        f"{tally.workload.name} ({tally.best('current') / tally.best('base'):.3f}x)"
        for tally in tallies
        if tally.ratios() and tally.best("current") < tally.best("base")
    ]
    lines.append("")
    lines.append(f"Slower in the current tree (best round): {', '.join(slower) or 'none'}.")
    lines.extend(f"Note: {note}" for note in notes)
    return "\n".join(lines)


def describe_trees(revision: str) -> str:
    """Which commit is the base, and which the current tree stands on."""
    base = git("rev-parse", "--short", f"{revision}^{{commit}}").stdout.strip()
    head = git("rev-parse", "--short", "HEAD").stdout.strip()
    changed = git("status", "--porcelain", "--untracked-files=no", "--", "src").stdout.strip()
    state = "with uncommitted changes to src" if changed else "src as committed"
    return f"base {revision} ({base}); current: this working tree on {head}, {state}"


def stop_on_term(signum: int, frame: FrameType | None) -> None:
    """A termination signal ends the run as Ctrl-C does: the worktree is removed."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the git revision to compare against")
    parser.add_argument("--rounds", type=int, help="rounds of every workload (5; quick: 1)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: does it work?")
    parser.add_argument("--only", nargs="+", choices=NAMES, metavar="NAME", help=", ".join(NAMES))
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions per unit (valgrind)"
    )
    args = parser.parse_args(argv)
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (Debian: apt-get install valgrind)")
    rounds = args.rounds if args.rounds is not None else (1 if args.quick else 5)
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    chosen = [workload for workload in WORKLOADS if not args.only or workload.name in args.only]
    signal.signal(signal.SIGTERM, stop_on_term)
    try:
        with worktree(args.base) as folder:
            trees = (Tree("base", folder), Tree("current", ROOT))
            if args.instructions:
                instructions, failed = count_instructions(chosen, trees)
            else:
                tallies = measure(chosen, trees, rounds, args.quick)
    except KeyboardInterrupt:
        print("against.py: interrupted; the base worktree is removed", file=sys.stderr)
        return 130
    if args.instructions:
        print(f"{describe_machine()}; {describe_trees(args.base)}; instructions (callgrind)")
        print(instructions)
        print("base/current above 1.000x: the current tree executes fewer instructions a unit.")
        return 1 if failed else 0
    size = "quick sizes" if args.quick else "full sizes"
    counted = f"{rounds} round{'s' if rounds > 1 else ''}"
    print(f"{describe_machine()}; {describe_trees(args.base)}; {counted}, {size}")
    print(table(tallies))
    print(
        "Rates are each tree's best round; current/base above 1.00x: the current tree is "
        "faster. The median ratio is that of the rounds, each round timing both trees back "
        "to back."
    )
    return 1 if any(tally.failure is not None for tally in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
