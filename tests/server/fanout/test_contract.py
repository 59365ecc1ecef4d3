"""The fan-out contract, on the in-process fan-out and on Redis alike."""

from __future__ import annotations

import anyio
import pytest

from cardtable.server.fanout import Fanout, MissedMessages, Subscription, open_fanout
from tests.server.fanout.conftest import MakeFanout

pytestmark = pytest.mark.anyio


async def next_message(subscription: Subscription) -> str:
    """The subscription's next message, failing the test after 5 seconds of silence."""
    with anyio.fail_after(5):
        return await anext(subscription)


async def test_a_subscriber_gets_the_messages_in_the_order_they_were_published(
    make_fanout: MakeFanout,
) -> None:
    fanout = make_fanout()
    sent = [f"decision {number}" for number in range(50)]
    async with fanout.subscribe("match:1") as messages:
        for message in sent:
            await fanout.publish("match:1", message)
        assert [await next_message(messages) for _ in sent] == sent


async def test_every_subscriber_of_a_channel_gets_every_message(make_fanout: MakeFanout) -> None:
    fanout = make_fanout()
    async with (
        fanout.subscribe("room:1") as first,
        fanout.subscribe("room:1") as second,
        fanout.subscribe("room:1") as third,
    ):
        for message in ("a", "b"):
            await fanout.publish("room:1", message)
        for subscription in (first, second, third):
            assert [await next_message(subscription) for _ in range(2)] == ["a", "b"]


async def test_channels_are_kept_apart(make_fanout: MakeFanout) -> None:
    fanout = make_fanout()
    async with fanout.subscribe("room:1") as one, fanout.subscribe("room:2") as two:
        await fanout.publish("room:2", "for two")
        await fanout.publish("room:1", "for one")
        assert await next_message(one) == "for one"  # "for two", published first, never came
        assert await next_message(two) == "for two"


async def test_messages_published_before_subscribing_are_not_delivered(
    make_fanout: MakeFanout,
) -> None:
    fanout = make_fanout()
    await fanout.publish("room:1", "too early")
    async with fanout.subscribe("room:1") as messages:
        await fanout.publish("room:1", "in time")
        assert await next_message(messages) == "in time"


async def test_leaving_the_context_unsubscribes(make_fanout: MakeFanout) -> None:
    fanout = make_fanout()
    async with fanout.subscribe("room:1") as staying:
        async with fanout.subscribe("room:1") as leaving:
            await fanout.publish("room:1", "both")
            assert await next_message(leaving) == "both"
        await fanout.publish("room:1", "after")
        assert await next_message(staying) == "both"
        assert await next_message(staying) == "after"
        with pytest.raises(StopAsyncIteration):
            await next_message(leaving)  # ended, and "after" did not reach it


async def test_a_channel_can_be_subscribed_again_after_everyone_left(
    make_fanout: MakeFanout,
) -> None:
    fanout = make_fanout()
    for round_ in range(3):
        async with fanout.subscribe("room:1") as messages:
            await fanout.publish("room:1", f"round {round_}")
            assert await next_message(messages) == f"round {round_}"


async def test_namespaces_are_kept_apart(make_fanout: MakeFanout, namespace: str) -> None:
    ours, theirs = make_fanout(), make_fanout(namespace=f"{namespace}-other")
    async with ours.subscribe("room:1") as messages:
        await theirs.publish("room:1", "another deployment's")
        await ours.publish("room:1", "ours")
        assert await next_message(messages) == "ours"


async def test_a_slow_subscriber_that_overflows_misses_messages_and_is_told_so(
    make_fanout: MakeFanout,
) -> None:
    """A fourth unread message finds the queue (3) full: the slow subscription drops all
    four and raises ``MissedMessages`` once, then gets what came after; it stays subscribed,
    and the fast one misses nothing."""
    fanout = make_fanout(limit=3)
    async with fanout.subscribe("room:1") as slow, fanout.subscribe("room:1") as fast:
        for number in range(5):
            await fanout.publish("room:1", str(number))
            # Reading the fast one means the message was offered to the slow one too.
            assert await next_message(fast) == str(number)
        assert slow.missed == 1
        with pytest.raises(MissedMessages, match="room:1"):
            await next_message(slow)
        await fanout.publish("room:1", "after")
        assert await next_message(slow) == "4"
        assert await next_message(slow) == "after"
        assert await next_message(fast) == "after"
        assert slow.missed == 1


async def test_the_subscriber_loop_of_the_documentation_resyncs_and_carries_on(
    make_fanout: MakeFanout,
) -> None:
    fanout = make_fanout(limit=1)
    seen: list[str] = []
    async with fanout.subscribe("room:1") as messages, fanout.subscribe("room:1") as pace:
        for message in ("a", "b", "c"):  # "b" overflows the queue holding "a"
            await fanout.publish("room:1", message)
            await next_message(pace)
        await fanout.close()  # the loop below ends once "c" has been read
        while True:
            try:
                async for message in messages:
                    seen.append(message)
                break
            except MissedMessages:
                seen.append("resync")
    assert seen == ["resync", "c"]


async def test_closing_ends_subscriptions_and_refuses_publishing(make_fanout: MakeFanout) -> None:
    fanout = make_fanout()
    async with fanout.subscribe("room:1") as messages:
        await fanout.close()
        with pytest.raises(StopAsyncIteration):
            await next_message(messages)
    with pytest.raises(Exception, match="the fan-out is closed"):
        await fanout.publish("room:1", "late")
    with pytest.raises(Exception, match="the fan-out is closed"):
        async with fanout.subscribe("room:1"):
            pass
    await fanout.close()  # twice is harmless


async def test_check_passes_when_the_fanout_works(make_fanout: MakeFanout) -> None:
    await make_fanout().check()


@pytest.mark.parametrize("url", [None, "", "memory://"])
def test_open_fanout_without_a_url_is_in_process(url: str | None) -> None:
    assert type(open_fanout(url)).__name__ == "MemoryFanout"


def test_open_fanout_with_a_redis_url_is_redis() -> None:
    fanout: Fanout = open_fanout("redis://127.0.0.1:6379/0", namespace="x")
    assert repr(fanout) == "RedisFanout('redis://127.0.0.1:6379/0', namespace='x')"
