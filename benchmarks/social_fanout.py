"""Fan-out of presence and notifications: N people online, each with F friends, on real servers.

    python benchmarks/social_fanout.py             2,000 people with 50 friends each: one
                                                   process on SQLite, then two on PostgreSQL
                                                   sharing Redis
    python benchmarks/social_fanout.py --quick     60 people with 6 friends, a few seconds
    python benchmarks/social_fanout.py --setups sqlite,postgres,redis --people 1000

For each setup the script makes a database of ``--people`` accounts (straight through the
server's tables, before any server starts: sign-ups would take the password hashing's time and
its rate limit), each friends with ``--friends`` others (person *i* with *i* ± 1 ... ± F/2,
modulo N) and signed in with a session of its own; then it starts real ``cardtable serve``
processes: ``sqlite`` one process on a SQLite file, ``postgres`` one on PostgreSQL, ``redis``
two on PostgreSQL with fan-out through Redis (person *i* connects to process *i* mod 2, so
half of everyone's friends are on the other process). Every person keeps one personal channel
(``/ws/me``) open, over ``--workers`` client processes (person *i* in process *i* mod W), each
an asyncio loop holding its share of the connections; the client processes' times are all
``time.monotonic``, one clock for the whole machine.

Three phases of ``--duration`` seconds are measured one after the other, ``--rate`` changes a
second in each, each change by a person chosen at random (none twice in a phase):

* ``idle/active``: the person's channel says ``idle`` (their friends are told ``away``), and
  ``--hold`` seconds later ``active`` (``online``);
* ``leave/return``: the person's channel closes (``offline``), and ``--hold`` later a new one
  opens and says hello (``online``: the time runs from the start of the new connection);
* ``notification``: someone else asks the person to be their friend (``POST /api/friends``,
  on the other process when there are two), which :meth:`~cardtable.server.notifications.
  service.Notifications.notify` stores and tells the person's channel.

A change's deliveries are its ``presence`` message (that person, that state) reaching each of
the person's friends whose channel was open from the change until ``--grace`` seconds after it
(a friend who was away meanwhile is not counted), or its ``notification`` reaching the person.
Reported: the latency of each delivery (p50, p99, max), of each change's last delivery ("last
friend reached"), how many deliveries arrived (a missing one is a fault of the server), and
the servers' CPU over the phase.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import multiprocessing
import random
import secrets
import statistics
import sys
import tempfile
import time
from bisect import bisect_right
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

import httpx2
import sqlalchemy as sa
from websockets.asyncio.client import ClientConnection, connect

from cardtable.protocol.personal import PERSONAL_VERSION
from cardtable.server.accounts.tables import accounts, sessions
from cardtable.server.friends.tables import friends
from cardtable.server.storage import SqlStorage
from scratch import drop_database, scratch_database
from server_process import HOST, free_port, percentile, start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
HEADER = "X-Cardtable-Session"
SCRATCH = "cardtable_fanout_bench"
SETUPS = {
    "sqlite": "one process, SQLite",
    "postgres": "one process, PostgreSQL",
    "redis": "two processes, PostgreSQL + Redis",
}
PHASES = ("idle/active", "leave/return", "notification")
TICKS = 100.0


def username(index: int) -> str:
    return f"p{index:05d}"


def friends_of(index: int, people: int, count: int) -> list[int]:
    """Person ``index``'s friends: the ``count`` nearest on a ring of ``people``.

    >>> friends_of(0, 10, 4)
    [9, 1, 8, 2]
    """
    return [(index + sign * step) % people for step in range(1, count // 2 + 1) for sign in (-1, 1)]


# -- the database --------------------------------------------------------------------------


async def fill(url: str, people: int, friend_count: int) -> list[str]:
    """Accounts, friendships and sessions, as the server's own tables hold them; each
    person's session token."""
    now = time.time()
    tokens = [secrets.token_urlsafe(32) for _ in range(people)]
    ids = [f"bench-{index:05d}" for index in range(people)]
    async with await SqlStorage.open(url) as storage:
        async with storage.write() as connection:
            await connection.execute(
                sa.insert(accounts),
                [{"id": ids[n], "username": username(n), "username_key": username(n),
                  "display_name": f"Person {n}", "password_hash": "x", "created_at": now,
                  "updated_at": now} for n in range(people)],
            )  # fmt: skip
            await connection.execute(
                sa.insert(sessions),
                [{"token_hash": hashlib.sha256(tokens[n].encode()).hexdigest(),
                  "account_id": ids[n], "created_at": now, "last_used_at": now,
                  "expires_at": now + 86_400} for n in range(people)],
            )  # fmt: skip
        rows = [
            {"account_id": ids[n], "other_id": ids[other], "state": "friend", "since": now}
            for n in range(people)
            for other in friends_of(n, people, friend_count)
        ]
        for start in range(0, len(rows), 5_000):
            async with storage.write() as connection:
                await connection.execute(sa.insert(friends), rows[start : start + 5_000])
    return tokens


