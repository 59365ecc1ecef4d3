"""Fixtures of the storage tests: an open store (and a second one on the same database), and
rows to put in it.

The tests of the migrations and of opening a database use ``database_url`` (a new database
each time). The others start from one database migrated once per run: a copy of a migrated
SQLite file, or one PostgreSQL database emptied before each test (creating and migrating a
PostgreSQL database takes most of a second, which every test would pay for nothing).
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from cardtable.server.storage import MatchRow, RoomRow, SeatRow, SqlStorage
from tests import services


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database file at the newest revision, to copy."""
    path = tmp_path_factory.mktemp("storage") / "migrated.db"

    async def migrate() -> None:
        opened = await SqlStorage.open(f"sqlite+aiosqlite:///{path}")
        await opened.close()

    asyncio.run(migrate())
    return path


@pytest.fixture
def migrated_sqlite_url(migrated_sqlite_file: Path, tmp_path: Path) -> str:
    """A new copy of the migrated SQLite file."""
    path = tmp_path / "cardtable.db"
    shutil.copyfile(migrated_sqlite_file, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(scope="session")
def shared_postgres_url() -> Iterator[str]:
    """One PostgreSQL database for the run's storage tests (migrated by the first store)."""
    services.need("PostgreSQL", services.POSTGRES)
    name = f"cardtable_test_{os.getpid()}_storage"
    yield services.create_database(name)
    services.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str:
    """Each backend in turn: a new SQLite file, or the shared PostgreSQL database."""
    name = "migrated_sqlite_url" if request.param == "sqlite" else "shared_postgres_url"
    return str(request.getfixturevalue(name))


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[SqlStorage]:
    """A store on a migrated, empty database of each backend."""
    async with await SqlStorage.open(store_url) as opened:
        await _empty(store_url)
        yield opened


@pytest.fixture
async def other(store: SqlStorage, store_url: str) -> AsyncIterator[SqlStorage]:
    """A second store on the same database (another server process, as far as the database
    can tell: its own engine and connections)."""
    async with await SqlStorage.open(store_url) as opened:
        yield opened


async def _empty(url: str) -> None:
    if url.startswith("sqlite"):
        return  # a new file each time
    engine = create_async_engine(url)
    try:
        async with engine.begin() as connection:
            # Every other row belongs to a room (ON DELETE CASCADE).
            await connection.execute(sa.text("DELETE FROM rooms"))
    finally:
        await engine.dispose()


def room_row(room_id: str = "r1", **changes: Any) -> RoomRow:
    row = RoomRow(
        id=room_id,
        game="war",
        ruleset={"deck": "standard", "jokers": 0},
        settings={"spectators": True, "turn_seconds": None},
        password_hash=None,
        host_token_hash="host-hash",
        status="open",
        created_at=1_000.0,
        updated_at=1_000.0,
    )
    return replace(row, **changes)


def seat_rows(room_id: str = "r1", count: int = 2) -> list[SeatRow]:
    return [
        SeatRow(room_id=room_id, index=index, kind="open", name="", token_hash=None)
        for index in range(count)
    ]


def match_row(match_id: str = "m1", room_id: str = "r1", **changes: Any) -> MatchRow:
    row = MatchRow(
        id=match_id,
        room_id=room_id,
        game="war",
        game_version=1,
        engine_version=1,
        ruleset={"deck": "standard", "jokers": 0},
        seed=2**62 - 1,
        seats=("ann", "random"),
        version=0,
        status="live",
        outcome=None,
        final_hash=None,
        started_at=2_000.0,
        finished_at=None,
        lease_owner=None,
        lease_until=None,
        timer=None,
    )
    return replace(row, **changes)


async def room_with_match(store: SqlStorage, match_id: str = "m1") -> MatchRow:
    """Room ``r1`` (if missing) with a live match ``match_id`` at version 0."""
    if await store.room("r1") is None:
        await store.create_room(room_row(), seat_rows())
    match = match_row(match_id)
    await store.create_match(match)
    return match
