"""The activity feed's store: what people did, and who may see it, in the server's database.

It works on the same engine as :class:`~cardtable.server.storage.sql.SqlStorage`, through its
:meth:`~cardtable.server.storage.sql.SqlStorage.read` and
:meth:`~cardtable.server.storage.sql.SqlStorage.write`, as the other stores beside it do.
Every method is one statement or one transaction and takes its times from the caller. It knows
no rules: who may see what is the service's (:mod:`.service`).

Adding is also a plain function on a synchronous connection, :func:`add_row`, so that a write
made in another transaction (a match's end:
:data:`~cardtable.server.storage.base.FinishWriter`) adds its activity in that transaction.

**The feed's plan** (:meth:`FeedStore.visible_friends` then :meth:`FeedStore.page`): first the
ids of the viewer's friends who let friends see their activity (a range of the friends'
primary key, ``(account_id, other_id)``, joined to ``accounts`` and ``activity_settings`` by
their primary keys); then the newest rows of those ids, ``account_id IN (...) AND id <
before ORDER BY id DESC LIMIT n``, read from the index ``(account_id, id)`` (one range per
friend, merged by id) or from the primary key backwards, as each database finds cheaper; then
the names of the few people on the page (:func:`page_query`'s ``in``: a ``UNION ALL`` or a
``LATERAL`` join of one range per friend read the same rows more slowly on both databases, as
``benchmarks/feed_reads.py`` measures). No query joins the feed to the friends' table: the
friends' ids are known before the activity is read, so the activity's plan sees a list of
ids, and its cost does not grow with how many people the viewer is not friends with.

>>> import asyncio, tempfile
>>> from pathlib import Path
>>> from cardtable.server.storage import SqlStorage, default_database_url
>>> async def demo(folder: Path) -> tuple[bool, str]:
...     async with await SqlStorage.open(default_database_url(folder)) as storage:
...         store = FeedStore.of(storage)
...         added = await store.add("nobody", "friends", {}, now=1.0)
...         return added is None, await store.visibility("nobody")
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(Path(folder)))
(True, 'friends')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from cardtable.engine.json import JsonObject
from cardtable.server.accounts.tables import accounts
from cardtable.server.feed.tables import VISIBILITIES, activity, activity_settings
from cardtable.server.friends.tables import friends
from cardtable.server.storage.base import Storage
from cardtable.server.storage.sql import SqlStorage

__all__ = ["PLANS", "ActivityRow", "FeedStore", "Plan", "add_row", "default_plan", "page_query"]

Plan = Literal["in", "union", "lateral"]
"""How a page of several people's activity is read (see :func:`page_query`)."""
PLANS: Final[tuple[Plan, ...]] = ("in", "union", "lateral")


@dataclass(frozen=True, slots=True, kw_only=True)
class ActivityRow:
    """One thing a person did, as stored, with the actor's names as they are now."""

    id: int
    account_id: str
    kind: str
    data: JsonObject
    created_at: float
    username: str = ""
    display_name: str = ""


def _active() -> sa.ColumnElement[bool]:
    return accounts.c.disabled_at.is_(None) & accounts.c.deleted_at.is_(None)


def _shown_visibility() -> sa.ColumnElement[str]:
    return sa.func.coalesce(activity_settings.c.visibility, VISIBILITIES[0])


def default_plan(dialect: str) -> Plan:
    """The plan that reads a page fastest on a database (``sqlite``, ``postgresql``): ``in`` on
    both, as ``benchmarks/feed_reads.py`` measures the three side by side (see
    docs/performance.md: a ``UNION ALL`` of 500 ranges costs more to plan than to read, on
    PostgreSQL, and SQLite merges its branches pairwise; a ``LATERAL`` join reads every
    friend's range before it sorts)."""
    del dialect  # the same on both, today
    return "in"


def page_query(plan: Plan, ids: Sequence[str], before: int | None, limit: int) -> sa.Select[Any]:
    """The statement that reads the newest ``limit`` rows of ``ids`` (sorted, at least one)
    below ``before``, newest first, by ``plan``:

    - ``in``: ``account_id IN (...) AND id < before ORDER BY id DESC LIMIT n``, the database
      choosing how (SQLite: a range of ``(account_id, id)`` per id, then a sort; PostgreSQL:
      the primary key backwards, filtering by the list);
    - ``union``: a ``UNION ALL`` of one range of ``(account_id, id)`` per id, each ``ORDER BY
      id DESC LIMIT n``, then the newest ``n`` of them;
    - ``lateral`` (PostgreSQL only): the same ranges as a ``LATERAL`` join over
      ``unnest(:ids)``, one statement whatever the number of ids.

    Each gives the same rows in the same order.
    """
    below = [] if before is None else [activity.c.id < before]
    if len(ids) == 1 or plan == "in":
        where = activity.c.account_id == ids[0] if len(ids) == 1 else activity.c.account_id.in_(ids)
        return sa.select(activity).where(where, *below).order_by(activity.c.id.desc()).limit(limit)
    if plan == "lateral":
        friend = (
            sa.func.unnest(sa.literal(list(ids), postgresql.ARRAY(sa.String())))
            .table_valued("id")
            .render_derived("f", with_types=False)
        )
        newest = (
            sa.select(activity)
            .where(activity.c.account_id == friend.c.id, *below)
            .order_by(activity.c.id.desc())
            .limit(limit)
            .lateral("a")
        )
        return (
            sa.select(newest)
            .select_from(friend.join(newest, sa.true()))
            .order_by(newest.c.id.desc())
            .limit(limit)
        )
    ranges = [
        sa.select(activity)
        .where(activity.c.account_id == one, *below)
        .order_by(activity.c.id.desc())
        .limit(limit)
        .subquery()
        .select()
        for one in ids
    ]
    merged = sa.union_all(*ranges).subquery("a")
    return sa.select(merged).order_by(merged.c.id.desc()).limit(limit)


