"""PostgreSQL going away under an open store: every failure is a ``StorageError`` (which the
server answers as ``unavailable``), never the driver's own exception, and the store works
again once the database is back."""

from __future__ import annotations

import asyncio
import contextlib

import asyncpg
import pytest

from cardtable.server.storage import SqlStorage, StorageError
from tests import services
from tests.server.storage.conftest import room_row, seat_rows

pytestmark = pytest.mark.anyio


async def _admin(sql: str) -> None:
    connection = await asyncpg.connect(services.POSTGRES)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


def _name(url: str) -> str:
    return url.rsplit("/", 1)[-1]


async def _cut(database: str) -> None:
    await _admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        f"WHERE datname = '{database}' AND pid <> pg_backend_pid()"
    )


async def _settles(store: SqlStorage) -> None:
    """A call may fail once on a connection that was cut; the next one works."""
    with contextlib.suppress(StorageError):
        await store.room("r1")
    assert await store.room("r1") is not None


async def test_cut_connections_are_a_storage_error_then_replaced(postgres_url: str) -> None:
    async with await SqlStorage.open(postgres_url) as store:
        await store.create_room(room_row(), seat_rows())
        for call in (store.room, store.seats, store.matches):
            await _cut(_name(postgres_url))
            failures: list[StorageError] = []
            try:
                await call("r1")
            except StorageError as error:
                failures.append(error)
            assert all("the database failed" in str(error) for error in failures)
            await _settles(store)


async def test_a_database_refusing_connections_is_a_storage_error(postgres_url: str) -> None:
    database = _name(postgres_url)
    async with await SqlStorage.open(postgres_url) as store:
        await store.create_room(room_row(), seat_rows())
        await _admin(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS false')
        try:
            await _cut(database)
            for _ in range(3):
                with pytest.raises(StorageError, match="the database failed"):
                    await store.room("r1")
                with pytest.raises(StorageError, match="the database failed"):
                    await store.add_chat("r1", 0, "ann", "hello", at=1.0)
        finally:
            await _admin(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS true')
        await _settles(store)
        assert await store.chat("r1") == []  # the refused message was not half-stored


async def test_reads_in_flight_when_connections_are_cut_are_read_again(postgres_url: str) -> None:
    """Reading changes nothing, so a read whose connection was cut under it is done again on
    a new one: what a request just changed can be read back although connections were cut."""
    async with await SqlStorage.open(postgres_url) as store:
        await store.create_room(room_row(), seat_rows())
        reads = (store.room, store.seats, store.matches, store.match, store.decisions)
        for _ in range(10):
            in_flight = [asyncio.create_task(read("r1")) for read in reads for _ in range(3)]
            await asyncio.sleep(0.002)
            await _cut(_name(postgres_url))
            await asyncio.gather(*in_flight)
