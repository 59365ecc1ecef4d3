"""A match's start and end, each one transaction with its room's status.

A room is ``playing`` exactly while it has a live match. Starting a match inserts it and marks
its room playing; finishing one marks it finished, its room finished, and makes whatever other
writes belong to its end (:data:`~cardtable.server.storage.base.FinishWriter`): all in one
transaction, so that a process dying at any moment leaves both as they were or both changed.
:func:`repair_rows` sets right the rooms older versions, which took two steps, could leave.

Written once against SQLAlchemy's synchronous connection, like
:mod:`~cardtable.server.storage.appends`: the async store runs them with ``run_sync``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from cardtable.server.storage.appends import why_not
from cardtable.server.storage.base import (
    Conflict,
    FinishWriter,
    MatchRow,
    RoomStatus,
    StartWriter,
)
from cardtable.server.storage.tables import from_columns, matches, rooms, seats, to_columns


def start_rows(
    connection: sa.Connection,
    match: MatchRow,
    room_statuses: Sequence[RoomStatus],
    also: Sequence[StartWriter] = (),
) -> None:
    """Mark the match's room playing (while in one of ``room_statuses``), store the match,
    clear the room's acceptances of a rematch (they were for this match), then make the
    writes ``also``."""
    query = (
        sa.update(rooms)
        .where((rooms.c.id == match.room_id) & rooms.c.status.in_(list(room_statuses)))
        .values(status="playing", updated_at=match.started_at)
    )
    if connection.execute(query).rowcount != 1:
        found = connection.execute(sa.select(rooms.c.status).where(rooms.c.id == match.room_id))
        status = found.scalar()
        if status is None:
            raise LookupError(f"match {match.id!r}: no room {match.room_id!r}")
        raise Conflict(f"room {match.room_id!r} is {status}")
    try:
        connection.execute(sa.insert(matches).values(to_columns(match)))
    except sa.exc.IntegrityError as error:
        raise Conflict(f"match {match.id!r} already exists") from error
    accepted = (seats.c.room_id == match.room_id) & seats.c.rematch
    connection.execute(sa.update(seats).where(accepted).values(rematch=False))
    for write in also:
        write(connection, match)


def finish_rows(
    connection: sa.Connection,
    match_id: str,
    version: int,
    values: dict[str, Any],
    also: Sequence[FinishWriter],
) -> MatchRow:
    """Finish the live match at ``version`` with ``values`` (status, outcome, hash, time),
    finish its room if it was playing, then make the writes ``also``; the finished row."""
    where = (matches.c.id == match_id) & (matches.c.version == version)
    query = (
        sa.update(matches)
        .where(where & (matches.c.status == "live"))
        .values(values)
        .returning(*matches.c)
    )
    found = connection.execute(query).first()
    if found is None:
        raise why_not(connection, match_id, version)
    row = from_columns(MatchRow, found)
    playing = (rooms.c.id == row.room_id) & (rooms.c.status == "playing")
    connection.execute(
        sa.update(rooms).where(playing).values(status="finished", updated_at=values["finished_at"])
    )
    for write in also:
        write(connection, row)
    return row


def repair_rows(connection: sa.Connection, at: float) -> list[str]:
    """Rooms playing without a live match become finished; rooms with a live match that say
    otherwise (but closed ones) become playing. The ids of the rooms changed."""
    live = sa.select(matches.c.room_id).where(matches.c.status == "live")
    stuck = (rooms.c.status == "playing") & rooms.c.id.not_in(live)
    unaware = rooms.c.status.in_(["open", "finished"]) & rooms.c.id.in_(live)
    changed: list[str] = []
    for where, status in ((stuck, "finished"), (unaware, "playing")):
        query = sa.update(rooms).where(where).values(status=status, updated_at=at)
        changed += connection.execute(query.returning(rooms.c.id)).scalars()
    return sorted(changed)
