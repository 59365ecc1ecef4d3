"""Waiting for news with a time limit, in loops that must stop when they are cancelled.

Python 3.11's ``asyncio.wait_for`` returns the awaited result when it arrives in the same
turn of the event loop as a cancellation, and the cancellation is lost: a loop that waits
for news or the time (the match runner's, the purge's) then runs on forever, and a server
shutting down waits for it forever. ``asyncio.timeout`` has no such gap.

>>> async def main() -> tuple[bool, bool]:
...     event = asyncio.Event()
...     first = await wait_until(event, 0.01)
...     event.set()
...     return first, await wait_until(event, 1.0)
>>> asyncio.run(main())
(False, True)
"""

from __future__ import annotations

import asyncio
import contextlib

__all__ = ["wait_until"]


async def wait_until(event: asyncio.Event, seconds: float) -> bool:
    """Wait until ``event`` is set or ``seconds`` have passed; whether it was set. A
    cancellation meanwhile always raises."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await event.wait()
    return event.is_set()
