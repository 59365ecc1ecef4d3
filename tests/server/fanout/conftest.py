"""Fixtures of the fan-out tests: each contract test runs on both fan-outs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol

import pytest

from cardtable.server.fanout import DEFAULT_LIMIT, Fanout, MemoryFanout, RedisFanout


class MakeFanout(Protocol):
    def __call__(self, *, namespace: str | None = None, limit: int = DEFAULT_LIMIT) -> Fanout:
        """A new fan-out (as another process would have), closed after the test."""
        ...


@pytest.fixture
async def opened() -> AsyncIterator[list[Fanout]]:
    """The fan-outs a test opened; each is closed after the test."""
    fanouts: list[Fanout] = []
    yield fanouts
    for fanout in fanouts:
        await fanout.close()


@pytest.fixture(params=["memory", "redis"])
def make_fanout(request: pytest.FixtureRequest, namespace: str, opened: list[Fanout]) -> MakeFanout:
    """Makes fan-outs of one kind: in-process, then Redis (the test runs once with each)."""
    url = str(request.getfixturevalue("redis_url")) if request.param == "redis" else None

    def make(*, namespace: str | None = namespace, limit: int = DEFAULT_LIMIT) -> Fanout:
        fanout: Fanout
        if url is None:
            fanout = MemoryFanout(namespace=namespace or "", limit=limit)
        else:
            fanout = RedisFanout(url, namespace=namespace or "", limit=limit, timeout=5)
        opened.append(fanout)
        return fanout

    return make
