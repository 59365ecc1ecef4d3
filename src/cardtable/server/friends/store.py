"""The friends' store: each person's view of another, in the server's database.

It works on the same engine as :class:`~cardtable.server.storage.sql.SqlStorage`, through its
:meth:`~cardtable.server.storage.sql.SqlStorage.read` and
:meth:`~cardtable.server.storage.sql.SqlStorage.write`, as the accounts' and invitations' stores
do. Every method is one transaction and takes its times from the caller. It knows no rules:
:meth:`FriendStore.change` reads a pair's two rows, asks a function of the service what they
become (or to refuse), and writes that, all in one transaction with the two accounts' rows
locked (on PostgreSQL; SQLite's writers take turns anyway), so that two requests crossing, or
a block and an accept at once, never leave the pair half changed.

Only **active** accounts show (neither disabled nor deleted): a person's list, their pending
count and :meth:`FriendStore.blocked_by` pass over the rest, whose rows stay (a disabled account
enabled again finds its friends again) until :meth:`FriendStore.forget` removes them.

>>> import asyncio, tempfile
>>> from pathlib import Path
>>> from cardtable.server.accounts import AccountStore
>>> from cardtable.server.storage import SqlStorage, default_database_url
>>> async def demo(folder: Path) -> list[tuple[str, str]]:
...     async with await SqlStorage.open(default_database_url(folder)) as storage:
...         people = AccountStore.of(storage)
...         ann, bo = [await people.create_account(username=name, username_key=name,
...             display_name=name, password_hash="x", now=1.0) for name in ("ann", "bo")]
...         store = FriendStore.of(storage)
...         await store.change(ann.id, bo.id, lambda pair: ("sent", "received"), now=2.0)
...         return [(row.username, row.state) for row in await store.list(bo.id)]
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(Path(folder)))
[('ann', 'received')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from cardtable.server.accounts.tables import accounts
from cardtable.server.friends.tables import friends
from cardtable.server.storage.base import Storage
from cardtable.server.storage.sql import SqlStorage

__all__ = ["FriendRow", "FriendStore", "Pair", "State"]

State = str | None
"""A row's state (``friend``, ``sent``, ``received``, ``blocked``), ``None`` for no row."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pair:
    """What two people are to each other, as read in :meth:`FriendStore.change`: ``mine``,
    what the other is to me; ``theirs``, what I am to them; ``pending``, how many requests I
    have sent that wait (to active accounts)."""

    mine: State
    theirs: State
    pending: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FriendRow:
    """Another person as someone sees them: who, in which state, since when."""

    account_id: str
    username: str
    display_name: str
    state: str
    since: float


Decide = Callable[[Pair], tuple[State, State]]
"""What a pair's two rows become (``mine``, ``theirs``), or a refusal raised."""


class FriendStore:
    """Friendships, requests and blocks, on a :class:`SqlStorage`'s database."""

    def __init__(self, storage: SqlStorage) -> None:
        self._storage = storage

    @classmethod
    def of(cls, storage: Storage) -> FriendStore:
        """The friends' store in ``storage``'s database (which must be a SQL store)."""
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"friends are kept in a SqlStorage's database, not {storage!r}")
        return cls(storage)

    async def change(
        self, me: str, them: str, decide: Decide, *, now: float
    ) -> tuple[State, State]:
        """Read the pair ``me``/``them``, let ``decide`` say what its rows become (or raise,
        and nothing changes), and write that; the rows as they are now. A row that keeps its
        state keeps its ``since``."""
        async with self._storage.write() as connection:
            await connection.execute(
                sa.select(accounts.c.id)
                .where(accounts.c.id.in_(sorted({me, them})))
                .order_by(accounts.c.id)
                .with_for_update()
            )
            found = {
                (row.account_id, row.other_id): row.state
                for row in await connection.execute(
                    sa.select(friends.c.account_id, friends.c.other_id, friends.c.state).where(
                        ((friends.c.account_id == me) & (friends.c.other_id == them))
                        | ((friends.c.account_id == them) & (friends.c.other_id == me))
                    )
                )
            }
            pending = await connection.scalar(
                sa.select(sa.func.count())
                .select_from(friends.join(accounts, accounts.c.id == friends.c.other_id))
                .where(friends.c.account_id == me, friends.c.state == "sent", _active())
            )
            pair = Pair(
                mine=found.get((me, them)), theirs=found.get((them, me)), pending=pending or 0
            )
            mine, theirs = decide(pair)
            await _put(connection, me, them, pair.mine, mine, now)
            await _put(connection, them, me, pair.theirs, theirs, now)
        return mine, theirs

    async def state(self, me: str, them: str) -> State:
        """What ``them`` is to ``me`` (``None``: nothing)."""
        found = await self._storage.read(
            sa.select(friends.c.state).where(friends.c.account_id == me, friends.c.other_id == them)
        )
        return str(found[0].state) if found else None

    async def list(
        self, me: str, state: str | None = None, *, other: str | None = None
    ) -> list[FriendRow]:
        """The active people ``me`` has a row for (only those in ``state``, or only ``other``,
        if given), the most recent first."""
        query = (
            sa.select(
                friends.c.other_id.label("account_id"),
                accounts.c.username,
                accounts.c.display_name,
                friends.c.state,
                friends.c.since,
            )
            .select_from(friends.join(accounts, accounts.c.id == friends.c.other_id))
            .where(friends.c.account_id == me, _active())
            .order_by(friends.c.since.desc(), accounts.c.username_key)
        )
        if state is not None:
            query = query.where(friends.c.state == state)
        if other is not None:
            query = query.where(friends.c.other_id == other)
        return [FriendRow(**row._asdict()) for row in await self._storage.read(query)]

    async def ids(self, me: str, state: str) -> set[str]:
        """The ids of the active accounts ``me`` has in ``state`` (``friend``: ``me``'s
        friends; ``blocked``: whom ``me`` blocked)."""
        query = (
            sa.select(friends.c.other_id)
            .select_from(friends.join(accounts, accounts.c.id == friends.c.other_id))
            .where(friends.c.account_id == me, friends.c.state == state, _active())
        )
        return {row.other_id for row in await self._storage.read(query)}

    async def blocked_by(self, whom: str) -> set[str]:
        """The ids of the active accounts that blocked ``whom`` (the index on
        ``(other_id, state)``)."""
        query = (
            sa.select(friends.c.account_id)
            .select_from(friends.join(accounts, accounts.c.id == friends.c.account_id))
            .where(friends.c.other_id == whom, friends.c.state == "blocked", _active())
        )
        return {row.account_id for row in await self._storage.read(query)}

    async def forget(self, account_id: str) -> int:
        """Remove every row of the account, on either side (a deleted account); how many."""
        async with self._storage.write() as connection:
            result = await connection.execute(
                sa.delete(friends).where(
                    (friends.c.account_id == account_id) | (friends.c.other_id == account_id)
                )
            )
        return int(result.rowcount)


def _active() -> sa.ColumnElement[bool]:
    return accounts.c.disabled_at.is_(None) & accounts.c.deleted_at.is_(None)


async def _put(
    connection: AsyncConnection, owner: str, other: str, old: State, new: State, now: float
) -> None:
    if new == old:
        return
    key: Any = (friends.c.account_id == owner) & (friends.c.other_id == other)
    if new is None:
        await connection.execute(sa.delete(friends).where(key))
    elif old is None:
        await connection.execute(
            sa.insert(friends).values(account_id=owner, other_id=other, state=new, since=now)
        )
    else:
        await connection.execute(sa.update(friends).where(key).values(state=new, since=now))
