"""A process keeps only its most recently used matches built; a forgotten one is rebuilt
from its record, at the version storage holds, when it is needed again."""

from __future__ import annotations

import gc

import pytest

from cardtable.server.fanout.memory import MemoryFanout
from cardtable.server.matches import Matches
from cardtable.server.storage import SqlStorage
from tests.server.helpers import SHORT_WAR
from tests.server.storage.conftest import room_row

pytestmark = pytest.mark.anyio


async def test_the_least_recently_used_match_is_forgotten_then_rebuilt(
    store: SqlStorage,
) -> None:
    matches = Matches(store, MemoryFanout(), clock=lambda: 1.0, cached=2)
    ids = []
    for number in range(3):  # a room plays one match at a time
        await store.create_room(room_row(f"r{number}", game="war", ruleset=SHORT_WAR), [])
        room = await store.room(f"r{number}")
        assert room is not None
        ids.append((await matches.start(room, ("ann", "bob"), SHORT_WAR)).id)
    first = await matches.live(ids[0])
    seat = first.to_act
    assert seat is not None
    move = first.match.legal(seat).moves[0].text()
    await matches.submit(ids[0], seat, move, first.version)
    for match_id in ids[1:]:  # two other matches used since: the first is forgotten
        await matches.live(match_id)
    assert len(matches._live) == 2
    assert ids[0] not in matches._live
    again = await matches.live(ids[0])
    assert again is not first
    assert (again.version, again.texts()) == (1, [(seat, move)])
    assert again.match.hash() == first.match.hash()


async def test_locks_are_not_kept_for_matches_nobody_works_on(store: SqlStorage) -> None:
    matches = Matches(store, MemoryFanout(), clock=lambda: 1.0)
    for number in range(50):
        async with matches.lock(f"m{number}"):
            assert matches.lock(f"m{number}").locked()  # the same lock while held
    gc.collect()
    assert len(matches._locks) == 0


async def test_finished_matches_leave_the_cache(store: SqlStorage) -> None:
    """A process keeps the matches being played; of those that ended, only the last few
    (which their players look at once more), so memory does not grow with every match."""
    matches = Matches(store, MemoryFanout(), clock=lambda: 1.0, cached=100, cached_over=3)
    ids = []
    for number in range(8):
        await store.create_room(room_row(f"r{number}", game="war", ruleset=SHORT_WAR), [])
        room = await store.room(f"r{number}")
        assert room is not None
        match_id = (await matches.start(room, ("ann", "bob"), SHORT_WAR)).id
        ids.append(match_id)
        while not (live := await matches.live(match_id)).over:
            seat = live.to_act
            assert seat is not None
            move = next(iter(live.match.legal(seat))).text()
            await matches.submit(match_id, seat, move, live.version)
    assert list(matches._live) == ids[-3:]  # the finished ones, most recent last
    again = await matches.live(ids[0])  # an older one is rebuilt from its record
    assert again.over
