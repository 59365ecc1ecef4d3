"""What only the Redis fan-out does: several processes, lost connections, bad addresses."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import anyio
import pytest
from redis.asyncio import Redis

from cardtable.server.fanout import Fanout, FanoutError, MissedMessages, RedisFanout, open_fanout
from tests.server.fanout.relay import Relay
from tests.server.fanout.test_contract import next_message

pytestmark = pytest.mark.anyio

NOBODY = "redis://127.0.0.1:1/0"
"""An address where nothing listens (connections are refused at once)."""


@pytest.fixture
async def redis(redis_url: str) -> AsyncIterator[Redis]:
    """A plain client, to look at and act on the Redis server from outside the fan-out."""
    client = Redis.from_url(redis_url, decode_responses=True)
    yield client
    await client.aclose()


async def subscribers(redis: Redis, channel: str) -> int:
    """How many connections Redis counts as subscribed to ``channel``."""
    [(_, count)] = await redis.pubsub_numsub(channel)
    return int(count)


async def unsubscribed(redis: Redis, channel: str) -> bool:
    """Whether Redis comes to count no subscriber of ``channel`` within a few seconds (an
    ``UNSUBSCRIBE`` is sent, and Redis confirms it to the listener, not to the sender)."""
    with anyio.move_on_after(5):
        while await subscribers(redis, channel):
            await anyio.sleep(0.01)
        return True
    return False


async def test_two_fanouts_like_two_processes_hear_each_other(
    redis_url: str, namespace: str, opened: list[Fanout]
) -> None:
    first = RedisFanout(redis_url, namespace=namespace)
    second = RedisFanout(redis_url, namespace=namespace)
    opened += [first, second]
    async with first.subscribe("room:1") as on_first, second.subscribe("room:1") as on_second:
        await first.publish("room:1", "from the first")
        await second.publish("room:1", "from the second")
        for subscription in (on_first, on_second):
            assert await next_message(subscription) == "from the first"
            assert await next_message(subscription) == "from the second"


async def test_channels_carry_the_namespace_and_one_connection_serves_a_process(
    redis_url: str, namespace: str, opened: list[Fanout], redis: Redis
) -> None:
    fanout = RedisFanout(redis_url, namespace=namespace)
    opened.append(fanout)
    async with fanout.subscribe("room:1") as first, fanout.subscribe("room:1"):
        assert first.channel == f"{namespace}:room:1"
        assert await subscribers(redis, f"{namespace}:room:1") == 1
        async with fanout.subscribe("room:2"):
            clients = await redis.client_list()
            assert [client["name"] for client in clients].count(fanout.client_name) == 1
        assert await unsubscribed(redis, f"{namespace}:room:2")
        assert await subscribers(redis, f"{namespace}:room:1") == 1
    assert await unsubscribed(redis, f"{namespace}:room:1")


async def test_many_subscribing_at_once_are_all_confirmed(
    redis_url: str, namespace: str, opened: list[Fanout]
) -> None:
    fanout = RedisFanout(redis_url, namespace=namespace)
    opened.append(fanout)
    heard: list[str] = []
    ready = anyio.Event()
    entered = 0

    async def listen(channel: str) -> None:
        nonlocal entered
        async with fanout.subscribe(channel) as messages:
            entered += 1
            if entered == 20:
                ready.set()
            heard.append(await next_message(messages))

    with anyio.fail_after(10):
        async with anyio.create_task_group() as group:
            for number in range(20):
                group.start_soon(listen, f"room:{number % 5}")
            await ready.wait()
            for number in range(5):
                await fanout.publish(f"room:{number}", f"to {number}")
    assert sorted(heard) == sorted(f"to {number % 5}" for number in range(20))


async def test_a_killed_connection_is_replaced_and_the_subscribers_told_to_resync(
    redis_url: str, namespace: str, opened: list[Fanout], redis: Redis
) -> None:
    fanout = RedisFanout(redis_url, namespace=namespace)
    opened.append(fanout)
    async with fanout.subscribe("room:1") as messages:
        await fanout.publish("room:1", "before")
        assert await next_message(messages) == "before"
        [listener] = [c for c in await redis.client_list() if c["name"] == fanout.client_name]
        await redis.client_kill_filter(_id=listener["id"])
        with pytest.raises(MissedMessages):
            await next_message(messages)
        # Once told, the subscription is back: nothing published from now on is missed.
        await fanout.publish("room:1", "after")
        assert await next_message(messages) == "after"
        assert messages.missed == 1


async def test_a_connection_gone_silent_is_noticed_by_the_heartbeat(
    redis_url: str, namespace: str, opened: list[Fanout]
) -> None:
    """No answer to a ping within two heartbeats (0.1 s each): the connection is replaced."""
    async with Relay(redis_url) as relay:
        listening = RedisFanout(relay.url, namespace=namespace, heartbeat=0.1)
        publishing = RedisFanout(redis_url, namespace=namespace)
        opened += [listening, publishing]
        async with listening.subscribe("room:1") as messages:
            relay.freeze()
            with pytest.raises(MissedMessages):
                await next_message(messages)
            await publishing.publish("room:1", "after")
            assert await next_message(messages) == "after"
        await listening.close()  # before the relay goes


async def test_while_redis_is_away_the_listener_keeps_trying(
    redis_url: str, namespace: str, opened: list[Fanout]
) -> None:
    async with Relay(redis_url) as relay:
        listening = RedisFanout(relay.url, namespace=namespace)
        publishing = RedisFanout(redis_url, namespace=namespace)
        opened += [listening, publishing]
        async with listening.subscribe("room:1") as messages:
            relay.refusing = True
            relay.cut()
            await asyncio.sleep(0.5)  # several attempts fail meanwhile
            relay.refusing = False
            with pytest.raises(MissedMessages):
                await next_message(messages)
            await publishing.publish("room:1", "back")
            assert await next_message(messages) == "back"
        await listening.close()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://127.0.0.1:6379", "not a fan-out URL: http://127.0.0.1:6379 (expected "),
        ("127.0.0.1:6379", "not a fan-out URL: 127.0.0.1:6379 (expected "),
        ("redis://127.0.0.1:port", "bad Redis URL redis://127.0.0.1:port: Port could not"),
        ("redis://me:secret@127.0.0.1:x/0", "bad Redis URL redis://127.0.0.1:x/0: Port could"),
    ],
)
def test_a_bad_url_is_refused_plainly(url: str, message: str) -> None:
    with pytest.raises(FanoutError) as caught:
        open_fanout(url)
    assert str(caught.value).startswith(message)


async def test_an_unreachable_redis_is_reported_plainly_and_without_the_password() -> None:
    fanout = RedisFanout("redis://me:secret@127.0.0.1:1/0", timeout=2)
    where = r"redis://127\.0\.0\.1:1/0"
    try:
        with anyio.fail_after(5):
            with pytest.raises(FanoutError, match=rf"^cannot reach Redis at {where}: \S"):
                async with fanout.subscribe("room:1"):
                    pass
            with pytest.raises(FanoutError, match=rf"^cannot publish to Redis at {where}: \S"):
                await fanout.publish("room:1", "hello")
            with pytest.raises(FanoutError, match=rf"^Redis at {where} does not answer: \S"):
                await fanout.check()
            # A later subscription tries again (and fails again, as plainly).
            with pytest.raises(FanoutError, match=rf"^cannot reach Redis at {where}: \S"):
                async with fanout.subscribe("room:1"):
                    pass
    finally:
        await fanout.close()
    assert "secret" not in repr(fanout)


async def test_a_publisher_whose_connection_died_with_redis_publishes_anew(
    redis_url: str, namespace: str, opened: list[Fanout]
) -> None:
    """After Redis comes back, the first publish does not fail on the dead connection."""
    async with Relay(redis_url) as relay:
        publishing = RedisFanout(relay.url, namespace=namespace)
        listening = RedisFanout(redis_url, namespace=namespace)
        opened += [publishing, listening]
        async with listening.subscribe("room:1") as messages:
            await publishing.publish("room:1", "before")
            assert await next_message(messages) == "before"
            relay.cut()  # Redis went away and came back: the publisher's connection is dead
            await publishing.publish("room:1", "after")
            assert await next_message(messages) == "after"
        await publishing.close()  # before the relay goes
