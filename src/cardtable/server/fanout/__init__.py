"""Fan-out: "something changed" notices between the tasks and processes of the server.

:func:`open_fanout` picks the implementation from a URL: none (or ``memory://``) for the
in-process fan-out of a single server process, ``redis://``, ``rediss://`` or ``unix://`` for
Redis pub/sub shared by many. The interface, the delivery guarantees and the answer to
:class:`MissedMessages` are described in :mod:`cardtable.server.fanout.base`.

>>> import asyncio
>>> async def demo() -> list[str]:
...     fanout = open_fanout(None)
...     async with fanout.subscribe("room:1") as first, fanout.subscribe("room:1") as second:
...         await fanout.publish("room:2", "elsewhere")
...         await fanout.publish("room:1", "chat")
...         got = [await anext(first), await anext(second)]
...     await fanout.close()
...     return got
>>> asyncio.run(demo())
['chat', 'chat']
>>> open_fanout("postgresql://localhost/cardtable")
Traceback (most recent call last):
...
cardtable.server.fanout.base.FanoutError: not a fan-out URL: postgresql://localhost/cardtable (expected memory://, redis://, rediss:// or unix://)
"""  # noqa: E501

from __future__ import annotations

from cardtable.server.fanout.base import Fanout, FanoutError, MissedMessages
from cardtable.server.fanout.memory import MemoryFanout
from cardtable.server.fanout.redis import SCHEMES, RedisFanout, redacted
from cardtable.server.fanout.subscription import DEFAULT_LIMIT, Subscription

__all__ = [
    "DEFAULT_LIMIT",
    "Fanout",
    "FanoutError",
    "MemoryFanout",
    "MissedMessages",
    "RedisFanout",
    "Subscription",
    "open_fanout",
]


def open_fanout(url: str | None, *, namespace: str = "cardtable") -> Fanout:
    """The fan-out at ``url``: in-process for ``None`` or ``memory://``, else Redis.

    Nothing is contacted yet (call :meth:`Fanout.check` to fail early at start-up); a URL
    that names no fan-out raises :class:`FanoutError`.
    """
    if url is None or url.strip() in ("", "memory://"):
        return MemoryFanout(namespace=namespace)
    scheme = url.partition("://")[0].lower() if "://" in url else ""
    if scheme not in SCHEMES:
        raise FanoutError(
            f"not a fan-out URL: {redacted(url)} "
            "(expected memory://, redis://, rediss:// or unix://)"
        )
    return RedisFanout(url, namespace=namespace)
