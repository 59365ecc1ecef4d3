"""Subscriptions, and the channels of one process that deliver to them.

Both fan-outs deliver locally through :class:`Channels`: the in-process one directly, the
Redis one after a message comes back from Redis (one Redis connection serves every
subscription of a process). A subscription's queue is bounded: a subscriber that falls
``limit`` messages behind loses what it had not read yet and is told so
(:class:`~cardtable.server.fanout.base.MissedMessages`), so one stuck reader can neither hold
back the others nor grow the server's memory.

>>> import asyncio
>>> async def demo() -> list[str]:
...     channels = Channels(limit=2)
...     subscription = channels.add("room:1")
...     for message in ("a", "b", "c"):  # "c" finds the queue full
...         channels.deliver("room:1", message)
...     channels.deliver("room:1", "d")
...     got = []
...     try:
...         await anext(subscription)
...     except MissedMessages:
...         got.append("missed")
...     got.append(await anext(subscription))
...     channels.remove(subscription)
...     return got
>>> asyncio.run(demo())
['missed', 'd']
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterator

from cardtable.server.fanout.base import MissedMessages

DEFAULT_LIMIT = 1000
"""How many unread messages a subscription holds before it drops them (see the module)."""


class Subscription:
    """The messages of one channel, for one reader: an async iterator of strings.

    Iteration raises :class:`MissedMessages` (once per gap, then goes on) when messages may
    have been lost, and stops when the subscription ends (its context exited or the fan-out
    closed).
    """

    __slots__ = ("_ended", "_messages", "_missed", "_wake", "channel", "limit", "missed")

    def __init__(self, channel: str, *, limit: int = DEFAULT_LIMIT) -> None:
        self.channel = channel
        """The channel's name (under Redis, with the namespace in front)."""
        self.limit = limit
        self.missed = 0
        """How many times this subscription has lost messages (overflow or reconnection)."""
        self._messages: deque[str] = deque()
        self._missed = False
        self._ended = False
        self._wake = asyncio.Event()

    def __repr__(self) -> str:
        return f"<Subscription {self.channel!r}: {len(self._messages)} unread>"

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> str:
        while True:
            if self._missed:
                self._missed = False
                raise MissedMessages(
                    f"messages on {self.channel!r} may have been lost: read the state again"
                )
            if self._messages:
                return self._messages.popleft()
            if self._ended:
                raise StopAsyncIteration
            self._wake.clear()
            await self._wake.wait()

    def offer(self, message: str) -> None:
        """Queue ``message``; when the queue is full, drop it all and flag the gap instead."""
        if self._ended:
            return
        if len(self._messages) >= self.limit:
            self.lose()
            return
        self._messages.append(message)
        self._wake.set()

    def lose(self) -> None:
        """Forget the unread messages and tell the reader it missed some."""
        self._messages.clear()
        self._missed = True
        self.missed += 1
        self._wake.set()

    def end(self) -> None:
        """No more messages: the reader gets what is queued, then iteration stops."""
        self._ended = True
        self._wake.set()


class Channels:
    """The subscriptions of one process, by channel; delivery to them is synchronous."""

    __slots__ = ("_subscriptions", "limit")

    def __init__(self, *, limit: int = DEFAULT_LIMIT) -> None:
        if limit < 1:
            raise ValueError(f"a subscription must hold at least 1 message, not {limit}")
        self.limit = limit
        self._subscriptions: dict[str, list[Subscription]] = {}

    def add(self, channel: str) -> Subscription:
        """A new subscription to ``channel``."""
        subscription = Subscription(channel, limit=self.limit)
        self._subscriptions.setdefault(channel, []).append(subscription)
        return subscription

    def remove(self, subscription: Subscription) -> bool:
        """End ``subscription``; ``True`` when it was its channel's last."""
        subscription.end()
        others = self._subscriptions.get(subscription.channel, [])
        if subscription in others:
            others.remove(subscription)
        if others:
            return False
        self._subscriptions.pop(subscription.channel, None)
        return True

    def deliver(self, channel: str, message: str) -> None:
        """Offer ``message`` to every subscription of ``channel``, in subscription order."""
        for subscription in self._subscriptions.get(channel, ()):
            subscription.offer(message)

    def has(self, channel: str) -> bool:
        """Whether ``channel`` has at least one subscription."""
        return channel in self._subscriptions

    def lose(self, channel: str) -> None:
        """Tell every subscription of ``channel`` that it may have missed messages."""
        for subscription in self._subscriptions.get(channel, ()):
            subscription.lose()

    def __iter__(self) -> Iterator[Subscription]:
        for subscriptions in list(self._subscriptions.values()):
            yield from list(subscriptions)

    def end_all(self) -> None:
        """End every subscription (the fan-out is closing)."""
        for subscription in self:
            subscription.end()
        self._subscriptions.clear()
