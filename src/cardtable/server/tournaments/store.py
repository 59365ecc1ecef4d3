"""A tournament's rows, read back as the pure :class:`~cardtable.tournaments.event.Tournament`
they store, and the result of a tournament's match written in the transaction that ends it.

:func:`record_result` is a :data:`~cardtable.server.storage.base.FinishWriter`: the match's
end and its table's result are one transaction, so a server killed at any moment neither
loses a result nor counts one twice (a table already done is not written again). A match that
ended without a result (aborted) leaves every seat level, as a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import sqlalchemy as sa

from cardtable.engine.json import as_int
from cardtable.engine.outcome import ranked
from cardtable.server.accounts.tables import accounts
from cardtable.server.rooms import tournament_of
from cardtable.server.storage.base import MatchRow
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import rooms
from cardtable.server.tournaments.tables import (
    tournament_entrants,
    tournament_tables,
    tournaments,
)
from cardtable.tournaments.event import Tournament
from cardtable.tournaments.model import Entrant, Result, Round, Table
from cardtable.tournaments.settings import Settings

__all__ = [
    "Loaded",
    "event_of",
    "load",
    "record_result",
    "settings_of",
]


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tournament's rows."""

    row: Any
    entrants: Sequence[Any]
    """In seed order once it started (before: in the order they joined), each with its
    account's ``username`` (``None``: a computer player, or an account deleted)."""
    tables: Sequence[Any]
    """By round and number."""


async def load(storage: SqlStorage, tournament_id: str) -> Loaded | None:
    """The rows of a tournament (``None``: there is none)."""
    found = await storage.read(sa.select(tournaments).where(tournaments.c.id == tournament_id))
    if not found:
        return None
    entrants = await storage.read(
        sa.select(tournament_entrants, accounts.c.username)
        .select_from(
            tournament_entrants.outerjoin(
                accounts, accounts.c.id == tournament_entrants.c.account_id
            )
        )
        .where(tournament_entrants.c.tournament_id == tournament_id)
        .order_by(tournament_entrants.c.seed, tournament_entrants.c.joined_at)
    )
    tables = await storage.read(
        sa.select(tournament_tables)
        .where(tournament_tables.c.tournament_id == tournament_id)
        .order_by(tournament_tables.c.round, tournament_tables.c.number)
    )
    return Loaded(found[0], entrants, tables)


def settings_of(row: Any) -> Settings:
    """A tournament row's :class:`Settings`."""
    return Settings.from_json(row.settings)


def event_of(loaded: Loaded) -> Tournament:
    """The pure tournament a started tournament's rows hold."""
    entrants = tuple(Entrant(row.entrant_id, row.rating) for row in loaded.entrants)
    by_round: dict[int, list[Any]] = {}
    for row in loaded.tables:
        by_round.setdefault(row.round, []).append(row)
    rounds = tuple(
        Round(
            number,
            tuple(Table(tuple(row.seats)) for row in rows),
            tuple(_result(row) for row in rows),
        )
        for number, rows in sorted(by_round.items())
    )
    withdrawn = {
        row.entrant_id: row.withdrawn_round
        for row in loaded.entrants
        if row.withdrawn_round is not None
    }
    return Tournament(
        settings=settings_of(loaded.row),
        entrants=entrants,
        rounds=rounds,
        withdrawn=MappingProxyType(withdrawn),
    )


def _result(row: Any) -> Result | None:
    if row.state != "done" or row.placings is None:
        return None
    return Result(tuple(row.placings), tuple(row.forfeits or ()))


def record_result(connection: sa.Connection, match: MatchRow) -> None:
    """A :data:`~cardtable.server.storage.base.FinishWriter`: the result of a tournament's
    match, on its table, in the transaction that ends the match (see the module's text)."""
    settings = connection.execute(
        sa.select(rooms.c.settings).where(rooms.c.id == match.room_id)
    ).scalar()
    if not isinstance(settings, dict) or tournament_of(settings) is None:
        return
    seats = len(match.seats)
    placings: Sequence[int] = (1,) * seats
    outcome = match.outcome
    if match.status == "finished" and isinstance(outcome, dict):
        stored = outcome.get("placings")
        if isinstance(stored, list) and len(stored) == seats:
            placings = [as_int(place, "place") for place in stored]
        else:  # a game's version that places nobody: the winners first
            won = outcome.get("winners")
            winners = set(won) if isinstance(won, list) else set()
            placings = ranked([bool(winners) and seat not in winners for seat in range(seats)])
    connection.execute(
        sa.update(tournament_tables)
        .where(
            (tournament_tables.c.room_id == match.room_id)
            & (tournament_tables.c.state == "playing")
        )
        .values(
            state="done",
            placings=list(placings),
            forfeits=[],
            finished_at=match.finished_at,
        )
    )
