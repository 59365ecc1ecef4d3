"""A SQLite file's writers in one process take turns instead of meeting SQLite's lock.

SQLite lets one connection write at a time; a connection that finds the file locked sleeps
and tries again, for up to the busy timeout. The appends' own thread and the async engine's
transactions are two connections of one process, so the store makes them wait for each
other in the process, where each starts the moment the one before it ends. With no busy
timeout at all, any write that met the lock would fail: none may.
"""

from __future__ import annotations

import asyncio

import pytest

from cardtable.server.storage import SqlStorage, connect
from tests.server.storage.conftest import match_row, room_row, seat_rows

pytestmark = pytest.mark.anyio

MATCHES = 12
DECISIONS = 15


async def test_appends_and_other_writes_never_meet_the_lock(
    migrated_sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connect, "SQLITE_BUSY_TIMEOUT_MS", 0)  # a locked file fails at once
    async with await SqlStorage.open(migrated_sqlite_url) as store:
        for number in range(MATCHES):
            await store.create_room(room_row(f"r{number}"), seat_rows(f"r{number}"))
            await store.create_match(match_row(f"m{number}", f"r{number}"))

        async def play(number: int) -> None:
            for version in range(DECISIONS):
                await store.append_decision(f"m{number}", version, 0, "turn", at=float(version))

        async def talk(number: int) -> None:
            for line in range(DECISIONS):
                await store.add_chat(f"r{number}", 0, "ann", f"line {line}", at=float(line))
                await store.update_room(f"r{number}", updated_at=float(line))

        await asyncio.gather(*(play(n) for n in range(MATCHES)), *(talk(n) for n in range(MATCHES)))
        for number in range(MATCHES):
            match = await store.match(f"m{number}")
            assert match is not None
            assert match.version == DECISIONS
            assert len(await store.chat(f"r{number}")) == DECISIONS
