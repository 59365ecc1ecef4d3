"""The Redis fan-out: publish/subscribe between server processes through Redis pub/sub.

Every channel is prefixed with the namespace (``cardtable:room:7``), so servers of different
deployments, or tests, can share one Redis. Each process holds one Redis connection for
listening, whatever the number of subscriptions, and delivers what arrives through
:class:`~cardtable.server.fanout.subscription.Channels`, as the in-process fan-out does.

When the listening connection drops (Redis restarted, a network fault, or nothing heard for two
heartbeats), the fan-out reconnects with a growing delay and subscribes again to every channel
that still has subscribers. Messages published meanwhile are lost, as Redis pub/sub loses them,
so each subscription then raises :class:`~cardtable.server.fanout.base.MissedMessages` once
its channel is subscribed again: from that moment on nothing more is missed. A URL that is not
a Redis URL, or a Redis that cannot be reached when the first subscription or publication is
made, raises :class:`~cardtable.server.fanout.base.FanoutError` with a plain message.

>>> RedisFanout("http://localhost")
Traceback (most recent call last):
...
cardtable.server.fanout.base.FanoutError: not a Redis URL: http://localhost (expected redis://, rediss:// or unix://)
"""  # noqa: E501

from __future__ import annotations

import asyncio
import logging
import re
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from cardtable.server.fanout.base import FanoutError
from cardtable.server.fanout.subscription import DEFAULT_LIMIT, Channels, Subscription

SCHEMES = ("redis", "rediss", "unix")
_log = logging.getLogger(__name__)
_FAULTS = (RedisError, OSError)
"""What a Redis connection raises when Redis is away or refuses (timeouts included)."""


def redacted(url: str) -> str:
    """``url`` without its user name and password, to show in messages.

    >>> redacted("redis://user:secret@cache.example:6380/2")
    'redis://cache.example:6380/2'
    >>> redacted("rediss://:p@ss@cache.example")
    'rediss://cache.example'
    """
    parts = urlsplit(url)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


