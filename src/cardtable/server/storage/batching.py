"""Group commit: decisions asked for while a transaction is being written go in the next one.

A busy server appends hundreds of decisions a second, each for a different match. Writing
each in its own transaction costs a round of statements, a commit and (for SQLite) a trip to
the database's thread every time; :class:`GroupCommit` writes whatever has queued up meanwhile
in one transaction instead. Nobody waits for a batch to fill: the first append after a quiet
moment is written at once, and those that arrive while it is being written form the next
batch. Each caller still learns its own outcome (done, or its own :class:`Conflict`).

>>> import asyncio
>>> async def demo() -> list[list[str]]:
...     batches: list[list[str]] = []
...     async def write(batch: list[Pending[str]]) -> None:
...         await asyncio.sleep(0)  # a transaction takes a while
...         batches.append([item.key for item in batch])
...         for item in batch:
...             settle(item)
...     commit = GroupCommit(write)
...     await asyncio.gather(*(commit.submit(key, key) for key in ["a", "b", "c", "a"]))
...     await commit.close()
...     return batches
>>> asyncio.run(demo())
[['a', 'b', 'c'], ['a']]

(The four arrive together. One item per key in a batch: the second ``a`` waits for the next,
so that two appends to the same match never race in one transaction.)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

Item = TypeVar("Item")

MAX_BATCH = 256
"""The most items written in one transaction."""


@dataclass(slots=True)
class Pending(Generic[Item]):
    """One item waiting to be written, and the future its caller waits on."""

    key: str
    """Items with the same key never share a batch (a match's id: one decision at a time)."""
    item: Item
    done: asyncio.Future[None]


def settle(pending: Pending[Item], error: Exception | None = None) -> None:
    """Tell ``pending``'s caller it is done (or failed with ``error``), if still waiting."""
    if pending.done.done():
        return
    if error is None:
        pending.done.set_result(None)
    else:
        pending.done.set_exception(error)


class GroupCommit(Generic[Item]):
    """Writes items in batches with ``write``, which must settle every item's future."""

    def __init__(self, write: Callable[[list[Pending[Item]]], Awaitable[None]]) -> None:
        self._write = write
        self._queue: list[Pending[Item]] = []
        self._writer: asyncio.Task[None] | None = None

    async def submit(self, key: str, item: Item) -> None:
        """Write ``item`` in the next batch; returns once it is committed (or raises what
        ``write`` set for it)."""
        pending = Pending(key, item, asyncio.get_running_loop().create_future())
        self._queue.append(pending)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain(), name="group commit")
        await pending.done

    async def _drain(self) -> None:
        while self._queue:
            batch: list[Pending[Item]] = []
            keys: set[str] = set()
            later: list[Pending[Item]] = []
            for pending in self._queue:
                if pending.done.done():  # its caller stopped waiting
                    continue
                if pending.key in keys or len(batch) >= MAX_BATCH:
                    later.append(pending)
                else:
                    keys.add(pending.key)
                    batch.append(pending)
            self._queue = later
            if not batch:
                continue
            try:
                await self._write(batch)
            except Exception as error:
                for pending in batch:
                    settle(pending, error)
            except BaseException:  # stopped: nobody is left waiting
                for pending in batch + self._queue:
                    pending.done.cancel()
                self._queue = []
                raise
            for pending in batch:  # a writer that forgot one must not leave it waiting
                settle(pending, RuntimeError("the batch left an item unsettled"))

    async def close(self) -> None:
        """Let the batch being written finish (nothing new is taken after it)."""
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer
