"""Opening a store: the default place, and plain errors for every database it cannot use."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from cardtable.server.storage import SqlStorage, StorageError, default_data_dir, migrate
from cardtable.server.storage.connect import (
    SQLITE_CACHE_KIB,
    WRITE,
    create_engine,
    default_database_url,
)
from cardtable.server.storage.connect import database_url as parse_url
from tests import services

pytestmark = pytest.mark.anyio


def test_the_default_data_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "cardtable"
    monkeypatch.setenv("XDG_DATA_HOME", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home" / ".local" / "share" / "cardtable"


async def test_the_default_database_is_a_file_in_a_new_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "odd #?% name"))
    url = default_database_url()
    folder = tmp_path / "odd #?% name" / "cardtable"
    assert folder.is_dir()
    async with await SqlStorage.open(url) as store:
        assert await store.rooms() == []
    assert (folder / "cardtable.db").is_file()


def test_plain_schemes_get_async_drivers() -> None:
    assert parse_url("sqlite:///x.db").drivername == "sqlite+aiosqlite"
    assert parse_url("postgres://u@h/d").drivername == "postgresql+asyncpg"
    assert parse_url("postgresql+asyncpg://u@h/d").drivername == "postgresql+asyncpg"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://u:secret@h/d", "unsupported database 'mysql://u:\\*\\*\\*@h/d'"),
        ("postgresql+psycopg://h/d", "unsupported database"),
        ("not a url", "not a database URL: 'not a url'"),
        ("", "not a database URL"),
    ],
)
async def test_a_url_of_another_kind_is_refused_plainly(url: str, message: str) -> None:
    with pytest.raises(StorageError, match=message) as caught:
        await SqlStorage.open(url)
    assert "secret" not in str(caught.value)


async def test_a_sqlite_file_that_cannot_be_made_is_a_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match=r"cannot open the database .*: no folder .*missing"):
        await SqlStorage.open(f"sqlite:///{tmp_path / 'missing' / 'cardtable.db'}")
    with pytest.raises(StorageError, match=r"cannot open the database .*: .* is not a file"):
        await SqlStorage.open(f"sqlite:///{tmp_path}")


async def test_an_unreachable_server_is_a_storage_error() -> None:
    with pytest.raises(StorageError, match=r"cannot open the database postgresql.*127\.0\.0\.1:1"):
        await SqlStorage.open("postgresql://u:secret@127.0.0.1:1/cards")


async def test_a_missing_postgres_database_is_a_storage_error() -> None:
    services.need("PostgreSQL", services.POSTGRES)
    url = parse_url(services.POSTGRES).set(database="cardtable_no_such_database")
    with pytest.raises(StorageError, match='"cardtable_no_such_database" does not exist'):
        await SqlStorage.open(url.render_as_string(hide_password=False))


async def test_without_migrations_the_schema_must_be_current(database_url: str) -> None:
    needs = rf"at revision none, and this version .* needs {migrate.head()}"
    with pytest.raises(StorageError, match=needs):
        await SqlStorage.open(database_url, migrate=False)
    async with await SqlStorage.open(database_url):
        pass
    async with await SqlStorage.open(database_url, migrate=False) as store:
        assert await store.live_matches() == []


async def test_a_schema_newer_than_this_version_is_a_storage_error(database_url: str) -> None:
    async with await SqlStorage.open(database_url):
        pass
    engine = create_engine(parse_url(database_url))
    async with engine.begin() as connection:
        await connection.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    await engine.dispose()
    with pytest.raises(StorageError, match="9999"):
        await SqlStorage.open(database_url)


async def test_sqlite_write_transactions_take_the_write_lock_at_once(sqlite_url: str) -> None:
    engine = create_engine(parse_url(sqlite_url))
    try:
        writer = engine.execution_options(**{WRITE: True})
        async with writer.connect() as first, engine.connect() as second:
            await first.begin()  # holds the write lock before any statement
            await second.exec_driver_sql("PRAGMA busy_timeout = 0")
            with pytest.raises(sa.exc.OperationalError, match="database is locked"):
                await second.exec_driver_sql("CREATE TABLE scratch (x INTEGER)")
            await second.rollback()
            await first.rollback()
            await second.exec_driver_sql("CREATE TABLE scratch (x INTEGER)")
            await second.commit()
    finally:
        await engine.dispose()


async def test_every_sqlite_connection_keeps_a_small_page_cache(sqlite_url: str) -> None:
    """Up to fifteen pooled connections, each with SQLite's default 2 MiB cache, grew a
    server's memory for good as its database grew (benchmarks/soak.py). Every connection the
    store opens (its writer's too) is set up by the same function as these."""
    engine = create_engine(parse_url(sqlite_url))
    try:
        async with engine.connect() as connection:
            size = (await connection.exec_driver_sql("PRAGMA cache_size")).scalar()
    finally:
        await engine.dispose()
    assert size == -SQLITE_CACHE_KIB


async def test_connections_racing_to_a_new_sqlite_file_all_open_it(tmp_path: Path) -> None:
    """SQLite refuses a switch to write-ahead logging at once, without waiting out the busy
    timeout, when another connection is switching the same new file: two servers migrating
    a new database together failed to start now and then (a CI run saw it)."""
    for round_ in range(200):
        url = parse_url(f"sqlite:///{tmp_path / f'{round_}.db'}")
        engines = [create_engine(url) for _ in range(3)]

        async def mode(engine: AsyncEngine) -> object:
            async with engine.connect() as connection:
                return (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar()

        try:
            modes = await asyncio.gather(*(mode(engine) for engine in engines))
        finally:
            for engine in engines:
                await engine.dispose()
        assert modes == ["wal"] * 3
