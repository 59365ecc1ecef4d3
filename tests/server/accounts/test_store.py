"""The accounts' store, on SQLite and PostgreSQL: accounts, sessions, reset codes, guests and
participants, and the races the database settles."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest
import sqlalchemy as sa

from cardtable.server.accounts import (
    ANONYMOUS_NAME,
    AccountRow,
    AccountStore,
    ParticipantRow,
    Purged,
    UsernameTaken,
)
from cardtable.server.accounts.tables import USER_AGENT_MAX
from cardtable.server.accounts.tables import accounts as account_table
from cardtable.server.storage import Conflict, SqlStorage
from tests.server.storage.conftest import room_with_match

pytestmark = pytest.mark.anyio

DAY = 86_400.0


async def new_account(
    store: AccountStore, key: str = "fox", *, now: float = 1_000.0, **changes: Any
) -> AccountRow:
    values: dict[str, Any] = {
        "username": key.capitalize(),
        "username_key": key,
        "display_name": key.capitalize(),
        "password_hash": f"hash-of-{key}",
        "now": now,
    }
    return await store.create_account(**(values | changes))


async def new_session(
    store: AccountStore, account_id: str, token_hash: str, *, now: float = 1_000.0, **more: Any
) -> None:
    await store.create_session(
        token_hash=token_hash, account_id=account_id, now=now, expires_at=now + DAY, **more
    )


async def stored(store: AccountStore, account_id: str) -> AccountRow:
    account = await store.account_by_id(account_id)
    assert account is not None
    return account


async def account_rows(storage: SqlStorage) -> list[AccountRow]:
    rows = await storage.read(sa.select(account_table).order_by(account_table.c.id))
    return [AccountRow(**row._asdict()) for row in rows]


# Accounts.


async def test_an_account_round_trips_by_id_and_by_username_key(accounts: AccountStore) -> None:
    account = await new_account(accounts, "fox_mulder", now=5.0)
    assert len(account.id) == 12
    assert (account.created_at, account.updated_at) == (5.0, 5.0)
    assert account.active
    assert await accounts.account_by_id(account.id) == account
    assert await accounts.account_by_username_key("fox_mulder") == account
    assert await accounts.account_by_id("nobody") is None
    assert await accounts.account_by_username_key("Fox_Mulder") is None  # keys come normalised


async def test_a_taken_username_key_is_refused_and_changes_nothing(
    accounts: AccountStore, storage: SqlStorage
) -> None:
    first = await new_account(accounts, "fox")
    before = await account_rows(storage)
    # "FOX" and a full-width "FOX" (U+FF26...) both have the key "fox" (names.py makes it).
    for username in ("FOX", "\uff26\uff4f\uff58"):
        with pytest.raises(UsernameTaken, match="is taken"):
            await new_account(accounts, "fox", username=username, display_name="Other", now=9.0)
    assert await account_rows(storage) == before == [first]
    assert issubclass(UsernameTaken, Conflict)


async def test_of_two_accounts_created_at_once_with_one_key_exactly_one_is_stored(
    accounts: AccountStore, other_accounts: AccountStore, storage: SqlStorage
) -> None:
    for round_ in range(5):
        key = f"racer{round_}"
        results = await asyncio.gather(
            new_account(accounts, key, display_name="one"),
            new_account(other_accounts, key, display_name="two"),
            return_exceptions=True,
        )
        won = [result for result in results if isinstance(result, AccountRow)]
        lost = [result for result in results if isinstance(result, UsernameTaken)]
        assert (len(won), len(lost)) == (1, 1), results
        assert await accounts.account_by_username_key(key) == won[0]
    assert len(await account_rows(storage)) == 5


async def test_password_and_display_name_change_and_mark_the_account_updated(
    accounts: AccountStore,
) -> None:
    account = await new_account(accounts)
    await accounts.update_password_hash(account.id, "new-hash", 10.0)
    await accounts.update_display_name(account.id, "Mulder", 11.0)
    changed = await accounts.account_by_id(account.id)
    assert changed == replace(
        account, password_hash="new-hash", display_name="Mulder", updated_at=11.0
    )
    with pytest.raises(LookupError):
        await accounts.update_password_hash("nobody", "h", 12.0)
    with pytest.raises(LookupError):
        await accounts.update_display_name("nobody", "x", 12.0)


async def test_disabling_an_account_ends_its_sessions_and_bars_new_ones(
    accounts: AccountStore,
) -> None:
    account, bystander = await new_account(accounts, "fox"), await new_account(accounts, "dana")
    await new_session(accounts, account.id, "s1")
    await new_session(accounts, account.id, "s2")
    await new_session(accounts, bystander.id, "s3")
    assert await accounts.disable_account(account.id, 20.0) == 2
    assert await accounts.sessions_of(account.id) == []
    assert len(await accounts.sessions_of(bystander.id)) == 1
    disabled = await stored(accounts, account.id)
    assert disabled.disabled_at == 20.0
    assert not disabled.active
    with pytest.raises(LookupError, match="may sign in"):
        await new_session(accounts, account.id, "s4")
    assert await accounts.disable_account(account.id, 30.0) == 0
    assert (await stored(accounts, account.id)).disabled_at == 20.0  # the first time is kept

    await accounts.enable_account(account.id, 40.0)
    enabled = await stored(accounts, account.id)
    assert enabled.active
    assert enabled.updated_at == 40.0
    await new_session(accounts, account.id, "s4")
    with pytest.raises(LookupError):
        await accounts.disable_account("nobody", 50.0)


async def test_deleting_an_account_anonymises_it_and_frees_its_username(
    accounts: AccountStore, storage: SqlStorage
) -> None:
    account = await new_account(accounts, "fox")
    await new_session(accounts, account.id, "s1")
    await accounts.set_reset_code(account.id, "code", expires_at=99.0, now=2.0)
    await room_with_match(storage, "m1")
    seats = [
        ParticipantRow(
            match_id="m1",
            seat_index=0,
            account_id=account.id,
            guest_id=None,
            name_at_the_time="Fox",
        ),
        ParticipantRow(
            match_id="m1", seat_index=1, account_id=None, guest_id=None, name_at_the_time="random"
        ),
    ]
    await accounts.add_participants("m1", seats)

    await accounts.delete_account(account.id, 30.0)
    deleted = await accounts.account_by_id(account.id)
    assert deleted == replace(
        account,
        username=None,
        username_key=None,
        display_name=ANONYMOUS_NAME,
        password_hash=None,
        updated_at=30.0,
        deleted_at=30.0,
    )
    assert await accounts.sessions_of(account.id) == []
    assert await accounts.account_by_username_key("fox") is None
    assert await accounts.participants("m1") == [
        replace(seats[0], name_at_the_time=ANONYMOUS_NAME),
        seats[1],
    ]
    with pytest.raises(LookupError):
        await new_session(accounts, account.id, "s2")
    with pytest.raises(LookupError):
        await accounts.delete_account(account.id, 31.0)
    with pytest.raises(LookupError):
        await accounts.update_display_name(account.id, "back", 31.0)

    # The name is free; and many deleted accounts live side by side (NULL keys never clash).
    newcomer = await new_account(accounts, "fox", now=40.0)
    assert newcomer.id != account.id
    await accounts.delete_account(newcomer.id, 50.0, anonymous_name="gone")
    assert (await stored(accounts, newcomer.id)).display_name == "gone"


# Reset codes.


async def test_a_reset_code_works_once_before_it_expires(accounts: AccountStore) -> None:
    account = await new_account(accounts, "fox")
    await accounts.set_reset_code(account.id, "code-1", expires_at=100.0, now=10.0)
    assert await accounts.take_reset_code("fox", "wrong", 20.0) is None
    assert await accounts.take_reset_code("dana", "code-1", 20.0) is None
    assert await accounts.take_reset_code("fox", "code-1", 20.0) == account.id
    assert await accounts.take_reset_code("fox", "code-1", 21.0) is None
    taken = await accounts.account_by_id(account.id)
    assert taken is not None
    assert (taken.reset_code_hash, taken.reset_expires_at) == (None, None)
    assert taken.password_hash == account.password_hash

    await accounts.set_reset_code(account.id, "code-2", expires_at=100.0, now=30.0)
    assert await accounts.take_reset_code("fox", "code-2", 100.0) is None  # expired
    with pytest.raises(LookupError):
        await accounts.set_reset_code("nobody", "code", expires_at=100.0, now=30.0)


async def test_two_takes_of_one_reset_code_at_once_let_one_through(
    accounts: AccountStore, other_accounts: AccountStore
) -> None:
    account = await new_account(accounts, "fox")
    await accounts.set_reset_code(account.id, "code", expires_at=100.0, now=10.0)
    taken = await asyncio.gather(
        accounts.take_reset_code("fox", "code", 20.0, password_hash="one"),
        other_accounts.take_reset_code("fox", "code", 20.0, password_hash="two"),
    )
    assert taken.count(account.id) == taken.count(None) == 1
    winner = "one" if taken[0] is not None else "two"
    assert (await stored(accounts, account.id)).password_hash == winner


async def test_a_reset_with_a_new_password_ends_every_session(accounts: AccountStore) -> None:
    account = await new_account(accounts, "fox")
    await new_session(accounts, account.id, "s1")
    await accounts.set_reset_code(account.id, "code", expires_at=100.0, now=10.0)
    assert await accounts.take_reset_code("fox", "code", 20.0, password_hash="new") == account.id
    reset = await stored(accounts, account.id)
    assert (reset.password_hash, reset.updated_at) == ("new", 20.0)
    assert await accounts.sessions_of(account.id) == []


async def test_a_disabled_account_cannot_use_its_reset_code(accounts: AccountStore) -> None:
    account = await new_account(accounts, "fox")
    await accounts.set_reset_code(account.id, "code", expires_at=100.0, now=10.0)
    await accounts.disable_account(account.id, 15.0)
    assert await accounts.take_reset_code("fox", "code", 20.0, password_hash="new") is None


# Sessions.


async def test_a_session_is_found_until_it_expires_and_touching_extends_it(
    accounts: AccountStore,
) -> None:
    account = await new_account(accounts)
    session = await accounts.create_session(
        token_hash="t1",
        account_id=account.id,
        now=100.0,
        expires_at=200.0,
        user_agent="x" * 1000,
        address="2001:db8::1",
    )
    assert session.user_agent == "x" * USER_AGENT_MAX
    assert await accounts.session_by_token_hash("t1", 199.0) == session
    assert await accounts.session_by_token_hash("t1", 200.0) is None
    assert await accounts.session_by_token_hash("t2", 100.0) is None

    assert await accounts.touch_session("t1", now=150.0, expires_at=300.0)
    touched = await accounts.session_by_token_hash("t1", 250.0)
    assert touched == replace(session, last_used_at=150.0, expires_at=300.0)
    assert not await accounts.touch_session("t1", now=300.0, expires_at=400.0)  # expired
    assert not await accounts.touch_session("nothing", now=150.0, expires_at=400.0)
    assert await accounts.session_by_token_hash("t1", 300.0) is None


async def test_a_session_needs_its_account_and_a_token_hash_of_its_own(
    accounts: AccountStore,
) -> None:
    account = await new_account(accounts)
    with pytest.raises(LookupError):
        await new_session(accounts, "nobody", "t1")
    await new_session(accounts, account.id, "t1")
    with pytest.raises(Conflict):
        await new_session(accounts, account.id, "t1")


async def test_an_account_lists_its_sessions_the_last_used_first(accounts: AccountStore) -> None:
    account = await new_account(accounts)
    await new_session(accounts, account.id, "old", now=10.0)
    await new_session(accounts, account.id, "new", now=20.0)
    await new_session(accounts, account.id, "short", now=30.0)
    await accounts.touch_session("short", now=31.0, expires_at=40.0)
    listed = await accounts.sessions_of(account.id)
    assert [session.token_hash for session in listed] == ["short", "new", "old"]
    live = await accounts.sessions_of(account.id, now=50.0)
    assert [session.token_hash for session in live] == ["new", "old"]


async def test_an_account_revokes_only_its_own_sessions(accounts: AccountStore) -> None:
    fox, dana = await new_account(accounts, "fox"), await new_account(accounts, "dana")
    for token in ("f1", "f2", "f3"):
        await new_session(accounts, fox.id, token)
    await new_session(accounts, dana.id, "d1")

    assert not await accounts.revoke_session(fox.id, "d1")  # dana's: untouched
    assert await accounts.session_by_token_hash("d1", 1_000.0) is not None
    assert await accounts.revoke_session(fox.id, "f1")
    assert not await accounts.revoke_session(fox.id, "f1")
    assert await accounts.revoke_sessions(fox.id, except_token_hash="f2") == 1
    assert [s.token_hash for s in await accounts.sessions_of(fox.id)] == ["f2"]
    assert await accounts.revoke_sessions(fox.id) == 1
    assert await accounts.sessions_of(fox.id) == []
    assert len(await accounts.sessions_of(dana.id)) == 1


async def test_purging_removes_expired_sessions_and_idle_guests(
    accounts: AccountStore, storage: SqlStorage
) -> None:
    account = await new_account(accounts)
    await accounts.create_session(token_hash="gone", account_id=account.id, now=0, expires_at=10)
    await accounts.create_session(token_hash="kept", account_id=account.id, now=0, expires_at=99)
    idle = await accounts.create_guest("idle-token", 5.0)
    seen = await accounts.create_guest("seen-token", 5.0)
    await accounts.touch_guest(seen.id, 50.0)
    await room_with_match(storage, "m1")
    played = ParticipantRow(
        match_id="m1", seat_index=0, account_id=None, guest_id=idle.id, name_at_the_time="Idle"
    )
    await accounts.add_participants("m1", [played])

    assert await accounts.purge_expired(20.0) == Purged(sessions=1, guests=0)
    assert [s.token_hash for s in await accounts.sessions_of(account.id)] == ["kept"]
    assert await accounts.guest_by_id(idle.id) is not None

    assert await accounts.purge_expired(20.0, guests_idle_before=30.0) == Purged(
        sessions=0, guests=1
    )
    assert await accounts.guest_by_id(idle.id) is None
    assert await accounts.guest_by_id(seen.id) is not None
    # The match keeps its seat, under the name of the time.
    assert await accounts.participants("m1") == [replace(played, guest_id=None)]


# Guests.


async def test_a_guest_round_trips_and_is_touched(accounts: AccountStore) -> None:
    guest = await accounts.create_guest("token-hash", 10.0)
    assert (guest.created_at, guest.last_used_at, guest.upgraded_to) == (10.0, 10.0, None)
    assert await accounts.guest_by_token_hash("token-hash") == guest
    assert await accounts.guest_by_id(guest.id) == guest
    assert await accounts.guest_by_token_hash("other") is None
    assert await accounts.touch_guest(guest.id, 20.0)
    assert await accounts.guest_by_id(guest.id) == replace(guest, last_used_at=20.0)
    assert not await accounts.touch_guest("nobody", 20.0)
    with pytest.raises(Conflict):
        await accounts.create_guest("token-hash", 30.0)


async def test_a_guest_who_registers_brings_their_matches(
    accounts: AccountStore, storage: SqlStorage
) -> None:
    guest, other = await accounts.create_guest("g1", 1.0), await accounts.create_guest("g2", 1.0)
    account = await new_account(accounts, "fox")
    for match_id in ("m1", "m2"):
        await room_with_match(storage, match_id)
        await accounts.add_participants(
            match_id,
            [
                ParticipantRow(
                    match_id=match_id,
                    seat_index=0,
                    account_id=None,
                    guest_id=guest.id,
                    name_at_the_time="Foxy",
                ),
                ParticipantRow(
                    match_id=match_id,
                    seat_index=1,
                    account_id=None,
                    guest_id=other.id,
                    name_at_the_time="Other",
                ),
            ],
        )

    assert await accounts.upgrade_guest(guest.id, account.id, 50.0) == 2
    upgraded = await accounts.guest_by_id(guest.id)
    assert upgraded == replace(guest, upgraded_to=account.id, last_used_at=50.0)
    for match_id in ("m1", "m2"):
        seats = await accounts.participants(match_id)
        assert [(s.account_id, s.guest_id) for s in seats] == [
            (account.id, guest.id),
            (None, other.id),
        ]
        assert seats[0].name_at_the_time == "Foxy"

    assert await accounts.upgrade_guest(guest.id, account.id, 60.0) == 0  # again: nothing left
    dana = await new_account(accounts, "dana")
    with pytest.raises(Conflict):
        await accounts.upgrade_guest(guest.id, dana.id, 60.0)
    with pytest.raises(LookupError):
        await accounts.upgrade_guest("nobody", account.id, 60.0)
    with pytest.raises(LookupError):
        await accounts.upgrade_guest(other.id, "nobody", 60.0)
    assert await accounts.guest_by_id(other.id) == other


# Participants.


async def test_participants_round_trip_in_seat_order(
    accounts: AccountStore, storage: SqlStorage
) -> None:
    account = await new_account(accounts)
    guest = await accounts.create_guest("g", 1.0)
    await room_with_match(storage, "m1")
    rows = [
        ParticipantRow(
            match_id="m1", seat_index=2, account_id=None, guest_id=None, name_at_the_time="random"
        ),
        ParticipantRow(
            match_id="m1", seat_index=0, account_id=account.id, guest_id=None, name_at_the_time="F"
        ),
        ParticipantRow(
            match_id="m1", seat_index=1, account_id=None, guest_id=guest.id, name_at_the_time="G"
        ),
    ]
    await accounts.add_participants("m1", rows)
    assert await accounts.participants("m1") == sorted(rows, key=lambda row: row.seat_index)
    assert await accounts.participants("m2") == []

    with pytest.raises(Conflict):
        await accounts.add_participants("m1", rows[:1])
    missing_match = replace(rows[0], match_id="m9")
    with pytest.raises(LookupError):
        await accounts.add_participants("m9", [missing_match])
    with pytest.raises(LookupError):
        await accounts.add_participants("m1", [replace(rows[0], seat_index=5, account_id="nobody")])
    with pytest.raises(ValueError, match="must name it"):
        await accounts.add_participants("m1", [missing_match])
    with pytest.raises(ValueError, match="repeat a seat"):
        await accounts.add_participants("m1", [rows[0], rows[0]])
    assert len(await accounts.participants("m1")) == 3

    # A match's participants go with it (its room deleted, say).
    async with storage.write() as connection:
        await connection.execute(sa.text("DELETE FROM rooms"))
    assert await accounts.participants("m1") == []


async def test_the_accounts_store_needs_a_sql_store() -> None:
    with pytest.raises(TypeError, match="SqlStorage"):
        AccountStore.of(object())  # type: ignore[arg-type]
