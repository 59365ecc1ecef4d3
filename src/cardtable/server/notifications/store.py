"""The notifications' store: inboxes and mutes in the server's database.

It works on the same engine as :class:`~cardtable.server.storage.sql.SqlStorage`, through its
:meth:`~cardtable.server.storage.sql.SqlStorage.read` and
:meth:`~cardtable.server.storage.sql.SqlStorage.write`, as the invitations' store does. Every
method is one transaction and takes its times from the caller; every read and change names
the account whose inbox it is, so that nobody reaches another person's notifications.

Adding is also a plain function on a synchronous connection, :func:`add_row`, so that a write
made in another transaction (a match's end: :data:`~cardtable.server.storage.base.FinishWriter`)
adds its notifications in that transaction.

>>> import asyncio, tempfile
>>> from pathlib import Path
>>> from cardtable.server.storage import SqlStorage, default_database_url
>>> async def demo(folder: Path) -> tuple[bool, int]:
...     async with await SqlStorage.open(default_database_url(folder)) as storage:
...         store = NotificationStore.of(storage)
...         added = await store.add("nobody", "match_finished", {}, now=1.0, keep=10)
...         return added is None, await store.unread("nobody")
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(Path(folder)))
(True, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from cardtable.engine.json import JsonObject
from cardtable.server.accounts.tables import accounts
from cardtable.server.notifications.tables import notification_mutes, notifications
from cardtable.server.storage.base import Storage
from cardtable.server.storage.sql import SqlStorage

__all__ = ["NotificationRow", "NotificationStore", "add_row"]


@dataclass(frozen=True, slots=True, kw_only=True)
class NotificationRow:
    """One notification, as stored (its fields are named as the table's columns)."""

    id: int
    account_id: str
    kind: str
    data: JsonObject
    created_at: float
    read_at: float | None


def add_row(
    connection: sa.Connection,
    account_id: str,
    kind: str,
    data: JsonObject,
    *,
    now: float,
    keep: int,
) -> NotificationRow | None:
    """Add a notification to the account's inbox, on ``connection`` (in its transaction), and
    drop the oldest beyond the newest ``keep``; ``None`` (nothing stored) when the account
    muted ``kind``, or is no account that signs in (unknown, disabled or deleted)."""
    found = connection.execute(
        sa.select(accounts.c.id, notification_mutes.c.kind)
        .select_from(
            accounts.outerjoin(
                notification_mutes,
                (notification_mutes.c.account_id == accounts.c.id)
                & (notification_mutes.c.kind == kind),
            )
        )
        .where(accounts.c.id == account_id)
        .where(accounts.c.deleted_at.is_(None))
        .where(accounts.c.disabled_at.is_(None))
    ).first()
    if found is None or found.kind is not None:
        return None
    values = {"account_id": account_id, "kind": kind, "data": data, "created_at": now}
    key = connection.execute(sa.insert(notifications).values(values)).inserted_primary_key
    assert key is not None
    oldest_kept = (
        sa.select(notifications.c.id)
        .where(notifications.c.account_id == account_id)
        .order_by(notifications.c.id.desc())
        .offset(keep)
        .limit(1)
        .scalar_subquery()
    )
    connection.execute(
        sa.delete(notifications)
        .where(notifications.c.account_id == account_id)
        .where(notifications.c.id <= oldest_kept)
    )
    return NotificationRow(
        id=int(key[0]), account_id=account_id, kind=kind, data=data, created_at=now, read_at=None
    )


def _row(found: Any) -> NotificationRow:
    return NotificationRow(**found._asdict())


def _mine(account_id: str, notification_id: int) -> sa.ColumnElement[bool]:
    return (notifications.c.account_id == account_id) & (notifications.c.id == notification_id)


class NotificationStore:
    """Notifications and mutes, on a :class:`SqlStorage`'s database."""

    def __init__(self, storage: SqlStorage) -> None:
        self._storage = storage

    @classmethod
    def of(cls, storage: Storage) -> NotificationStore:
        """The notifications' store in ``storage``'s database (which must be a SQL store)."""
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"notifications are kept in a SqlStorage's database, not {storage!r}")
        return cls(storage)

    async def add(
        self, account_id: str, kind: str, data: JsonObject, *, now: float, keep: int
    ) -> NotificationRow | None:
        """:func:`add_row`, in a transaction of its own."""
        async with self._storage.write() as connection:
            return await connection.run_sync(
                lambda sync: add_row(sync, account_id, kind, data, now=now, keep=keep)
            )

    async def page(self, account_id: str, before: int | None, limit: int) -> list[NotificationRow]:
        """The account's notifications newest first, those with an id below ``before`` (all,
        with ``None``), at most ``limit``."""
        query = sa.select(notifications).where(notifications.c.account_id == account_id)
        if before is not None:
            query = query.where(notifications.c.id < before)
        found = await self._storage.read(query.order_by(notifications.c.id.desc()).limit(limit))
        return [_row(row) for row in found]

    async def unread(self, account_id: str) -> int:
        """How many of the account's notifications are unread."""
        found = await self._storage.read(
            sa.select(sa.func.count())
            .select_from(notifications)
            .where(notifications.c.account_id == account_id)
            .where(notifications.c.read_at.is_(None))
        )
        return int(found[0][0])

    async def mark_read(
        self, account_id: str, notification_id: int, now: float
    ) -> NotificationRow | None:
        """Mark the account's notification read (once: a second time keeps the first time);
        the notification, ``None`` if the account has no such notification."""
        async with self._storage.write() as connection:
            await connection.execute(
                sa.update(notifications)
                .where(_mine(account_id, notification_id))
                .where(notifications.c.read_at.is_(None))
                .values(read_at=now)
            )
            found = (
                await connection.execute(
                    sa.select(notifications).where(_mine(account_id, notification_id))
                )
            ).first()
        return None if found is None else _row(found)

    async def mark_all_read(self, account_id: str, now: float) -> int:
        """Mark every unread notification of the account read; how many."""
        async with self._storage.write() as connection:
            result = await connection.execute(
                sa.update(notifications)
                .where(notifications.c.account_id == account_id)
                .where(notifications.c.read_at.is_(None))
                .values(read_at=now)
            )
        return int(result.rowcount)

    async def delete(self, account_id: str, notification_id: int) -> bool:
        """Delete the account's notification; whether it had one by this id."""
        async with self._storage.write() as connection:
            result = await connection.execute(
                sa.delete(notifications).where(_mine(account_id, notification_id))
            )
        return bool(result.rowcount)

    async def delete_all(self, account_id: str, *, only_read: bool = False) -> int:
        """Delete every notification of the account (the read ones only, with ``only_read``);
        how many."""
        query = sa.delete(notifications).where(notifications.c.account_id == account_id)
        if only_read:
            query = query.where(notifications.c.read_at.is_not(None))
        async with self._storage.write() as connection:
            result = await connection.execute(query)
        return int(result.rowcount)

    async def muted(self, account_id: str) -> set[str]:
        """The kinds the account muted."""
        found = await self._storage.read(
            sa.select(notification_mutes.c.kind).where(
                notification_mutes.c.account_id == account_id
            )
        )
        return {row.kind for row in found}

    async def set_muted(self, account_id: str, kinds: Iterable[str]) -> None:
        """Mute exactly ``kinds`` for the account (the others are heard again)."""
        rows = [{"account_id": account_id, "kind": kind} for kind in sorted(set(kinds))]
        async with self._storage.write() as connection:
            await connection.execute(
                sa.delete(notification_mutes).where(notification_mutes.c.account_id == account_id)
            )
            if rows:
                await connection.execute(sa.insert(notification_mutes), rows)
