"""What the benchmark scripts share: timed figures, their table, and the marked blocks of the
documentation pages they update.

>>> print(figure_rows([Figure("engine", "matches/s", [10.0, 12.0, 11.0])]))
| measure | best | median |
|---|---:|---:|
| engine | 12 matches/s | 11 matches/s |
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DOC = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
"""The page the speed scripts write their figures into."""


@dataclass
class Figure:
    """One measure, taken once a round: the best round counts, the median is shown beside."""

    name: str
    unit: str
    counts: list[float]

    @property
    def best(self) -> float:
        return max(self.counts)

    @property
    def median(self) -> float:
        return statistics.median(self.counts)


def rate(amount: int, work: Callable[..., int], *args: Any, **kwargs: Any) -> tuple[float, float]:
    """(items per second, decisions per second) for one round of ``work(*args, **kwargs)``,
    which returns the decisions it made."""
    start = time.perf_counter()
    decisions = work(*args, **kwargs)
    elapsed = time.perf_counter() - start
    return amount / elapsed, decisions / elapsed


def figure_rows(figures: list[Figure]) -> str:
    """The figures as a Markdown table, best and median."""
    lines = ["| measure | best | median |", "|---|---:|---:|"]
    for figure in figures:
        lines.append(
            f"| {figure.name} | {figure.best:,.0f} {figure.unit} | "
            f"{figure.median:,.0f} {figure.unit} |"
        )
    return "\n".join(lines)


def describe_machine() -> str:
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, {platform.system()}"
    )


def measured(command: str, body: str) -> str:
    """The first line of a block of figures: how and when they were measured, then ``body``."""
    return "\n".join(
        [
            f"Measured with `{command}` on {time.strftime('%Y-%m-%d')}, {describe_machine()}.",
            "",
            body,
        ]
    )


def write_figures(doc: Path, start: str, end: str, command: str, body: str) -> None:
    """Put ``body``, measured with ``command``, between the markers ``start`` and ``end`` of
    ``doc``, and say so."""
    replace_block(doc, start, end, measured(command, body))
    print(f"updated {doc.name}")


def replace_block(doc: Path, start: str, end: str, text: str) -> None:
    """Put ``text`` between the markers ``start`` and ``end`` of ``doc`` (kept)."""
    current = doc.read_text(encoding="utf-8")
    if start not in current or end not in current:
        raise SystemExit(f"{doc.name} has no {start} ... {end} markers")
    head, _, rest = current.partition(start)
    _, _, tail = rest.partition(end)
    doc.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")


def speed_script(
    description: str,
    game: str,
    measure: Callable[[int, int], list[Figure]],
    table: Callable[[list[Figure]], str],
    block: tuple[str, str],
    *,
    matches: int,
    quick: int,
) -> int:
    """The command line every ``./dev bench`` script has: ``--matches`` a round (default
    ``matches``), ``--rounds``, ``--quick`` (``quick`` matches, one round: does it run?) and
    ``--write`` (the table also goes between ``block``'s markers in docs/performance.md)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--matches", type=int, default=matches, help="matches per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per measure")
    parser.add_argument("--quick", action="store_true", help="tiny run: does it work?")
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    count, rounds = (quick, 1) if args.quick else (args.matches, args.rounds)
    shown = table(measure(count, rounds))
    print(f"{game}: {describe_machine()}; {rounds} rounds of {count} matches")
    print(shown)
    if args.write and not args.quick:
        write_figures(DOC, *block, "./dev bench --write", shown)
    return 0
