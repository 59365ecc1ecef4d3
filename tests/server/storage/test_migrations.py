"""The migrations: they build exactly the tables the code declares (the store's and those of the
modules beside it, such as accounts), go down and up again, and upgrade a database of an
earlier revision in place."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from cardtable.server.accounts import AccountStore, ParticipantRow
from cardtable.server.storage import RoomStatus, SeatRow, SqlStorage, migrate
from cardtable.server.storage.connect import WRITE, create_engine, database_url
from cardtable.server.storage.tables import chat, decisions, matches, rooms, seats

pytestmark = pytest.mark.anyio

metadata = migrate.target_metadata()
"""Every table, accounts' included."""


def _differences(connection: sa.Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, metadata))


def _tables(connection: sa.Connection) -> set[str]:
    return set(sa.inspect(connection).get_table_names())


async def test_the_migrations_build_the_declared_schema_and_go_down_and_up(url: str) -> None:
    engine = create_engine(database_url(url)).execution_options(**{WRITE: True})
    try:
        async with engine.begin() as connection:
            assert await connection.run_sync(migrate.current) is None
            await connection.run_sync(migrate.upgrade)
            assert await connection.run_sync(migrate.current) == migrate.head()
            assert await connection.run_sync(_differences) == []
            assert await connection.run_sync(_tables) >= set(metadata.tables)

            await connection.run_sync(migrate.downgrade)
            assert await connection.run_sync(migrate.current) is None
            assert not (await connection.run_sync(_tables)) & set(metadata.tables)

            await connection.run_sync(migrate.upgrade)
            assert await connection.run_sync(_differences) == []
    finally:
        await engine.dispose()
    async with await SqlStorage.open(url, migrate=False) as store:
        assert await store.rooms() == []


async def test_the_schema_keys_and_indexes(store: SqlStorage, store_url: str) -> None:
    engine = create_engine(database_url(store_url))

    def keys(connection: sa.Connection) -> dict[str, object]:
        inspector = sa.inspect(connection)
        return {
            name: (
                inspector.get_pk_constraint(name)["constrained_columns"],
                sorted(
                    (tuple(fk["constrained_columns"]), fk["referred_table"])
                    for fk in inspector.get_foreign_keys(name)
                ),
                sorted(
                    tuple(ix["column_names"])
                    for ix in inspector.get_indexes(name)
                    if not ix.get("duplicates_constraint")  # a UNIQUE key's (PostgreSQL)
                ),
            )
            for name in sorted(metadata.tables)
        } | {
            "unique": sorted(
                (name, tuple(unique["column_names"]))
                for name in sorted(metadata.tables)
                for unique in inspector.get_unique_constraints(name)
            )
        }

    try:
        async with engine.connect() as connection:
            found = await connection.run_sync(keys)
    finally:
        await engine.dispose()
    assert found == {
        "chat": (["id"], [(("room_id",), "rooms")], [("room_id", "id")]),
        "decisions": (["match_id", "decision_index"], [(("match_id",), "matches")], []),
        "matches": (
            ["id"],
            [(("room_id",), "rooms")],
            [("room_id", "started_at"), ("status", "started_at"), ("status", "wake_at")],
        ),
        "rooms": (["id"], [], [("status", "game", "created_at")]),
        "seats": (["room_id", "seat_index"], [(("room_id",), "rooms")], []),
        "accounts": (["id"], [], []),
        "sessions": (
            ["token_hash"],
            [(("account_id",), "accounts")],
            [("account_id",), ("expires_at",)],
        ),
        "guests": (["id"], [(("upgraded_to",), "accounts")], [("last_used_at",)]),
        "participants": (
            ["match_id", "seat_index"],
            [(("account_id",), "accounts"), (("guest_id",), "guests"), (("match_id",), "matches")],
            [("account_id",), ("guest_id",)],
        ),
        "invites": (
            ["id"],
            [
                (("made_by_account",), "accounts"),
                (("made_by_guest",), "guests"),
                (("room_id",), "rooms"),
            ],
            [("expires_at",), ("invitee_account",), ("room_id",)],
        ),
        "friends": (
            ["account_id", "other_id"],
            [(("account_id",), "accounts"), (("other_id",), "accounts")],
            [("account_id", "state", "since"), ("other_id", "state")],
        ),
        "notifications": (
            ["id"],
            [(("account_id",), "accounts")],
            [("account_id", "id"), ("account_id", "read_at")],
        ),
        "notification_mutes": (["account_id", "kind"], [(("account_id",), "accounts")], []),
        "activity": (["id"], [(("account_id",), "accounts")], [("account_id", "id")]),
        "activity_settings": (["account_id"], [(("account_id",), "accounts")], []),
        "whereabouts": (["account_id"], [(("account_id",), "accounts")], []),
        "ratings": (
            ["account_id", "game", "rated", "season"],
            [(("account_id",), "accounts")],
            [("game", "rated", "season", "shown", "matches", "account_id")],
        ),
        "rating_history": (
            ["id"],
            [(("account_id",), "accounts")],
            [("account_id", "at"), ("account_id", "game", "rated", "id")],
        ),
        "rated_matches": (["match_id"], [], []),
        "seasons": (["number"], [], []),
        "leases": (["name"], [], []),
        "queue": (
            ["account_id"],
            [(("account_id",), "accounts")],
            [("game", "rated"), ("proposal_id",)],
        ),
        "proposals": (["id"], [], [("state", "deadline")]),
        "tournaments": (["id"], [(("host_id",), "accounts")], [("state", "starts_at")]),
        "tournament_entrants": (
            ["tournament_id", "entrant_id"],
            [(("account_id",), "accounts"), (("tournament_id",), "tournaments")],
            [("account_id",)],
        ),
        "tournament_tables": (
            ["tournament_id", "round", "number"],
            [(("tournament_id",), "tournaments")],
            [("room_id",), ("state",)],
        ),
        "unique": [
            ("accounts", ("username_key",)),
            ("guests", ("token_hash",)),
            ("invites", ("token_hash",)),
            ("rating_history", ("match_id", "account_id")),
        ],
    }


