"""Group commit: each caller learns its own outcome, a failed batch fails only its callers,
and a caller who stopped waiting is not written."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.server.storage.batching import GroupCommit, Pending, settle

pytestmark = pytest.mark.anyio


class Store:
    """Writes batches of words; refuses ``"bad"`` alone, and a batch holding ``"crash"``."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.gate = asyncio.Event()
        self.gate.set()

    async def write(self, batch: list[Pending[str]]) -> None:
        await self.gate.wait()
        words = [pending.item for pending in batch]
        if "crash" in words:
            raise OSError("the disk is gone")
        self.batches.append(words)
        for pending in batch:
            settle(pending, ValueError("refused") if pending.item == "bad" else None)


async def test_each_caller_learns_its_own_outcome() -> None:
    store = Store()
    commit = GroupCommit(store.write)
    results = await asyncio.gather(
        *(commit.submit(word, word) for word in ("a", "bad", "c")), return_exceptions=True
    )
    assert [type(result).__name__ for result in results] == ["NoneType", "ValueError", "NoneType"]
    assert store.batches == [["a", "bad", "c"]]


async def test_a_failed_batch_fails_its_callers_and_the_next_batch_is_written() -> None:
    store = Store()
    commit = GroupCommit(store.write)
    store.gate.clear()
    first = asyncio.ensure_future(commit.submit("x", "x"))
    await asyncio.sleep(0)  # "x" is being written: the next two wait for the next batch
    failing = asyncio.gather(commit.submit("y", "y"), commit.submit("crash", "crash"))
    store.gate.set()
    await first
    with pytest.raises(OSError, match="the disk is gone"):
        await failing
    await commit.submit("z", "z")
    assert store.batches == [["x"], ["z"]]


async def test_a_caller_who_stopped_waiting_is_not_written() -> None:
    store = Store()
    commit = GroupCommit(store.write)
    store.gate.clear()
    first = asyncio.ensure_future(commit.submit("x", "x"))
    await asyncio.sleep(0)
    gone = asyncio.ensure_future(commit.submit("gone", "gone"))
    await asyncio.sleep(0)
    gone.cancel()
    stays = asyncio.ensure_future(commit.submit("stays", "stays"))
    store.gate.set()
    await asyncio.gather(first, stays)
    assert store.batches == [["x"], ["stays"]]
    await commit.close()
