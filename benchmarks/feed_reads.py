"""Feed reads: a page of 50 items for a person with 500 friends, among 100,000 activity rows.

    .venv/bin/python benchmarks/feed_reads.py                # SQLite and PostgreSQL
    .venv/bin/python benchmarks/feed_reads.py --quick        # small, SQLite only: it runs
    .venv/bin/python benchmarks/feed_reads.py --postgres postgresql://postgres@127.0.0.1/postgres
    .venv/bin/python benchmarks/feed_reads.py --plans in,lateral --reads 200

It builds a database of each backend (migrated as a server does): ``--people`` accounts
(2,000), the reader friends with ``--friends`` of them (500), and ``--rows`` activity rows
(100,000) made by everyone in turn in a random order, so that a fifth to a quarter of the rows
are the reader's friends' and their ids are interleaved with the others', as a live server's
are. It then reads the feed as the server's route does (:meth:`~cardtable.server.feed.service.
Feed.feed`: the friends who show their activity, a page of 51 to know whether there is a
next, the page's names) ``--reads`` times: the first page, and a page from a cursor taken at
random among the friends' rows (the deep pages a person scrolls to). p50 and p99 of each, in
milliseconds, one reader at a time (no concurrency: the query's own cost).

Each page is read with every plan of :func:`~cardtable.server.feed.store.page_query` given to
``--plans`` (``in``, ``union``, ``lateral``: all three unless told; ``lateral`` on PostgreSQL
only), the plans taking turns on the same cursors so that their ratio is honest, after checking
that they return the same rows; ``(chosen)`` marks the database's
:func:`~cardtable.server.feed.store.default_plan`.

PostgreSQL is measured in a scratch database ``cardtable_feed_bench`` made on the server of
``--postgres`` (``ANALYZE`` run after loading, as autovacuum would); it is skipped, saying so,
when that server cannot be reached.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

from cardtable.server.accounts.tables import accounts
from cardtable.server.feed.service import Feed
from cardtable.server.feed.store import PLANS, FeedStore, Plan, default_plan, page_query
from cardtable.server.feed.tables import activity
from cardtable.server.friends.tables import friends
from cardtable.server.storage import SqlStorage
from scratch import drop_database, scratch_database

PAGE = 50
SCRATCH = "cardtable_feed_bench"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def load(storage: SqlStorage, people: int, friend_count: int, rows: int, seed: int) -> str:
    """Fill the database; the reader's id."""
    ids = [f"acct{n:06d}" for n in range(people)]
    async with storage.write() as connection:
        await connection.execute(
            sa.insert(accounts),
            [
                {
                    "id": i,
                    "username": i,
                    "username_key": i,
                    "display_name": i.title(),
                    "password_hash": "x",
                    "created_at": 0.0,
                    "updated_at": 0.0,
                }
                for i in ids
            ],
        )
        reader, pals = ids[0], ids[1 : friend_count + 1]
        pairs = [(reader, pal) for pal in pals] + [(pal, reader) for pal in pals]
        await connection.execute(
            sa.insert(friends),
            [{"account_id": a, "other_id": b, "state": "friend", "since": 0.0} for a, b in pairs],
        )
    shuffle = random.Random(seed)
    batch = 5_000
    for start in range(0, rows, batch):
        async with storage.write() as connection:
            await connection.execute(
                sa.insert(activity),
                [
                    {
                        "account_id": ids[1 + shuffle.randrange(people - 1)],
                        "kind": "match_finished",
                        "data": {
                            "game": "war",
                            "title": "War",
                            "match": f"m{n}",
                            "seat": 0,
                            "result": "won",
                            "opponents": ["Random"],
                            "link": f"#/replay/m{n}",
                        },
                        "created_at": float(n),
                    }
                    for n in range(start, min(rows, start + batch))
                ],
            )
    return reader