async def test_two_servers_migrating_a_new_database_at_once_both_open_it(url: str) -> None:
    stores = await asyncio.gather(SqlStorage.open(url), SqlStorage.open(url))
    for store in stores:
        assert await store.live_matches() == []
        await store.close()


RELEASED = ("rooms", "seats", "matches", "decisions", "chat")
"""The tables of revision 0001, the schema of the release before accounts."""
ADDED = ("accounts", "sessions", "guests", "participants")
"""The tables revision 0002 adds."""


def _fill_revision_0001(connection: sa.Connection) -> None:
    """Rooms, seats, matches, decisions and chat of every kind, as the release before accounts
    stored them (its schema: the store's tables have not changed since)."""
    connection.execute(
        sa.insert(rooms),
        [
            {
                "id": room_id,
                "game": game,
                "ruleset": {"deck": "standard", "jokers": 2},
                "settings": {"spectators": True, "turn_seconds": 60, "disconnect": {}},
                "password_hash": password,
                "host_token_hash": f"host-{room_id}",
                "status": status,
                "created_at": 1_000.5,
                "updated_at": 1_100.25,
            }
            for room_id, game, status, password in [
                ("r1", "war", "finished", None),
                ("r2", "tcg", "playing", "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA"),
                ("r3", "karata", "closed", None),
            ]
        ],
    )
    connection.execute(
        sa.insert(seats),
        [
            {"room_id": "r1", "seat_index": 0, "kind": "guest", "name": "ann",
             "token_hash": "t-ann", "deck": None},
            {"room_id": "r1", "seat_index": 1, "kind": "agent", "name": "ismcts:hard",
             "token_hash": None, "deck": None},
            {"room_id": "r2", "seat_index": 0, "kind": "guest", "name": "bo",
             "token_hash": "t-bo", "deck": {"cards": ["a", "b"], "hero": "h"}},
            {"room_id": "r2", "seat_index": 1, "kind": "open", "name": "",
             "token_hash": None, "deck": None},
        ],
    )  # fmt: skip
    common = {"game_version": 2, "engine_version": 1, "ruleset": {"deck": "standard"}}
    connection.execute(
        sa.insert(matches),
        [
            common | {"id": "m1", "room_id": "r1", "game": "war", "seed": -(2**63),
                      "seats": ["ann", "ismcts:hard"], "version": 3, "status": "finished",
                      "outcome": {"winner": 0, "reason": "cards"}, "final_hash": "f" * 64,
                      "started_at": 1_001.0, "finished_at": 1_050.0, "lease_owner": None,
                      "lease_until": None, "timer": None},
            common | {"id": "m2", "room_id": "r2", "game": "tcg", "seed": 2**63 - 1,
                      "seats": ["bo", "random"], "version": 1, "status": "live",
                      "outcome": None, "final_hash": None, "started_at": 1_060.0,
                      "finished_at": None, "lease_owner": "host:1:abc", "lease_until": 1_070.0,
                      "timer": {"seat": 1, "deadline": 1_120.5}},
        ],
    )  # fmt: skip
    connection.execute(
        sa.insert(decisions),
        [
            {"match_id": "m1", "decision_index": 0, "seat": 0, "text": "turn", "at": 1_002.0},
            {"match_id": "m1", "decision_index": 1, "seat": 1, "text": "turn", "at": 1_003.0},
            {"match_id": "m1", "decision_index": 2, "seat": 0, "text": "concede", "at": 1_004.0},
            {"match_id": "m2", "decision_index": 0, "seat": 0, "text": "play #12", "at": 1_061.0},
        ],
    )
    connection.execute(
        sa.insert(chat),
        [
            {"room_id": "r1", "seat": 0, "name": "ann", "text": "good game", "at": 1_051.0},
            {"room_id": "r2", "seat": None, "name": "watcher", "text": "hi \u2665", "at": 1_062.0},
        ],
    )


