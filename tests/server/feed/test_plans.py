"""The feed's page plans (``in``, ``union``, and PostgreSQL's ``lateral``) read the same rows in
the same order on each database: the newest first, below the cursor, none twice and none
skipped, paging through to the oldest; and each database's default plan is one of them."""

from __future__ import annotations

import random

import pytest
import sqlalchemy as sa

from cardtable.server.accounts.tables import accounts
from cardtable.server.feed.store import PLANS, FeedStore, default_plan
from cardtable.server.feed.tables import activity
from cardtable.server.storage import SqlStorage
from tests.server.conftest import database_url, postgres_url, sqlite_url

__all__ = ["database_url", "postgres_url", "sqlite_url"]

pytestmark = pytest.mark.anyio

PEOPLE = [f"p{n:02d}" for n in range(12)]


async def filled(storage: SqlStorage) -> list[tuple[int, str]]:
    """Accounts and 300 rows of theirs in a shuffled order; every ``(id, account)``."""
    async with storage.write() as connection:
        await connection.execute(
            sa.insert(accounts),
            [
                {
                    "id": who,
                    "username": who,
                    "username_key": who,
                    "display_name": who.upper(),
                    "password_hash": "x",
                    "created_at": 0.0,
                    "updated_at": 0.0,
                }
                for who in PEOPLE
            ],
        )
        shuffle = random.Random(3)
        makers = [shuffle.choice(PEOPLE[:9]) for _ in range(300)]  # the last three made none
        await connection.execute(
            sa.insert(activity),
            [
                {"account_id": who, "kind": "friends", "data": {"n": n}, "created_at": float(n)}
                for n, who in enumerate(makers)
            ],
        )
    found = await storage.read(sa.select(activity.c.id, activity.c.account_id))
    return [(row.id, row.account_id) for row in found]


async def test_every_plan_reads_the_same_pages(database_url: str) -> None:
    async with await SqlStorage.open(database_url) as storage:
        rows = await filled(storage)
        dialect = storage.engine.dialect.name
        plans = [plan for plan in PLANS if dialect == "postgresql" or plan != "lateral"]
        assert default_plan(dialect) in plans
        stores = {plan: FeedStore.of(storage, plan) for plan in plans}
        pick = random.Random(5)
        groups = [
            PEOPLE[:1], PEOPLE[2:4], PEOPLE[1:9:2], PEOPLE[::3], PEOPLE, PEOPLE[9:], PEOPLE[8:11]
        ]  # fmt: skip
        cursors = [None, 1, 2, *pick.sample([row_id for row_id, _ in rows], 8), 10**6]
        for group in groups:
            theirs = sorted((row_id for row_id, who in rows if who in group), reverse=True)
            for before in cursors:
                for limit in (1, 7, 51):
                    wanted = [i for i in theirs if before is None or i < before][:limit]
                    for plan, store in stores.items():
                        page = await store.page(group, before, limit)
                        assert [row.id for row in page] == wanted, (plan, group, before, limit)
            for plan, store in stores.items():  # paging through, as a reader does
                seen: list[int] = []
                cursor: int | None = None
                while page := await store.page(group, cursor, 13):
                    seen.extend(row.id for row in page)
                    cursor = page[-1].id
                assert seen == theirs, plan
        page = await stores[plans[-1]].page(PEOPLE[:2], None, 3)
        assert all(row.display_name == row.account_id.upper() for row in page)
