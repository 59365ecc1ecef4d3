"""The server's notices ("something changed") told through the fan-out, and kept trying.

Whatever the server stores, it then tells the room's or the match's channel, so that every
process re-reads what changed. By then the change is stored: a fan-out that is away (Redis
down, or a publisher connection that died with it) must not turn a change that happened into
an error, nor leave the other processes unaware of it for good. So :meth:`Notices.tell` never
fails for want of the fan-out: a notice it cannot publish waits, in order with the others of
its channel, and a task publishes the waiting notices again with a growing delay until the
fan-out takes them. Readers lose nothing meanwhile that they cannot read from storage again.

>>> import asyncio
>>> from cardtable.server.fanout import open_fanout
>>> async def demo() -> str:
...     fanout = open_fanout(None)
...     notices = Notices(fanout)
...     async with fanout.subscribe("room:1") as heard:
...         await notices.tell("room:1", "changed")
...         message = await anext(heard)
...     await notices.close()
...     return message
>>> asyncio.run(demo())
'changed'
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict, deque

from cardtable.server.fanout import Fanout, FanoutError

log = logging.getLogger("cardtable.server")

FIRST_RETRY = 0.1
"""Seconds before the first new try of a notice that could not be told."""
LATEST_RETRY = 5.0
"""The longest wait between tries while the fan-out stays away."""
WAITING_PER_CHANNEL = 200
"""Notices kept per channel while the fan-out is away (the oldest go first: a reader that
misses them reads the current state from storage when the fan-out returns)."""


def account_channel(account_id: str) -> str:
    """The fan-out channel of one person's own news (a notification added to their inbox:
    ``{"kind": "notification", "id": ...}``), which the person's live channel listens to.

    >>> account_channel("a1")
    'account:a1'
    """
    return f"account:{account_id}"


class Notices:
    """Tells notices through a fan-out; keeps those it could not tell until it can."""

    def __init__(self, fanout: Fanout) -> None:
        self.fanout = fanout
        self._waiting: OrderedDict[str, deque[str]] = OrderedDict()
        self._retrying: asyncio.Task[None] | None = None

    @property
    def waiting(self) -> int:
        """How many notices wait for the fan-out to return."""
        return sum(len(queue) for queue in self._waiting.values())

    async def tell(self, channel: str, message: str) -> None:
        """Publish ``message`` on ``channel`` now, or as soon as the fan-out takes it."""
        if channel not in self._waiting:
            try:
                await self.fanout.publish(channel, message)
                return
            except FanoutError as error:
                log.warning("a notice waits for the fan-out: %s", error)
        queue = self._waiting.setdefault(channel, deque(maxlen=WAITING_PER_CHANNEL))
        queue.append(message)
        if self._retrying is None or self._retrying.done():
            self._retrying = asyncio.create_task(self._retry(), name="notices waiting")

    async def _retry(self) -> None:
        delay = FIRST_RETRY
        while self._waiting:
            await asyncio.sleep(delay)
            try:
                while self._waiting:
                    channel, queue = next(iter(self._waiting.items()))
                    while queue:
                        await self.fanout.publish(channel, queue[0])
                        queue.popleft()
                    del self._waiting[channel]
            except FanoutError:
                delay = min(LATEST_RETRY, delay * 2)
            else:
                log.info("the fan-out is back: every waiting notice was told")

    async def close(self) -> None:
        """Stop trying (the notices still waiting are dropped)."""
        if self._retrying is not None:
            self._retrying.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._retrying
