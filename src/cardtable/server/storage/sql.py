"""The SQL store: :class:`~cardtable.server.storage.base.Storage` on SQLite or PostgreSQL.

>>> import asyncio, tempfile
>>> from pathlib import Path
>>> async def demo(folder: Path) -> list[str]:
...     async with await SqlStorage.open(default_database_url(folder)) as store:
...         room = RoomRow(id="r1", game="war", ruleset={}, settings={}, password_hash=None,
...                        host_token_hash="h", status="open", created_at=1.0, updated_at=1.0)
...         await store.create_room(room, [])
...         await store.add_chat("r1", None, "ann", "hello", at=2.0)
...         return [message.text for message in await store.chat("r1")]
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(Path(folder)))
['hello']

Every method is one transaction. Races are settled by the database, not by the process:
a decision is appended by an ``UPDATE ... WHERE version = :seen AND status = 'live'`` and an
``INSERT`` in one transaction, a seat is taken by an ``UPDATE ... WHERE kind = :expected``,
a lease by a single conditional ``UPDATE``. A write to a row that does not exist (a room, a
match) raises :class:`LookupError`; a lost race raises :class:`Conflict`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self, cast

import sqlalchemy as sa
from alembic.util import CommandError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from cardtable.engine.json import JsonObject
from cardtable.server.storage import migrate as migrations
from cardtable.server.storage.appends import SqliteWriter, append_rows
from cardtable.server.storage.base import (
    ChatRow,
    Conflict,
    DecisionRow,
    FinishWriter,
    MatchRow,
    MatchStatus,
    RoomRow,
    RoomStatus,
    SeatKind,
    SeatRow,
    StartWriter,
    Storage,
)
from cardtable.server.storage.batching import GroupCommit, Pending, settle
from cardtable.server.storage.connect import (
    WRITE,
    StorageError,
    check_sqlite_path,
    create_engine,
    database_url,
    default_database_url,
    is_sqlite_file,
    shown,
)
from cardtable.server.storage.lifecycle import finish_rows, repair_rows, start_rows
from cardtable.server.storage.tables import (
    chat,
    decisions,
    from_columns,
    matches,
    rooms,
    to_columns,
)
from cardtable.server.storage.tables import seats as seat_table

__all__ = ["SqlStorage", "default_database_url", "insert_row", "violated"]

_SEED_BOUND = 2**63

if TYPE_CHECKING:

    def _implements(store: SqlStorage) -> Storage:
        return store  # mypy checks here that SqlStorage is a Storage


class SqlStorage:
    """The store on a SQLAlchemy async engine; build it with :meth:`open`."""

    def __init__(self, engine: AsyncEngine, *, appender: SqliteWriter | None = None) -> None:
        self._engine = engine
        self._writer = engine.execution_options(**{WRITE: True})
        self._appends = GroupCommit[DecisionRow](self._append_batch)
        self._appender = appender
        """For a SQLite file: appends in one trip to a thread (see ``appends``)."""
        self._one_writer = asyncio.Lock() if appender is not None else None
        """For a SQLite file: this process's write transactions take turns here. SQLite
        lets one connection write at a time, and one that finds the file locked sleeps and
        tries again (up to 100 ms a sleep): on a busy server, the appends' thread slept so
        behind the async engine's transactions for hundreds of milliseconds. Waiting here
        instead, each starts the moment the one before it ends."""

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True) -> SqlStorage:
        """Connect to ``url`` and (by default) upgrade its schema to the newest revision;
        without ``migrate``, the schema must already be at that revision.

        Raises :class:`StorageError` with a plain message when the URL is not one of ours,
        the database cannot be reached, or its schema is not one this version knows.
        """
        parsed = database_url(url)
        check_sqlite_path(parsed)
        engine = create_engine(parsed)
        try:
            async with engine.execution_options(**{WRITE: True}).begin() as connection:
                if migrate:
                    await connection.run_sync(_upgrade)
                else:
                    await connection.run_sync(_check_schema)
        except BaseException as error:
            await engine.dispose()
            if isinstance(error, StorageError):
                raise
            if isinstance(error, sa.exc.SQLAlchemyError | OSError | CommandError | ValueError):
                raise StorageError(
                    f"cannot open the database {shown(parsed)}: {_reason(error)}"
                ) from error
            raise
        return cls(engine, appender=SqliteWriter(parsed) if is_sqlite_file(parsed) else None)

    async def close(self) -> None:
        """Finish the appends being written; release connections."""
        await self._appends.close()
        if self._appender is not None:
            await self._appender.close()
        await self._engine.dispose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    # Rooms and seats.

    async def create_room(self, room: RoomRow, seats: Sequence[SeatRow]) -> None:
        """Store a new room and its seats (``Conflict`` if the id is taken)."""
        if any(seat.room_id != room.id for seat in seats):
            raise ValueError(f"the seats of room {room.id!r} must name it as their room")
        if len({seat.index for seat in seats}) != len(seats):
            raise ValueError(f"the seats of room {room.id!r} repeat an index")
        async with self._write() as connection:
            await insert_row(connection, rooms, to_columns(room), f"room {room.id!r}")
            if seats:
                await connection.execute(sa.insert(seat_table), [to_columns(s) for s in seats])

    async def room(self, room_id: str) -> RoomRow | None:
        found = await self._select(sa.select(rooms).where(rooms.c.id == room_id))
        return from_columns(RoomRow, found[0]) if found else None

    async def rooms(
        self,
        *,
        game: str | None = None,
        statuses: Sequence[RoomStatus] = ("open", "playing"),
        idle_since: float | None = None,
    ) -> list[RoomRow]:
        """Rooms with one of ``statuses`` (of ``game``, and untouched since ``idle_since``,
        when given), newest first."""
        query = sa.select(rooms).where(rooms.c.status.in_(list(statuses)))
        if game is not None:
            query = query.where(rooms.c.game == game)
        if idle_since is not None:
            query = query.where(rooms.c.updated_at < idle_since)
        query = query.order_by(rooms.c.created_at.desc(), rooms.c.id.desc())
        return [from_columns(RoomRow, row) for row in await self._select(query)]

    async def rooms_of(
        self,
        *,
        account_id: str | None = None,
        guest_ids: Sequence[str] = (),
        statuses: Sequence[RoomStatus] = ("open", "playing", "finished"),
        limit: int = 20,
    ) -> list[RoomRow]:
        """The rooms with one of ``statuses`` where the account or one of the guests holds a
        seat, the most recently active first, at most ``limit`` (none when none is given)."""
        holders = []
        if account_id is not None:
            holders.append(seat_table.c.account_id == account_id)
        if guest_ids:
            holders.append(seat_table.c.guest_id.in_(list(guest_ids)))
        if not holders:
            return []
        held = sa.select(seat_table.c.room_id).where(sa.or_(*holders))
        query = (
            sa.select(rooms)
            .where(rooms.c.id.in_(held), rooms.c.status.in_(list(statuses)))
            .order_by(rooms.c.updated_at.desc(), rooms.c.id.desc())
            .limit(limit)
        )
        return [from_columns(RoomRow, row) for row in await self._select(query)]

    async def update_room(
        self,
        room_id: str,
        *,
        status: RoomStatus | None = None,
        settings: JsonObject | None = None,
        updated_at: float,
    ) -> None:
        """Change a room's status or settings, and mark it as active at ``updated_at``
        (:class:`LookupError` if there is no such room)."""
        values: dict[str, Any] = {"updated_at": updated_at}
        if status is not None:
            values["status"] = status
        if settings is not None:
            values["settings"] = settings
        async with self._write() as connection:
            query = sa.update(rooms).where(rooms.c.id == room_id).values(values)
            if (await connection.execute(query)).rowcount != 1:
                raise LookupError(f"no room {room_id!r}")

    async def seats(self, room_id: str) -> list[SeatRow]:
        """A room's seats in index order."""
        query = sa.select(seat_table).where(seat_table.c.room_id == room_id)
        found = await self._select(query.order_by(seat_table.c.seat_index))
        return [from_columns(SeatRow, row) for row in found]

    async def put_seat(
        self,
        seat: SeatRow,
        *,
        expected_kind: SeatKind | None = None,
        touched_at: float | None = None,
    ) -> None:
        """Replace a seat (or add it, without ``expected_kind``); with ``expected_kind``,
        only if the seat exists and is still of that kind (``Conflict`` otherwise); with
        ``touched_at``, mark the room active then, in the same transaction."""
        values = to_columns(seat)
        where = (seat_table.c.room_id == seat.room_id) & (seat_table.c.seat_index == seat.index)
        if expected_kind is not None:
            where &= seat_table.c.kind == expected_kind
        async with self._write() as connection:
            result = await connection.execute(sa.update(seat_table).where(where).values(values))
            if result.rowcount != 1:
                what = f"seat {seat.index} of room {seat.room_id!r}"
                if expected_kind is not None:
                    raise Conflict(f"{what} is no longer {expected_kind}")
                await insert_row(connection, seat_table, values, what)
            if touched_at is not None:
                await _touch(connection, seat.room_id, touched_at)

    async def accept_rematch(self, room_id: str, seat: int, *, at: float) -> list[SeatRow]:
        """Note seat ``seat``'s acceptance of a rematch (see
        :meth:`~cardtable.server.storage.base.Storage.accept_rematch`); the room's seats."""
        async with self._write() as connection:
            # The room's row is locked first (PostgreSQL; SQLite writes one at a time): two
            # people accepting at once are taken one after the other, never both unseen.
            query = sa.select(rooms.c.status).where(rooms.c.id == room_id).with_for_update()
            status = (await connection.execute(query)).scalar()
            if status is None:
                raise LookupError(f"no room {room_id!r}")
            if status != "finished":
                raise Conflict(f"room {room_id!r} is {status}: no match to play again")
            held = (
                (seat_table.c.room_id == room_id)
                & (seat_table.c.seat_index == seat)
                & (seat_table.c.kind == "guest")
            )
            result = await connection.execute(
                sa.update(seat_table).where(held).values(rematch=True)
            )
            if result.rowcount != 1:
                raise Conflict(f"seat {seat} of room {room_id!r} holds no person")
            await _touch(connection, room_id, at)
            found = await connection.execute(
                sa.select(seat_table)
                .where(seat_table.c.room_id == room_id)
                .order_by(seat_table.c.seat_index)
            )
            return [from_columns(SeatRow, row) for row in found]

    # Matches.

    async def create_match(self, match: MatchRow) -> None:
        """Store a new match (``Conflict`` if the id is taken, :class:`LookupError` if its
        room does not exist)."""
        if not -_SEED_BOUND <= match.seed < _SEED_BOUND:
            raise ValueError(f"match {match.id!r}: the seed must fit in a signed 64-bit integer")
        async with self._write() as connection:
            await insert_row(connection, matches, to_columns(match), f"match {match.id!r}")

    async def start_match(
        self,
        match: MatchRow,
        *,
        room_statuses: Sequence[RoomStatus] = ("open", "finished"),
        also: Sequence[StartWriter] = (),
    ) -> None:
        """Store a new match and mark its room ``playing``, in one transaction, while the room
        is in one of ``room_statuses`` (``Conflict`` otherwise, or if the id is taken;
        :class:`LookupError` if the room does not exist), and make the writes ``also``."""
        if not -_SEED_BOUND <= match.seed < _SEED_BOUND:
            raise ValueError(f"match {match.id!r}: the seed must fit in a signed 64-bit integer")
        async with self._write() as connection:
            await connection.run_sync(start_rows, match, room_statuses, also)

    async def repair_rooms(self, at: float) -> list[str]:
        """Set right the rooms whose status disagrees with their matches (see
        :func:`~cardtable.server.storage.lifecycle.repair_rows`); their ids."""
        async with self._write() as connection:
            return await connection.run_sync(repair_rows, at)

    async def match(self, match_id: str) -> MatchRow | None:
        found = await self._select(sa.select(matches).where(matches.c.id == match_id))
        return from_columns(MatchRow, found[0]) if found else None

    async def matches(self, room_id: str) -> list[MatchRow]:
        """A room's matches, oldest first."""
        query = sa.select(matches).where(matches.c.room_id == room_id)
        found = await self._select(query.order_by(matches.c.started_at, matches.c.id))
        return [from_columns(MatchRow, row) for row in found]

    async def live_matches(self) -> list[MatchRow]:
        """Every match still being played (to resume after a restart), oldest first."""
        query = sa.select(matches).where(matches.c.status == "live")
        found = await self._select(query.order_by(matches.c.started_at, matches.c.id))
        return [from_columns(MatchRow, row) for row in found]

    async def append_decision(
        self, match_id: str, version: int, seat: int, text: str, at: float
    ) -> None:
        """Store decision number ``version`` and advance the match to ``version + 1``, only
        if the match is live and still at ``version`` (``Conflict`` otherwise;
        :class:`LookupError` if there is no such match).

        Appends asked for while others are being written share the next transaction
        (:mod:`~cardtable.server.storage.batching`); each is still taken or refused alone.
        """
        row = DecisionRow(match_id=match_id, index=version, seat=seat, text=text, at=at)
        await self._appends.submit(match_id, row)

    async def _append_batch(self, batch: list[Pending[DecisionRow]]) -> None:
        """Append a batch of decisions (one per match) in one transaction; each is taken or
        told why not (:func:`~cardtable.server.storage.appends.append_rows`)."""
        rows = {pending.key: pending.item for pending in batch}
        try:
            if self._appender is not None:
                async with self._turn():
                    refusals = await self._appender.run(lambda c: append_rows(c, rows))
            else:
                async with self._write() as connection:
                    refusals = await connection.run_sync(append_rows, rows)
        except sa.exc.IntegrityError:  # a broken constraint: a fault of the code, not an outage
            raise
        except _AWAY as error:
            raise StorageError(f"the database failed: {_reason(error)}") from error
        for pending in batch:
            settle(pending, refusals.get(pending.key))

    async def decisions(self, match_id: str, since: int = 0) -> list[DecisionRow]:
        """The match's decisions from number ``since`` on, in order."""
        where = (decisions.c.match_id == match_id) & (decisions.c.decision_index >= since)
        query = sa.select(decisions).where(where).order_by(decisions.c.decision_index)
        return [from_columns(DecisionRow, row) for row in await self._select(query)]

    async def finish_match(
        self,
        match_id: str,
        *,
        version: int,
        status: MatchStatus,
        outcome: JsonObject | None,
        final_hash: str | None,
        at: float,
        also: Sequence[FinishWriter] = (),
    ) -> MatchRow:
        """Mark a live match finished (or aborted) at ``version`` (``Conflict`` if it moved
        or is no longer live), its room finished if it was playing, and make the writes
        ``also``, all in one transaction; the finished row. Its lease and timer are left as
        they are."""
        if status == "live":
            raise ValueError("finish_match needs the status 'finished' or 'aborted'")
        values = {"status": status, "outcome": outcome, "final_hash": final_hash}
        async with self._write() as connection:
            return await connection.run_sync(
                finish_rows, match_id, version, values | {"finished_at": at}, also
            )

    async def set_timer(self, match_id: str, timer: JsonObject | None) -> None:
        """Keep (``None``: clear) the match's running turn timer. A timer that says its
        ``version`` is kept only while the match is at that version: one written late (a
        process retrying through an outage while another took the next decision and stored
        that turn's timer) changes nothing."""
        where = matches.c.id == match_id
        version = None if timer is None else timer.get("version")
        if isinstance(version, int):
            where &= matches.c.version == version
        query = sa.update(matches).where(where).values(timer=timer)
        async with self._write() as connection:
            if (await connection.execute(query)).rowcount == 1:
                return
            found = await connection.execute(
                sa.select(matches.c.id).where(matches.c.id == match_id)
            )
            if found.first() is None:
                raise LookupError(f"no match {match_id!r}")

    async def acquire_lease(self, match_id: str, owner: str, now: float, until: float) -> bool:
        """Take (or renew) the match's lease for ``owner`` until ``until``: succeeds when
        the lease is free, expired at ``now`` (its end is not after ``now``), or already
        ``owner``'s, and the match is awake (not sleeping, or its time to wake has come: it
        is woken); ``False`` otherwise, and for a match that does not exist."""
        query = (
            sa.update(matches)
            .where((matches.c.id == match_id) & _lease_free(owner, now) & _awake(now))
            .values(lease_owner=owner, lease_until=until, wake_at=None)
        )
        async with self._write() as connection:
            return (await connection.execute(query)).rowcount == 1

    async def acquire_leases(self, owner: str, now: float, until: float) -> set[str]:
        """Take (or renew) for ``owner`` the lease of every live match that
        :meth:`acquire_lease` would give, in one statement; the ids of the matches held."""
        query = (
            sa.update(matches)
            .where((matches.c.status == "live") & _lease_free(owner, now) & _awake(now))
            .values(lease_owner=owner, lease_until=until, wake_at=None)
            .returning(matches.c.id)
        )
        async with self._write() as connection:
            return set((await connection.execute(query)).scalars())

    async def release_lease(self, match_id: str, owner: str) -> None:
        """Give the lease up, if ``owner`` holds it (otherwise nothing changes)."""
        where = (matches.c.id == match_id) & (matches.c.lease_owner == owner)
        query = sa.update(matches).where(where).values(lease_owner=None, lease_until=None)
        async with self._write() as connection:
            await connection.execute(query)

    # Chat.

    async def sleep(self, match_id: str, owner: str, version: int, until: float) -> bool:
        """Put the match to sleep until ``until`` (see :meth:`Storage.sleep`)."""
        where = (
            (matches.c.id == match_id)
            & (matches.c.status == "live")
            & (matches.c.version == version)
            & (matches.c.lease_owner.is_(None) | (matches.c.lease_owner == owner))
        )
        query = (
            sa.update(matches)
            .where(where)
            .values(lease_owner=None, lease_until=None, wake_at=until)
        )
        async with self._write() as connection:
            return (await connection.execute(query)).rowcount == 1

    async def add_chat(
        self,
        room_id: str,
        seat: int | None,
        name: str,
        text: str,
        at: float,
        account_id: str | None = None,
    ) -> ChatRow:
        """Store a message and mark the room active at ``at``, in one transaction
        (:class:`LookupError` if there is no such room)."""
        values = {"room_id": room_id, "seat": seat, "name": name, "text": text, "at": at,
                  "account_id": account_id}  # fmt: skip
        async with self._write() as connection:
            key = await insert_row(connection, chat, values, f"a message in room {room_id!r}")
            await _touch(connection, room_id, at)
        return ChatRow(id=int(key[0]), room_id=room_id, seat=seat, name=name, text=text, at=at,
                       account_id=account_id)  # fmt: skip

    async def chat(self, room_id: str, *, since: int = 0, limit: int = 100) -> list[ChatRow]:
        """The room's messages with an id above ``since``, oldest first, at most the latest
        ``limit``."""
        if limit <= 0:
            return []
        where = (chat.c.room_id == room_id) & (chat.c.id > since)
        query = sa.select(chat).where(where).order_by(chat.c.id.desc()).limit(limit)
        newest_first = [from_columns(ChatRow, row) for row in await self._select(query)]
        return newest_first[::-1]

    # Transactions, for the stores of modules beside rooms and matches (accounts) that keep
    # their tables in this database.

    @property
    def engine(self) -> AsyncEngine:
        """The engine this store reads and writes with."""
        return self._engine

    async def read(self, query: sa.Select[Any]) -> Sequence[sa.Row[Any]]:
        """The rows ``query`` reads, as this store's own reads are made (read again once on
        another connection when one broke under it; :class:`StorageError` when the database
        is away)."""
        return await self._select(query)

    def write(self) -> AbstractAsyncContextManager[AsyncConnection]:
        """A write transaction, as this store's own writes are made: it takes this process's
        turn to write, begins immediately on SQLite, commits at the end of the block (rolls
        back if it raises), and turns an outage into :class:`StorageError`; a broken
        constraint is raised as the ``IntegrityError`` it is (see :func:`violated`)."""
        return self._write()

    async def _select(self, query: sa.Select[Any]) -> Sequence[sa.Row[Any]]:
        """The rows ``query`` reads. A read changes nothing, so one whose connection broke
        under it (cut by the database, or left half-way by an earlier call) is read again,
        once, on another: what a request just stored can be read back although the pool's
        connections were cut meanwhile. A database that cannot be reached is not tried twice."""
        for attempt in range(READ_TRIES):
            connected = False
            try:
                async with (
                    self._engine.connect() as connection,
                    _discarded_if_broken(connection),
                ):
                    connected = True
                    rows: Sequence[sa.Row[Any]] = (await connection.execute(query)).all()
                    return rows
            except sa.exc.IntegrityError:  # a broken constraint: a fault of the code
                raise
            except _AWAY as error:
                if not connected or attempt == READ_TRIES - 1:
                    raise StorageError(f"the database failed: {_reason(error)}") from error
        raise AssertionError("a read is tried at least once")

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncConnection]:
        try:
            async with (
                self._turn(),
                self._writer.connect() as connection,
                _discarded_if_broken(connection),  # a commit that failed included
                connection.begin(),
            ):
                yield connection
        except sa.exc.IntegrityError:  # a broken constraint: a fault of the code, not an outage
            raise
        except _AWAY as error:
            raise StorageError(f"the database failed: {_reason(error)}") from error

    def _turn(self) -> AbstractAsyncContextManager[object]:
        """This process's turn to write (see ``_one_writer``); PostgreSQL needs none."""
        return self._one_writer if self._one_writer is not None else nullcontext()


