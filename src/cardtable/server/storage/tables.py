"""The schema of the SQL store, as SQLAlchemy Core tables.

The migrations under ``migrations/versions`` create exactly this schema (a test compares
them); a change here needs a new revision there. Column names avoid SQL keywords
(``seat_index``, ``decision_index`` rather than ``index``), times are double-precision
seconds since the epoch, and JSON columns store SQL ``NULL`` (not JSON ``null``) for ``None``.
:func:`to_columns` and :func:`from_columns` turn the rows of :mod:`.base` into column values
and back.

The store's own tables are below. Modules beside rooms and matches declare theirs on the same
``metadata`` (accounts: :mod:`cardtable.server.accounts.tables`), which this module does not
import; :func:`cardtable.server.storage.migrate.target_metadata` gathers them all.

>>> sorted(table.name for table in (rooms, seats, matches, decisions, chat))
['chat', 'decisions', 'matches', 'rooms', 'seats']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, TypeVar

import sqlalchemy as sa

from cardtable.server.storage.base import ChatRow, DecisionRow, MatchRow, RoomRow, SeatRow

metadata = sa.MetaData(
    naming_convention={
        "pk": "pk_%(table_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s",
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
    }
)


def _json() -> sa.JSON:
    return sa.JSON(none_as_null=True)


def _room_id() -> sa.Column[str]:
    return sa.Column(
        "room_id", sa.String(), sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False
    )


rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("game", sa.String(), nullable=False),
    sa.Column("ruleset", _json(), nullable=False),
    sa.Column("settings", _json(), nullable=False),
    sa.Column("password_hash", sa.String(), nullable=True),
    sa.Column("host_token_hash", sa.String(), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Column("updated_at", sa.Double(), nullable=False),
    sa.Column("name", sa.String(60), nullable=True),
    sa.CheckConstraint("status IN ('open', 'playing', 'finished', 'closed')", name="status"),
    sa.Index(None, "status", "game", "created_at"),
)

seats = sa.Table(
    "seats",
    metadata,
    _room_id(),
    sa.Column("seat_index", sa.Integer(), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("name", sa.String(), nullable=False),
    sa.Column("token_hash", sa.String(), nullable=True),
    sa.Column("deck", _json(), nullable=True),
    sa.Column("account_id", sa.String(), nullable=True),
    sa.Column("guest_id", sa.String(), nullable=True),
    sa.Column("rematch", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.PrimaryKeyConstraint("room_id", "seat_index"),
    sa.CheckConstraint("kind IN ('open', 'guest', 'agent')", name="kind"),
)

matches = sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    _room_id(),
    sa.Column("game", sa.String(), nullable=False),
    sa.Column("game_version", sa.Integer(), nullable=False),
    sa.Column("engine_version", sa.Integer(), nullable=False),
    sa.Column("ruleset", _json(), nullable=False),
    sa.Column("seed", sa.BigInteger(), nullable=False),
    sa.Column("seats", _json(), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("outcome", _json(), nullable=True),
    sa.Column("final_hash", sa.String(), nullable=True),
    sa.Column("started_at", sa.Double(), nullable=False),
    sa.Column("finished_at", sa.Double(), nullable=True),
    sa.Column("lease_owner", sa.String(), nullable=True),
    sa.Column("lease_until", sa.Double(), nullable=True),
    sa.Column("timer", _json(), nullable=True),
    sa.Column("wake_at", sa.Double(), nullable=True),
    sa.CheckConstraint("status IN ('live', 'finished', 'aborted')", name="status"),
    sa.CheckConstraint("version >= 0", name="version"),
    sa.Index(None, "room_id", "started_at"),
    sa.Index(None, "status", "started_at"),
    sa.Index(None, "status", "wake_at"),
)
"""The index on ``(status, wake_at)`` lets a sweep find the live matches that are awake or
due without reading every sleeping one (10,000 asleep: 1 ms a sweep, where a scan took 20)."""

decisions = sa.Table(
    "decisions",
    metadata,
    sa.Column(
        "match_id",
        sa.String(),
        sa.ForeignKey("matches.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("decision_index", sa.Integer(), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("text", sa.Text(), nullable=False),
    sa.Column("at", sa.Double(), nullable=False),
    sa.PrimaryKeyConstraint("match_id", "decision_index"),
)

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    _room_id(),
    sa.Column("seat", sa.Integer(), nullable=True),
    sa.Column("name", sa.String(), nullable=False),
    sa.Column("text", sa.Text(), nullable=False),
    sa.Column("at", sa.Double(), nullable=False),
    sa.Column("account_id", sa.String(), nullable=True),
    sa.Index(None, "room_id", "id"),
    sqlite_autoincrement=True,
)
"""``sqlite_autoincrement``: SQLite never reuses a chat id, even after deletions."""

_Row = RoomRow | SeatRow | MatchRow | DecisionRow | ChatRow
_COLUMNS = {SeatRow: {"index": "seat_index"}, DecisionRow: {"index": "decision_index"}}
"""The fields stored under another name (``index`` is an SQL keyword)."""
_R = TypeVar("_R", RoomRow, SeatRow, MatchRow, DecisionRow, ChatRow)


def to_columns(row: _Row) -> dict[str, Any]:
    """The column values of a row."""
    renamed = _COLUMNS.get(type(row), {})
    values = {renamed.get(f.name, f.name): getattr(row, f.name) for f in fields(row)}
    if isinstance(row, MatchRow):
        values["seats"] = list(row.seats)
    return values


def from_columns(kind: type[_R], row: sa.Row[Any] | Mapping[str, Any]) -> _R:
    """The row of ``kind`` a result row holds (or the columns, by name, of a joined one)."""
    columns = row._asdict() if isinstance(row, sa.Row) else dict(row)
    for name, column in _COLUMNS.get(kind, {}).items():
        columns[name] = columns.pop(column)
    if kind is MatchRow:
        columns["seats"] = tuple(columns["seats"])
    return kind(**columns)
