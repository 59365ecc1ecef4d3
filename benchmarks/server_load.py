"""Load on one server process: bots over real WebSockets, many matches each deciding once a second.

    python benchmarks/server_load.py            500 matches of 3-player Karata, 60 s measured
    python benchmarks/server_load.py --write    also update the figures in docs/performance.md
    python benchmarks/server_load.py --quick    a few matches for a few seconds, to check it runs
    python benchmarks/server_load.py --logins-beside 8 --duration 30 --pairs 4 --matches 100
                                                the same, alternately without and with sign-ins

The script starts ``cardtable serve`` as its own process (SQLite in a temporary data
directory, loopback only), then load-generator processes that each create their share of
rooms through the REST lobby, fill every seat with a bot (:class:`cardtable.client.Seat`, the
reference client's own connection), start the matches and play them: in each match the seat
to act waits until a second has passed since that match's last decision (``--pace``), then
sends a random legal decision (seeded). A finished match is followed by a rematch in the same
room (each seat accepts it), so the number of live matches stays the same.

Measured over a window after a warm-up:

* decisions per second accepted by the server;
* decision-to-delivery latency: from a bot sending a decision to each seat of the match
  receiving the view that follows it (sender and receivers share a process and its clock);
* memory per live match: the server's resident memory in the window, less its memory when
  idle, per match (each with its seats' connections);
* CPU: the share of the machine's cores used by the server and by the load generator, and
  of the time the server's main thread (its event loop) ran, and was ready to run but waited
  for a core (``/proc/PID/task/PID/schedstat``).

With ``--logins-beside N`` the measured time is ``--pairs`` pairs of windows of ``--duration``
seconds each, a few seconds apart: in the first of each pair the matches are played alone, in
the second N sign-ins are kept in flight beside them from this script's main process (with
the right passwords, over accounts of their own: :func:`login_server.sign_ins`), so that the
machine's noise hits both alike. The figures of the two kinds of window are compared, pair by
pair and together.

The open-file limit is raised to what the connections need (the hard limit allows it on most
machines; the script says so when it does not).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import astuple, dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from cardtable.cli.serve import collect_in_short_passes
from cardtable.client import Lobby, Seat
from cardtable.protocol import messages as wire
from cardtable.protocol.lobby import CreateRoom, JoinRoom
from figures import write_figures
from login_server import (
    SIGN_IN_ADDRESS,
    TALLY_HEADER,
    Tally,
    loop_accounts,
    loopback,
    sign_ins,
    sign_up_all,
)
from server_process import HOST, free_port, percentile, start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
WORKERS = 6
"""Load-generator processes by default. The deliveries of a batch of decisions reach a
process's bots together, and the last of them waits in that process's own event loop before
it is timed; real players each have a machine of their own. Measured with 500 matches and the
same server: p99 134 ms with 2 processes, 62 to 73 ms with 6, the server's share of the
cores the same (22 to 23%) and the generators' together too (14 to 15%)."""
START, END = "<!-- bench:server:start -->", "<!-- bench:server:end -->"
LOGINS_START, LOGINS_END = "<!-- bench:server-logins:start -->", "<!-- bench:server-logins:end -->"
GAP = 5.0
"""Seconds between two measured windows (sign-ins under way at the end of one finish)."""
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Plan:
    """What one load-generator process does."""

    url: str
    game: str
    ruleset: dict[str, object]
    first: int
    """The index of its first match (names and seeds follow from it)."""
    matches: int
    pace: float
    seed: int
    setup_concurrency: int


@dataclass(slots=True)
class Window:
    """A measured window, in ``time.monotonic`` seconds (one clock for every process)."""

    start: float
    end: float

    def holds(self, moment: float) -> bool:
        return self.start <= moment < self.end


@dataclass(slots=True)
class Outcome:
    """What one load-generator process measured (sent back to the script's main process)."""

    latencies: dict[int, list[float]] = field(default_factory=dict)
    """By measured window (its index)."""
    decisions: Counter[int] = field(default_factory=Counter)
    """By measured window."""
    finished: int = 0
    connections: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    cpu_seconds: float = 0.0