def redis_reachable(url: str) -> bool:
    from redis import Redis
    from redis.exceptions import RedisError

    try:
        return bool(Redis.from_url(url, socket_timeout=3).ping())
    except (RedisError, OSError) as error:
        print(f"the Redis setup skipped: {url} cannot be reached ({error})")
        return False


# -- the client processes ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """What one client process does: whom it holds, and where they connect."""

    urls: list[str]
    """The servers' HTTP URLs; person ``i`` connects to ``urls[i % len(urls)]``."""
    people: int
    mine: list[int]
    tokens: list[str]
    """Everyone's (a request is sent with another person's session)."""
    concurrency: int


@dataclass(frozen=True, slots=True)
class Change:
    phase: str
    person: int
    action: str
    """``idle``, ``active``, ``leave``, ``return``, ``ask`` (a friend request to the person)."""
    due: float


@dataclass(slots=True)
class Log:
    """What a client process saw, sent back to the main process."""

    done: list[tuple[int, float]] = field(default_factory=list)
    """Each change it made (its index in the schedule), when it began."""
    presence: list[tuple[int, float, int, str, float]] = field(default_factory=list)
    """(receiver, their connection's opening, whose presence, state, arrival)."""
    notifications: list[tuple[int, float]] = field(default_factory=list)
    """(receiver, arrival)."""
    opened: dict[int, list[tuple[float, float]]] = field(default_factory=dict)
    """Each person's connections: (welcomed at, closed at, or infinity)."""
    errors: Counter[str] = field(default_factory=Counter)


