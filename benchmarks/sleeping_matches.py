"""Sleeping correspondence matches: what 10,000 of them, each waiting for a person, cost one
server process.

    .venv/bin/python benchmarks/sleeping_matches.py           # 10,000 matches, 60 s windows,
                                                              # SQLite, then PostgreSQL
    .venv/bin/python benchmarks/sleeping_matches.py --quick   # 300 matches, 5 s, SQLite: it runs
    .venv/bin/python benchmarks/sleeping_matches.py --matches 2000 --window 30 --databases sqlite

**The matches.** A real ``cardtable serve`` process (SQLite, loopback) makes one: two accounts
signed up over HTTP, a correspondence room of Karata (``kind: "correspondence"``, a deadline
of :data:`TURN_SECONDS` a turn) created by one and joined by the other, its match started;
the script waits until the runner has stored the turn timer and put the match to sleep (its
``wake_at`` stored, its lease given up). Its rows (the two accounts, the room, its seats, the
match, its participants, the ``your_turn`` notification) are then copied ``--matches`` times,
straight into each database the servers below use (migrated as a server migrates it), each
copy with ids, usernames and secrets of its own, and its times (start, deadline, wake time,
notification) moved back by a random share of a day, so that the wake times lie two to three
days away. Every copy has the template's seed (the same deal), so that its stored timer is
the right one for it.

**The processes**, one per database, all started on the server's defaults (a lease of 15 s,
a sweep every 5 s), measured side by side over the same ``--window`` seconds once each is
quiet (under :data:`QUIET_SHARE` of a core over :data:`QUIET_SECONDS`):

* ``0 matches``: the same accounts, no room and no match;
* ``N asleep``: the N sleeping matches;
* ``N held awake``: the same N matches with ``wake_at`` cleared, served by this script's
  ``--never-sleep`` form of ``cardtable serve``, in which :meth:`SqlStorage.sleep` never
  answers: the runner takes every match and its driver waits for the deadline as
  every timed match was driven before matches slept (a task, two fan-out subscriptions, a
  lease renewed by every sweep). Correspondence matches never stay awake in the real server:
  one whose ``wake_at`` is cleared is taken up and put back to sleep at once (the next
  measure), so this is the cost sleeping saves, not a state the server reaches.

Each process's resident memory (``VmRSS`` in /proc/PID/status) at the end of the window and
its peak (``VmHWM``), and its CPU time over the window (``utime + stime`` of /proc/PID/stat,
all its threads, the SQLite ones included); on PostgreSQL also the CPU of the database's
backends serving it (those of ``pg_stat_activity`` for its database), where the sweeps'
statements run.

Then **all N woken at once** (``wake_at`` in the past, the real server): how long until every
match sleeps again, the CPU that took, and the memory after (the process keeps up to
``CACHED_MATCHES`` built matches, asleep or not).

Then **the sweep**: the runner's ``UPDATE`` (``Storage.acquire_leases``, timed in this process
against each database once its server stopped): with no match, over N asleep (it takes none),
over N awake (it renews N leases), and over N asleep with an index on ``matches (status,
wake_at)``, which the schema does not have.

Checked (the script fails otherwise): every one of the N matches is still live, asleep and
unleased at the end of the window; every process is alive then; the held-awake process holds
every lease; every woken match sleeps again; the sweep over sleeping matches takes none; no
traceback in the logs of the processes with no match and with the sleeping ones. The
tracebacks of the held-awake and the woken process, which take thousands of matches up at
once, are counted and the first is printed, not checked. Timings are reported, never checked.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2
import sqlalchemy as sa

from cardtable.server.accounts.tables import accounts, participants
from cardtable.server.notifications.tables import notifications
from cardtable.server.storage import SqlStorage
from cardtable.server.storage.tables import decisions, matches, rooms, seats
from server_process import HOST, free_port, stop_server
from server_process import launch as answering

TURN_SECONDS = 3 * 24 * 3600
"""The rooms' deadline per turn: the runner wakes a match an hour before it (a reminder)."""
SPREAD_SECONDS = 24 * 3600.0
"""Each copy's times are moved back by a random share of this."""
STEM = "s000000"
"""The template's usernames are this stem and ``a``, ``b``; copy ``k``'s, ``s{k:06d}a``..."""
PASSWORD = "a long enough benchmark password"
TABLES = (accounts, rooms, seats, matches, decisions, participants, notifications)
"""Every table that holds a part of a sleeping match, in the order they are filled."""
FRESH = ("token_hash", "host_token_hash", "watch_token")
"""Secrets each copy gets anew."""
KEPT = ("password_hash",)
"""Columns copied as they are."""
BATCH = 1_000
NEVER_SLEEP = "--never-sleep"
"""Run as ``sleeping_matches.py --never-sleep serve ...``: ``cardtable serve`` whose matches
never sleep."""
QUIET_SHARE = 0.1
QUIET_SECONDS = 5.0
"""A process is quiet when it used less than :data:`QUIET_SHARE` of a core over this long
(the server's sweep period at its default lease)."""
SETTLE_SECONDS = 900.0
"""The longest wait for a process to take its matches and fall quiet (``--settle``); it is
measured all the same after that, with a warning."""
TICKS = 100.0
SCRATCH = "cardtable_sleep_bench"
LEASE_SECONDS = 15.0
"""The server's default lease (``cardtable serve --lease-seconds``)."""
SWEEP_OWNER = "sweep-benchmark"
SETUPS = {"sqlite": "SQLite", "postgres": "PostgreSQL"}


