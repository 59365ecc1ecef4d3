"""Chat: ids that grow across rooms, read back from an id on, the latest ``limit`` of them."""

from __future__ import annotations

import pytest

from cardtable.server.storage import ChatRow, SqlStorage
from tests.server.storage.conftest import room_row

pytestmark = pytest.mark.anyio


async def test_messages_round_trip_with_growing_ids(store: SqlStorage) -> None:
    await store.create_room(room_row("a"), [])
    await store.create_room(room_row("b"), [])
    first = await store.add_chat("a", 0, "Ann", "hello <b>there</b>", at=10.25)
    second = await store.add_chat("b", None, "watcher", "hi", at=11.0)
    third = await store.add_chat("a", 1, "Bo", "é " * 3, at=12.5)
    assert first == ChatRow(
        id=first.id, room_id="a", seat=0, name="Ann", text="hello <b>there</b>", at=10.25
    )
    assert first.id < second.id < third.id
    assert await store.chat("a") == [first, third]
    assert await store.chat("b") == [second]
    assert await store.chat("nowhere") == []


async def test_since_and_limit_give_the_latest_messages_after_an_id(store: SqlStorage) -> None:
    await store.create_room(room_row(), [])
    sent = [await store.add_chat("r1", 0, "Ann", f"m{n}", at=float(n)) for n in range(6)]
    assert await store.chat("r1", since=sent[2].id) == sent[3:]
    assert await store.chat("r1", limit=2) == sent[4:]
    assert await store.chat("r1", since=sent[0].id, limit=3) == sent[3:]
    assert await store.chat("r1", since=sent[-1].id) == []
    assert await store.chat("r1", limit=0) == []


async def test_a_message_needs_its_room(store: SqlStorage) -> None:
    with pytest.raises(LookupError):
        await store.add_chat("nowhere", None, "x", "y", at=1.0)