class Client:
    """A client process's people: one personal channel each."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.log = Log()
        self.sockets: dict[int, ClientConnection] = {}
        self.readers: dict[int, asyncio.Task[None]] = {}
        self.index = {username(n): n for n in range(plan.people)}

    def url(self, person: int) -> str:
        return self.plan.urls[person % len(self.plan.urls)]

    async def open(self, person: int) -> None:
        """Open the person's channel, say hello, wait for ``welcome``, then read it."""
        address = self.url(person).replace("http://", "ws://") + "/ws/me"
        socket = await connect(
            address,
            additional_headers={HEADER: self.plan.tokens[person]},
            open_timeout=60,
            max_queue=None,
            compression=None,
            ping_interval=None,  # as a browser: a server slow to answer is measured, not left
        )
        await socket.send(json.dumps({"type": "hello", "version": PERSONAL_VERSION}))
        welcome = json.loads(await asyncio.wait_for(socket.recv(), 60))
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"no welcome: {welcome}")
        opened = time.monotonic()
        self.sockets[person] = socket
        self.log.opened.setdefault(person, []).append((opened, float("inf")))
        self.readers[person] = asyncio.create_task(self.read(person, socket, opened))

    async def close(self, person: int) -> None:
        socket, reader = self.sockets.pop(person), self.readers.pop(person)
        spans = self.log.opened[person]
        spans[-1] = (spans[-1][0], time.monotonic())
        await socket.close()
        with contextlib.suppress(asyncio.CancelledError):
            await reader

    async def read(self, person: int, socket: ClientConnection, opened: float) -> None:
        presence, notifications = self.log.presence, self.log.notifications
        try:
            async for raw in socket:
                now = time.monotonic()
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "presence":
                    whose = self.index.get(message["username"], -1)
                    presence.append((person, opened, whose, message["state"], now))
                elif kind == "notification":
                    notifications.append((person, now))
                elif kind != "pong":
                    self.log.errors[f"{kind}: {message.get('code')}"] += 1
        except Exception as error:  # a connection lost is counted, the others go on
            if person in self.sockets:
                self.log.errors[f"connection lost: {type(error).__name__}"] += 1

    async def setup(self) -> None:
        limit = asyncio.Semaphore(self.plan.concurrency)

        async def one(person: int) -> None:
            async with limit:
                await self.open(person)

        await asyncio.gather(*(one(person) for person in self.plan.mine))

    async def act(self, number: int, change: Change, http: httpx2.AsyncClient) -> None:
        await asyncio.sleep(max(0.0, change.due - time.monotonic()))
        began = time.monotonic()
        self.log.done.append((number, began))
        try:
            person = change.person
            if change.action in ("idle", "active"):
                await self.sockets[person].send(json.dumps({"type": change.action}))
            elif change.action == "leave":
                await self.close(person)
            elif change.action == "return":
                await self.open(person)
            else:  # a friend request from the person half the ring away
                asker = (person + self.plan.people // 2) % self.plan.people
                servers = len(self.plan.urls)
                where = self.plan.urls[(person + 1) % servers]  # the other process, if two
                answer = await http.post(
                    f"{where}/api/friends",
                    json={"username": username(person)},
                    headers={HEADER: self.plan.tokens[asker]},
                )
                if answer.status_code != 201:
                    self.log.errors[f"friend request: {answer.status_code}"] += 1
        except Exception as error:
            self.log.errors[f"{change.action}: {type(error).__name__}: {error}"] += 1

    async def run(self, schedule: list[Change], end: float) -> None:
        async with httpx2.AsyncClient(timeout=60) as http:
            held = set(self.plan.mine)
            await asyncio.gather(
                *(self.act(number, change, http) for number, change in enumerate(schedule)
                  if change.person in held)
            )  # fmt: skip
            await asyncio.sleep(max(0.0, end - time.monotonic()))
        for person in list(self.sockets):
            await self.close(person)


def client_process(plan: Plan, pipe: Connection) -> None:
    """A client process: open its channels, say ready, run the schedule, send its log."""

    async def main() -> Log:
        client = Client(plan)
        try:
            await client.setup()
        except Exception as error:
            client.log.errors[f"setup: {type(error).__name__}: {error}"] += 1
            pipe.send(("failed", client.log))
            raise SystemExit(1) from error
        pipe.send(("ready", None))
        schedule, end = await asyncio.to_thread(pipe.recv)
        try:
            await client.run(schedule, end)
        except Exception as error:  # said in the report, never a log lost
            client.log.errors[f"run: {type(error).__name__}: {error}"] += 1
        return client.log

    pipe.send(("done", asyncio.run(main())))


# -- a run -----------------------------------------------------------------------------------


def schedule_of(people: int, args: argparse.Namespace, start: float, seed: int) -> list[Change]:
    """The three phases' changes, from ``start``: ``--rate`` a second for ``--duration``
    seconds each, a phase's people chosen at random and none twice, ``--gap`` between."""
    pick = random.Random(seed)
    changes: list[Change] = []
    per_phase = int(args.rate * args.duration)
    at = start
    for phase in PHASES:
        presence = phase != "notification"
        # A notification goes from the person half the ring away: keep the askers apart.
        pool = range(people) if presence else range(people // 2)
        count = per_phase // 2 if presence else per_phase
        if count > len(pool):
            raise SystemExit(f"--rate x --duration is more than the people for {phase}")
        chosen = pick.sample(pool, count)
        step = 1.0 / args.rate
        for number, person in enumerate(chosen):
            if presence:
                first, second = (
                    ("idle", "active") if phase == "idle/active" else ("leave", "return")
                )
                due = at + 2 * number * step
                changes.append(Change(phase, person, first, due))
                changes.append(Change(phase, person, second, due + args.hold))
            else:
                changes.append(Change(phase, person, "ask", at + number * step))
        at = max(change.due for change in changes) + args.gap
    return changes


@dataclass(slots=True)
class PhaseResult:
    name: str
    changes: int = 0
    expected: int = 0
    latencies: list[float] = field(default_factory=list)
    last: list[float] = field(default_factory=list)
    """Per change whose every delivery arrived: its last delivery's latency."""
    cpu: float = 0.0
    """The servers' CPU seconds over the phase."""
    seconds: float = 0.0

    @property
    def missing(self) -> int:
        return self.expected - len(self.latencies)


STATE = {"idle": "away", "active": "online", "leave": "offline", "return": "online"}


def tally(
    schedule: list[Change], logs: list[Log], people: int, friend_count: int, grace: float
) -> dict[str, PhaseResult]:
    """Match each change to its deliveries."""
    began: dict[int, float] = {}
    spans: dict[int, list[tuple[float, float]]] = {}
    heard: dict[tuple[int, int, str], list[tuple[float, float]]] = defaultdict(list)
    told: dict[int, list[float]] = defaultdict(list)
    for log in logs:
        began.update(log.done)
        spans.update(log.opened)
        for receiver, opened, whose, state, arrived in log.presence:
            heard[(receiver, whose, state)].append((arrived, opened))
        for receiver, arrived in log.notifications:
            told[receiver].append(arrived)
    for arrivals in heard.values():
        arrivals.sort()
    results = {phase: PhaseResult(phase) for phase in PHASES}
    for number, change in enumerate(schedule):
        result = results[change.phase]
        result.changes += 1
        start = began.get(number)
        if start is None:
            continue
        if change.action == "ask":
            result.expected += 1
            later = [t - start for t in told[change.person] if t >= start]
            if later:
                result.latencies.append(min(later))
                result.last.append(min(later))
            continue
        state, latest, reached, audience = STATE[change.action], 0.0, 0, 0
        for friend in friends_of(change.person, people, friend_count):
            span = next(
                (s for s in spans.get(friend, []) if s[0] <= start and s[1] >= start + grace),
                None,
            )
            if span is None:
                continue  # away while this change was told
            audience += 1
            arrivals = heard[(friend, change.person, state)]
            first = bisect_right(arrivals, (start, float("-inf")))
            for arrived, opened in arrivals[first:]:
                if arrived > start + grace:
                    break
                if opened == span[0]:
                    result.latencies.append(arrived - start)
                    latest, reached = max(latest, arrived - start), reached + 1
                    break
        result.expected += audience
        if reached == audience and audience:
            result.last.append(latest)
    return results


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def run_setup(setup: str, args: argparse.Namespace, folder: Path) -> dict[str, PhaseResult]:
    people, friend_count = args.people, args.friends
    if setup == "sqlite":
        url = f"sqlite+aiosqlite:///{folder / f'{setup}.db'}"
    else:
        found = asyncio.run(scratch_database(args.postgres, SCRATCH))
        assert found is not None
        url = found
    try:
        began = time.monotonic()
        tokens = asyncio.run(fill(url, people, friend_count))
        print(f"  {people:,} accounts, {people * friend_count:,} friend rows and sessions "
              f"in {time.monotonic() - began:.1f} s", flush=True)  # fmt: skip
        count = 2 if setup == "redis" else 1
        extra = ["--redis", args.redis] if setup == "redis" else []
        servers = []
        ports = [free_port() for _ in range(count)]
        try:
            storage = ["--database", url, "--messages-per-second", "1000", *extra]
            with ThreadPoolExecutor(count) as starting:  # both at once: half the wait
                servers = list(starting.map(
                    lambda n: start_server(ports[n], folder / f"{setup}-server-{n}.log",
                                           storage),
                    range(count),
                ))  # fmt: skip
            urls = [f"http://{HOST}:{port}" for port in ports]
            results = measure(urls, tokens, args, [server.pid for server in servers])
        finally:
            for server in servers:
                stop_server(server)
        tracebacks = sum(
            (folder / f"{setup}-server-{n}.log").read_text(errors="replace").count("Traceback")
            for n in range(count)
        )
        if tracebacks:
            text = "".join(
                (folder / f"{setup}-server-{n}.log").read_text(errors="replace")
                for n in range(count)
            )
            first = text.index("Traceback")
            print(f"  {tracebacks} traceback(s) in the servers' logs, the first:", flush=True)
            print(text[max(0, first - 300) : first + 3000], flush=True)
        if args.logs is not None:
            args.logs.mkdir(parents=True, exist_ok=True)
            for n in range(count):
                name = f"{setup}-server-{n}.log"
                (args.logs / name).write_bytes((folder / name).read_bytes())
        return results
    finally:
        if setup != "sqlite":
            asyncio.run(drop_database(args.postgres, SCRATCH))


QUIET = 0.15
"""The servers are quiet when together they use less than this share of a core (over
:data:`QUIET_SECONDS`): what the connections' opening made them do is done."""
QUIET_SECONDS = 2.0


def wait_until_quiet(pids: list[int], timeout: float) -> float:
    """Wait until the servers are quiet (or ``timeout`` seconds); when they were."""
    deadline = time.monotonic() + timeout
    before = cpu_seconds(pids)
    while time.monotonic() < deadline:
        time.sleep(QUIET_SECONDS)
        now = cpu_seconds(pids)
        if now - before < QUIET * QUIET_SECONDS:
            return time.monotonic() - QUIET_SECONDS
        before = now
    print(f"  warning: the servers were still busy after {timeout:.0f} s", flush=True)
    return time.monotonic()


def measure(
    urls: list[str], tokens: list[str], args: argparse.Namespace, pids: list[int]
) -> dict[str, PhaseResult]:
    people = args.people
    context = multiprocessing.get_context("spawn")
    pipes, processes = [], []
    for worker in range(args.workers):
        mine = list(range(worker, people, args.workers))
        plan = Plan(urls, people, mine, tokens, args.setup_concurrency)
        ours, theirs = context.Pipe()
        process = context.Process(target=client_process, args=(plan, theirs), daemon=True)
        process.start()
        pipes.append(ours)
        processes.append(process)
    began = time.monotonic()
    for pipe in pipes:
        if not pipe.poll(args.setup_timeout):
            raise SystemExit("the clients did not open their channels in time")
        kind, log = pipe.recv()
        if kind != "ready":
            raise SystemExit(f"a client could not open its channels: {dict(log.errors)}")
    print(f"  {people:,} personal channels open ({args.workers} client processes) "
          f"in {time.monotonic() - began:.1f} s", flush=True)  # fmt: skip
    quiet = wait_until_quiet(pids, args.settle_timeout)
    print(f"  the servers quiet {quiet - began:.1f} s after the first connection "
          "(every arrival told to its friends)", flush=True)  # fmt: skip
    start = time.monotonic() + args.settle
    schedule = schedule_of(people, args, start, args.seed)
    end = schedule[-1].due + args.grace
    for pipe in pipes:
        pipe.send((schedule, end))
    # The servers' CPU over each phase: from its first change to its last change's grace.
    bounds = {
        phase: (min(c.due for c in schedule if c.phase == phase),
                max(c.due for c in schedule if c.phase == phase) + args.grace)
        for phase in PHASES
    }  # fmt: skip
    cpu: dict[str, float] = {}
    for phase, (first, last) in bounds.items():
        time.sleep(max(0.0, first - time.monotonic()))
        before = cpu_seconds(pids)
        time.sleep(max(0.0, last - time.monotonic()))
        cpu[phase] = cpu_seconds(pids) - before
    logs = []
    for pipe in pipes:
        if not pipe.poll(120):
            raise SystemExit("a client did not send its log")
        _, log = pipe.recv()
        logs.append(log)
    for process in processes:
        process.join(30)
    results = tally(schedule, logs, people, args.friends, args.grace)
    for phase, result in results.items():
        result.cpu = cpu[phase]
        result.seconds = bounds[phase][1] - bounds[phase][0]
    errors = sum((log.errors for log in logs), Counter[str]())
    if errors:
        print(f"  errors the clients met: {dict(errors)}", flush=True)
    return results


# -- the report ------------------------------------------------------------------------------


def ms(value: float) -> str:
    return f"{1000 * value:,.1f} ms"


def table(results: dict[str, dict[str, PhaseResult]]) -> str:
    cores = multiprocessing.cpu_count()
    lines = [
        "| setup | change | changes | deliveries | missing | delivery p50 | p99 | max "
        "| last friend reached p50 | p99 | servers' CPU |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for setup, phases in results.items():
        for name, result in phases.items():
            values = result.latencies
            last = result.last
            shown = [ms(statistics.median(values)), ms(percentile(values, 0.99)),
                     ms(max(values))] if values else ["", "", ""]  # fmt: skip
            shown_last = [ms(statistics.median(last)), ms(percentile(last, 0.99))] if last else [
                "", ""]  # fmt: skip
            cpu = 100 * result.cpu / result.seconds / cores if result.seconds else 0.0
            lines.append(
                f"| {SETUPS[setup]} | {name} | {result.changes:,} | {len(values):,} | "
                f"{result.missing:,} | {' | '.join(shown)} | {' | '.join(shown_last)} | "
                f"{cpu:.0f}% of {cores} cores |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=2_000)
    parser.add_argument("--friends", type=int, default=50, help="each person's (even)")
    parser.add_argument(
        "--setups", default="sqlite,redis", help=f"comma-separated, of: {', '.join(SETUPS)}"
    )
    parser.add_argument("--rate", type=float, default=10.0, help="changes a second")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of each phase")
    parser.add_argument(
        "--hold", type=float, default=1.0, help="seconds between a person's two changes"
    )
    parser.add_argument("--grace", type=float, default=5.0, help="seconds a delivery may take")
    parser.add_argument(
        "--gap", type=float, default=5.0, help="seconds from a phase's last change to the next's"
    )
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before the first")
    parser.add_argument("--workers", type=int, default=4, help="client processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--logs", type=Path, help="a folder to keep the servers' logs in")
    parser.add_argument("--setup-concurrency", type=int, default=20)
    parser.add_argument("--setup-timeout", type=float, default=600.0)
    parser.add_argument(
        "--settle-timeout", type=float, default=300.0, help="longest wait for quiet servers"
    )
    parser.add_argument(
        "--postgres",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="a PostgreSQL server where a scratch database may be made",
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--quick", action="store_true", help="a few people, a few seconds")
    args = parser.parse_args()
    if args.quick:
        args.people, args.friends, args.rate, args.duration = 60, 6, 20.0, 1.0
        args.hold, args.grace, args.gap, args.settle, args.workers = 0.5, 2.0, 0.5, 0.5, 1
    if args.friends % 2 or args.friends >= args.people // 2:
        parser.error("--friends must be even and less than half of --people")
    setups = [name.strip() for name in args.setups.split(",") if name.strip()]
    unknown = sorted(set(setups) - set(SETUPS))
    if unknown:
        parser.error(f"unknown setup(s): {', '.join(unknown)}")
    if (
        any(setup != "sqlite" for setup in setups)
        and asyncio.run(scratch_database(args.postgres, SCRATCH)) is None
    ):
        setups = [setup for setup in setups if setup == "sqlite"]
    if "redis" in setups and not redis_reachable(args.redis):
        setups.remove("redis")
    results = {}
    with tempfile.TemporaryDirectory(prefix="cardtable-fanout-") as folder:
        for setup in setups:
            print(f"{SETUPS[setup]}:", flush=True)
            results[setup] = run_setup(setup, args, Path(folder))
    print(
        f"\n{args.people:,} people online, {args.friends} friends each, {args.rate:g} changes "
        f"a second for {args.duration:g} s per kind of change:\n"
    )
    print(table(results))
    command = " ".join(["python benchmarks/social_fanout.py", *sys.argv[1:]])
    print(f"\n(measured with `{command}`)")


if __name__ == "__main__":
    main()