class RedisFanout:
    """Publish/subscribe between processes through the Redis server at ``url``.

    ``timeout`` bounds connecting and waiting for Redis to confirm a subscription (seconds);
    ``heartbeat`` is how long the listening connection may stay silent before it is pinged
    (and, silent for as long again, replaced). ``limit`` bounds each subscription's unread
    messages, as in :class:`~cardtable.server.fanout.memory.MemoryFanout`.
    """

    def __init__(
        self,
        url: str,
        *,
        namespace: str = "cardtable",
        limit: int = DEFAULT_LIMIT,
        timeout: float = 5.0,
        heartbeat: float = 30.0,
    ) -> None:
        self.where = redacted(url)
        """The URL without credentials (for messages and logs)."""
        scheme = url.partition("://")[0].lower() if "://" in url else ""
        if scheme not in SCHEMES:
            raise FanoutError(
                f"not a Redis URL: {self.where} (expected redis://, rediss:// or unix://)"
            )
        self.namespace = namespace
        self.timeout = timeout
        self.heartbeat = heartbeat
        name = re.sub(r"[^\w.:-]", "_", f"{namespace}-fanout")
        self.client_name = f"{name}-listener"
        """The name of the listening connection in Redis's ``CLIENT LIST``."""
        options: dict[str, Any] = {"decode_responses": True, "socket_connect_timeout": timeout}
        try:
            self._publisher = Redis.from_url(
                url, socket_timeout=timeout, client_name=f"{name}-publisher", **options
            )
            # The listener does not retry by itself: a dropped connection must reach
            # ``_listen`` so that subscriptions learn they may have missed messages.
            self._listener = Redis.from_url(
                url,
                socket_keepalive=True,
                retry=Retry(NoBackoff(), 0, supported_errors=()),
                client_name=self.client_name,
                **options,
            )
        except (ValueError, TypeError) as error:
            raise FanoutError(f"bad Redis URL {self.where}: {error}") from None
        self._prefix = f"{namespace}:"
        self._channels = Channels(limit=limit)
        self._pubsub: PubSub | None = None
        self._lock = asyncio.Lock()
        """Held while sending (un)subscriptions or replacing the listening connection."""
        self._subscribed: dict[str, asyncio.Event] = {}
        """The channels asked of Redis; each event is set once Redis confirmed it."""
        self._confirming: dict[str, deque[Callable[[], None]]] = {}
        """What to do as each pending confirmation arrives, per channel, in order."""
        self._connected = asyncio.Event()
        self._settled = asyncio.Event()
        """Set when the listener's first attempt to connect has succeeded or failed."""
        self._ever_connected = False
        self._problem = "not connected yet"
        self._reader: asyncio.Task[None] | None = None
        self._closed = False

    def __repr__(self) -> str:
        return f"RedisFanout({self.where!r}, namespace={self.namespace!r})"

    async def publish(self, channel: str, message: str) -> None:
        """Publish ``message`` on the namespaced ``channel`` (to every process)."""
        self._check_open()
        for attempt in range(2):  # a connection that died with Redis fails once: then anew
            try:
                await self._publisher.publish(self._prefix + channel, message)
                return
            except _FAULTS as error:
                if attempt:
                    raise FanoutError(f"cannot publish to Redis at {self.where}: {error}") from None

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        """Listen to ``channel`` (namespaced) until the context exits.

        Entering returns once Redis has confirmed the subscription, so every message
        published after that is delivered. Raises :class:`FanoutError` when Redis cannot be
        reached within ``timeout``.
        """
        self._check_open()
        name = self._prefix + channel
        subscription = self._channels.add(name)
        try:
            await self._ensure_listening()
            async with self._lock:
                confirmed = self._subscribed.get(name)
                if confirmed is None:
                    confirmed = self._subscribed[name] = asyncio.Event()
                    await self._send_subscribe(name, confirmed.set)
            await self._wait(confirmed, f"Redis at {self.where} did not confirm {name!r}")
            self._check_open()
            yield subscription
        finally:
            if self._channels.remove(subscription) and not self._closed:
                await self._unsubscribe(name)

    async def check(self) -> None:
        """Raise :class:`FanoutError` unless Redis answers a ping."""
        self._check_open()
        try:
            await self._publisher.ping()
        except _FAULTS as error:
            raise FanoutError(f"Redis at {self.where} does not answer: {error}") from None

    async def close(self) -> None:
        """End every subscription, stop listening and close the connections to Redis."""
        if self._closed:
            return
        self._closed = True
        self._channels.end_all()
        for event in (self._settled, self._connected, *self._subscribed.values()):
            event.set()  # nobody waits out the timeout for a fan-out that is gone
        if self._reader is not None:
            self._reader.cancel()
            with suppress(asyncio.CancelledError):
                await self._reader
        await self._drop_pubsub()
        await self._publisher.aclose()
        await self._listener.aclose()

    # -- subscribing --------------------------------------------------------------------------

    async def _ensure_listening(self) -> None:
        """Start the listener if it is not running; wait until it is connected."""
        if self._reader is None or self._reader.done():
            self._settled.clear()
            self._reader = asyncio.create_task(self._run(), name=f"{self.client_name} listener")
        await self._wait(self._settled, f"cannot reach Redis at {self.where}: timed out")
        if not self._connected.is_set() and not self._ever_connected:
            raise FanoutError(f"cannot reach Redis at {self.where}: {self._problem}")
        await self._wait(self._connected, f"cannot reach Redis at {self.where}")

    async def _wait(self, event: asyncio.Event, failure: str) -> None:
        try:
            async with asyncio.timeout(self.timeout):  # not wait_for: see server.waiting
                await event.wait()
        except TimeoutError:
            raise FanoutError(f"{failure} ({self._problem})") from None

    async def _send_subscribe(self, name: str, on_confirmed: Callable[[], None]) -> None:
        """Ask Redis for ``name`` (the lock is held); ``on_confirmed`` runs on its answer."""
        pubsub = self._pubsub
        if pubsub is None:  # reconnecting: the new connection will subscribe to it
            return
        self._confirming.setdefault(name, deque()).append(on_confirmed)
        try:
            await pubsub.subscribe(name)
        except _FAULTS as error:
            raise FanoutError(f"cannot subscribe at Redis at {self.where}: {error}") from None

    async def _unsubscribe(self, name: str) -> None:
        async with self._lock:
            if self._channels.has(name):  # a new subscriber came meanwhile
                return
            self._subscribed.pop(name, None)
            if self._pubsub is not None:
                # A lost connection forgets the subscription anyway.
                with suppress(*_FAULTS):
                    await self._pubsub.unsubscribe(name)

    # -- listening ----------------------------------------------------------------------------

    async def _run(self) -> None:
        """Connect, listen, and after a fault reconnect with a growing delay, until closed.

        A first connection that fails ends the task (the subscriber that started it gets the
        error); once connected, the listener keeps trying to reconnect.
        """
        delay = 0.05
        while not self._closed:
            try:
                await self._connect()
                delay = 0.05
                await self._listen()
            except _FAULTS as error:
                self._problem = str(error) or type(error).__name__
                self._connected.clear()
                await self._drop_pubsub()
                self._settled.set()
                if not self._ever_connected:
                    return
                _log.warning(
                    "fan-out: lost Redis at %s (%s); reconnecting in %.2fs",
                    self.where,
                    self._problem,
                    delay,
                )
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _connect(self) -> None:
        """A new listening connection, subscribed to every channel that has subscribers."""
        async with self._lock:
            pubsub = self._listener.pubsub()
            self._pubsub = pubsub
            self._confirming = {}
            await pubsub.connect()  # type: ignore[no-untyped-call]  # untyped in redis-py
            names = [name for name in self._subscribed if self._channels.has(name)]
            for name in names:
                confirmed = self._subscribed[name]
                then: Callable[[], None] = (
                    partial(self._resubscribed, name) if confirmed.is_set() else confirmed.set
                )
                self._confirming[name] = deque([then])
            if names:
                await pubsub.subscribe(*names)
            if self._ever_connected:
                _log.info("fan-out: reconnected to Redis at %s", self.where)
            self._ever_connected = True
            self._connected.set()
            self._settled.set()

    def _resubscribed(self, name: str) -> None:
        """After a reconnection: the channel's subscribers may have missed messages."""
        self._channels.lose(name)

    async def _listen(self) -> None:
        """Deliver messages until the connection fails (raises one of ``_FAULTS``)."""
        pubsub = self._pubsub
        assert pubsub is not None
        pinged = False
        while True:
            message = await pubsub.get_message(timeout=self.heartbeat)
            if message is None:
                if pinged:
                    raise TimeoutError(f"no answer for {2 * self.heartbeat:g} seconds")
                if pubsub.subscribed:  # a ping before subscribing gets no pub/sub answer
                    pinged = True
                    await pubsub.ping()
                continue
            pinged = False
            kind, name = message["type"], message["channel"]
            if kind == "message":
                self._channels.deliver(name, message["data"])
            elif kind == "subscribe" and self._confirming.get(name):
                self._confirming[name].popleft()()

    async def _drop_pubsub(self) -> None:
        async with self._lock:
            pubsub, self._pubsub = self._pubsub, None
            if pubsub is not None:
                with suppress(*_FAULTS):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]  # untyped in redis-py

    def _check_open(self) -> None:
        if self._closed:
            raise FanoutError("the fan-out is closed")
