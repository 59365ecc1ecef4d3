"""The accounts' store: accounts, sessions, guests and participants, in the server's database.

>>> import asyncio, tempfile
>>> from pathlib import Path
>>> from cardtable.server.storage import SqlStorage, default_database_url
>>> async def demo(folder: Path) -> tuple[str | None, bool]:
...     async with await SqlStorage.open(default_database_url(folder)) as storage:
...         store = AccountStore.of(storage)
...         account = await store.create_account(
...             username="Fox", username_key="fox", display_name="Fox", password_hash="h",
...             now=1.0)
...         try:
...             await store.create_account(
...                 username="FOX", username_key="fox", display_name="F", password_hash="h",
...                 now=2.0)
...         except UsernameTaken:
...             taken = True
...         found = await store.account_by_username_key("fox")
...         return (found.username if found else None), taken
>>> with tempfile.TemporaryDirectory() as folder:
...     asyncio.run(demo(Path(folder)))
('Fox', True)

It works on the same engine as :class:`~cardtable.server.storage.sql.SqlStorage`, through
its :meth:`~cardtable.server.storage.sql.SqlStorage.read` and
:meth:`~cardtable.server.storage.sql.SqlStorage.write`: the same retries, the same turn to
write on SQLite, the same :class:`~cardtable.server.storage.StorageError` when the database is
away. Every method is one transaction, and takes its times from the caller (the server's
clock). Races are settled by the database: a username is taken by the ``INSERT`` that the
``UNIQUE`` key on ``username_key`` lets through (never by looking first), a reset code by an
``UPDATE ... WHERE reset_code_hash = :hash RETURNING id``, and a session begins only while
its account, locked for the moment (``FOR SHARE`` on PostgreSQL; SQLite's writers take turns
anyway), is neither disabled nor deleted, so that a session can never outlive the disabling of
its account.

Nothing here hashes: passwords arrive hashed by the passwords module, tokens and reset codes
as the SHA-256 digests the tokens module makes.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import fields
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from cardtable.server.accounts.rows import (
    AccountRow,
    GuestRow,
    ParticipantRow,
    Purged,
    SessionRow,
)
from cardtable.server.accounts.tables import (
    ADDRESS_MAX,
    USER_AGENT_MAX,
    accounts,
    guests,
    participants,
    sessions,
)
from cardtable.server.storage.base import Conflict, Storage
from cardtable.server.storage.sql import SqlStorage, insert_row, violated
from cardtable.server.storage.tables import matches, seats

__all__ = ["ANONYMOUS_NAME", "AccountStore", "UsernameTaken"]

ANONYMOUS_NAME = "deleted player"
"""The name a deleted account is shown by, in its row and in the matches it played."""
_ID_BYTES = 9
"""Random bytes of an account's or a guest's id (12 characters, as a match's)."""

_R = TypeVar("_R", AccountRow, SessionRow, GuestRow, ParticipantRow)


class UsernameTaken(Conflict):
    """Another account has this username (compared by its key): nothing was stored."""


class AccountStore:
    """Accounts, sessions, guests and participants, on a :class:`SqlStorage`'s database."""

    def __init__(self, storage: SqlStorage) -> None:
        self._storage = storage

    @classmethod
    def of(cls, storage: Storage) -> AccountStore:
        """The accounts' store in ``storage``'s database (which must be a SQL store)."""
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"accounts are kept in a SqlStorage's database, not {storage!r}")
        return cls(storage)

    # Accounts.

    async def create_account(
        self,
        *,
        username: str,
        username_key: str,
        display_name: str,
        password_hash: str,
        now: float,
    ) -> AccountRow:
        """Store a new account with a new random id; :class:`UsernameTaken` if an account has
        ``username_key`` already (settled by the ``UNIQUE`` key: of two at once, one wins)."""
        account = AccountRow(
            id=secrets.token_urlsafe(_ID_BYTES),
            username=username,
            username_key=username_key,
            display_name=display_name,
            password_hash=password_hash,
            created_at=now,
            updated_at=now,
            disabled_at=None,
            deleted_at=None,
            reset_code_hash=None,
            reset_expires_at=None,
        )
        async with self._storage.write() as connection:
            try:
                await insert_row(connection, accounts, _columns(account), "the account")
            except Conflict as error:  # the key (a clash of 72 random bits is not to be met)
                raise UsernameTaken(f"the username {username!r} is taken") from error
        return account

    async def account_by_id(self, account_id: str) -> AccountRow | None:
        """The account (disabled and deleted ones included)."""
        return await self._one(AccountRow, sa.select(accounts).where(accounts.c.id == account_id))

    async def account_by_username_key(self, username_key: str) -> AccountRow | None:
        """The account whose username has this key (disabled ones included; a deleted
        account has no username)."""
        query = sa.select(accounts).where(accounts.c.username_key == username_key)
        return await self._one(AccountRow, query)

    async def update_password_hash(self, account_id: str, password_hash: str, now: float) -> None:
        """Change the password (:class:`LookupError` for no account, or a deleted one). Its
        sessions stay: end the others with :meth:`revoke_sessions`."""
        await self._update_account(account_id, now, password_hash=password_hash)

    async def update_display_name(self, account_id: str, display_name: str, now: float) -> None:
        """Change the name others see (:class:`LookupError` for no account, or a deleted
        one). The matches already played keep the name of their time."""
        await self._update_account(account_id, now, display_name=display_name)

    async def disable_account(self, account_id: str, now: float) -> int:
        """Disable the account (it keeps the time it was first disabled) and end every one of
        its sessions, in one transaction; how many sessions ended (:class:`LookupError` for
        no account, or a deleted one)."""
        disabled = sa.func.coalesce(accounts.c.disabled_at, now)
        async with self._storage.write() as connection:
            await _update_live(connection, account_id, disabled_at=disabled, updated_at=now)
            return await _end_sessions(connection, account_id)

    async def enable_account(self, account_id: str, now: float) -> None:
        """Let a disabled account sign in again (:class:`LookupError` for no account, or a
        deleted one)."""
        await self._update_account(account_id, now, disabled_at=None)

    async def delete_account(
        self, account_id: str, now: float, *, anonymous_name: str = ANONYMOUS_NAME
    ) -> None:
        """Delete the account as its owner asks, in one transaction: its row stays (the
        matches it played stay in others' histories) under ``anonymous_name``, as do its seats
        in those matches (their records' names too) and in rooms, but its username (free
        again for anyone), password hash and reset code are gone, and so are its sessions
        (:class:`LookupError` for no account, or one deleted already)."""
        async with self._storage.write() as connection:
            await _update_live(
                connection,
                account_id,
                username=None,
                username_key=None,
                display_name=anonymous_name,
                password_hash=None,
                reset_code_hash=None,
                reset_expires_at=None,
                deleted_at=now,
                updated_at=now,
            )
            await _end_sessions(connection, account_id)
            await _anonymise(connection, account_id, anonymous_name)

    # One-time password reset codes.

    async def set_reset_code(
        self, account_id: str, code_hash: str, *, expires_at: float, now: float
    ) -> None:
        """Give the account a one-time reset code (its hash), good until ``expires_at``, in
        place of any earlier one (:class:`LookupError` for no account, or a deleted one)."""
        await self._update_account(
            account_id, now, reset_code_hash=code_hash, reset_expires_at=expires_at
        )

    async def take_reset_code(
        self, username_key: str, code_hash: str, now: float, *, password_hash: str | None = None
    ) -> str | None:
        """Use the reset code of the account named by ``username_key``, if ``code_hash`` is its
        hash, it has not expired at ``now`` and the account is not disabled: the code is
        cleared (it works once), and with ``password_hash`` the password is changed and every
        session ended, in the same transaction. The account's id; ``None`` (and nothing
        changed) otherwise."""
        values: dict[str, Any] = {
            "reset_code_hash": None,
            "reset_expires_at": None,
            "updated_at": now,
        }
        if password_hash is not None:
            values["password_hash"] = password_hash
        query = (
            sa.update(accounts)
            .where(
                (accounts.c.username_key == username_key)
                & (accounts.c.reset_code_hash == code_hash)
                & (accounts.c.reset_expires_at > now)
                & accounts.c.disabled_at.is_(None)
                & accounts.c.deleted_at.is_(None)
            )
            .values(values)
            .returning(accounts.c.id)
        )
        async with self._storage.write() as connection:
            account_id: str | None = (await connection.execute(query)).scalar_one_or_none()
            if account_id is not None and password_hash is not None:
                await _end_sessions(connection, account_id)
        return account_id

    # Sessions.

    async def create_session(
        self,
        *,
        token_hash: str,
        account_id: str,
        now: float,
        expires_at: float,
        user_agent: str | None = None,
        address: str | None = None,
    ) -> SessionRow:
        """Begin a session of an account that is neither disabled nor deleted
        (:class:`LookupError` otherwise, or for no account; :class:`Conflict` if a session
        has this token hash already). ``user_agent`` and ``address`` are cut to their
        columns' lengths."""
        session = SessionRow(
            token_hash=token_hash,
            account_id=account_id,
            created_at=now,
            last_used_at=now,
            expires_at=expires_at,
            user_agent=None if user_agent is None else user_agent[:USER_AGENT_MAX],
            address=None if address is None else address[:ADDRESS_MAX],
        )
        live = (
            sa.select(accounts.c.id)
            .where((accounts.c.id == account_id) & _active())
            .with_for_update(read=True)  # a disabling waits for this session, or it waits
        )
        async with self._storage.write() as connection:
            if (await connection.execute(live)).first() is None:
                raise LookupError(f"no account {account_id!r} that may sign in")
            await insert_row(connection, sessions, _columns(session), "the session")
        return session

    async def session_by_token_hash(self, token_hash: str, now: float) -> SessionRow | None:
        """The session, unless it is missing or expired at ``now``."""
        query = sa.select(sessions).where(
            (sessions.c.token_hash == token_hash) & (sessions.c.expires_at > now)
        )
        return await self._one(SessionRow, query)

    async def touch_session(self, token_hash: str, *, now: float, expires_at: float) -> bool:
        """Mark the session used at ``now`` and extend it to ``expires_at`` (one ``UPDATE``);
        ``False`` if it is missing or expired at ``now``."""
        query = (
            sa.update(sessions)
            .where((sessions.c.token_hash == token_hash) & (sessions.c.expires_at > now))
            .values(last_used_at=now, expires_at=expires_at)
        )
        async with self._storage.write() as connection:
            return (await connection.execute(query)).rowcount == 1

    async def sessions_of(self, account_id: str, *, now: float | None = None) -> list[SessionRow]:
        """The account's sessions (those not expired at ``now``, when given), the last used
        first."""
        query = sa.select(sessions).where(sessions.c.account_id == account_id)
        if now is not None:
            query = query.where(sessions.c.expires_at > now)
        query = query.order_by(sessions.c.last_used_at.desc(), sessions.c.token_hash)
        return [_row(SessionRow, row) for row in await self._storage.read(query)]

    async def revoke_session(self, account_id: str, token_hash: str) -> bool:
        """End one of the account's own sessions; ``False`` if it has no such session
        (another account's session is not touched)."""
        query = sa.delete(sessions).where(
            (sessions.c.account_id == account_id) & (sessions.c.token_hash == token_hash)
        )
        async with self._storage.write() as connection:
            return (await connection.execute(query)).rowcount == 1

    async def revoke_sessions(self, account_id: str, except_token_hash: str | None = None) -> int:
        """End every session of the account (but ``except_token_hash``, the one asking);
        how many ended."""
        async with self._storage.write() as connection:
            return await _end_sessions(connection, account_id, keep=except_token_hash)

    async def purge_expired(self, now: float, *, guests_idle_before: float | None = None) -> Purged:
        """Remove the sessions expired at ``now`` and (with ``guests_idle_before``) the guests
        not seen since that time, in one transaction. A removed guest's seats stay in the
        matches it played, under its name then (and its account, if it registered)."""
        async with self._storage.write() as connection:
            expired = sa.delete(sessions).where(sessions.c.expires_at <= now)
            ended = (await connection.execute(expired)).rowcount
            gone = 0
            if guests_idle_before is not None:
                idle = sa.delete(guests).where(guests.c.last_used_at < guests_idle_before)
                gone = (await connection.execute(idle)).rowcount
        return Purged(sessions=ended, guests=gone)

    # Guests.

    async def create_guest(self, token_hash: str, now: float) -> GuestRow:
        """Store a new guest with a new random id (:class:`Conflict` if a guest has this
        token hash already)."""
        guest = GuestRow(
            id=secrets.token_urlsafe(_ID_BYTES),
            token_hash=token_hash,
            created_at=now,
            last_used_at=now,
            upgraded_to=None,
        )
        async with self._storage.write() as connection:
            await insert_row(connection, guests, _columns(guest), "the guest")
        return guest

    async def guest_by_id(self, guest_id: str) -> GuestRow | None:
        return await self._one(GuestRow, sa.select(guests).where(guests.c.id == guest_id))

    async def guest_by_token_hash(self, token_hash: str) -> GuestRow | None:
        query = sa.select(guests).where(guests.c.token_hash == token_hash)
        return await self._one(GuestRow, query)

    async def guests_of(self, account_id: str) -> list[str]:
        """The ids of the guests who signed up as ``account_id`` (their seats are its own)."""
        query = sa.select(guests.c.id).where(guests.c.upgraded_to == account_id)
        return [row.id for row in await self._storage.read(query)]

    async def touch_guest(self, guest_id: str, now: float) -> bool:
        """Mark the guest seen at ``now``; ``False`` if there is no such guest."""
        query = sa.update(guests).where(guests.c.id == guest_id).values(last_used_at=now)
        async with self._storage.write() as connection:
            return (await connection.execute(query)).rowcount == 1

    async def upgrade_guest(self, guest_id: str, account_id: str, now: float) -> int:
        """The guest registered as ``account_id``: mark it so and give the account the seats
        the guest played, in one transaction; how many seats moved. Again for the same
        account, it moves what is left (none); :class:`Conflict` if the guest became another
        account, :class:`LookupError` if the guest or the account does not exist."""
        mark = (
            sa.update(guests)
            .where(
                (guests.c.id == guest_id)
                & (guests.c.upgraded_to.is_(None) | (guests.c.upgraded_to == account_id))
            )
            .values(upgraded_to=account_id, last_used_at=now)
        )
        move = (
            sa.update(participants)
            .where((participants.c.guest_id == guest_id) & participants.c.account_id.is_(None))
            .values(account_id=account_id)
        )
        async with self._storage.write() as connection:
            try:
                marked = (await connection.execute(mark)).rowcount
            except sa.exc.IntegrityError as error:
                if violated(error) == "foreign key":
                    raise LookupError(f"no account {account_id!r}") from error
                raise
            if marked != 1:
                found = await connection.execute(
                    sa.select(guests.c.id).where(guests.c.id == guest_id)
                )
                if found.first() is None:
                    raise LookupError(f"no guest {guest_id!r}")
                raise Conflict(f"guest {guest_id!r} registered as another account already")
            return (await connection.execute(move)).rowcount

    # Participants.

    async def add_participants(self, match_id: str, rows: Sequence[ParticipantRow]) -> None:
        """Store who sat in the match's seats, in one transaction (:class:`Conflict` if a seat
        is stored already, :class:`LookupError` if the match, an account or a guest does not
        exist)."""
        if any(row.match_id != match_id for row in rows):
            raise ValueError(f"the participants of match {match_id!r} must name it")
        if len({row.seat_index for row in rows}) != len(rows):
            raise ValueError(f"the participants of match {match_id!r} repeat a seat")
        async with self._storage.write() as connection:
            for row in rows:
                what = f"seat {row.seat_index} of match {match_id!r}"
                await insert_row(connection, participants, _columns(row), what)

    async def participants(self, match_id: str) -> list[ParticipantRow]:
        """Who sat in the match's seats, in seat order."""
        query = sa.select(participants).where(participants.c.match_id == match_id)
        found = await self._storage.read(query.order_by(participants.c.seat_index))
        return [_row(ParticipantRow, row) for row in found]

    # Helpers.

    async def _one(self, kind: type[_R], query: sa.Select[Any]) -> _R | None:
        found = await self._storage.read(query)
        return _row(kind, found[0]) if found else None

    async def _update_account(self, account_id: str, now: float, **values: Any) -> None:
        async with self._storage.write() as connection:
            await _update_live(connection, account_id, updated_at=now, **values)


