"""A soak: a steady load of live matches over the real protocol against a real server, for
minutes, watching whether its memory stays flat.

    python benchmarks/soak.py                  40 matches at once for 10 minutes
    python benchmarks/soak.py --minutes 30     for longer
    python benchmarks/soak.py --quick          about 20 seconds, to check it runs (CI does)
    python benchmarks/soak.py --write          also update the figures in docs/performance.md

The script starts ``cardtable serve`` as its own process (SQLite in a temporary data directory
unless ``--database`` names another, loopback only; ``--redis`` for fan-out over Redis), then
keeps ``--tables`` rooms busy from one load-generator process, with the reference client
(:class:`cardtable.client.Seat`): two seats each, short matches of War and Kata TCG in turn,
random legal decisions (seeded), the seat to act waiting until ``--pace`` seconds have passed
since its match's last decision. A finished match is followed by a rematch, and after
``--rematches`` matches the room is left and a new one opened: matches and rooms come and go
all the time, as on a real server, while the load stays the same.

Reported, over the run after a warm-up:

* decisions per second: decisions whose sender saw the view that follows them;
* the latency of a decision to its sender's view, p50, p99 and p99.9 (the generator's own event
  loop is part of it, as a player's machine would be);
* the server's resident memory (``VmRSS`` of /proc/PID/status) sampled every ``--sample``
  seconds, and a verdict: memory is *flat* when its least-squares slope over the second half
  of the run is at most ``--flat`` MiB a minute (a run shorter than two minutes is too short to
  judge);
* errors (refusals and failures, which a healthy server gives none of), and tracebacks in the
  server's log.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.cli.serve import collect_in_short_passes
from cardtable.client import Lobby, Seat
from cardtable.protocol import messages as wire
from cardtable.protocol.lobby import CreateRoom, JoinRoom, SeatRequest
from figures import write_figures
from server_process import HOST, free_port, percentile, start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:soak:start -->", "<!-- bench:soak:end -->"
SHORT_RULES: dict[str, dict[str, object]] = {
    "war": {"suits": 1, "ranks": 6, "won_cards": "shuffled", "turn_limit": 40},
    "tcg": {"starting_health": 12, "first_hand": 1, "second_hand": 2},
}
"""Rulesets whose random matches end within a few dozen decisions."""
JUDGED_AFTER = 120.0
"""The shortest run, in seconds, whose memory is judged flat or growing."""


@dataclass(slots=True)
class Tally:
    """What the load generator counted, after the warm-up."""

    since: float = float("inf")
    """When counting began (``time.monotonic``); nothing before counts."""
    latencies: list[float] = field(default_factory=list)
    finished: int = 0
    rooms: int = 0
    errors: Counter[str] = field(default_factory=Counter)

    def counts(self, moment: float) -> bool:
        return moment >= self.since


@dataclass(slots=True)
class Pace:
    """When a table's next decision may go."""

    due: float