READ_TRIES = 2
"""Connections a read is tried on, when the first broke under it (see ``SqlStorage._select``)."""

_AWAY = (sa.exc.DBAPIError, OSError, TimeoutError, sa.exc.TimeoutError)
"""What the drivers raise when the database is away, refuses, or cut a connection: SQLAlchemy
wraps most of it (asyncpg's errors included) as a ``DBAPIError``; a connection that cannot
even be made may surface as an ``OSError`` or a time-out; and a pool whose every connection
stayed busy past its time-out (thousands of matches woken at once) raises SQLAlchemy's own
``TimeoutError``: the database is as good as away for that caller, who tries again."""


@asynccontextmanager
async def _discarded_if_broken(connection: AsyncConnection) -> AsyncIterator[None]:
    """Drop ``connection`` from the pool when the database failed under it: a connection whose
    server went away, or whose operation was cut off half-way, must not serve the next call
    ("cannot switch to state ...: another operation is in progress")."""
    try:
        yield
    except sa.exc.IntegrityError:
        raise
    except _AWAY:
        with contextlib.suppress(Exception):
            await connection.invalidate()
        raise


def _upgrade(connection: sa.Connection) -> None:
    migrations.upgrade(connection)


def _check_schema(connection: sa.Connection) -> None:
    current, head = migrations.current(connection), migrations.head()
    if current != head:
        raise StorageError(
            f"the database's schema is at revision {current or 'none'}, and this version of "
            f"cardtable needs {head}: open it with migrations to upgrade it"
        )


