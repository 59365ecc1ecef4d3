"""Shared work on a timer: what one server process at a time does, every few seconds, while it
holds a named lease (pairing the matchmaking queue, advancing tournaments).

A :class:`LeasedLoop` takes (or renews) its lease, and if it holds it, runs its work with the
time; then it waits ``every`` seconds, or less when :meth:`~LeasedLoop.poke`\\ d (something
changed here: the work need not wait for the next tick). Storage being away a moment is
logged and waited out; any other failure is logged with its traceback and the next tick tries
again, so one bad piece of work never stops the loop. A process that stops releases the lease
at once, so another takes over without waiting for it to expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from cardtable.server.leases.store import Leases
from cardtable.server.storage import StorageError

__all__ = ["LeasedLoop"]

log = logging.getLogger(__name__)


class LeasedLoop:
    """``work(now)`` every ``every`` seconds (or when poked) while holding the lease ``name``,
    taken for ``lease_seconds`` at a time (a holder that died is replaced that long after)."""

    def __init__(
        self,
        leases: Leases,
        name: str,
        work: Callable[[float], Awaitable[None]],
        *,
        every: float,
        lease_seconds: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.leases = leases
        self.name = name
        self.work = work
        self.every = every
        self.lease_seconds = lease_seconds
        self.clock = clock
        self._task: asyncio.Task[None] | None = None
        self._poked = asyncio.Event()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._running(), name=self.name)

    async def stop(self) -> None:
        """Stop, and give the lease up."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            with contextlib.suppress(Exception):
                await self.leases.release(self.name)

    def poke(self) -> None:
        """Work now rather than at the next tick."""
        self._poked.set()

    async def _running(self) -> None:
        while True:
            self._poked.clear()
            try:
                now = self.clock()
                if await self.leases.take(self.name, self.lease_seconds, now=now):
                    await self.work(now)
            except asyncio.CancelledError:
                raise
            except StorageError as away:  # the database is away a moment: the next tick
                log.warning("the %s work met storage away: %s", self.name, away)
            except Exception:
                log.exception("the %s work failed; the next tick tries again", self.name)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.every):
                    await self._poked.wait()
