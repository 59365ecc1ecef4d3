"""A subscription's queue: its bound, its end, and how it reports a gap."""

from __future__ import annotations

import pytest

from cardtable.server.fanout import MemoryFanout, MissedMessages, RedisFanout
from cardtable.server.fanout.subscription import Channels
from tests.server.fanout.test_contract import next_message

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("limit", [0, -5])
def test_a_subscription_holds_at_least_one_message(limit: int) -> None:
    message = f"a subscription must hold at least 1 message, not {limit}"
    for make in (lambda: Channels(limit=limit), lambda: MemoryFanout(limit=limit)):
        with pytest.raises(ValueError, match=message):
            make()
    with pytest.raises(ValueError, match=message):
        RedisFanout("redis://127.0.0.1:1", limit=limit)


async def test_an_ended_subscription_gives_what_it_holds_then_stops() -> None:
    channels = Channels()
    subscription = channels.add("room:1")
    channels.deliver("room:1", "a")
    assert repr(subscription) == "<Subscription 'room:1': 1 unread>"
    assert channels.remove(subscription)  # its channel's last subscription
    channels.deliver("room:1", "b")  # nobody listens any more
    subscription.offer("c")  # nor does an ended subscription take anything
    assert [message async for message in subscription] == ["a"]


async def test_a_gap_is_reported_once_and_counted() -> None:
    channels = Channels(limit=2)
    subscription = channels.add("room:1")
    assert not channels.remove(channels.add("room:1"))  # another one stays
    for message in "abcdefg":  # c and f each find the queue full
        channels.deliver("room:1", message)
    assert subscription.missed == 2
    with pytest.raises(MissedMessages):
        await next_message(subscription)
    assert await next_message(subscription) == "g"
    channels.lose("room:1")  # what a reconnection to Redis does
    channels.deliver("room:1", "h")
    with pytest.raises(MissedMessages):
        await next_message(subscription)
    assert await next_message(subscription) == "h"
    assert subscription.missed == 3


def test_the_fanouts_show_what_they_are() -> None:
    assert repr(MemoryFanout(namespace="prod")) == "MemoryFanout(namespace='prod')"