class Load:
    """The tables of the soak: each a room of two seats, playing match after match."""

    def __init__(self, url: str, args: argparse.Namespace) -> None:
        self.url = url
        self.args = args
        self.games: list[str] = args.games.split(",")
        self.tally = Tally()

    async def table(self, lobby: Lobby, number: int) -> None:
        """One table, until cancelled: open a room, play its matches, leave it, again."""
        rng = random.Random(f"{self.args.seed}-{number}")
        game = self.games[number % len(self.games)]
        pace = Pace(time.monotonic() + rng.random() * self.args.pace)  # spread the beats
        for round_number in range(sys.maxsize):
            name = f"soak-{number}-{round_number}"
            created = await lobby.create(
                CreateRoom(game=game, ruleset=SHORT_RULES[game], name=name,
                           seats=[SeatRequest(kind="open"), SeatRequest(kind="open")])
            )  # fmt: skip
            room = created.room.id
            assert created.token is not None
            joined = await lobby.join(room, JoinRoom(name=f"{name}-guest"))
            tokens = [created.token, joined.token]
            seats = [Seat(self.url, room, token, timeout=60.0) for token in tokens]
            try:
                for seat in seats:
                    await seat.connect()
                if self.tally.counts(time.monotonic()):
                    self.tally.rooms += 1
                await lobby.start(room, created.host_token)
                last: str | None = None
                for played in range(self.args.rematches):
                    if played:  # each seat accepts; the last acceptance starts it
                        for token in tokens:
                            await lobby.rematch(room, token)
                    ends = await asyncio.gather(
                        *(
                            self.play(seat, index, last, pace, rng)
                            for index, seat in enumerate(seats)
                        )
                    )
                    last = ends[0]
                    if self.tally.counts(time.monotonic()):
                        self.tally.finished += 1
            finally:
                for seat in seats:
                    with contextlib.suppress(Exception):
                        await seat.close()
            for token in tokens:
                await lobby.leave(room, token)

    async def play(
        self, seat: Seat, index: int, previous: str | None, pace: Pace, rng: random.Random
    ) -> str:
        """Play one seat to the end of the match after ``previous``; the match's id."""
        decided: tuple[str, int] | None = None
        sent: tuple[str, int, float] | None = None
        while True:
            message = await seat.receive()
            now = time.monotonic()
            if message is None:
                raise RuntimeError(f"seat {index} was closed in the middle of a match")
            if isinstance(message, wire.ErrorMessage):
                self.tally.errors[message.code.value] += 1
                sent = None
                continue
            if not isinstance(message, wire.ViewMessage) or message.match == previous:
                continue
            if sent is not None and message.match == sent[0] and message.version > sent[1]:
                if self.tally.counts(sent[2]):
                    self.tally.latencies.append(now - sent[2])
                sent = None
            if message.outcome is not None:
                return message.match
            if message.legal and decided != (message.match, message.version):
                decided = (message.match, message.version)
                await asyncio.sleep(max(0.0, pace.due - now))
                moment = time.monotonic()
                pace.due = moment + self.args.pace
                sent = (message.match, message.version, moment)
                await seat.decide(rng.choice(message.legal).text, message.version)

    async def run(self, server: subprocess.Popen[bytes]) -> list[tuple[float, int]]:
        """Keep every table busy for the run; the server's memory samples (seconds since the
        load began, bytes)."""
        samples: list[tuple[float, int]] = []
        async with Lobby(self.url, timeout=60.0) as lobby:
            tables = [
                asyncio.create_task(self.table(lobby, number)) for number in range(self.args.tables)
            ]
            collect_in_short_passes()  # the generator's collector must not pause the timings
            began = time.monotonic()
            self.tally.since = began + self.args.warmup
            end = began + self.args.minutes * 60
            try:
                while (now := time.monotonic()) < end:
                    samples.append((now - began, resident_bytes(server.pid)))
                    failed = [task for task in tables if task.done()]
                    if failed:
                        failed[0].result()  # a table that stopped: say why
                    await asyncio.sleep(min(self.args.sample, max(0.0, end - now)))
                samples.append((time.monotonic() - began, resident_bytes(server.pid)))
            finally:
                for task in tables:
                    task.cancel()
                await asyncio.gather(*tables, return_exceptions=True)
        return samples