def _lease_free(owner: str, now: float) -> sa.ColumnElement[bool]:
    """A match's lease may be taken by ``owner`` at ``now``: free, expired, or its own."""
    return (
        matches.c.lease_owner.is_(None)
        | matches.c.lease_until.is_(None)
        | (matches.c.lease_until <= now)
        | (matches.c.lease_owner == owner)
    )


def _awake(now: float) -> sa.ColumnElement[bool]:
    """A match is awake at ``now``: not sleeping, or its time to wake has come."""
    return matches.c.wake_at.is_(None) | (matches.c.wake_at <= now)


async def _touch(connection: AsyncConnection, room_id: str, at: float) -> None:
    """Mark the room active at ``at``."""
    await connection.execute(sa.update(rooms).where(rooms.c.id == room_id).values(updated_at=at))


async def insert_row(
    connection: AsyncConnection, table: sa.Table, values: dict[str, Any], what: str
) -> Sequence[Any]:
    """Insert one row; its primary key. A taken key is a :class:`Conflict`, a missing
    parent row a :class:`LookupError`."""
    try:
        result = await connection.execute(sa.insert(table).values(values))
    except sa.exc.IntegrityError as error:
        violation = violated(error)
        if violation == "unique":
            raise Conflict(f"{what} already exists") from error
        if violation == "foreign key":
            raise LookupError(f"{what}: the row it belongs to does not exist") from error
        raise
    return cast(Sequence[Any], result.inserted_primary_key)


def violated(error: sa.exc.IntegrityError) -> Literal["unique", "foreign key", "other"]:
    """Which kind of constraint ``error`` broke, on either backend."""
    original = error.orig
    code = getattr(original, "sqlstate", None)  # PostgreSQL (asyncpg)
    name = str(getattr(original, "sqlite_errorname", ""))  # SQLite
    if code == "23505" or name in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE"):
        return "unique"
    if code == "23503" or name == "SQLITE_CONSTRAINT_FOREIGNKEY":
        return "foreign key"
    return "other"


def _reason(error: BaseException) -> str:
    original = error.orig if isinstance(error, sa.exc.DBAPIError) else error
    return " ".join(str(original).split()) or type(original).__name__
