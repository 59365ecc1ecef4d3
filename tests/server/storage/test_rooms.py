"""Rooms and seats: stored exactly, listed by status and game, and seats taken by one guest."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.server.storage import Conflict, RoomRow, SeatRow, SqlStorage
from tests.server.storage.conftest import room_row, seat_rows

pytestmark = pytest.mark.anyio


async def test_a_room_and_its_seats_round_trip_exactly(store: SqlStorage) -> None:
    room = room_row(
        ruleset={"nested": {"list": [1, 2.5, None, True, "é"]}, "big": 2**53 + 1, "tiny": 1e-300},
        settings={"turn_seconds": 0.1, "policy": None},
        password_hash="$argon2id$v=19$...",
        created_at=1_732_262_400.123456,
        updated_at=1_732_262_401.000001,
    )
    seats = [
        SeatRow(room_id="r1", index=0, kind="guest", name="Ann", token_hash="t0"),
        SeatRow(room_id="r1", index=1, kind="agent", name="ismcts:hard", token_hash=None),
        SeatRow(
            room_id="r1", index=2, kind="open", name="", token_hash=None, deck={"cards": ["a"]}
        ),
    ]
    await store.create_room(room, seats[::-1])
    assert await store.room("r1") == room
    assert await store.seats("r1") == seats
    assert await store.room("nowhere") is None
    assert await store.seats("nowhere") == []


async def test_a_taken_room_id_is_a_conflict(store: SqlStorage) -> None:
    await store.create_room(room_row(), seat_rows())
    with pytest.raises(Conflict, match="room 'r1' already exists"):
        await store.create_room(room_row(game="tcg"), [])
    assert (await store.room("r1")) == room_row()


async def test_seats_must_belong_to_their_room(store: SqlStorage) -> None:
    with pytest.raises(ValueError, match="must name it"):
        await store.create_room(room_row(), seat_rows("r2"))
    with pytest.raises(ValueError, match="repeat an index"):
        await store.create_room(room_row(), seat_rows() + seat_rows())
    assert await store.room("r1") is None


async def test_rooms_are_filtered_by_status_and_game_newest_first(store: SqlStorage) -> None:
    await store.create_room(room_row("a", created_at=1.0), [])
    await store.create_room(room_row("b", created_at=3.0, game="tcg"), [])
    await store.create_room(room_row("c", created_at=2.0, status="playing"), [])
    await store.create_room(room_row("d", created_at=4.0, status="closed"), [])
    await store.create_room(room_row("e", created_at=5.0, status="finished", game="tcg"), [])

    def ids(rows: list[RoomRow]) -> list[str]:
        return [row.id for row in rows]

    assert ids(await store.rooms()) == ["b", "c", "a"]
    assert ids(await store.rooms(game="war")) == ["c", "a"]
    assert ids(await store.rooms(game="tcg", statuses=("finished", "open"))) == ["e", "b"]
    assert ids(await store.rooms(statuses=("closed",))) == ["d"]
    assert await store.rooms(statuses=()) == []
    assert await store.rooms(game="karata") == []
    await store.update_room("a", updated_at=2_000.0)  # touched again: no longer idle
    assert ids(await store.rooms(idle_since=1_500.0)) == ["b", "c"]
    assert ids(await store.rooms(idle_since=1_000.0)) == []  # idle since strictly before


async def test_update_room_changes_only_what_it_is_given(store: SqlStorage) -> None:
    await store.create_room(room_row(), [])
    await store.update_room("r1", updated_at=1_500.5)
    assert await store.room("r1") == room_row(updated_at=1_500.5)
    await store.update_room("r1", status="playing", updated_at=1_600.0)
    assert await store.room("r1") == room_row(status="playing", updated_at=1_600.0)
    await store.update_room("r1", settings={"spectators": False}, updated_at=1_700.0)
    assert await store.room("r1") == room_row(
        status="playing", settings={"spectators": False}, updated_at=1_700.0
    )
    with pytest.raises(LookupError, match="no room 'r2'"):
        await store.update_room("r2", status="closed", updated_at=1.0)


async def test_put_seat_replaces_or_adds_a_seat(store: SqlStorage) -> None:
    await store.create_room(room_row(), seat_rows())
    guest = SeatRow(room_id="r1", index=1, kind="guest", name="Bo", token_hash="t", deck={})
    await store.put_seat(guest)
    extra = SeatRow(room_id="r1", index=2, kind="agent", name="random", token_hash=None)
    await store.put_seat(extra)
    assert await store.seats("r1") == [seat_rows()[0], guest, extra]
    with pytest.raises(LookupError):
        await store.put_seat(SeatRow(room_id="r2", index=0, kind="open", name="", token_hash=None))


async def test_put_seat_with_an_expected_kind_refuses_a_seat_that_changed(
    store: SqlStorage,
) -> None:
    await store.create_room(room_row(), seat_rows())
    ann = SeatRow(room_id="r1", index=0, kind="guest", name="Ann", token_hash="a")
    await store.put_seat(ann, expected_kind="open")
    bo = SeatRow(room_id="r1", index=0, kind="guest", name="Bo", token_hash="b")
    with pytest.raises(Conflict, match="seat 0 of room 'r1' is no longer open"):
        await store.put_seat(bo, expected_kind="open")
    missing = SeatRow(room_id="r1", index=5, kind="guest", name="Cy", token_hash="c")
    with pytest.raises(Conflict):
        await store.put_seat(missing, expected_kind="open")
    assert await store.seats("r1") == [ann, seat_rows()[1]]


async def test_two_guests_racing_for_one_open_seat_one_gets_it(
    store: SqlStorage, other: SqlStorage
) -> None:
    await store.create_room(room_row(), seat_rows())
    for attempt in range(5):
        index = attempt % 2
        if attempt >= 2:
            await store.put_seat(seat_rows()[index])  # open it again
        guests = [
            SeatRow(room_id="r1", index=index, kind="guest", name=f"g{n}", token_hash=f"t{n}")
            for n in range(4)
        ]
        stores = [store, other, store, other]
        results = await asyncio.gather(
            *(
                where.put_seat(guest, expected_kind="open")
                for where, guest in zip(stores, guests, strict=True)
            ),
            return_exceptions=True,
        )
        winners = [guest for guest, result in zip(guests, results, strict=True) if result is None]
        assert len(winners) == 1, results
        assert all(isinstance(r, Conflict) for r in results if r is not None), results
        assert (await other.seats("r1"))[index] == winners[0]