@dataclass(slots=True)
class Table:
    """One match's room as the bots see it: who must still hear of the last decision."""

    room: str
    host_token: str
    tokens: list[str]
    """Each seat's token: every seat accepts a rematch (the last acceptance starts it)."""
    seats: int
    next_due: float
    sent_at: float = 0.0
    sent_version: int = -1
    waiting: set[int] = field(default_factory=set)


class Generator:
    """A load-generator process's bots: its share of the rooms, all seats played."""

    def __init__(self, plan: Plan, windows: asyncio.Future[list[Window]]) -> None:
        self.plan = plan
        self.windows = windows
        self.outcome = Outcome()
        self.rng = random.Random(plan.seed)

    async def run(self, ready: asyncio.Event, stop: asyncio.Event) -> Outcome:
        """Set up every room, say ready, play until ``stop``."""
        async with Lobby(self.plan.url, timeout=60.0) as lobby:
            limit = asyncio.Semaphore(self.plan.setup_concurrency)
            opened = await asyncio.gather(
                *(self._open(lobby, limit, index) for index in range(self.plan.matches))
            )
            ready.set()
            playing = [
                asyncio.create_task(self._play(lobby, table, index, seat))
                for table, seats in opened
                for index, seat in enumerate(seats)
            ]
            await self._measure_cpu()
            await stop.wait()
            for task in playing:
                task.cancel()
            await asyncio.gather(*playing, return_exceptions=True)
        return self.outcome

    async def _open(
        self, lobby: Lobby, limit: asyncio.Semaphore, index: int
    ) -> tuple[Table, list[Seat]]:
        number = self.plan.first + index
        async with limit:
            created = await lobby.create(
                CreateRoom(game=self.plan.game, ruleset=self.plan.ruleset, name=f"load-{number}")
            )
            assert created.token is not None
            tokens = [created.token]
            for other in range(1, len(created.room.seats)):
                joined = await lobby.join(created.room.id, JoinRoom(name=f"load-{number}-{other}"))
                tokens.append(joined.token)
            seats = [Seat(self.plan.url, created.room.id, token, timeout=60.0) for token in tokens]
            for seat in seats:
                await seat.connect()
            self.outcome.connections += len(seats)
            # Spread the matches' decisions over the pace instead of all on the same beat.
            due = time.monotonic() + self.rng.random() * self.plan.pace
            table = Table(created.room.id, created.host_token, tokens, len(seats), next_due=due)
            await lobby.start(created.room.id, created.host_token)
        return table, seats

    async def _play(self, lobby: Lobby, table: Table, index: int, seat: Seat) -> None:
        """Play one seat until cancelled: decide when it is this seat's turn and the match's
        pace allows, note when each decision's view arrives."""
        choose = random.Random(f"{self.plan.seed}-{table.room}-{index}").choice
        decided: tuple[str, int] | None = None
        try:
            while True:
                message = await seat.receive()
                if message is None:
                    self.outcome.errors["closed"] += 1
                    return
                now = time.monotonic()
                if isinstance(message, wire.ErrorMessage):
                    self.outcome.errors[message.code.value] += 1
                elif isinstance(message, wire.ViewMessage):
                    self._delivered(table, index, message.version, now)
                    if message.outcome is not None:
                        if index == 0:
                            self.outcome.finished += 1
                            await self._rematch(lobby, table)
                    elif message.legal and decided != (message.match, message.version):
                        decided = (message.match, message.version)  # a view sent again
                        await asyncio.sleep(max(0.0, table.next_due - now))
                        sent = time.monotonic()
                        table.sent_at, table.sent_version = sent, message.version
                        table.waiting = set(range(table.seats))
                        table.next_due = sent + self.plan.pace
                        await seat.decide(
                            choose([legal.text for legal in message.legal]), message.version
                        )
        finally:
            with contextlib.suppress(Exception):
                await seat.close()

    def _delivered(self, table: Table, index: int, version: int, now: float) -> None:
        if version <= table.sent_version or index not in table.waiting:
            return
        table.waiting.discard(index)
        windows = self.windows.result() if self.windows.done() else []
        for number, window in enumerate(windows):
            if window.holds(table.sent_at):
                self.outcome.latencies.setdefault(number, []).append(now - table.sent_at)
                if not table.waiting:
                    self.outcome.decisions[number] += 1

    async def _rematch(self, lobby: Lobby, table: Table) -> None:
        try:
            for token in table.tokens:
                await lobby.rematch(table.room, token)
        except Exception as error:  # a refusal is counted, the load goes on
            self.outcome.errors[type(error).__name__] += 1

    async def _measure_cpu(self) -> None:
        """From the first window's start to the last one's end."""
        windows = await self.windows
        await asyncio.sleep(max(0.0, windows[0].start - time.monotonic()))
        begun = time.process_time()
        await asyncio.sleep(max(0.0, windows[-1].end - time.monotonic()))
        self.outcome.cpu_seconds = time.process_time() - begun


