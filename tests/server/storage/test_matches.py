"""Matches: stored exactly, listed, finished once, with their turn timers and leases."""

from __future__ import annotations

import pytest

from cardtable.engine import JsonObject
from cardtable.server.storage import Conflict, SqlStorage
from tests.server.storage.conftest import match_row, room_row, room_with_match, seat_rows

pytestmark = pytest.mark.anyio


async def test_a_match_round_trips_exactly(store: SqlStorage) -> None:
    await store.create_room(room_row(), seat_rows())
    match = match_row(
        seed=-(2**63),
        ruleset={"a": [1.5, {"b": None}], "c": "ü"},
        seats=("Ann", "ismcts:hard", "x"),
        started_at=1_732_262_400.987654,
        lease_owner="p1",
        lease_until=1_732_262_430.5,
        timer={"seat": 1, "deadline": 1_732_262_460.25},
    )
    await store.create_match(match)
    assert await store.match("m1") == match
    assert await store.match("nowhere") is None


async def test_match_ids_are_unique_and_rooms_must_exist(store: SqlStorage) -> None:
    await room_with_match(store)
    with pytest.raises(Conflict, match="match 'm1' already exists"):
        await store.create_match(match_row(game="tcg"))
    with pytest.raises(LookupError):
        await store.create_match(match_row("m2", room_id="nowhere"))
    with pytest.raises(ValueError, match="64-bit"):
        await store.create_match(match_row("m3", seed=2**63))
    assert [m.id for m in await store.matches("r1")] == ["m1"]


async def test_matches_are_listed_oldest_first_and_live_ones_found(store: SqlStorage) -> None:
    await store.create_room(room_row(), [])
    await store.create_room(room_row("r2"), [])
    await store.create_match(match_row("late", started_at=30.0))
    await store.create_match(match_row("early", started_at=10.0))
    await store.create_match(match_row("elsewhere", room_id="r2", started_at=20.0))
    await store.create_match(match_row("done", started_at=5.0, status="finished"))
    assert [m.id for m in await store.matches("r1")] == ["done", "early", "late"]
    assert [m.id for m in await store.matches("r2")] == ["elsewhere"]
    assert [m.id for m in await store.live_matches()] == ["early", "elsewhere", "late"]


async def test_finish_match_at_its_version_once(store: SqlStorage) -> None:
    await room_with_match(store)
    await store.append_decision("m1", 0, 0, "play 1", at=1.0)
    with pytest.raises(Conflict, match="at version 1, not 0"):
        await store.finish_match(
            "m1", version=0, status="finished", outcome=None, final_hash=None, at=2.0
        )
    outcome: JsonObject = {"winners": [0], "draw": False, "reason": "score"}
    await store.finish_match(
        "m1", version=1, status="finished", outcome=outcome, final_hash="abc", at=3.5
    )
    assert await store.match("m1") == match_row(
        version=1, status="finished", outcome=outcome, final_hash="abc", finished_at=3.5
    )
    assert await store.live_matches() == []
    with pytest.raises(Conflict, match="is finished"):
        await store.finish_match(
            "m1", version=1, status="aborted", outcome=None, final_hash=None, at=4.0
        )
    with pytest.raises(ValueError, match="'finished' or 'aborted'"):
        await store.finish_match(
            "m1", version=1, status="live", outcome=None, final_hash=None, at=4.0
        )
    with pytest.raises(LookupError):
        await store.finish_match(
            "nowhere", version=0, status="aborted", outcome=None, final_hash=None, at=4.0
        )


async def test_an_aborted_match_keeps_no_outcome(store: SqlStorage) -> None:
    await room_with_match(store)
    await store.finish_match(
        "m1", version=0, status="aborted", outcome=None, final_hash=None, at=9.0
    )
    assert await store.match("m1") == match_row(status="aborted", finished_at=9.0)


async def test_the_turn_timer_is_kept_and_cleared(store: SqlStorage) -> None:
    await room_with_match(store)
    timer: JsonObject = {"seat": 0, "deadline": 1_732_262_460.125}
    await store.set_timer("m1", timer)
    assert (await store.match("m1")) == match_row(timer=timer)
    await store.set_timer("m1", None)
    assert (await store.match("m1")) == match_row()
    with pytest.raises(LookupError):
        await store.set_timer("nowhere", timer)


async def test_leases_free_held_expired_renewed_and_released(
    store: SqlStorage, other: SqlStorage
) -> None:
    await room_with_match(store)
    assert await store.acquire_lease("m1", "p1", now=100.0, until=130.0)  # free
    assert not await other.acquire_lease("m1", "p2", now=110.0, until=140.0)  # held
    assert await store.acquire_lease("m1", "p1", now=120.0, until=150.0)  # renewed
    assert not await other.acquire_lease("m1", "p2", now=149.9, until=180.0)
    match = await other.match("m1")
    assert match is not None
    assert (match.lease_owner, match.lease_until) == ("p1", 150.0)
    assert await other.acquire_lease("m1", "p2", now=150.0, until=180.0)  # expired
    assert not await store.acquire_lease("m1", "p1", now=151.0, until=181.0)
    await store.release_lease("m1", "p1")  # not p1's: nothing changes
    assert not await store.acquire_lease("m1", "p1", now=152.0, until=182.0)
    await other.release_lease("m1", "p2")
    assert await store.match("m1") == match_row()
    assert await store.acquire_lease("m1", "p1", now=153.0, until=183.0)  # free again
    assert not await store.acquire_lease("nowhere", "p1", now=1.0, until=2.0)


async def test_leases_of_every_live_match_are_taken_at_once(
    store: SqlStorage, other: SqlStorage
) -> None:
    await room_with_match(store, "m1")
    await room_with_match(store, "m2")
    await store.create_match(match_row("done", status="finished"))
    assert await other.acquire_lease("m2", "p2", now=100.0, until=130.0)
    assert await store.acquire_leases("p1", now=110.0, until=140.0) == {"m1"}  # m2 is held
    assert await store.acquire_leases("p1", now=120.0, until=150.0) == {"m1"}  # renewed
    assert await other.acquire_leases("p2", now=130.0, until=160.0) == {"m2"}  # m1 is p1's
    held = await store.match("m1")
    assert held is not None
    assert (held.lease_owner, held.lease_until) == ("p1", 150.0)
    assert await other.acquire_leases("p2", now=150.0, until=180.0) == {"m1", "m2"}  # expired
    finished = await store.match("done")
    assert finished is not None
    assert finished.lease_owner is None  # a finished match is nobody's to drive


async def test_a_turn_s_timer_written_late_does_not_replace_a_later_turn_s(
    store: SqlStorage,
) -> None:
    """A process that stored its turn's timer late (retried through a database outage, while
    another process took the next decision and stored that turn's timer) changes nothing: a
    timer belongs to the version it says, and a match moved on keeps its own."""
    await room_with_match(store)
    await store.append_decision("m1", 0, 0, "turn", 1_000.0)
    newer: JsonObject = {"seat": 1, "version": 1, "deadline": 2_000.0}
    await store.set_timer("m1", newer)
    await store.set_timer("m1", {"seat": 0, "version": 0, "deadline": 1_500.0})  # late
    found = await store.match("m1")
    assert found is not None
    assert found.timer == newer