async def measure(url: str, args: argparse.Namespace, postgres: bool) -> list[str]:
    async with await SqlStorage.open(url) as storage:
        began = time.perf_counter()
        reader = await load(storage, args.people, args.friends, args.rows, args.seed)
        if postgres:
            async with storage.write() as connection:
                await connection.execute(sa.text("ANALYZE"))
        loaded = time.perf_counter() - began
        dialect = storage.engine.dialect.name
        plans = [plan for plan in args.plans if postgres or plan != "lateral"]
        feeds = {
            plan: Feed(FeedStore.of(storage, plan), storage, lambda: None)  # type: ignore[arg-type,return-value]
            for plan in plans
        }
        pals = await FeedStore.of(storage).visible_friends(reader)
        theirs = [
            row.id
            for row in await storage.read(
                sa.select(activity.c.id).where(activity.c.account_id.in_(pals))
            )
        ]
        pick = random.Random(args.seed + 1)
        cursors = {
            "first page": [None] * args.reads,
            "deep page": [pick.choice(theirs) for _ in range(args.reads)],
        }
        results = []
        for name, befores in cursors.items():
            for before in befores[:20]:  # the plans read the same rows
                pages = [await feed.feed(reader, before, PAGE + 1) for feed in feeds.values()]
                assert all(page == pages[0] for page in pages), f"plans differ before {before}"
            for feed in feeds.values():
                for before in befores[-20:]:  # warm the caches
                    await feed.feed(reader, before, PAGE + 1)
            times: dict[str, list[float]] = {plan: [] for plan in feeds}
            for before in befores:  # the plans in turn, on the same cursors
                for plan, feed in feeds.items():
                    start = time.perf_counter()
                    page = await feed.feed(reader, before, PAGE + 1)
                    times[plan].append((time.perf_counter() - start) * 1000)
                    assert page
                    assert all(row.account_id in pals for row in page)
            for plan, taken in times.items():
                chosen = " (chosen)" if plan == default_plan(dialect) else ""
                results.append(
                    f"  {name:<10}  {plan:<7}  p50 {statistics.median(taken):6.2f} ms   "
                    f"p99 {percentile(taken, 0.99):6.2f} ms   ({args.reads} reads){chosen}"
                )
        head = (
            f"{'PostgreSQL' if postgres else 'SQLite'}: {args.people} people, reader with "
            f"{len(pals)} friends, {args.rows} rows ({len(theirs)} of the friends'), "
            f"loaded in {loaded:.1f} s"
        )
        lines = [head, *results]
        for plan in plans:
            lines.append(f"  plan of the page's query, {plan}:")
            lines.extend(await explain(storage, plan, pals, theirs[len(theirs) // 2], postgres))
        return lines


async def explain(
    storage: SqlStorage, plan: Plan, pals: list[str], before: int, postgres: bool
) -> list[str]:
    """How the database reads a page (the statement :meth:`FeedStore.page` makes)."""
    query = page_query(plan, sorted(pals), before, PAGE + 1)
    async with storage.write() as connection:
        compiled = query.compile(connection.engine, compile_kwargs={"literal_binds": True})
        found = await connection.execute(
            sa.text(("EXPLAIN " if postgres else "EXPLAIN QUERY PLAN ") + str(compiled))
        )
        lines = [" ".join(str(part) for part in row[-1:]) for row in found]
    if len(lines) > 12:  # a union's 500 branches read alike
        lines = [*lines[:8], f"... ({len(lines) - 12} more)", *lines[-4:]]
    return ["    " + (line if len(line) <= 110 else line[:107] + "...") for line in lines]


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'feed.db'}"
        print("\n".join(await measure(url, args, postgres=False)))
    if args.quick or args.no_postgres:
        return
    found = await scratch_database(args.postgres, SCRATCH)
    if found is None:
        return
    try:
        print("\n".join(await measure(found, args, postgres=True)))
    finally:
        await drop_database(args.postgres, SCRATCH)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small, SQLite only: that it runs")
    parser.add_argument("--people", type=int, default=2_000)
    parser.add_argument("--friends", type=int, default=500)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--reads", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    parser.add_argument(
        "--plans",
        type=lambda text: [plan for plan in text.split(",") if plan],
        default=list(PLANS),
        help=f"the plans to compare, in turn on the same cursors ({','.join(PLANS)}; lateral "
        "is PostgreSQL's only)",
    )
    parser.add_argument(
        "--postgres",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="a PostgreSQL server where a scratch database may be made",
    )
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.people, arguments.friends = 100, 20
        arguments.rows, arguments.reads = 2_000, 20
    asyncio.run(main(arguments))