def generate(plan: Plan, pipe: Connection) -> None:
    """A load-generator process: set up, tell the main process, learn the windows, play."""

    async def main() -> Outcome:
        loop = asyncio.get_running_loop()
        windows: asyncio.Future[list[Window]] = loop.create_future()
        ready, stop = asyncio.Event(), asyncio.Event()
        generator = Generator(plan, windows)
        playing = asyncio.create_task(generator.run(ready, stop))
        await ready.wait()
        # The bots' own collector must not add its pauses to the latencies they time: with
        # the default thresholds it paused a generator process for up to 270 ms.
        collect_in_short_passes()
        pipe.send("ready")
        measured = [Window(start, end) for start, end in await asyncio.to_thread(pipe.recv)]
        windows.set_result(measured)
        await asyncio.sleep(max(0.0, measured[-1].end - time.monotonic()) + 1.0)
        stop.set()
        return await playing

    pipe.send(asyncio.run(main()))


def raise_open_files(needed: int) -> int:
    """Raise this process's soft open-file limit (inherited by the server and generators)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * PAGE_SIZE


@dataclass(frozen=True, slots=True)
class Usage:
    """The server's CPU seconds, and its main thread's (the event loop's): run, and waited for
    a core while ready to run (``/proc/PID/task/PID/schedstat``)."""

    cpu: float
    loop_ran: float
    loop_waited: float

    @classmethod
    def of(cls, pid: int) -> Usage:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/task/{pid}/schedstat", encoding="ascii") as schedstat:
            ran, waited, _ = schedstat.read().split()
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        return cls(cpu, int(ran) / 1e9, int(waited) / 1e9)

    def __add__(self, other: Usage) -> Usage:
        return Usage(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))

    def __sub__(self, other: Usage) -> Usage:
        return Usage(*(a - b for a, b in zip(astuple(self), astuple(other), strict=True)))


@dataclass(frozen=True, slots=True)
class Report:
    matches: int
    players: int
    workers: int
    seconds: float
    """Each window's."""
    span: float
    """From the first window's start to the last one's end."""
    outcomes: list[Outcome]
    idle_rss: int
    live_rss: int
    server: list[Usage]
    """The server's use of the CPU in each window."""

    def errors(self) -> str:
        errors = sum((outcome.errors for outcome in self.outcomes), Counter[str]())
        return ", ".join(f"{code} {n}" for code, n in errors.items()) or "none"

    def text(self) -> str:
        connections = sum(outcome.connections for outcome in self.outcomes)
        generator_cpu = sum(outcome.cpu_seconds for outcome in self.outcomes)
        cores = os.cpu_count() or 1
        per_match = (self.live_rss - self.idle_rss) / self.matches
        rows = [
            "| measure | value |",
            "|---|---:|",
            f"| live matches (3-player Karata) | {self.matches:,} |",
            f"| WebSocket connections | {connections:,} |",
            *(f"| {name} | {shown} |" for name, _, shown in
              Measures.over(self, range(len(self.server))).figures()),
            f"| server memory, idle | {self.idle_rss / 2**20:,.0f} MiB |",
            f"| server memory, all matches live | {self.live_rss / 2**20:,.0f} MiB |",
            f"| memory per live match (with its connections) | {per_match / 1024:,.0f} KiB |",
            f"| load generator CPU ({self.workers} process{'es' if self.workers > 1 else ''}) | "
            f"{100 * generator_cpu / self.span / cores:.0f}% of {cores} cores |",
            f"| matches finished (and rematched) in the window | "
            f"{sum(outcome.finished for outcome in self.outcomes):,} |",
            f"| errors | {self.errors()} |",
        ]  # fmt: skip
        return "\n".join(rows)


@dataclass(frozen=True, slots=True)
class Measures:
    """What the bots and the server measured over some of a run's windows."""

    seconds: float
    decisions: int
    latencies: list[float]
    server: Usage

    @classmethod
    def over(cls, report: Report, numbers: Sequence[int]) -> Measures:
        """Over the windows ``numbers`` of ``report``."""
        return cls(
            seconds=report.seconds * len(numbers),
            decisions=sum(outcome.decisions[n] for outcome in report.outcomes for n in numbers),
            latencies=[value for outcome in report.outcomes for n in numbers
                       for value in outcome.latencies.get(n, [])],
            server=sum((report.server[n] for n in numbers), Usage(0.0, 0.0, 0.0)),
        )  # fmt: skip

    def figures(self) -> list[tuple[str, float, str]]:
        """Each figure's name, value, and value as shown."""
        cores = os.cpu_count() or 1
        decisions, views = self.decisions / self.seconds, len(self.latencies) / self.seconds
        figures = [
            ("decisions delivered per second", decisions, f"{decisions:,.0f}"),
            ("views delivered per second", views, f"{views:,.0f}"),
        ]
        if self.latencies:
            for name, value in (
                ("p50", statistics.median(self.latencies)),
                ("p99", percentile(self.latencies, 0.99)),
                ("max", max(self.latencies)),
            ):
                latency = 1000 * value
                figures.append((f"decision-to-delivery latency {name}", latency,
                                f"{latency:.1f} ms"))  # fmt: skip
        cpu = 100 * self.server.cpu / self.seconds / cores
        figures.append(("server CPU (one process)", cpu, f"{cpu:.0f}% of {cores} cores"))
        for name, seconds in (
            ("server's event loop thread: running", self.server.loop_ran),
            ("server's event loop thread: ready, waiting for a core", self.server.loop_waited),
        ):
            share = 100 * seconds / self.seconds
            figures.append((name, share, f"{share:.1f}% of the time"))
        return figures


def comparison(report: Report, tallies: list[Tally], logins: int) -> str:
    """The windows without sign-ins (even) against those with (odd), together and by pair."""
    pairs = len(report.server) // 2
    alone = Measures.over(report, range(0, 2 * pairs, 2)).figures()
    beside = {name: (value, shown) for name, value, shown in
              Measures.over(report, range(1, 2 * pairs, 2)).figures()}  # fmt: skip
    lines = [
        f"{report.matches:,} live matches of 3-player Karata, {pairs} pair(s) of "
        f"{report.seconds:.0f}-second windows, without and with {logins} sign-ins in flight:",
        "",
        "| measure | matches alone | with sign-ins beside | with / alone |",
        "|---|---:|---:|---:|",
    ]
    for name, value, shown in alone:
        if name in beside:
            other, other_shown = beside[name]
            ratio = f"{other / value:.2f}x" if value else ""
            lines.append(f"| {name} | {shown} | {other_shown} | {ratio} |")
    lines += ["", "| pair | p99 alone | p99 with sign-ins | with / alone |", "|---|---:|---:|---:|"]
    for pair in range(pairs):
        p99 = [percentile(values, 0.99) if values else 0.0 for values in
               (Measures.over(report, [2 * pair + n]).latencies for n in (0, 1))]  # fmt: skip
        ratio = f"{p99[1] / p99[0]:.2f}x" if p99[0] else ""
        lines.append(f"| {pair + 1} | {1000 * p99[0]:.1f} ms | {1000 * p99[1]:.1f} ms | {ratio} |")
    signed = Tally(
        sum(tally.seconds for tally in tallies),
        [value for tally in tallies for value in tally.latencies],
        sum((tally.refused for tally in tallies), Counter[str]()),
    )
    lines += ["", "The sign-ins beside, in all:", "", TALLY_HEADER, signed.row(str(logins)), "",
              f"Errors the bots met: {report.errors()}."]  # fmt: skip
    return "\n".join(lines)


def windows_after(start: float, args: argparse.Namespace) -> list[tuple[float, float]]:
    """The measured windows: one, or ``--pairs`` pairs with ``--logins-beside``."""
    count = 2 * args.pairs if args.logins_beside else 1
    step = args.duration + GAP
    return [(start + n * step, start + n * step + args.duration) for n in range(count)]


def run(args: argparse.Namespace) -> tuple[Report, list[Tally]]:
    players = 3
    needed = args.matches * players * 2 + 256
    limit = raise_open_files(needed)
    if limit < needed:
        print(f"warning: the open-file limit is {limit}, {needed} wanted", file=sys.stderr)
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="cardtable-load-") as folder:
        port = free_port()
        server = start_server(port, Path(folder) / "server.log", ["--data-dir", folder])
        try:
            time.sleep(1.0)
            idle_rss = rss_bytes(server.pid)
            url = f"http://{HOST}:{port}"
            accounts = loop_accounts(args.logins_beside)
            if accounts:
                print(f"signing up {sum(map(len, accounts))} accounts to sign in to...")
                asyncio.run(sign_up_all(url, [name for names in accounts for name in names]))
            shares = [args.matches // args.workers] * args.workers
            for index in range(args.matches % args.workers):
                shares[index] += 1
            pipes, processes, first = [], [], 0
            for number, share in enumerate(shares):
                plan = Plan(url, "karata", {"players": players}, first, share, args.pace,
                            args.seed * 1000 + number, args.setup_concurrency)  # fmt: skip
                ours, theirs = context.Pipe()
                process = context.Process(target=generate, args=(plan, theirs), daemon=True)
                process.start()
                pipes.append(ours)
                processes.append(process)
                first += share
            print(f"setting up {args.matches} matches in {args.workers} processes...", flush=True)
            for pipe in pipes:
                if not pipe.poll(args.setup_timeout):
                    raise SystemExit("the load generator did not set up its rooms in time")
                pipe.recv()
            windows = windows_after(time.monotonic() + args.warmup, args)
            for pipe in pipes:
                pipe.send(windows)
            print(
                f"all set up; measuring {len(windows)} x {args.duration:.0f} s "
                f"after {args.warmup:.0f} s...",
                flush=True,
            )
            samples: list[int] = []
            usage: list[Usage] = []
            tallies: list[Tally] = []
            for number, (start, end) in enumerate(windows):
                time.sleep(max(0.0, start - time.monotonic()))
                before = Usage.of(server.pid)
                with ThreadPoolExecutor(1) as beside:
                    signing = None
                    if accounts and number % 2:
                        signing = beside.submit(
                            asyncio.run, sign_ins(url, accounts, end, loopback(SIGN_IN_ADDRESS))
                        )
                    while time.monotonic() < end:
                        time.sleep(min(1.0, max(0.0, end - time.monotonic())))
                        samples.append(rss_bytes(server.pid))
                    usage.append(Usage.of(server.pid) - before)
                    if signing is not None:
                        tallies.append(signing.result())
                        print(f"window {number + 1}: {tallies[-1].row('beside')}", flush=True)
            outcomes = [pipe.recv() if pipe.poll(120) else Outcome() for pipe in pipes]
            for process in processes:
                process.join(30)
        finally:
            stop_server(server)
    report = Report(args.matches, players, args.workers, args.duration,
                    windows[-1][1] - windows[0][0], outcomes, idle_rss, max(samples),
                    usage)  # fmt: skip
    return report, tallies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=500, help="concurrent matches")
    parser.add_argument(
        "--duration", type=float, default=60.0, help="seconds measured (each window's)"
    )
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between decisions")
    parser.add_argument(
        "--workers", type=int, default=WORKERS, help="load-generator processes (see WORKERS)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setup-concurrency", type=int, default=20)
    parser.add_argument("--setup-timeout", type=float, default=600.0)
    parser.add_argument(
        "--logins-beside",
        type=int,
        default=0,
        metavar="N",
        help="alternate windows without and with N sign-ins kept in flight beside the matches",
    )
    parser.add_argument(
        "--pairs", type=int, default=3, help="pairs of windows with --logins-beside"
    )
    parser.add_argument("--quick", action="store_true", help="a few matches, a few seconds")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.duration, args.warmup, args.workers, args.pairs = 4, 3.0, 1.0, 1, 1
    report, tallies = run(args)
    text = report.text()
    print(text)
    start, end = START, END
    if args.logins_beside:
        text = comparison(report, tallies, args.logins_beside)
        print(f"\n{text}")
        start, end = LOGINS_START, LOGINS_END
    if args.write:
        command = " ".join(["python benchmarks/server_load.py", *sys.argv[1:]])
        write_figures(DOC, start, end, command, text)


if __name__ == "__main__":
    main()
