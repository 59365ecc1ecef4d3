"""Appending a batch of decisions, and the thread that does it for a SQLite file.

:func:`append_rows` is the transaction's work, written once against SQLAlchemy's
synchronous connection: PostgreSQL runs it through the async engine
(``AsyncConnection.run_sync``), where every statement is a network round trip anyway.

For a SQLite file, every statement through the async driver is a trip to the database's
thread and back to the event loop; on a busy server each trip waits for the loop's other
work, and the eight or so trips of one transaction added tens of milliseconds to every
decision. :class:`SqliteWriter` instead runs the whole transaction in one trip: a thread of
its own with a synchronous connection to the same file (the same pragmas, ``BEGIN
IMMEDIATE``, so it queues for the write lock with the async engine's writers).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL

from cardtable.server.storage.base import Conflict, DecisionRow
from cardtable.server.storage.connect import WRITE, sqlite_begin, sqlite_connect
from cardtable.server.storage.tables import decisions, matches, to_columns

Result = TypeVar("Result")


def append_rows(
    connection: sa.Connection, rows: dict[str, DecisionRow]
) -> dict[str, LookupError | Conflict]:
    """In the transaction of ``connection``, append each match's decision (``rows``, by
    match id) if the match is live at the decision's version; why not, for the others.

    One conditional ``UPDATE`` advances every match that may take its decision, one
    ``INSERT`` stores those decisions.
    """
    at_version = sa.tuple_(matches.c.id, matches.c.version).in_(
        [(row.match_id, row.index) for row in rows.values()]
    )
    query = (
        sa.update(matches)
        # The ids first: SQLite then finds the rows by key rather than scanning live matches.
        .where(matches.c.id.in_(list(rows)) & at_version & (matches.c.status == "live"))
        .values(version=matches.c.version + 1, wake_at=None)  # a sleeping match wakes
        .returning(matches.c.id)
    )
    advanced = set(connection.execute(query).scalars())
    if advanced:
        values = [to_columns(rows[match_id]) for match_id in advanced]
        try:
            connection.execute(sa.insert(decisions), values)
        except sa.exc.IntegrityError as error:  # the record and the match disagree
            raise Conflict(f"a decision was already stored: {error.orig}") from error
    return {
        match_id: why_not(connection, match_id, row.index)
        for match_id, row in rows.items()
        if match_id not in advanced
    }


def why_not(connection: sa.Connection, match_id: str, version: int) -> LookupError | Conflict:
    """Why the match could not be advanced from ``version``: it is missing, over, or at
    another version."""
    found = sa.select(matches.c.version, matches.c.status).where(matches.c.id == match_id)
    row = connection.execute(found).first()
    if row is None:
        return LookupError(f"no match {match_id!r}")
    if row.status != "live":
        return Conflict(f"match {match_id!r} is {row.status}")
    return Conflict(f"match {match_id!r} is at version {row.version}, not {version}")


class SqliteWriter:
    """Write transactions on a SQLite file, each in one trip to a thread of its own.

    >>> import asyncio, tempfile
    >>> from pathlib import Path
    >>> def count(connection: sa.Connection) -> int:
    ...     connection.exec_driver_sql("CREATE TABLE t (n INTEGER)")
    ...     return connection.exec_driver_sql("INSERT INTO t VALUES (1), (2)").rowcount
    >>> async def demo(folder: Path) -> int:
    ...     writer = SqliteWriter(URL.create("sqlite+aiosqlite", database=str(folder / "x.db")))
    ...     try:
    ...         return await writer.run(count)
    ...     finally:
    ...         await writer.close()
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     asyncio.run(demo(Path(folder)))
    2
    """

    def __init__(self, url: URL) -> None:
        self._engine = sa.create_engine(url.set(drivername="sqlite"))
        event.listen(self._engine, "connect", sqlite_connect)
        event.listen(self._engine, "begin", sqlite_begin)
        self._writer = self._engine.execution_options(**{WRITE: True})
        # One thread: a SQLite connection stays on the thread that made it.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite writer")

    async def run(self, work: Callable[[sa.Connection], Result]) -> Result:
        """``work`` in one write transaction, committed (rolled back if it raises)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._transaction, work)

    def _transaction(self, work: Callable[[sa.Connection], Result]) -> Result:
        with self._writer.begin() as connection:
            return work(connection)

    async def close(self) -> None:
        """Close the connection (from its own thread) and stop the thread."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._engine.dispose)
        self._thread.shutdown(wait=False)
