"""The hub: connections of one process joining their room while its listeners start."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.fanout import MemoryFanout, Subscription
from cardtable.server.hub import Connection, Hub
from cardtable.server.matches import Matches
from cardtable.server.presence import Presence
from cardtable.server.storage import SqlStorage

pytestmark = pytest.mark.anyio


class SlowFanout(MemoryFanout):
    """An in-process fan-out whose subscriptions take a moment to start, as Redis's do."""

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        await asyncio.sleep(0.05)
        async with super().subscribe(channel) as subscription:
            yield subscription


async def _nothing(room: str) -> Any:
    return None


async def test_connections_saying_hello_at_once_all_follow_the_match(tmp_path: Path) -> None:
    """Two players connecting to a room at the same moment both follow its match (the second
    used to find the room's hub before it knew the match, and got no view at all)."""
    storage = await SqlStorage.open(f"sqlite+aiosqlite:///{tmp_path / 'hub.db'}")
    fanout = SlowFanout()
    matches = Matches(storage, fanout, clock=lambda: 0.0)
    hub = Hub(storage, fanout, matches, Presence("p", lambda: 0.0), _nothing, lambda: 0.0)

    async def ignore(text: str) -> None:
        return None

    try:
        first = Connection("room", 0, "ann", ignore)
        second = Connection("room", 1, "bob", ignore)
        await asyncio.gather(hub.join(first, "match-1"), hub.join(second, "match-1"))
        assert (first.match, second.match) == ("match-1", "match-1")
        assert hub.rooms["room"].connections == {first, second}
    finally:
        await hub.stop()
        await fanout.close()
        await storage.close()


async def test_a_room_whose_listeners_fail_to_start_is_not_left_half_open(
    tmp_path: Path,
) -> None:
    """When the fan-out cannot subscribe, joining fails and the next connection tries again."""
    storage = await SqlStorage.open(f"sqlite+aiosqlite:///{tmp_path / 'hub.db'}")
    fanout = MemoryFanout()
    matches = Matches(storage, fanout, clock=lambda: 0.0)
    hub = Hub(storage, fanout, matches, Presence("p", lambda: 0.0), _nothing, lambda: 0.0)

    async def ignore(text: str) -> None:
        return None

    try:
        await fanout.close()  # subscribing now raises
        with pytest.raises(Exception, match="closed"):
            await hub.join(Connection("room", 0, "ann", ignore), "match-1")
        assert "room" not in hub.rooms
    finally:
        await hub.stop()
        await storage.close()
