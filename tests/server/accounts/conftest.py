"""Fixtures of the accounts' store tests: a store on a migrated, empty database of each
backend (the storage tests' migrated SQLite file, copied; a PostgreSQL database of these tests'
own, emptied before each test), and a second one on the same database."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from cardtable.server.accounts import AccountStore
from cardtable.server.storage import SqlStorage
from tests import services
from tests.server.storage.conftest import migrated_sqlite_file, migrated_sqlite_url

__all__ = ["migrated_sqlite_file", "migrated_sqlite_url"]


@pytest.fixture(scope="session")
def accounts_postgres_url() -> Iterator[str]:
    """One PostgreSQL database for the run's accounts tests (migrated by the first store)."""
    services.need("PostgreSQL", services.POSTGRES)
    name = f"cardtable_test_{os.getpid()}_accounts"
    yield services.create_database(name)
    services.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def accounts_url(request: pytest.FixtureRequest) -> str:
    """Each backend in turn: a new copy of a migrated SQLite file, or the shared PostgreSQL
    database."""
    name = "migrated_sqlite_url" if request.param == "sqlite" else "accounts_postgres_url"
    return str(request.getfixturevalue(name))


@pytest.fixture
async def storage(accounts_url: str) -> AsyncIterator[SqlStorage]:
    """The server's store on a migrated, empty database."""
    async with await SqlStorage.open(accounts_url) as opened:
        await _empty(accounts_url)
        yield opened


@pytest.fixture
def accounts(storage: SqlStorage) -> AccountStore:
    """The accounts' store on ``storage``'s database."""
    return AccountStore.of(storage)


@pytest.fixture
async def other_accounts(storage: SqlStorage, accounts_url: str) -> AsyncIterator[AccountStore]:
    """The accounts' store of a second server process on the same database (its own engine
    and connections)."""
    async with await SqlStorage.open(accounts_url) as opened:
        yield AccountStore.of(opened)


async def _empty(url: str) -> None:
    if url.startswith("sqlite"):
        return  # a new file each time
    engine = create_async_engine(url)
    try:
        async with engine.begin() as connection:
            # Sessions go with their accounts, participants with their matches' rooms.
            for table in ("rooms", "guests", "accounts"):
                await connection.execute(sa.text(f"DELETE FROM {table}"))
    finally:
        await engine.dispose()
