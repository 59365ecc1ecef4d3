"""Waiting for an event with a time limit never swallows a cancellation: Python 3.11's
``asyncio.wait_for`` returns the event's result when it comes in the same turn of the loop as
the cancellation, and a loop around it then runs on forever (a test server's runner once kept
CI waiting until its limit)."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.server.waiting import wait_until

pytestmark = pytest.mark.anyio


async def _loop_around(event: asyncio.Event) -> None:
    """A loop as the runner's: wait for news or the time, look, wait again."""
    while True:
        await wait_until(event, 10.0)
        event.clear()


async def test_a_cancellation_as_the_event_comes_ends_the_loop() -> None:
    event = asyncio.Event()
    task = asyncio.create_task(_loop_around(event))
    await asyncio.sleep(0)  # the loop is waiting
    event.set()  # news, and in the same turn of the loop: stop
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 2.0)


async def test_it_says_whether_the_event_came_or_the_time_ran_out() -> None:
    event = asyncio.Event()
    assert await wait_until(event, 0.01) is False
    event.set()
    assert await wait_until(event, 10.0) is True
