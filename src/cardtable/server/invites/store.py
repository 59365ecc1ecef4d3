"""The invitations' store: invite rows in the server's database.

It works on the same engine as :class:`~cardtable.server.storage.sql.SqlStorage`, through its
:meth:`~cardtable.server.storage.sql.SqlStorage.read` and
:meth:`~cardtable.server.storage.sql.SqlStorage.write`, as the accounts' store does. Every
method is one transaction and takes its times from the caller. Nothing here hashes: tokens
arrive as the SHA-256 digests :mod:`cardtable.server.accounts.tokens` makes.

>>> import asyncio, tempfile
>>> from pathlib import Path
>>> from cardtable.server.storage import SqlStorage, default_database_url
>>> async def demo(folder: Path) -> tuple[int, bool]:
...     async with await SqlStorage.open(default_database_url(folder)) as storage:
...         store = InviteStore.of(storage)
...         made = await store.create(purpose="friend", token_hash="h" * 64, room_id=None,
...                                   made_by=MadeBy(), now=1.0, expires_at=2.0, limit=None)
...         found = await store.by_token_hash("h" * 64)
...         return (found.uses if found else -1), found == made
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(Path(folder)))
(0, True)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, fields
from typing import Any

import sqlalchemy as sa

from cardtable.server.invites.tables import invites
from cardtable.server.storage.base import Storage
from cardtable.server.storage.sql import SqlStorage, insert_row
from cardtable.server.storage.tables import rooms

__all__ = ["InviteRow", "InviteStore", "MadeBy", "TooManyInvites"]

_ID_BYTES = 9
"""Random bytes of an invite's id (12 characters)."""


class TooManyInvites(Exception):
    """The room has as many live invites as it may; nothing was stored."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MadeBy:
    """Who made an invite: their seat, and the account or guest whose seat it was."""

    seat: int | None = None
    account_id: str | None = None
    guest_id: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class InviteRow:
    """One invite, as stored (its fields are named as the table's columns)."""

    id: str
    token_hash: str
    purpose: str
    room_id: str | None
    made_by_seat: int | None
    made_by_account: str | None
    made_by_guest: str | None
    created_at: float
    expires_at: float
    revoked_at: float | None
    uses: int
    invitee_account: str | None = None
    """The account the invite was sent to (``None``: an invite link, for whoever brings it)."""

    def __repr__(self) -> str:  # the hash is no secret, but it is no use in a log either
        return f"InviteRow(id={self.id!r}, purpose={self.purpose!r}, room_id={self.room_id!r})"


class InviteStore:
    """Invites, on a :class:`SqlStorage`'s database."""

    def __init__(self, storage: SqlStorage) -> None:
        self._storage = storage

    @classmethod
    def of(cls, storage: Storage) -> InviteStore:
        """The invitations' store in ``storage``'s database (which must be a SQL store)."""
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"invites are kept in a SqlStorage's database, not {storage!r}")
        return cls(storage)

    async def create(
        self,
        *,
        purpose: str,
        token_hash: str,
        room_id: str | None,
        made_by: MadeBy,
        now: float,
        expires_at: float,
        limit: int | None,
        invitee_account: str | None = None,
    ) -> InviteRow:
        """Store a new invite. With ``limit``, :class:`TooManyInvites` if the room has that
        many live invites (neither revoked nor expired at ``now``) already: counted in the
        transaction that inserts, with the room's row locked on PostgreSQL (SQLite's writers
        take turns anyway), so that two made at once cannot both pass."""
        row = InviteRow(
            id=secrets.token_urlsafe(_ID_BYTES),
            token_hash=token_hash,
            purpose=purpose,
            room_id=room_id,
            made_by_seat=made_by.seat,
            made_by_account=made_by.account_id,
            made_by_guest=made_by.guest_id,
            created_at=now,
            expires_at=expires_at,
            revoked_at=None,
            uses=0,
            invitee_account=invitee_account,
        )
        async with self._storage.write() as connection:
            if room_id is not None and limit is not None:
                await connection.execute(
                    sa.select(rooms.c.id).where(rooms.c.id == room_id).with_for_update()
                )
                live = await connection.scalar(
                    sa.select(sa.func.count())
                    .select_from(invites)
                    .where(invites.c.room_id == room_id)
                    .where(_live(now))
                )
                if (live or 0) >= limit:
                    raise TooManyInvites(f"room {room_id} has {live} live invites")
            await insert_row(connection, invites, _columns(row), "the invite")
        return row

    async def by_token_hash(self, token_hash: str) -> InviteRow | None:
        """The invite whose token has this hash (revoked and expired ones included)."""
        found = await self._storage.read(
            sa.select(invites).where(invites.c.token_hash == token_hash)
        )
        return InviteRow(**found[0]._asdict()) if found else None

    async def by_id(self, invite_id: str) -> InviteRow | None:
        """The invite of this id (revoked and expired ones included)."""
        found = await self._storage.read(sa.select(invites).where(invites.c.id == invite_id))
        return InviteRow(**found[0]._asdict()) if found else None

    async def addressed(self, room_id: str, account_id: str, now: float) -> InviteRow | None:
        """The newest invite to the room sent to the account that still works at ``now``."""
        found = await self._storage.read(
            sa.select(invites)
            .where(invites.c.room_id == room_id)
            .where(invites.c.invitee_account == account_id)
            .where(_live(now))
            .order_by(invites.c.created_at.desc())
            .limit(1)
        )
        return InviteRow(**found[0]._asdict()) if found else None

    async def live(self, room_id: str, now: float) -> list[InviteRow]:
        """The room's invites that work at ``now``, the newest first."""
        found = await self._storage.read(
            sa.select(invites)
            .where(invites.c.room_id == room_id)
            .where(_live(now))
            .order_by(invites.c.created_at.desc())
        )
        return [InviteRow(**row._asdict()) for row in found]

    async def revoke(self, invite_id: str, now: float) -> bool:
        """Revoke the invite (once: ``False`` if it was revoked already)."""
        async with self._storage.write() as connection:
            result = await connection.execute(
                sa.update(invites)
                .where(invites.c.id == invite_id)
                .where(invites.c.revoked_at.is_(None))
                .values(revoked_at=now)
            )
        return bool(result.rowcount)

    async def used(self, invite_id: str) -> None:
        """Count one more person seated by the invite."""
        async with self._storage.write() as connection:
            await connection.execute(
                sa.update(invites).where(invites.c.id == invite_id).values(uses=invites.c.uses + 1)
            )

    async def purge_expired(self, before: float) -> int:
        """Remove the invites that expired before ``before``; how many."""
        async with self._storage.write() as connection:
            result = await connection.execute(
                sa.delete(invites).where(invites.c.expires_at < before)
            )
        return int(result.rowcount)


def _live(now: float) -> sa.ColumnElement[bool]:
    return invites.c.revoked_at.is_(None) & (invites.c.expires_at > now)


def _columns(row: InviteRow) -> dict[str, Any]:
    return {field.name: getattr(row, field.name) for field in fields(row)}