LATER_COLUMNS = {
    "seats": ("account_id", "guest_id", "rematch"),
    "rooms": ("name",),
    "chat": ("account_id",),
    "matches": ("wake_at",),
}
"""The columns later revisions (0003, 0006, 0012, 0013) added to the tables of 0001."""


def _dump(
    connection: sa.Connection, names: tuple[str, ...], *, later: bool = False
) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables ``names``, in primary key order (with the columns later
    revisions added, when ``later``)."""
    tables = metadata.tables

    def columns(name: str) -> list[sa.Column[object]]:
        skipped = () if later else LATER_COLUMNS.get(name, ())
        return [column for column in tables[name].columns if column.name not in skipped]

    return {
        name: [
            tuple(row)
            for row in connection.execute(
                sa.select(*columns(name)).order_by(*tables[name].primary_key.columns)
            )
        ]
        for name in names
    }


async def test_a_database_of_the_release_before_accounts_upgrades_in_place(url: str) -> None:
    engine = create_engine(database_url(url)).execution_options(**{WRITE: True})
    try:
        async with engine.begin() as connection:
            await connection.run_sync(migrate.upgrade, "0001")
            await connection.run_sync(_fill_revision_0001)
        async with engine.connect() as connection:
            assert await connection.run_sync(migrate.current) == "0001"
            assert not (await connection.run_sync(_tables)) & set(ADDED)
            before = await connection.run_sync(_dump, RELEASED)
    finally:
        await engine.dispose()
    assert [len(rows) for rows in before.values()] == [3, 4, 2, 4, 2]

    async with await SqlStorage.open(url) as store:  # as a server starting: to the head
        async with store.engine.connect() as connection:
            assert await connection.run_sync(migrate.current) == migrate.head()
            assert await connection.run_sync(_dump, RELEASED) == before
            assert await connection.run_sync(_dump, ADDED) == {name: [] for name in ADDED}
            assert await connection.run_sync(_differences) == []
        # The store reads what the old release stored, and plays on.
        statuses: tuple[RoomStatus, ...] = ("open", "playing", "finished", "closed")
        assert [room.id for room in await store.rooms(statuses=statuses)] == ["r3", "r2", "r1"]
        assert {room.name for room in await store.rooms(statuses=statuses)} == {None}
        assert [seat.rematch for seat in await store.seats("r1")] == [False, False]
        assert [match.id for match in await store.live_matches()] == ["m2"]
        assert [d.text for d in await store.decisions("m1")] == ["turn", "turn", "concede"]
        assert [message.text for message in await store.chat("r2")] == ["hi \u2665"]
        assert [message.account_id for message in await store.chat("r1")] == [None]
        await store.append_decision("m2", 1, 1, "end", 1_063.0)
        assert (await store.match("m2")).version == 2  # type: ignore[union-attr]
        # And the new tables take the old matches' players.
        accounts = AccountStore.of(store)
        account = await accounts.create_account(
            username="Ann", username_key="ann", display_name="Ann", password_hash="h", now=2e3
        )
        ann = ParticipantRow(
            match_id="m1", seat_index=0, account_id=account.id, guest_id=None,
            name_at_the_time="ann",
        )  # fmt: skip
        await accounts.add_participants("m1", [ann])
        assert await accounts.participants("m1") == [ann]


async def test_a_database_at_revision_0002_gains_the_owners_of_seats(url: str) -> None:
    engine = create_engine(database_url(url)).execution_options(**{WRITE: True})
    try:
        async with engine.begin() as connection:
            await connection.run_sync(migrate.upgrade, "0002")
            await connection.run_sync(_fill_revision_0001)
        async with engine.connect() as connection:
            assert await connection.run_sync(migrate.current) == "0002"
            before = await connection.run_sync(_dump, RELEASED)
    finally:
        await engine.dispose()

    async with await SqlStorage.open(url) as store:
        async with store.engine.connect() as connection:
            assert await connection.run_sync(migrate.current) == migrate.head()
            assert await connection.run_sync(_dump, RELEASED) == before
            assert await connection.run_sync(_differences) == []
        # The seats of before have no owner; they are read, and new ones take one.
        found = await store.seats("r1")
        assert [(s.name, s.account_id, s.guest_id) for s in found] == [
            ("ann", None, None),
            ("ismcts:hard", None, None),
        ]
        taken = SeatRow(room_id="r2", index=1, kind="guest", name="cy", token_hash="t-cy",
                        account_id="a1", guest_id=None)  # fmt: skip
        await store.put_seat(taken, expected_kind="open")
        assert (await store.seats("r2"))[1] == taken

    engine = create_engine(database_url(url)).execution_options(**{WRITE: True})
    try:  # and down again: the seats lose the columns, and keep their rows
        async with engine.begin() as connection:
            await connection.run_sync(migrate.downgrade, "0002")
            assert await connection.run_sync(migrate.current) == "0002"
            columns = await connection.run_sync(
                lambda sync: {c["name"] for c in sa.inspect(sync).get_columns("seats")}
            )
            assert not columns & {"account_id", "guest_id"}
    finally:
        await engine.dispose()


async def test_participants_at_revision_0003_gain_what_sat_there_unknown(url: str) -> None:
    """Rows of before say nothing of computer players (``None``); new rows say it."""
    engine = create_engine(database_url(url)).execution_options(**{WRITE: True})
    try:
        async with engine.begin() as connection:
            await connection.run_sync(migrate.upgrade, "0003")
            await connection.run_sync(_fill_revision_0001)
            await connection.execute(
                sa.text(
                    "INSERT INTO participants (match_id, seat_index, account_id, guest_id,"
                    " name_at_the_time) VALUES ('m1', 0, NULL, NULL, 'ann'),"
                    " ('m1', 1, NULL, NULL, 'ismcts:hard')"
                )
            )
    finally:
        await engine.dispose()

    async with await SqlStorage.open(url) as store:
        async with store.engine.connect() as connection:
            assert await connection.run_sync(migrate.current) == migrate.head()
            assert await connection.run_sync(_differences) == []
        accounts = AccountStore.of(store)
        assert [(p.name_at_the_time, p.agent) for p in await accounts.participants("m1")] == [
            ("ann", None),
            ("ismcts:hard", None),
        ]
        bot = ParticipantRow(match_id="m2", seat_index=1, account_id=None, guest_id=None,
                             name_at_the_time="random", agent=True)  # fmt: skip
        await accounts.add_participants("m2", [bot])
        assert await accounts.participants("m2") == [bot]

    engine = create_engine(database_url(url)).execution_options(**{WRITE: True})
    try:  # and down again: the rows stay, without the column
        async with engine.begin() as connection:
            await connection.run_sync(migrate.downgrade, "0003")
            count = await connection.execute(sa.text("SELECT count(*) FROM participants"))
            assert count.scalar_one() == 3
    finally:
        await engine.dispose()


@pytest.fixture
def url(database_url: str) -> str:
    """A new, empty database of each backend."""
    return database_url


def test_the_alembic_command_line_migrates_a_url(url: str) -> None:
    command.upgrade(migrate.config(url=url), "head")

    async def check() -> None:
        async with await SqlStorage.open(url, migrate=False) as store:
            assert await store.rooms() == []

    asyncio.run(check())


def test_offline_migrations_print_the_sql(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    command.upgrade(migrate.config(url=url), "head", sql=True)
    printed = capsys.readouterr().out
    assert "CREATE TABLE rooms" in printed
    assert "CREATE INDEX ix_chat_room_id_id ON chat (room_id, id)" in printed
    assert "CREATE TABLE accounts" in printed
    assert "CREATE INDEX ix_participants_account_id ON participants (account_id)" in printed


def test_a_new_revision_follows_the_head_and_is_empty_without_changes(
    sqlite_url: str, tmp_path: Path
) -> None:
    scripts = shutil.copytree(migrate.SCRIPTS, tmp_path / "migrations")
    migrate.revision(sqlite_url, "nothing new", scripts=scripts)
    (written,) = (scripts / "versions").glob("*nothing_new.py")
    text = written.read_text()
    assert f"down_revision: str | None = {migrate.head()!r}" in text
    assert "def upgrade() -> None:\n    # ### commands auto generated by Alembic" in text
    assert "op." not in text.split("def upgrade")[1]