# -- the template ------------------------------------------------------------------------------


Rows = dict[str, list[dict[str, Any]]]
"""Rows by table name."""


def launch(
    url: str, log: Path, *, port: int | None = None, sleeping: bool = True
) -> subprocess.Popen[bytes]:
    """``cardtable serve`` on ``url`` (or its ``--never-sleep`` form), once it answers on
    ``port`` (default: a free one)."""
    port = port or free_port()
    head = [sys.executable, "-m", "cardtable"]
    if not sleeping:
        head = [sys.executable, str(Path(__file__).resolve()), NEVER_SLEEP]
    command = [*head, "serve", "--host", HOST, "--port", str(port), "--database", url]
    return answering(command, port, log)


def make_template(folder: Path) -> Rows:
    """One correspondence match made through a real server and left asleep; its rows."""
    url = f"sqlite+aiosqlite:///{folder / 'template.db'}"
    port = free_port()
    server = launch(url, folder / "template.log", port=port)
    base = f"http://{HOST}:{port}"
    try:
        tokens = []
        for name in (f"{STEM}a", f"{STEM}b"):
            body = {"username": name, "password": PASSWORD, "token": True}
            answer = httpx2.post(f"{base}/api/accounts", json=body, timeout=60)
            if answer.status_code != 201:
                raise SystemExit(f"could not sign up {name}: {answer.text}")
            tokens.append({"X-Cardtable-Session": answer.json()["token"]})
        body = {"game": "karata", "name": f"{STEM}a", "kind": "correspondence",
                "turn_seconds": TURN_SECONDS}  # fmt: skip
        created = httpx2.post(f"{base}/api/rooms", json=body, headers=tokens[0], timeout=30)
        if created.status_code != 201:
            raise SystemExit(f"could not create the room: {created.text}")
        room = created.json()["room"]["id"]
        joined = httpx2.post(
            f"{base}/api/rooms/{room}/join", json={"name": f"{STEM}b"}, headers=tokens[1]
        )
        host = {"Authorization": f"Bearer {created.json()['host_token']}"}
        started = httpx2.post(f"{base}/api/rooms/{room}/start", headers=host, timeout=30)
        if joined.status_code != 200 or started.status_code != 200:
            raise SystemExit(f"could not start the match: {joined.text} {started.text}")
        deadline = time.monotonic() + 60
        while asyncio.run(count(url)).asleep != 1:
            if time.monotonic() > deadline:
                raise SystemExit("the template match did not fall asleep within 60 s")
            time.sleep(0.2)
    finally:
        stop_server(server)
    return asyncio.run(read_rows(url))


async def read_rows(url: str) -> Rows:
    async with await SqlStorage.open(url) as storage:
        return {
            table.name: [dict(row._mapping) for row in await storage.read(sa.select(table))]
            for table in TABLES
        }


# -- the copies --------------------------------------------------------------------------------


