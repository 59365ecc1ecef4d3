"""The matchmaking queue over the real protocol: people arrive over time, each holding the
personal channel of a real ``cardtable serve`` process, queue for a rated match, confirm the
table found for them, and are seated; how long they waited, how far apart in rating their
tables are, and how close to 50% the predicted win chances of two-player tables come.

    python benchmarks/matchmaking_server.py            # 300 people (about 3 minutes)
    python benchmarks/matchmaking_server.py --quick    # 24 people, for CI

The people are accounts stored straight in the server's database (with sessions and all-time
ratings drawn as the ladder spreads them: mu around 1500, sd 250; sigma 100 to 350), a
quarter of them queueing at tables of four (Karata ``standard-4``), the rest at tables of two
(the Kata TCG); 40% let a computer player fill their table after 30 seconds. They arrive at
random (Poisson) at ``--rate`` a second. The same people, the same arrivals, are then put
through the pairing rule alone (``benchmarks/matchmaking.py``'s library-call simulation, one
sweep a second), so that the two can be compared side by side: what the real server adds is
its sweep's timing, the confirmations and the room it makes.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import secrets
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx2
import sqlalchemy as sa
from websockets.asyncio.client import connect

from cardtable.protocol.personal import PERSONAL_VERSION
from cardtable.ratings.computers import computer_players
from cardtable.ratings.pairing import Seeker
from cardtable.ratings.scale import Standing, win_chance
from cardtable.server.accounts.tables import accounts, sessions
from cardtable.server.ratings.tables import ratings
from cardtable.server.storage import SqlStorage
from server_process import HOST, free_port, percentile, start_server, stop_server

HEADER = "X-Cardtable-Session"
QUEUES = {2: ("tcg", "standard"), 4: ("karata", "standard-4")}
GIVE_UP_SECONDS = 240.0
"""How long a person waits to be seated before the benchmark counts them unseated (the quick
form: :data:`QUICK_GIVE_UP_SECONDS`, everyone letting computer players fill their table after
10 seconds)."""
QUICK_GIVE_UP_SECONDS = 45.0


@dataclass(frozen=True, slots=True)
class Person:
    index: int
    token: str
    standing: Standing
    seats: int
    computer_after: int | None
    arrives: float
    """Seconds after the start."""


@dataclass(slots=True)
class Seated:
    person: int
    waited: float
    room: str


def people(
    count: int, rate: float, seed: int, *, computers_after: int | None = None
) -> list[Person]:
    """``count`` people arriving at ``rate`` a second; with ``computers_after``, every one of
    them lets computer players fill their table after that many seconds."""
    rng = random.Random(seed)
    at = 0.0
    found = []
    for index in range(count):
        at += rng.expovariate(rate)
        standing = Standing(mu=rng.gauss(1500, 250), sigma=rng.uniform(100, 350), matches=20)
        found.append(
            Person(
                index=index,
                token=secrets.token_urlsafe(32),
                standing=standing,
                seats=4 if rng.random() < 0.25 else 2,
                computer_after=computers_after or (30 if rng.random() < 0.4 else None),
                arrives=at,
            )
        )
    return found


async def fill(url: str, crowd: list[Person]) -> None:
    """Accounts, sessions and all-time ratings, as the server's own tables hold them."""
    now = time.time()
    async with await SqlStorage.open(url) as storage, storage.write() as connection:
        await connection.execute(
            sa.insert(accounts),
            [{"id": f"mm-{p.index}", "username": f"mm{p.index:05d}",
              "username_key": f"mm{p.index:05d}", "display_name": f"Player {p.index}",
              "password_hash": "x", "created_at": now, "updated_at": now} for p in crowd],
        )  # fmt: skip
        await connection.execute(
            sa.insert(sessions),
            [{"token_hash": hashlib.sha256(p.token.encode()).hexdigest(),
              "account_id": f"mm-{p.index}", "created_at": now, "last_used_at": now,
              "expires_at": now + 86_400} for p in crowd],
        )  # fmt: skip
        await connection.execute(
            sa.insert(ratings),
            [{"account_id": f"mm-{p.index}", "game": QUEUES[p.seats][0],
              "rated": QUEUES[p.seats][1], "season": 0, "mu": p.standing.mu,
              "sigma": p.standing.sigma, "shown": p.standing.shown,
              "matches": p.standing.matches, "updated_at": now} for p in crowd],
        )  # fmt: skip


