"""Database URLs and engines: which databases the store accepts and how it connects to them.

Two backends: SQLite (``sqlite:///PATH``, through aiosqlite; the default, a file in the data
directory) and PostgreSQL (``postgresql://USER@HOST[:PORT]/NAME``, through asyncpg). The
plain schemes are given their async drivers:

>>> str(database_url("postgresql://cards@db.example/cardtable"))
'postgresql+asyncpg://cards@db.example/cardtable'
>>> database_url("mysql://db.example/cards")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.server.storage.connect.StorageError: unsupported database 'mysql://db.example/cards': ...

Every SQLite connection enforces foreign keys, uses write-ahead logging (readers never block
the writer), waits up to :data:`SQLITE_BUSY_TIMEOUT_MS` for a lock instead of failing, and
starts its write transactions with ``BEGIN IMMEDIATE`` so that two writers queue for the lock
up front rather than one failing half-way (a deferred transaction that reads, then writes,
cannot wait for the lock once another writer has committed). ``synchronous=NORMAL`` keeps
every committed transaction across a killed process; only a power cut may lose the last ones.
Each connection's page cache is :data:`SQLITE_CACHE_KIB`.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.util import await_

SQLITE_BUSY_TIMEOUT_MS = 30_000
SQLITE_WAL_RETRY_S = 0.005
SQLITE_CACHE_KIB = 256
"""The page cache of each SQLite connection, in KiB. SQLite's default is 2 MiB a connection,
and the pool holds up to fifteen: a server filled them slowly as its database grew, which a
soak showed as memory growing for good (about 3 MiB a minute over ten minutes); with this
cache its memory stays flat, as fast as before (docs/performance.md). The operating system
caches the file anyway, and each connection rereads what another one changed."""
POSTGRES_CONNECT_TIMEOUT_S = 10
WRITE = "cardtable_write"
"""The execution option that marks a write transaction (``BEGIN IMMEDIATE`` on SQLite)."""

_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "sqlite+aiosqlite": "sqlite+aiosqlite",
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
    "postgresql+asyncpg": "postgresql+asyncpg",
}


class StorageError(Exception):
    """The database cannot be used: a bad URL, an unreachable server, a schema too new.

    The message is plain enough to show as it is (``cardtable serve`` does).
    """


def default_data_dir() -> Path:
    """Where cardtable keeps its data by default: ``$XDG_DATA_HOME/cardtable``, or
    ``~/.local/share/cardtable`` where ``XDG_DATA_HOME`` is unset (the XDG base directory
    convention, which is also where other tools look for such data)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if base.strip() else Path.home() / ".local" / "share"
    return root / "cardtable"


def default_database_url(data_dir: Path | None = None) -> str:
    """The URL of the SQLite file ``cardtable.db`` in ``data_dir`` (by default
    :func:`default_data_dir`), creating the directory if it is missing.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     default_database_url(Path(folder) / "data").endswith("/data/cardtable.db")
    True
    """
    folder = (data_dir or default_data_dir()).expanduser().resolve()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(f"cannot create the data directory {folder}: {error}") from None
    url = URL.create("sqlite+aiosqlite", database=str(folder / "cardtable.db"))
    return url.render_as_string(hide_password=False)


def database_url(url: str | URL) -> URL:
    """``url`` parsed, with its async driver; :class:`StorageError` for anything else."""
    try:
        parsed = make_url(url)
    except sa.exc.ArgumentError:
        raise StorageError(
            f"not a database URL: {str(url)!r} (use sqlite:///PATH or postgresql://USER@HOST/NAME)"
        ) from None
    driver = _DRIVERS.get(parsed.drivername)
    if driver is None:
        shown = parsed.render_as_string(hide_password=True)
        raise StorageError(
            f"unsupported database {shown!r}: use sqlite:///PATH or postgresql://USER@HOST/NAME"
        )
    return parsed.set(drivername=driver)


def check_sqlite_path(url: URL) -> None:
    """Refuse, before connecting, a SQLite file that cannot be made: its folder is missing,
    or the path is a folder. (Besides giving a plainer message than SQLite's "unable to open
    database file", this spares aiosqlite's failed-connection cleanup, which can still be
    running when the event loop closes.)"""
    name = url.database or ""
    if not is_sqlite(url) or name in ("", ":memory:") or name.startswith("file:"):
        return
    path = Path(name).expanduser()
    if not path.parent.is_dir():
        raise StorageError(f"cannot open the database {shown(url)}: no folder {path.parent}")
    if path.exists() and not path.is_file():
        raise StorageError(f"cannot open the database {shown(url)}: {path} is not a file")


def is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def shown(url: URL) -> str:
    """The URL as messages show it (without its password)."""
    return url.render_as_string(hide_password=True)


def create_engine(url: URL) -> AsyncEngine:
    """An async engine for ``url`` (from :func:`database_url`), set up for its backend."""
    if not is_sqlite(url):
        connect_args: dict[str, Any] = {}
        if "timeout" not in url.query:
            connect_args["timeout"] = POSTGRES_CONNECT_TIMEOUT_S
        return create_async_engine(url, connect_args=connect_args, pool_pre_ping=True)
    engine = create_async_engine(url)
    event.listen(engine.sync_engine, "connect", sqlite_connect)
    event.listen(engine.sync_engine, "begin", sqlite_begin)
    return engine


def is_sqlite_file(url: URL) -> bool:
    """Whether ``url`` is a SQLite database in a file (not in memory), which several
    connections share."""
    name = url.database or ""
    return is_sqlite(url) and name not in ("", ":memory:") and not name.startswith("file:")


def sqlite_connect(dbapi_connection: Any, _record: object) -> None:
    """Set up a new SQLite connection (see the module's documentation)."""
    # Let SQLAlchemy, not the sqlite3 module, decide when transactions begin (see the
    # SQLAlchemy documentation on SQLite transactions): "begin" below emits BEGIN itself.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        _use_wal(cursor)
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute(f"PRAGMA cache_size = -{SQLITE_CACHE_KIB}")  # negative: in KiB
    finally:
        cursor.close()


def _use_wal(cursor: Any) -> None:
    """Switch the connection's file to write-ahead logging (once done, it stays so).

    SQLite refuses the switch at once, without waiting out the busy timeout, while another
    connection is switching the same new file; that switch takes milliseconds, so try again
    after a short pause (without blocking the event loop) until the busy timeout is spent.
    """
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        await_(asyncio.sleep(SQLITE_WAL_RETRY_S))


def sqlite_begin(connection: sa.Connection) -> None:
    """Begin a transaction: ``BEGIN IMMEDIATE`` for a write, so that writers queue up front."""
    write = connection.get_execution_options().get(WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
