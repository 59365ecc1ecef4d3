"""The in-process fan-out: the default, for a server that runs as one process.

>>> import asyncio
>>> async def demo() -> str:
...     fanout = MemoryFanout()
...     async with fanout.subscribe("room:1") as messages:
...         await fanout.publish("room:1", "seat 0 decided")
...         message = await anext(messages)
...     await fanout.close()
...     return message
>>> asyncio.run(demo())
'seat 0 decided'
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from cardtable.server.fanout.base import FanoutError
from cardtable.server.fanout.subscription import DEFAULT_LIMIT, Channels, Subscription


class MemoryFanout:
    """Publish/subscribe between the tasks of one asyncio process.

    Publishing hands the message to every subscription of the channel at once, so each
    subscriber sees the messages of a channel in the order they were published. Each
    subscription holds at most ``limit`` unread messages; past that it drops them and raises
    :class:`~cardtable.server.fanout.base.MissedMessages` once (see
    :mod:`cardtable.server.fanout.subscription`). Two instances share nothing: the namespace
    keeps instances apart by construction, so it is only kept for symmetry with Redis.
    """

    def __init__(self, *, namespace: str = "cardtable", limit: int = DEFAULT_LIMIT) -> None:
        self.namespace = namespace
        self._channels = Channels(limit=limit)
        self._closed = False

    def __repr__(self) -> str:
        return f"MemoryFanout(namespace={self.namespace!r})"

    async def publish(self, channel: str, message: str) -> None:
        """Deliver ``message`` to the current subscribers of ``channel``."""
        self._check_open()
        self._channels.deliver(channel, message)

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        """Listen to ``channel`` until the context exits."""
        self._check_open()
        subscription = self._channels.add(channel)
        try:
            yield subscription
        finally:
            self._channels.remove(subscription)

    async def check(self) -> None:
        """Nothing can be out of reach in one process: only a closed fan-out fails."""
        self._check_open()

    async def close(self) -> None:
        """End every subscription; later publishing or subscribing raises ``FanoutError``."""
        self._closed = True
        self._channels.end_all()

    def _check_open(self) -> None:
        if self._closed:
            raise FanoutError("the fan-out is closed")