async def play(
    base: str, person: Person, start: float, http: httpx2.AsyncClient, give_up: float
) -> Seated | None:
    """One person: arrive, hold the personal channel, queue, confirm; seated or not."""
    await asyncio.sleep(max(0.0, start + person.arrives - time.monotonic()))
    headers = {HEADER: person.token}
    ws = base.replace("http://", "ws://") + "/ws/me"
    async with connect(ws, additional_headers={**headers, "Origin": base}) as channel:
        await channel.send(json.dumps({"type": "hello", "version": PERSONAL_VERSION}))
        game, rated = QUEUES[person.seats]
        body = {"game": game, "rated": rated, "computer_after": person.computer_after}
        joined = time.monotonic()
        answer = await http.post(f"{base}/api/matchmaking/queue", json=body, headers=headers)
        if answer.status_code != 201:
            raise SystemExit(f"queueing was refused: {answer.text}")
        deadline = joined + give_up
        confirmed: set[str] = set()
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(channel.recv(), deadline - time.monotonic())
            except TimeoutError:
                break
            message = json.loads(raw)
            if message.get("type") != "matchmaking":
                continue
            queue = message["queue"]
            if queue["state"] == "matched":
                return Seated(person.index, time.monotonic() - joined, queue["room"])
            proposal = queue.get("proposal")
            if queue["state"] == "proposed" and proposal and proposal["id"] not in confirmed:
                confirmed.add(proposal["id"])
                at = f"{base}/api/matchmaking/proposals/{proposal['id']}/confirm"
                done = await http.post(at, headers=headers)
                if done.status_code == 200 and done.json()["state"] == "matched":
                    return Seated(person.index, time.monotonic() - joined, done.json()["room"])
    return None


async def run_crowd(base: str, crowd: list[Person], give_up: float) -> list[Seated | None]:
    limits = httpx2.Limits(max_connections=64)
    async with httpx2.AsyncClient(timeout=30, limits=limits) as http:
        start = time.monotonic()
        return list(await asyncio.gather(*(play(base, p, start, http, give_up) for p in crowd)))


def report(crowd: list[Person], seated: list[Seated | None], library: dict[int, str]) -> str:
    by_room: dict[str, list[Person]] = {}
    for found in seated:
        if found is not None:
            by_room.setdefault(found.room, []).append(crowd[found.person])
    lines = [
        "| seats | people | seated | wait p50 | wait p95 | spread p50 | spread p95 "
        "| \\|win chance - 0.5\\| | the rule alone: wait p50, p95, \\|win chance - 0.5\\| |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for seats in sorted(QUEUES):
        mine = [p for p in crowd if p.seats == seats]
        waits = [s.waited for s in seated if s is not None and crowd[s.person].seats == seats]
        tables = [t for t in by_room.values() if t[0].seats == seats]
        spreads = [
            max(p.standing.mu for p in t) - min(p.standing.mu for p in t)
            for t in tables
            if len(t) > 1
        ]
        chances = [
            abs(win_chance(t[0].standing, t[1].standing) - 0.5) for t in tables if len(t) == 2
        ]
        chance = f"{statistics.fmean(chances):.3f}" if chances else ""
        lines.append(
            f"| {seats} | {len(mine)} | {len(waits)} | {_s(waits, 0.5)} | {_s(waits, 0.95)} "
            f"| {_n(spreads, 0.5)} | {_n(spreads, 0.95)} | {chance} | {library[seats]} |"
        )
    return "\n".join(lines)


def _s(values: list[float], share: float) -> str:
    return f"{percentile(values, share):.1f} s" if values else "-"


def _n(values: list[float], share: float) -> str:
    return f"{percentile(values, share):,.0f}" if values else "-"


def rule_alone(crowd: list[Person], rate: float) -> dict[int, str]:
    """The same people through the pairing rule alone (one sweep a second, the computer
    players of the queue's rated ruleset): its waits are to the table's proposal."""
    from matchmaking import queue_of

    found: dict[int, str] = {}
    for seats, (game, rated) in sorted(QUEUES.items()):
        seekers = [
            Seeker(p.index, p.standing, joined=p.arrives, computer_after=p.computer_after)
            for p in crowd
            if p.seats == seats
        ]
        outcome = queue_of(seats, seekers, rate, computer_players(game, rated))
        waits = outcome.waits
        chances = f"{statistics.fmean(outcome.distances):.3f}" if outcome.distances else "-"
        found[seats] = f"{_s(waits, 0.5)}, {_s(waits, 0.95)}, {chances}"
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="24 people, quickly (CI)")
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--rate", type=float, default=2.0, help="arrivals a second")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    count, rate = (24, 8.0) if args.quick else (args.people, args.rate)
    give_up = QUICK_GIVE_UP_SECONDS if args.quick else GIVE_UP_SECONDS
    crowd = people(count, rate, args.seed, computers_after=10 if args.quick else None)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{folder}/cardtable.db"
        asyncio.run(_migrate(url))
        asyncio.run(fill(url, crowd))
        port = free_port()
        server = start_server(port, Path(folder) / "serve.log", ["--database", url])
        began = time.monotonic()
        try:
            seated = asyncio.run(run_crowd(f"http://{HOST}:{port}", crowd, give_up))
        finally:
            stop_server(server)
        took = time.monotonic() - began
        log = (Path(folder) / "serve.log").read_text(encoding="utf-8", errors="replace")
    print(
        f"Matchmaking over the protocol: {count} people arriving at {rate:g} a second "
        f"(seed {args.seed}), one server process on SQLite; {took:.0f} s. Spread: mu at "
        "tables of people. |win chance - 0.5|: tables of two people."
    )
    print()
    print(report(crowd, seated, rule_alone(crowd, rate)))
    print()
    print(f"tracebacks in the server's log: {log.count('Traceback')}")
    return 0


async def _migrate(url: str) -> None:
    async with await SqlStorage.open(url):
        pass


if __name__ == "__main__":
    sys.exit(main())
