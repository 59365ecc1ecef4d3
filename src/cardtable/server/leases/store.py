"""Named leases: a piece of shared work (pairing the matchmaking queue, advancing the
tournaments) done by one server process at a time (:mod:`.loop` runs such work on a timer).

A process *takes* a lease for some seconds when it is free, expired, or already its own
(renewing it), and must take it again before it expires to keep it; a process that dies simply
stops renewing, and another takes over once it has expired. Taking is one conditional
``UPDATE`` (or the ``INSERT`` of a lease nobody held yet), so two processes trying at once
never both hold it.

>>> import asyncio, tempfile
>>> from pathlib import Path
>>> from cardtable.server.storage import SqlStorage, default_database_url
>>> async def demo(folder: Path) -> list[bool]:
...     async with await SqlStorage.open(default_database_url(folder)) as storage:
...         one, two = Leases(storage, "one"), Leases(storage, "two")
...         return [await one.take("work", 10.0, now=0.0), await two.take("work", 10.0, now=5.0),
...                 await one.take("work", 10.0, now=9.0), await two.take("work", 10.0, now=20.0)]
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(Path(folder)))
[True, False, True, True]
"""

from __future__ import annotations

import sqlalchemy as sa

from cardtable.server.leases.tables import leases
from cardtable.server.storage.base import Storage
from cardtable.server.storage.sql import SqlStorage

__all__ = ["Leases"]


class Leases:
    """The leases ``holder`` (a process) takes, in a SQL store's database."""

    def __init__(self, storage: Storage, holder: str) -> None:
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"leases are kept in a SqlStorage's database, not {storage!r}")
        self._storage = storage
        self.holder = holder

    async def take(self, name: str, seconds: float, *, now: float) -> bool:
        """Hold ``name`` until ``now + seconds`` if nobody else holds it now; whether this
        holder holds it."""
        until = now + seconds
        mine_or_expired = (leases.c.name == name) & (
            (leases.c.holder == self.holder) | (leases.c.expires_at <= now)
        )
        try:
            async with self._storage.write() as connection:
                taken = await connection.execute(
                    sa.update(leases)
                    .where(mine_or_expired)
                    .values(holder=self.holder, expires_at=until)
                )
                if taken.rowcount == 1:
                    return True
                held = await connection.execute(
                    sa.select(leases.c.name).where(leases.c.name == name)
                )
                if held.first() is not None:
                    return False
                await connection.execute(
                    sa.insert(leases).values(name=name, holder=self.holder, expires_at=until)
                )
                return True
        except sa.exc.IntegrityError:  # another process inserted it first
            return False

    async def release(self, name: str) -> None:
        """Let ``name`` go at once, if this holder holds it."""
        async with self._storage.write() as connection:
            await connection.execute(
                sa.delete(leases).where((leases.c.name == name) & (leases.c.holder == self.holder))
            )

    async def holder_of(self, name: str, *, now: float) -> str | None:
        """Who holds ``name`` now (``None``: nobody, or it expired)."""
        found = await self._storage.read(
            sa.select(leases.c.holder).where((leases.c.name == name) & (leases.c.expires_at > now))
        )
        return str(found[0].holder) if found else None