def _active() -> sa.ColumnElement[bool]:
    """An account that may sign in: neither disabled nor deleted."""
    return accounts.c.disabled_at.is_(None) & accounts.c.deleted_at.is_(None)


async def _update_live(connection: AsyncConnection, account_id: str, **values: Any) -> None:
    """Change an account that is not deleted (:class:`LookupError` otherwise)."""
    where = (accounts.c.id == account_id) & accounts.c.deleted_at.is_(None)
    result = await connection.execute(sa.update(accounts).where(where).values(values))
    if result.rowcount != 1:
        raise LookupError(f"no account {account_id!r}")


async def _end_sessions(
    connection: AsyncConnection, account_id: str, *, keep: str | None = None
) -> int:
    """Delete the account's sessions (but ``keep``); how many."""
    where = sessions.c.account_id == account_id
    if keep is not None:
        where &= sessions.c.token_hash != keep
    return (await connection.execute(sa.delete(sessions).where(where))).rowcount


def _columns(row: AccountRow | SessionRow | GuestRow | ParticipantRow) -> dict[str, Any]:
    """The column values of a row (its fields are named as its table's columns)."""
    return {field.name: getattr(row, field.name) for field in fields(row)}


def _row(kind: type[_R], row: sa.Row[Any]) -> _R:
    return kind(**row._asdict())


async def _anonymise(connection: AsyncConnection, account_id: str, name: str) -> None:
    """Show the account as ``name`` wherever a name of it is kept: the participants of the
    matches it played, those matches' seats (which their records show) and its seats in
    rooms. The one place a deletion is decided; a change of display name leaves what was
    played under the name of the time."""
    played = sa.update(participants).where(participants.c.account_id == account_id)
    await connection.execute(played.values(name_at_the_time=name))
    held = sa.update(seats).where(seats.c.account_id == account_id)
    await connection.execute(held.values(name=name))
    rows = await connection.execute(
        sa.select(matches.c.id, matches.c.seats, participants.c.seat_index)
        .select_from(participants.join(matches, matches.c.id == participants.c.match_id))
        .where(participants.c.account_id == account_id)
    )
    renamed: dict[str, list[str]] = {}
    for match_id, names, index in rows:
        shown = renamed.setdefault(match_id, list(names))
        if 0 <= index < len(shown):
            shown[index] = name
    for match_id, shown in renamed.items():
        await connection.execute(
            sa.update(matches).where(matches.c.id == match_id).values(seats=shown)
        )