def resident_bytes(pid: int) -> int:
    """The process's resident memory (``VmRSS`` in /proc/PID/status), in bytes."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def slope(points: list[tuple[float, int]]) -> float:
    """The least-squares slope of ``points`` (bytes a second).

    >>> slope([(0.0, 10), (1.0, 12), (2.0, 14)])
    2.0
    """
    times = [moment for moment, _ in points]
    values = [value for _, value in points]
    mean_time, mean_value = statistics.fmean(times), statistics.fmean(values)
    spread = sum((moment - mean_time) ** 2 for moment in times)
    if spread == 0:
        return 0.0
    return sum((t - mean_time) * (v - mean_value) for t, v in points) / spread


def verdict(samples: list[tuple[float, int]], flat: float) -> str:
    """Whether memory is flat over the second half of the run (``flat``: MiB a minute).

    >>> verdict([(s * 10.0, 100 * 2**20) for s in range(30)], 1.0)
    'flat (+0.0 MiB a minute over the second half)'
    >>> verdict([(s * 10.0, (100 + s) * 2**20) for s in range(30)], 1.0)
    'growing (+6.0 MiB a minute over the second half)'
    """
    length = samples[-1][0]
    half = [(moment, value) for moment, value in samples if moment >= length / 2]
    if length < JUDGED_AFTER or len(half) < 3:
        return f"too short to judge ({length:.0f} s; it takes {JUDGED_AFTER:.0f} s or more)"
    per_minute = slope(half) * 60 / 2**20
    word = "flat" if per_minute <= flat else "growing"
    return f"{word} ({per_minute:+.1f} MiB a minute over the second half)"


def memory_rows(samples: list[tuple[float, int]], rows: int = 11) -> str:
    """The memory samples at (about) ``rows`` evenly spread moments, as a Markdown table."""
    picked = sorted({round(step * (len(samples) - 1) / (rows - 1)) for step in range(rows)})
    lines = ["| time (min:s) | server memory |", "|---:|---:|"]
    for index in picked:
        moment, value = samples[index]
        lines.append(f"| {clock(moment)} | {value / 2**20:,.1f} MiB |")
    return "\n".join(lines)


def clock(seconds: float) -> str:
    """A moment of the run as minutes and seconds.

    >>> clock(75.4)
    '1:15'
    """
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def report(
    args: argparse.Namespace, tally: Tally, samples: list[tuple[float, int]], log: str
) -> str:
    seconds = samples[-1][0] - args.warmup
    latencies = tally.latencies
    tracebacks = log.count("Traceback")
    rows = [
        "| measure | value |",
        "|---|---:|",
        f"| matches at once (two seats each; {', '.join(args.games.split(','))}) | {args.tables} |",
        f"| measured | {clock(seconds)} (min:s) after {args.warmup:.0f} s of warm-up |",
        f"| decisions per second | {len(latencies) / seconds:,.1f} |",
    ]
    for name, share in (("p50", 0.5), ("p99", 0.99), ("p99.9", 0.999)):
        value = f"{1000 * percentile(latencies, share):.1f} ms" if latencies else "none"
        rows.append(f"| latency of a decision to its sender's view, {name} | {value} |")
    rows += [
        f"| matches finished | {tally.finished:,} |",
        f"| rooms opened | {tally.rooms:,} |",
        f"| server memory at the start | {samples[0][1] / 2**20:,.1f} MiB |",
        f"| server memory at the end | {samples[-1][1] / 2**20:,.1f} MiB |",
        f"| server memory | {verdict(samples, args.flat)} |",
        f"| errors | {', '.join(f'{code} {n}' for code, n in tally.errors.items()) or 'none'} |",
        f"| tracebacks in the server's log | {tracebacks or 'none'} |",
    ]
    return "\n".join(rows) + "\n\nServer memory over time:\n\n" + memory_rows(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the load runs")
    parser.add_argument("--tables", type=int, default=40, help="matches at once")
    parser.add_argument(
        "--pace", type=float, default=0.5, help="seconds between a match's decisions"
    )
    parser.add_argument("--rematches", type=int, default=3, help="matches a room plays")
    parser.add_argument("--games", default="war,tcg", help="games, in turn, of the tables")
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds not counted")
    parser.add_argument("--sample", type=float, default=5.0, help="seconds between memory samples")
    parser.add_argument("--flat", type=float, default=1.0, help="MiB a minute still called flat")
    parser.add_argument("--database", help="the server's database URL (default: SQLite)")
    parser.add_argument("--redis", help="a Redis URL for the server's fan-out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="about 20 s, to check it runs")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()
    if args.quick:
        args.minutes, args.tables, args.pace, args.warmup, args.sample = 0.25, 8, 0.1, 3.0, 1.0
    unknown = set(args.games.split(",")) - set(SHORT_RULES)
    if unknown:
        raise SystemExit(f"--games: no short rules for {', '.join(sorted(unknown))}")
    with tempfile.TemporaryDirectory(prefix="cardtable-soak-") as folder:
        port, log = free_port(), Path(folder) / "server.log"
        storage = ["--database", args.database] if args.database else ["--data-dir", folder]
        server = start_server(port, log, storage + (["--redis", args.redis] if args.redis else []))
        try:
            load = Load(f"http://{HOST}:{port}", args)
            print(f"{args.tables} matches at once for {args.minutes:g} min...", flush=True)
            samples = asyncio.run(load.run(server))
        finally:
            stop_server(server)
        text = report(args, load.tally, samples, log.read_text(encoding="utf-8", errors="replace"))
    print(text)
    if args.write:
        write_figures(DOC, START, END, "python benchmarks/soak.py --write", text)


if __name__ == "__main__":
    main()
