"""A match's start and end move its room with it, all at once: a process that dies between
two writes cannot leave a room "playing" without a live match, nor a live match in a room that
says it is not playing; and a room that older versions left so is repaired when a server starts.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from cardtable.server.fanout import MemoryFanout
from cardtable.server.matches import Matches
from cardtable.server.rooms import RoomPlan, Rooms
from cardtable.server.storage import MatchRow, SqlStorage
from cardtable.server.storage.tables import rooms as room_table
from tests.server.helpers import SHORT_WAR, bearer, create, server

pytestmark = pytest.mark.anyio


class Killed(Exception):
    """The process died here (as far as the code after this point can tell)."""


class DiesOnRoomUpdates:
    """A store that dies at the first room update it is asked for."""

    def __init__(self, inner: SqlStorage) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def update_room(self, room_id: str, **changes: Any) -> None:
        raise Killed(f"killed before updating room {room_id}")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqlStorage]:
    async with await SqlStorage.open(f"sqlite+aiosqlite:///{tmp_path / 'life.db'}") as opened:
        yield opened


def war_plan(**changes: Any) -> RoomPlan:
    plan = RoomPlan(
        game="war",
        ruleset=SHORT_WAR,
        seats=[("agent", "random"), ("agent", "random")],
        name="ann",
        host_seat=None,
        password=None,
        spectators=True,
        turn_seconds=None,
        disconnect_policy="agent",
        disconnect_wait=30,
    )
    return replace(plan, **changes)


async def consistent(store: SqlStorage, room_id: str) -> None:
    """The room is playing exactly when it has a live match."""
    room = await store.room(room_id)
    assert room is not None
    live = [row.id for row in await store.matches(room_id) if row.status == "live"]
    assert (room.status == "playing") == bool(live), (room.status, live)


async def test_a_match_and_its_room_start_together(store: SqlStorage) -> None:
    fanout = MemoryFanout()
    matches = Matches(store, fanout, clock=lambda: 10.0)
    created = await Rooms(store, matches, clock=lambda: 10.0).create(war_plan())
    dying = Rooms(DiesOnRoomUpdates(store), Matches(DiesOnRoomUpdates(store), fanout, lambda: 10.0),
                  clock=lambda: 10.0)  # fmt: skip
    with contextlib.suppress(Killed):  # a start that needs a second write dies before it
        await dying.start(created.room.id, created.host_token)
    await consistent(store, created.room.id)
    room = await store.room(created.room.id)
    assert room is not None
    assert room.status == "playing"


async def play_to_the_end(matches: Matches, match_id: str) -> None:
    for _ in range(10_000):
        async with matches.lock(match_id):
            live = await matches.live(match_id)
        if live.over:
            return
        seat = live.to_act
        assert seat is not None
        decision = next(iter(live.match.legal(seat)))
        await matches.submit(match_id, seat, decision.text(), live.version)
    raise AssertionError("the match did not end")


async def test_a_match_and_its_room_finish_together(store: SqlStorage) -> None:
    fanout = MemoryFanout()
    matches = Matches(store, fanout, clock=lambda: 10.0)
    rooms = Rooms(store, matches, clock=lambda: 10.0)
    created = await rooms.create(war_plan())
    await rooms.start(created.room.id, created.host_token)
    match_id = (await store.matches(created.room.id))[-1].id
    dying = Matches(DiesOnRoomUpdates(store), fanout, clock=lambda: 10.0)
    with contextlib.suppress(Killed):  # an end that needs a second write dies before it
        await play_to_the_end(dying, match_id)
    await consistent(store, created.room.id)
    room = await store.room(created.room.id)
    assert room is not None
    assert room.status == "finished"


async def test_whatever_else_finishing_writes_is_in_the_same_transaction(
    store: SqlStorage,
) -> None:
    """Other parts of the server (ratings, notifications) add their writes to a match's end:
    when one fails, nothing of the end is stored (the last decision is, and answered), and a
    later try (the match's runner's) stores it all."""
    fanout = MemoryFanout()
    matches = Matches(store, fanout, clock=lambda: 10.0)
    rooms = Rooms(store, matches, clock=lambda: 10.0)
    created = await rooms.create(war_plan())
    await rooms.start(created.room.id, created.host_token)
    match_id = (await store.matches(created.room.id))[-1].id
    finished: list[MatchRow] = []
    fail = [True]

    def note(connection: sa.Connection, row: MatchRow) -> None:
        connection.execute(
            sa.update(room_table).where(room_table.c.id == row.room_id).values(updated_at=99.0)
        )
        if fail[0]:
            raise Killed("the notification could not be written")
        finished.append(row)

    matches.finishing.append(note)
    await play_to_the_end(matches, match_id)  # the last decision is taken all the same
    row = await store.match(match_id)
    room = await store.room(created.room.id)
    assert row is not None
    assert room is not None
    assert (row.status, room.status, room.updated_at) == ("live", "playing", 10.0)
    fail[0] = False
    assert await matches.finish_if_over(match_id)
    await consistent(store, created.room.id)
    assert [r.id for r in finished] == [match_id]
    assert finished[0].status == "finished"
    room = await store.room(created.room.id)
    assert room is not None
    assert (room.status, room.updated_at) == ("finished", 99.0)


async def test_two_starts_at_once_start_one_match(store: SqlStorage) -> None:
    fanout = MemoryFanout()
    matches = Matches(store, fanout, clock=lambda: 10.0)
    rooms = Rooms(store, matches, clock=lambda: 10.0)
    created = await rooms.create(war_plan())
    results = await asyncio.gather(
        *(rooms.start(created.room.id, created.host_token) for _ in range(2)),
        return_exceptions=True,
    )
    assert len(await store.matches(created.room.id)) == 1, results
    await consistent(store, created.room.id)


def test_a_server_repairs_rooms_older_versions_left_playing(sqlite_url: str) -> None:
    """A room marked playing whose match had ended (a process died between the two writes,
    before they were one) is finished when a server starts, and a rematch can start."""
    with server(sqlite_url) as client:
        agents = [{"kind": "agent", "agent": "random"}] * 2
        created = create(client, game="war", ruleset=SHORT_WAR, seats=agents, host_seat=None)
        room_id = created["room"]["id"]
        answer = client.post(f"/api/rooms/{room_id}/start", headers=bearer(created["host_token"]))
        assert answer.status_code == 200, answer.text
        for _ in range(400):
            if client.get(f"/api/rooms/{room_id}").json()["status"] == "finished":
                break
            asyncio.run(asyncio.sleep(0.05))
        else:
            raise AssertionError("the match did not finish")

    async def break_it() -> None:  # as a process dying between the two writes left it
        async with await SqlStorage.open(sqlite_url) as store:
            await store.update_room(room_id, status="playing", updated_at=1.0)

    asyncio.run(break_it())
    with server(sqlite_url) as client:
        for _ in range(100):
            if client.get(f"/api/rooms/{room_id}").json()["status"] == "finished":
                break
            asyncio.run(asyncio.sleep(0.05))
        else:
            raise AssertionError("the room was left playing")
        answer = client.post(f"/api/rooms/{room_id}/rematch", headers=bearer(created["host_token"]))
        assert answer.status_code == 200, answer.text
