"""The fan-out interface: publish a notice on a channel, and every subscriber of it hears it.

The server uses fan-out only to say "something changed" between the tasks and processes that
serve one room or match (a decision was accepted, a chat line was stored, someone connected);
whoever hears a notice re-reads what it needs from storage. So delivery is *at most once*, as
Redis pub/sub is: a message published while nobody listens is gone, and a subscriber that falls
too far behind, or whose connection to Redis dropped, is told that it missed messages
(:class:`MissedMessages`) instead of being handed a partial history. The answer to that is
always the same: read the current state from storage again, then carry on listening.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardtable.server.fanout.subscription import Subscription


class FanoutError(Exception):
    """The fan-out cannot do what was asked (a bad URL, Redis unreachable, already closed).

    The message is plain and says what to check; it never holds a password from a URL.
    """


class MissedMessages(FanoutError):
    """Raised once by a subscription that may have missed messages since the last it gave.

    The subscription stays open: every message published after this was raised is delivered.
    Whoever reads it should re-read the current state from storage, then go on reading.
    """


class Fanout(Protocol):
    """Publish/subscribe between the tasks of one process, or between processes.

    A subscriber gets, in the order they were published, the messages published to its
    channel after :meth:`subscribe` has entered; every subscriber of a channel gets each.

    The usual loop of a subscriber, resyncing when told it missed messages::

        async with fanout.subscribe("room:7") as messages:
            while True:
                try:
                    async for message in messages:
                        ...  # handle the notice
                    break  # the fan-out was closed
                except MissedMessages:
                    ...  # re-read the room from storage
    """

    async def publish(self, channel: str, message: str) -> None:
        """Send ``message`` to every current subscriber of ``channel``."""
        ...

    def subscribe(self, channel: str) -> AbstractAsyncContextManager[Subscription]:
        """Listen to ``channel`` while the context is open (leaving it unsubscribes)."""
        ...

    async def check(self) -> None:
        """Raise :class:`FanoutError` unless the fan-out works (Redis answers, say)."""
        ...

    async def close(self) -> None:
        """Stop: open subscriptions end (their iteration stops); publishing is refused."""
        ...