def fresh(secret: str) -> str:
    """A new secret shaped like ``secret`` (hex stays hex).

    >>> len(fresh("ab" * 32)), set(fresh("ab" * 32)) <= set("0123456789abcdef")
    (64, True)
    """
    if all(c in "0123456789abcdef" for c in secret):
        return secrets.token_hex(len(secret) // 2 + 1)[: len(secret)]
    return secrets.token_urlsafe(len(secret))[: len(secret)]


def copied(value: Any, names: dict[str, str], shift: float, key: str = "") -> Any:
    """``value`` for a copy: ids and usernames renamed (``names``: old to new, inside strings
    as well), secrets made anew, times (floats after 2001) moved back by ``shift``.

    >>> copied({"link": "#/room/R1", "at": 2e9, "seat": 0, "token_hash": None}, {"R1": "Q9"}, 5.0)
    {'link': '#/room/Q9', 'at': 1999999995.0, 'seat': 0, 'token_hash': None}
    """
    if isinstance(value, dict):
        return {k: copied(v, names, shift, k) for k, v in value.items()}
    if isinstance(value, list):
        return [copied(v, names, shift, key) for v in value]
    if isinstance(value, str):
        if key in KEPT:
            return value
        if key in FRESH:
            return fresh(value)
        for old, new in names.items():
            value = value.replace(old, new)
        return value
    if isinstance(value, float) and value > 1e9:
        return value - shift
    return value


def copies(template: Rows, count: int, wake: str, seed: int) -> Rows:
    """``count`` copies of the template's rows (the first is the template itself), each
    match's ``wake_at`` as ``wake`` says: ``asleep`` (as stored, moved back with the copy's
    times), ``awake`` (cleared), ``woken`` (a minute ago), ``none`` (the accounts only)."""
    pick = random.Random(seed)
    ids = [row["id"] for name in ("accounts", "rooms", "matches") for row in template[name]]
    rows: Rows = {table.name: [] for table in TABLES}
    now = time.time()
    for k in range(count):
        names = {old: fresh(old) for old in ids} if k else {}
        names[STEM] = f"s{k:06d}"
        shift = pick.uniform(0, SPREAD_SECONDS) if k else 0.0
        for table in TABLES:
            if wake == "none" and table is not accounts:
                continue
            for row in template[table.name]:
                new = copied(row, names, shift)
                if table is notifications:
                    del new["id"]  # the database numbers them
                if table is matches and wake != "asleep":
                    new["wake_at"] = None if wake == "awake" else now - 60
                rows[table.name].append(new)
    return rows


async def fill(url: str, rows: Rows) -> None:
    """Write ``rows`` into the (migrated) database at ``url``."""
    async with await SqlStorage.open(url) as storage:
        for table in TABLES:
            chunk = rows[table.name]
            for start in range(0, len(chunk), BATCH):
                async with storage.write() as connection:
                    await connection.execute(sa.insert(table), chunk[start : start + BATCH])
        if storage.engine.dialect.name == "postgresql":
            async with storage.write() as connection:  # as autovacuum would, soon
                await connection.execute(sa.text("ANALYZE"))


@dataclass(frozen=True, slots=True)
class Count:
    """The matches of a database, by state."""

    live: int
    asleep: int
    """Live, a wake time in the future, no lease."""
    leased: int


async def count(url: str) -> Count:
    """What the matches of the database at ``url`` are doing now."""
    m = matches.c
    live = m.status == "live"
    asleep = live & (m.wake_at > time.time()) & m.lease_owner.is_(None)
    query = sa.select(
        sa.func.count().filter(live),
        sa.func.count().filter(asleep),
        sa.func.count().filter(m.lease_owner.is_not(None)),
    )
    async with (
        await SqlStorage.open(url, migrate=False) as storage,
        storage.engine.connect() as connection,
    ):
        live_n, asleep_n, leased_n = (await connection.execute(query)).one()
    return Count(int(live_n), int(asleep_n), int(leased_n))


# -- PostgreSQL ----------------------------------------------------------------------------------


async def admin(base: str) -> Any:
    import asyncpg

    return await asyncpg.connect(base, timeout=3)


async def scratch_databases(base: str, names: Sequence[str]) -> dict[str, str] | None:
    """A new, empty database per name on the PostgreSQL server of ``base`` (their URLs), or
    ``None`` when it cannot be reached."""
    import asyncpg

    try:
        connection = await admin(base)
    except (OSError, asyncpg.PostgresError) as error:
        print(f"PostgreSQL skipped: {base} cannot be reached ({error})", flush=True)
        return None
    urls = {}
    try:
        for name in names:
            database = f"{SCRATCH}_{name}"
            await connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            await connection.execute(f'CREATE DATABASE "{database}"')
            parts = urlsplit(base)._replace(scheme="postgresql+asyncpg", path=f"/{database}")
            urls[name] = parts.geturl()
    finally:
        await connection.close()
    return urls


async def drop_databases(base: str, names: Sequence[str]) -> None:
    connection = await admin(base)
    try:
        for name in names:
            await connection.execute(f'DROP DATABASE IF EXISTS "{SCRATCH}_{name}" WITH (FORCE)')
    finally:
        await connection.close()


async def backends(base: str, url: str) -> list[int]:
    """The process ids of the PostgreSQL backends connected to ``url``'s database."""
    connection = await admin(base)
    try:
        rows = await connection.fetch(
            "SELECT pid FROM pg_stat_activity WHERE datname = $1", urlsplit(url).path[1:]
        )
    finally:
        await connection.close()
    return [int(row["pid"]) for row in rows]


# -- a process's figures -------------------------------------------------------------------------


def cpu_of(pid: int) -> float:
    """CPU seconds the process has used (0 for one that is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def memory_of(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak (``VmRSS``, ``VmHWM``), in MiB."""
    found = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                found[name] = int(value.split()[0]) / 1024
    return found["VmRSS"], found["VmHWM"]


def wait_quiet(pid: int, longest: float, ready: Callable[[], bool] = lambda: True) -> float:
    """Wait until ``ready()`` and the process is quiet, or ``longest`` seconds; the seconds
    that took."""
    began = time.monotonic()
    while time.monotonic() - began < longest:
        before = cpu_of(pid)
        time.sleep(QUIET_SECONDS)
        if cpu_of(pid) - before < QUIET_SHARE * QUIET_SECONDS and ready():
            return time.monotonic() - began
    print(f"  warning: process {pid} was still busy after {longest:.0f} s", flush=True)
    return time.monotonic() - began


@dataclass(slots=True)
class Served:
    """One measured server process and what was measured of it."""

    name: str
    url: str
    process: subprocess.Popen[bytes]
    log: Path
    matches: int
    settled: float = 0.0
    cpu: float = 0.0
    database_cpu: float | None = None
    rss: float = 0.0
    peak: float = 0.0
    alive: bool = False
    census: Count | None = None


def window(served: Sequence[Served], seconds: float, base: str | None) -> None:
    """Measure every process over the same ``seconds``."""
    pids = {s.name: s.process.pid for s in served}
    pg = {s.name: asyncio.run(backends(base, s.url)) for s in served} if base else {}
    before = {name: cpu_of(pid) for name, pid in pids.items()}
    pg_before = {name: {p: cpu_of(p) for p in found} for name, found in pg.items()}
    time.sleep(seconds)
    for s in served:
        s.cpu = cpu_of(s.process.pid) - before[s.name]
        s.rss, s.peak = memory_of(s.process.pid)
        s.alive = s.process.poll() is None
        if base is not None:  # a backend that came meanwhile counts from 0
            now = asyncio.run(backends(base, s.url))
            s.database_cpu = sum(cpu_of(p) - pg_before[s.name].get(p, 0.0) for p in now)


# -- the sweep -----------------------------------------------------------------------------------


def sweep_query(now: float) -> sa.Update:
    """The statement of :meth:`SqlStorage.acquire_leases` (for its plan)."""
    m = matches.c
    free = m.lease_owner.is_(None) | (m.lease_until <= now) | (m.lease_owner == SWEEP_OWNER)
    awake = m.wake_at.is_(None) | (m.wake_at <= now)
    return (
        sa.update(matches)
        .where((m.status == "live") & free & awake)
        .values(lease_owner=SWEEP_OWNER, lease_until=now + LEASE_SECONDS, wake_at=None)
        .returning(m.id)
    )


@dataclass(slots=True)
class Sweep:
    times: list[float] = field(default_factory=list)
    """Milliseconds a sweep took."""
    taken: int = 0
    plan: str = ""


async def time_sweeps(url: str, rounds: int, *, index: bool = False) -> Sweep:
    """Time the runner's sweep (``acquire_leases``) ``rounds`` times after 3 to warm up
    (``index``: with an index on ``matches (status, wake_at)`` made first, dropped after)."""
    result = Sweep()
    async with await SqlStorage.open(url, migrate=False) as storage:
        postgres = storage.engine.dialect.name == "postgresql"
        if index:
            async with storage.write() as connection:
                await connection.execute(
                    sa.text("CREATE INDEX bench_status_wake ON matches (status, wake_at)")
                )
                if postgres:
                    await connection.execute(sa.text("ANALYZE matches"))
        try:
            # Leases a stopped server left are taken over first (an hour on), then renewed.
            await storage.acquire_leases(SWEEP_OWNER, time.time() + 3600, time.time() + 3600)
            for number in range(rounds + 3):
                now = time.time()
                began = time.perf_counter()
                held = await storage.acquire_leases(SWEEP_OWNER, now, now + LEASE_SECONDS)
                if number >= 3:
                    result.times.append(1000 * (time.perf_counter() - began))
                result.taken = len(held)
            compiled = sweep_query(time.time()).compile(
                dialect=storage.engine.dialect, compile_kwargs={"literal_binds": True}
            )
            explain = "EXPLAIN" if postgres else "EXPLAIN QUERY PLAN"
            async with storage.engine.connect() as connection:
                lines = (await connection.execute(sa.text(f"{explain} {compiled}"))).all()
            result.plan = "\n".join(str(line[-1]) for line in lines)
        finally:
            if index:
                async with storage.write() as connection:
                    await connection.execute(sa.text("DROP INDEX bench_status_wake"))
    return result


# -- a database's run ----------------------------------------------------------------------------


@dataclass(slots=True)
class Result:
    """What one database's run measured."""

    setup: str
    served: dict[str, Served] = field(default_factory=dict)
    woken_seconds: float | None = None
    woken_cpu: float = 0.0
    """The woken process's CPU from its start, start-up included."""
    answering_cpu: float = 0.0
    """The CPU the process with no match had used when it first answered (its start-up)."""
    woken_rss: float = 0.0
    woken_peak: float = 0.0
    woken: Count | None = None
    sweeps: dict[str, Sweep] = field(default_factory=dict)
    tracebacks: dict[str, int] = field(default_factory=dict)
    """By process (``none``, ``asleep``, ``awake``, ``woken``)."""
    failures: list[str] = field(default_factory=list)


def run_setup(
    setup: str, urls: dict[str, str], template: Rows, args: argparse.Namespace, folder: Path
) -> Result:
    result = Result(setup)
    n, awake_n = args.matches, args.awake
    plans = {"none": (n, "none"), "asleep": (n, "asleep"), "awake": (awake_n, "awake"),
             "woken": (n, "woken")}  # fmt: skip
    began = time.monotonic()
    for name, (size, wake) in plans.items():
        asyncio.run(fill(urls[name], copies(template, size, wake, args.seed)))
    print(f"  4 databases filled in {time.monotonic() - began:.1f} s", flush=True)
    base = args.postgres if setup == "postgres" else None
    logs = {name: folder / f"{setup}-{name}.log" for name in plans}
    served = result.served
    try:
        for name, label, size in (("none", "0 matches", 0), ("asleep", f"{n:,} asleep", n),
                                  ("awake", f"{awake_n:,} held awake", awake_n)):  # fmt: skip
            process = launch(urls[name], logs[name], sleeping=name != "awake")
            if name == "none":
                result.answering_cpu = cpu_of(process.pid)
            served[name] = Served(label, urls[name], process, logs[name], size)
        for name, s in served.items():
            if name == "awake":
                s.settled = wait_quiet(
                    s.process.pid,
                    args.settle,
                    lambda: asyncio.run(count(urls["awake"])).leased == awake_n,
                )
            else:
                s.settled = wait_quiet(s.process.pid, args.settle)
            print(f"  {s.name}: quiet {s.settled:.0f} s after it answered", flush=True)
        print(f"  measuring the three side by side for {args.window:g} s", flush=True)
        window(list(served.values()), args.window, base)
        for s in served.values():
            s.census = asyncio.run(count(s.url))
    finally:
        for s in served.values():
            stop_server(s.process)
    woken = launch(urls["woken"], logs["woken"])
    try:
        began = time.monotonic()
        while time.monotonic() - began < args.settle:
            if asyncio.run(count(urls["woken"])).asleep == n:
                result.woken_seconds = time.monotonic() - began
                break
            time.sleep(0.5)
        result.woken_cpu = cpu_of(woken.pid)
        result.woken_rss, result.woken_peak = memory_of(woken.pid)
        result.woken = asyncio.run(count(urls["woken"]))
    finally:
        stop_server(woken)
    label = "woken" if result.woken_seconds is None else f"{result.woken_seconds:.0f} s"
    print(f"  {n:,} woken at once: asleep again after {label}", flush=True)
    rounds = args.sweeps
    result.sweeps = {
        "none": asyncio.run(time_sweeps(urls["none"], rounds)),
        "asleep": asyncio.run(time_sweeps(urls["asleep"], rounds)),
        "indexed": asyncio.run(time_sweeps(urls["asleep"], rounds, index=True)),
        "awake": asyncio.run(time_sweeps(urls["awake"], rounds)),
    }
    for name, log in logs.items():
        text = log.read_text(errors="replace")
        found = text.count("Traceback")
        result.tracebacks[name] = found
        if found:
            first = text.index("Traceback")
            print(f"  {found} traceback(s) in the log of {name}, the first:", flush=True)
            print(text[max(0, first - 300) : first + 3000], flush=True)
    check(result, n, awake_n)
    return result


def check(result: Result, n: int, awake_n: int) -> None:
    """Note every honest fact that does not hold."""
    failures = result.failures
    asleep = result.served["asleep"].census
    if asleep is None or (asleep.live, asleep.asleep, asleep.leased) != (n, n, 0):
        failures.append(f"the sleeping matches at the end of the window: {asleep}")
    if not all(s.alive for s in result.served.values()):
        failures.append("a server process died during the window")
    held = result.served["awake"].census
    if held is None or held.leased != awake_n:
        failures.append(f"the held-awake process's leases: {held}")
    if result.woken is None or (result.woken.live, result.woken.asleep) != (n, n):
        failures.append(f"the woken matches did not all sleep again: {result.woken}")
    if result.sweeps["asleep"].taken or result.sweeps["indexed"].taken:
        failures.append("a sweep took the lease of a sleeping match")
    if result.sweeps["awake"].taken != awake_n:
        failures.append(f"the sweep over awake matches renewed {result.sweeps['awake'].taken}")
    quiet = result.tracebacks.get("none", 0) + result.tracebacks.get("asleep", 0)
    if quiet:
        failures.append(f"{quiet} traceback(s) in the idle servers' logs")


# -- the report ----------------------------------------------------------------------------------


def ratio(value: float, base: float) -> str:
    return f"{value / base:,.2f}x" if base > 0 else "n/a"


def ms(times: list[float]) -> str:
    return f"{statistics.median(times):,.2f} ms (best {min(times):,.2f})"


def report(result: Result, args: argparse.Namespace) -> str:
    none, asleep, awake = (result.served[k] for k in ("none", "asleep", "awake"))
    n, cores = args.matches, multiprocessing.cpu_count()

    def cpu(s: Served) -> str:
        return f"{1000 * s.cpu:,.0f} ms ({100 * s.cpu / args.window:.2f}% of a core)"

    lines = [
        f"| measure ({SETUPS[result.setup]}) | {none.name} | {asleep.name} | ratio "
        f"| {awake.name} | ratio |",
        "|---|---:|---:|---:|---:|---:|",
        f"| server memory (VmRSS) at the end of the window | {none.rss:,.1f} MiB | "
        f"{asleep.rss:,.1f} MiB | {ratio(asleep.rss, none.rss)} | {awake.rss:,.1f} MiB | "
        f"{ratio(awake.rss, none.rss)} |",
        f"| memory above 0 matches, per match | | "
        f"{1024 * (asleep.rss - none.rss) / n:,.2f} KiB | | "
        f"{1024 * (awake.rss - none.rss) / max(1, awake.matches):,.2f} KiB | |",
        f"| server memory at its peak (VmHWM) | {none.peak:,.1f} MiB | {asleep.peak:,.1f} MiB | "
        f"{ratio(asleep.peak, none.peak)} | {awake.peak:,.1f} MiB | "
        f"{ratio(awake.peak, none.peak)} |",
        f"| server CPU over the {args.window:g} s window | {cpu(none)} | {cpu(asleep)} | "
        f"{ratio(asleep.cpu, none.cpu)} | {cpu(awake)} | {ratio(awake.cpu, none.cpu)} |",
    ]
    if none.database_cpu is not None and asleep.database_cpu is not None:
        db = [s.database_cpu or 0.0 for s in (none, asleep, awake)]
        lines.append(
            f"| its PostgreSQL backends' CPU over the window | {1000 * db[0]:,.0f} ms | "
            f"{1000 * db[1]:,.0f} ms | {ratio(db[1], db[0])} | {1000 * db[2]:,.0f} ms | "
            f"{ratio(db[2], db[0])} |"
        )
    leases = [s.census.leased if s.census else 0 for s in (none, asleep, awake)]
    lines.append(f"| leases the process holds | {leases[0]:,} | {leases[1]:,} | | "
                 f"{leases[2]:,} | |")  # fmt: skip
    sweeps = result.sweeps
    base_sweep = statistics.median(sweeps["none"].times)

    def against(name: str) -> str:
        return ratio(statistics.median(sweeps[name].times), base_sweep)

    lines += [
        f"| one sweep's UPDATE, median (best) of {args.sweeps} | {ms(sweeps['none'].times)} | "
        f"{ms(sweeps['asleep'].times)} | {against('asleep')} | {ms(sweeps['awake'].times)}, "
        f"renewing {sweeps['awake'].taken:,} leases | {against('awake')} |",
        f"| the same sweep with an index on matches (status, wake_at) | | "
        f"{ms(sweeps['indexed'].times)} | {against('indexed')} | | |",
    ]
    settled = f"{none.settled:.0f} s | {asleep.settled:.0f} s | | {awake.settled:.0f} s |"
    lines.append(f"| quiet after it answered (sweeps every {LEASE_SECONDS / 3:g} s) | {settled} |")
    woken = (
        "did not all sleep again"
        if result.woken_seconds is None
        else f"asleep again after {result.woken_seconds:,.0f} s"
    )
    lines += [
        "",
        f"All {n:,} woken at once (`wake_at` a minute ago, the real server): {woken}, "
        f"{result.woken_cpu:,.1f} s of the server's CPU from its start (the process with no "
        f"match had used {result.answering_cpu:,.1f} s when it first answered), "
        f"memory then {result.woken_rss:,.1f} MiB (peak {result.woken_peak:,.1f} MiB). "
        f"Machine: {cores} cores.",
        "",
        "Checked:",
        "",
        "| fact | found |",
        "|---|---|",
        f"| matches live, asleep and unleased at the end of the window | "
        f"{asleep.census.asleep if asleep.census else 0:,} of {n:,} |",
        f"| server processes alive at the end of the window | "
        f"{sum(s.alive for s in result.served.values())} of {len(result.served)} |",
        f"| leases the held-awake process holds | {leases[2]:,} of {awake.matches:,} |",
        f"| woken matches asleep again | {result.woken.asleep if result.woken else 0:,} of {n:,} |",
        f"| leases a sweep takes among the sleeping matches | {sweeps['asleep'].taken} |",
        "| tracebacks in the logs of the processes with 0 and with sleeping matches | "
        f"{result.tracebacks['none'] + result.tracebacks['asleep'] or 'none'} |",
        "| tracebacks in the logs of the held-awake and the woken process (reported, not "
        f"checked) | {result.tracebacks['awake']:,} and {result.tracebacks['woken']:,} |",
        "",
        "The sweep's plan over the sleeping matches, then with the index:",
        "",
        *(f"    {line}" for line in sweeps["asleep"].plan.splitlines()),
        "",
        *(f"    {line}" for line in sweeps["indexed"].plan.splitlines()),
    ]
    return "\n".join(lines)


# -- the never-sleeping server ---------------------------------------------------------------------


def never_sleep(arguments: list[str]) -> None:
    """``cardtable`` with ``arguments``, in a process whose matches never sleep: storage never
    answers a call to put one to sleep, so each driver stays as every timed match's driver
    waited before matches slept: a task, its two fan-out subscriptions, a lease renewed by
    every sweep (see the module's docstring). (A refusal would not do: a driver whose match
    would not sleep looks at it again a second later, taking it to have moved on.)"""
    from cardtable.cli.app import main as cardtable

    async def refuse(
        self: SqlStorage, match_id: str, owner: str, version: int, until: float
    ) -> bool:
        await asyncio.Event().wait()  # until the server stops
        return False

    SqlStorage.sleep = refuse  # type: ignore[method-assign]
    sys.argv = ["cardtable", *arguments]
    cardtable()


def terminated(number: int, frame: object) -> None:
    raise SystemExit(f"stopped by signal {number}")


def main() -> None:
    if sys.argv[1:2] == [NEVER_SLEEP]:
        never_sleep(sys.argv[2:])
        return
    signal.signal(signal.SIGTERM, terminated)  # the servers are stopped on the way out
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000, help="sleeping matches (N)")
    parser.add_argument(
        "--awake", type=int, help="matches held awake for contrast (default: as many)"
    )
    parser.add_argument("--window", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--sweeps", type=int, default=50, help="sweeps timed per database")
    parser.add_argument(
        "--databases", default="sqlite,postgres", help=f"comma-separated, of: {', '.join(SETUPS)}"
    )
    parser.add_argument(
        "--postgres",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="a PostgreSQL server where scratch databases may be made",
    )
    parser.add_argument(
        "--settle", type=float, default=SETTLE_SECONDS, help="longest wait for a process"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="300 matches, 5 s, SQLite only")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.window, args.sweeps, args.databases = 300, 5.0, 10, "sqlite"
        args.settle = 60.0
    if args.awake is None:
        args.awake = args.matches
    if args.matches < 1 or args.awake < 1:
        parser.error("--matches and --awake must be at least 1")
    setups = [name.strip() for name in args.databases.split(",") if name.strip()]
    unknown = sorted(set(setups) - set(SETUPS))
    if unknown:
        parser.error(f"unknown database(s): {', '.join(unknown)}")
    names = ("none", "asleep", "awake", "woken")
    results = []
    with tempfile.TemporaryDirectory(prefix="cardtable-sleeping-") as scratch:
        folder = Path(scratch)
        print("the template match, through a real server:", flush=True)
        template = make_template(folder)
        for setup in setups:
            print(f"{SETUPS[setup]}:", flush=True)
            if setup == "sqlite":
                urls = {name: f"sqlite+aiosqlite:///{folder / f'{name}.db'}" for name in names}
            else:
                found = asyncio.run(scratch_databases(args.postgres, names))
                if found is None:
                    continue
                urls = found
            try:
                results.append(run_setup(setup, urls, template, args, folder))
            except BaseException:
                for log in sorted(folder.glob(f"{setup}-*.log")):
                    print(f"--- {log.name}:\n{log.read_text(errors='replace')[-3000:]}")
                raise
            finally:
                if setup == "postgres":
                    asyncio.run(drop_databases(args.postgres, names))
                else:
                    for name in names:
                        for path in folder.glob(f"{name}.db*"):
                            path.unlink()
    print(
        f"\n{args.matches:,} correspondence matches of Karata, each waiting for a person "
        f"(a deadline of {TURN_SECONDS // 86400} days a turn), against none, and "
        f"{args.awake:,} held awake:\n"
    )
    for result in results:
        print(report(result, args))
        print()
    command = " ".join(["python benchmarks/sleeping_matches.py", *sys.argv[1:]])
    print(f"(measured with `{command}`)")
    failures = [f"{SETUPS[r.setup]}: {failure}" for r in results for failure in r.failures]
    if failures:
        raise SystemExit("\n".join(["Not as it should be:", *failures]))


if __name__ == "__main__":
    main()