def add_row(
    connection: sa.Connection, account_id: str, kind: str, data: JsonObject, *, now: float
) -> ActivityRow | None:
    """Add a row of ``account_id``'s activity on ``connection`` (in its transaction); ``None``
    (nothing stored) when the account is none that signs in (unknown, disabled or deleted)."""
    found = connection.execute(
        sa.select(accounts.c.username, accounts.c.display_name).where(
            accounts.c.id == account_id, _active()
        )
    ).first()
    if found is None:
        return None
    values = {"account_id": account_id, "kind": kind, "data": data, "created_at": now}
    key = connection.execute(sa.insert(activity).values(values)).inserted_primary_key
    assert key is not None
    return ActivityRow(
        id=int(key[0]),
        account_id=account_id,
        kind=kind,
        data=data,
        created_at=now,
        username=found.username or "",
        display_name=found.display_name,
    )


class FeedStore:
    """Activity rows and visibility settings, on a :class:`SqlStorage`'s database."""

    def __init__(self, storage: SqlStorage, plan: Plan | None = None) -> None:
        self._storage = storage
        self.plan: Plan = plan or default_plan(storage.engine.dialect.name)
        """How :meth:`page` reads several people's activity (see :func:`page_query`)."""

    @classmethod
    def of(cls, storage: Storage, plan: Plan | None = None) -> FeedStore:
        """The feed's store in ``storage``'s database (which must be a SQL store), reading
        pages with ``plan`` (the database's best, :func:`default_plan`, unless given)."""
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"activity is kept in a SqlStorage's database, not {storage!r}")
        return cls(storage, plan)

    async def add(
        self, account_id: str, kind: str, data: JsonObject, *, now: float
    ) -> ActivityRow | None:
        """:func:`add_row`, in a transaction of its own."""
        async with self._storage.write() as connection:
            return await connection.run_sync(
                lambda sync: add_row(sync, account_id, kind, data, now=now)
            )

    async def add_many(
        self, rows: Collection[tuple[str, str, JsonObject]], *, now: float
    ) -> list[ActivityRow]:
        """:func:`add_row` for each ``(account_id, kind, data)``, in one transaction."""

        def adding(sync: sa.Connection) -> list[ActivityRow]:
            added = (add_row(sync, who, kind, data, now=now) for who, kind, data in rows)
            return [row for row in added if row is not None]

        async with self._storage.write() as connection:
            return await connection.run_sync(adding)

    # -- who sees what ----------------------------------------------------------------------

    async def visibility(self, account_id: str) -> str:
        """Who may see the account's activity (``friends`` unless it chose otherwise)."""
        found = await self._storage.read(
            sa.select(activity_settings.c.visibility).where(
                activity_settings.c.account_id == account_id
            )
        )
        return str(found[0].visibility) if found else VISIBILITIES[0]

    async def set_visibility(self, account_id: str, visibility: str) -> None:
        """Set who may see the account's activity (the default is kept as no row)."""
        async with self._storage.write() as connection:
            await connection.execute(
                sa.delete(activity_settings).where(activity_settings.c.account_id == account_id)
            )
            if visibility != VISIBILITIES[0]:
                await connection.execute(
                    sa.insert(activity_settings).values(
                        account_id=account_id, visibility=visibility
                    )
                )

    async def visible_friends(self, viewer: str) -> list[str]:
        """The ids of ``viewer``'s active friends whose activity their friends may see."""
        query = (
            sa.select(friends.c.other_id)
            .select_from(
                friends.join(accounts, accounts.c.id == friends.c.other_id).outerjoin(
                    activity_settings, activity_settings.c.account_id == friends.c.other_id
                )
            )
            .where(friends.c.account_id == viewer, friends.c.state == "friend", _active())
            .where(_shown_visibility() != "nobody")
        )
        return sorted(row.other_id for row in await self._storage.read(query))

    # -- reading ----------------------------------------------------------------------------

    async def page(
        self, actors: Collection[str], before: int | None, limit: int
    ) -> list[ActivityRow]:
        """The activity of ``actors`` newest first, those with an id below ``before`` (all,
        with ``None``), at most ``limit``, with each actor's names."""
        if not actors or limit <= 0:
            return []
        found = await self._storage.read(page_query(self.plan, sorted(set(actors)), before, limit))
        if not found:
            return []
        names = await self._names({row.account_id for row in found})
        return [_row(row, names) for row in found]

    async def _names(self, ids: Collection[str]) -> dict[str, tuple[str, str]]:
        found = await self._storage.read(
            sa.select(accounts.c.id, accounts.c.username, accounts.c.display_name).where(
                accounts.c.id.in_(sorted(ids)), _active()
            )
        )
        return {row.id: (row.username or "", row.display_name) for row in found}


def _row(found: Any, names: dict[str, tuple[str, str]]) -> ActivityRow:
    username, display_name = names.get(found.account_id, ("", ""))
    return ActivityRow(
        id=found.id,
        account_id=found.account_id,
        kind=found.kind,
        data=found.data,
        created_at=found.created_at,
        username=username,
        display_name=display_name,
    )
