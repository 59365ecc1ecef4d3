"""Instructions per Kata TCG match, engine against the bare loop, counted by valgrind.

    ./dev bench-instructions            count and print
    ./dev bench-instructions --write    also update the figures in docs/performance.md

Timings on a shared machine swing with its load; instruction counts (callgrind) do not: the
same code, inputs and Python give the same count. They miss what memory and caches cost, so
the speed ratio in the timing benchmark is somewhat larger than the instruction ratio here.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from figures import replace_block

HERE = Path(__file__).resolve().parent
DOC = HERE.parent / "docs" / "performance.md"
START, END = "<!-- bench:instructions:start -->", "<!-- bench:instructions:end -->"


def instructions(kind: str, matches: int) -> int:
    result = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            str(HERE / "tcg_workload.py"),
            kind,
            str(matches),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", result.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind); nothing measured")
        return 1
    start_up = instructions("none", 0)
    bare = (instructions("bare", args.matches) - start_up) / args.matches
    engine = (instructions("engine", args.matches) - start_up) / args.matches
    lines = [
        "| measure | instructions per match |",
        "|---|---:|",
        f"| bare hand-written loop, random vs random | {bare:,.0f} |",
        f"| engine, random vs random (record and log kept) | {engine:,.0f} |",
        "",
        f"The engine executes **{engine / bare:.2f}x** the instructions of the bare loop "
        f"({args.matches} matches each, start-up subtracted).",
    ]
    print("\n".join(lines))
    if args.write:
        command = "./dev bench-instructions --write"
        block = "\n".join([f"Counted with `{command}` on {time.strftime('%Y-%m-%d')}.", "", *lines])
        replace_block(DOC, START, END, block)
        print(f"updated {DOC.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
