"""Decisions: appended at the match's version only, so that of racing writers one wins."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.server.storage import Conflict, DecisionRow, SqlStorage
from tests.server.storage.conftest import match_row, room_with_match

pytestmark = pytest.mark.anyio


async def test_decisions_advance_the_version_and_read_back_in_order(store: SqlStorage) -> None:
    await room_with_match(store)
    texts = ["play 3", "attack 1 0", "end", "pass"]
    for version, text in enumerate(texts):
        await store.append_decision("m1", version, version % 2, text, at=10.0 + version / 3)
    expected = [
        DecisionRow(match_id="m1", index=n, seat=n % 2, text=text, at=10.0 + n / 3)
        for n, text in enumerate(texts)
    ]
    assert await store.decisions("m1") == expected
    assert await store.decisions("m1", since=2) == expected[2:]
    assert await store.decisions("m1", since=4) == []
    assert await store.match("m1") == match_row(version=4)


async def test_a_stale_version_is_a_conflict_that_changes_nothing(store: SqlStorage) -> None:
    await room_with_match(store)
    await store.append_decision("m1", 0, 0, "first", at=1.0)
    for stale in (0, 2, -1):
        with pytest.raises(Conflict, match=f"at version 1, not {stale}"):
            await store.append_decision("m1", stale, 1, "again", at=2.0)
    assert [d.text for d in await store.decisions("m1")] == ["first"]
    assert (await store.match("m1")) == match_row(version=1)


async def test_a_finished_match_takes_no_decision(store: SqlStorage) -> None:
    await room_with_match(store)
    await store.finish_match(
        "m1", version=0, status="finished", outcome={"draw": True}, final_hash="h", at=5.0
    )
    with pytest.raises(Conflict, match="'m1' is finished"):
        await store.append_decision("m1", 0, 0, "late", at=6.0)
    assert await store.decisions("m1") == []
    with pytest.raises(LookupError, match="no match 'nowhere'"):
        await store.append_decision("nowhere", 0, 0, "x", at=6.0)


async def test_two_processes_racing_for_one_version_exactly_one_wins(
    store: SqlStorage, other: SqlStorage
) -> None:
    await room_with_match(store)
    for version in range(5):
        results = await asyncio.gather(
            store.append_decision("m1", version, 0, f"a{version}", at=1.0),
            other.append_decision("m1", version, 1, f"b{version}", at=1.0),
            return_exceptions=True,
        )
        assert sorted(type(result).__name__ for result in results) == ["Conflict", "NoneType"]
    stored = await other.decisions("m1")
    assert [d.index for d in stored] == [0, 1, 2, 3, 4]
    match = await store.match("m1")
    assert match is not None
    assert match.version == 5


async def test_many_writers_leave_no_gap_and_no_duplicate(
    store: SqlStorage, other: SqlStorage
) -> None:
    await room_with_match(store)
    wins: list[str] = []

    async def writer(name: str, where: SqlStorage, decisions: int) -> None:
        made = 0
        while made < decisions:
            match = await where.match("m1")
            assert match is not None
            try:
                await where.append_decision("m1", match.version, 0, name, at=1.0)
            except Conflict:
                continue
            made += 1
            wins.append(name)

    await asyncio.gather(*(writer(f"w{n}", (store, other)[n % 2], decisions=4) for n in range(4)))
    stored = await store.decisions("m1")
    assert [d.index for d in stored] == list(range(16))
    assert sorted(d.text for d in stored) == sorted(wins)
    assert (await other.match("m1")) == match_row(version=16)


async def test_appends_made_together_share_a_transaction_and_keep_their_own_outcomes(
    store: SqlStorage,
) -> None:
    for n in range(6):
        await room_with_match(store, f"m{n}")
    await store.append_decision("m0", 0, 0, "first", at=1.0)
    await store.finish_match(
        "m5", version=0, status="finished", outcome={"draw": True}, final_hash="h", at=1.0
    )
    results = await asyncio.gather(
        store.append_decision("m0", 0, 1, "stale", at=2.0),  # m0 is at version 1
        *(store.append_decision(f"m{n}", 0, 0, f"play {n}", at=2.0) for n in range(1, 5)),
        store.append_decision("m5", 0, 0, "late", at=2.0),
        store.append_decision("nowhere", 0, 0, "x", at=2.0),
        store.append_decision("m1", 0, 1, "twin", at=2.0),  # the same match and version again
        return_exceptions=True,
    )
    assert [type(result).__name__ for result in results] == [
        "Conflict", "NoneType", "NoneType", "NoneType", "NoneType", "Conflict", "LookupError",
        "Conflict",
    ]  # fmt: skip
    assert "at version 1, not 0" in str(results[0])
    assert "is finished" in str(results[5])
    for n in range(1, 5):
        assert [(d.index, d.text) for d in await store.decisions(f"m{n}")] == [(0, f"play {n}")]
        assert (await store.match(f"m{n}")) == match_row(f"m{n}", version=1)
    assert [d.text for d in await store.decisions("m0")] == ["first"]
    assert await store.decisions("m5") == []
