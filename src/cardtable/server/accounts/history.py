"""Who played which match, and the histories and profiles read from it.

A match's start writes a ``participants`` row per seat (:func:`write_participants`, in the
transaction that starts it): the account whose seat it was (a guest's who signed up since,
too), the guest, or neither (a computer player), and the name shown. A guest who signs up
takes their rows with them (the store's ``upgrade_guest``), so a person's history holds the
matches they played before they had an account.

:class:`History` reads them: an account's finished matches, newest first, a page at a time
(keyset pagination on ``(finished_at, match id)``: a cursor stays right however many matches
finish meanwhile), filtered by game and result, and the counts of a profile.

>>> summary({"suits": 2, "ranks": 13}, {"suits": 4, "ranks": 13})
'suits=2'
>>> summary({"suits": 4}, {"suits": 4})
'standard rules'
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import sqlalchemy as sa

from cardtable.agents.registry import UnknownAgent, parse_seats
from cardtable.engine.errors import UnknownGame
from cardtable.engine.json import JsonObject
from cardtable.engine.outcome import Outcome
from cardtable.games import find
from cardtable.protocol.history import GameCounts, HistoryMatch, Opponent, Result
from cardtable.server.accounts.tables import accounts, guests, participants
from cardtable.server.errors import Refused
from cardtable.server.storage.base import MatchRow
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import matches, rooms, seats

__all__ = ["MAX_PAGE", "History", "Page", "result_of", "summary", "write_participants"]

MAX_PAGE: Final = 100
"""The most matches a page of a history holds."""
SUMMARY_CHARS: Final = 200
"""The longest summary of rules."""
_BATCH: Final = 200
"""Matches read at a time while filtering by result."""


def write_participants(connection: sa.Connection, match: MatchRow) -> None:
    """Who sits in each seat of the match just started, from its room's seats: the account
    (a guest's who signed up since, too), the guest, or neither (a computer player), the name
    shown, and whether a computer player sits there. A guest removed meanwhile is left out
    (its seat keeps its name). A computer player's name is the one the match shows
    (``match.seats``: ``Greedy 1``), not its seat's spec (``greedy``)."""
    owner = sa.select(guests.c.id, guests.c.upgraded_to).subquery()
    shown = sa.case(
        *(
            (seats.c.seat_index == index, sa.literal(name, sa.String()))
            for index, name in enumerate(match.seats)
        ),
        else_=seats.c.name,
    )
    rows = (
        sa.select(
            sa.literal(match.id, sa.String()),
            seats.c.seat_index,
            sa.func.coalesce(seats.c.account_id, owner.c.upgraded_to),
            owner.c.id,
            sa.case((seats.c.kind == "agent", shown), else_=seats.c.name),
            seats.c.kind == "agent",
        )
        .select_from(seats.outerjoin(owner, owner.c.id == seats.c.guest_id))
        .where(seats.c.room_id == match.room_id)
    )
    connection.execute(
        sa.insert(participants).from_select(
            ["match_id", "seat_index", "account_id", "guest_id", "name_at_the_time", "agent"],
            rows,
        )
    )


def summary(ruleset: JsonObject, defaults: JsonObject) -> str:
    """The rules in short: the values that are not the defaults (a value that is a list or
    an object, such as a deck, is only named)."""
    changed = []
    for key, value in ruleset.items():
        if defaults.get(key) == value:
            continue
        if isinstance(value, dict | list):
            changed.append(f"{key}: custom")
        else:
            changed.append(f"{key}={'null' if value is None else value}")
    text = ", ".join(changed) or "standard rules"
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 3] + "..."


def result_of(outcome: JsonObject | None, seat: int) -> Result:
    """How the match ended for ``seat``: won alone, lost to another, or drawn.

    >>> result_of({"winners": [1], "reason": "cards"}, 1), result_of({"winners": [0],
    ...     "reason": "cards"}, 1), result_of({"winners": [], "reason": "turn limit"}, 1)
    ('won', 'lost', 'drawn')
    """
    try:
        winners = Outcome.from_json(outcome).winners if outcome is not None else ()
    except Exception:  # an outcome of a form this version does not know
        winners = ()
    if len(winners) == 1:
        return "won" if winners[0] == seat else "lost"
    return "drawn" if not winners or seat in winners else "lost"


def _kind(account_id: str | None, guest_id: str | None, agent: bool | None, name: str) -> str:
    """What sat in a seat: ``account``, ``agent`` or ``guest``. Rows of before revision 0004
    (``agent`` is ``None``) tell a computer player by its name: neither an account's nor a
    guest's seat, named as one.

    >>> _kind(None, None, False, "random"), _kind(None, None, None, "random")
    ('guest', 'agent')
    """
    if account_id is not None:
        return "account"
    if agent or (agent is None and guest_id is None and _is_agent(name)):
        return "agent"
    return "guest"


def _is_agent(name: str) -> bool:
    try:
        specs = parse_seats(name)
    except UnknownAgent:
        return False
    return len(specs) == 1 and not specs[0].human


def _title(game: str) -> str:
    try:
        return find(game).title
    except UnknownGame:
        return game


def _defaults(game: str) -> JsonObject:
    try:
        defaults: JsonObject = find(game).default_ruleset().to_json()
    except UnknownGame:
        return {}
    return defaults


def encode_cursor(finished_at: float, match_id: str) -> str:
    """The cursor after the match finished at ``finished_at`` with id ``match_id``.

    >>> decode_cursor(encode_cursor(12.5, "m-1"))
    (12.5, 'm-1')
    """
    raw = f"{finished_at!r}|{match_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[float, str]:
    """The key a cursor holds (``bad_message`` for one the server did not give)."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        at, _, match_id = raw.partition("|")
        if not match_id:
            raise ValueError(cursor)
        return float(at), match_id
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise Refused("bad_message", "this cursor is not one the server gave") from None


def _played() -> sa.Join:
    """The participants with their matches and the matches' rooms."""
    return participants.join(matches, matches.c.id == participants.c.match_id).join(
        rooms, rooms.c.id == matches.c.room_id
    )


def _finished_by(account_id: str, public: bool) -> sa.ColumnElement[bool]:
    """The finished matches ``account_id`` played (``public``: in rooms without a password,
    which are private: their matches are shown to their players only)."""
    where = (participants.c.account_id == account_id) & (matches.c.status == "finished")
    return where & rooms.c.password_hash.is_(None) if public else where


@dataclass(frozen=True, slots=True)
class Page:
    matches: list[HistoryMatch]
    next_cursor: str | None


class History:
    """The histories of accounts, read from the participants of finished matches."""

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage

    async def page(
        self,
        account_id: str,
        *,
        game: str | None = None,
        result: Result | None = None,
        cursor: str | None = None,
        limit: int = 20,
        public: bool = False,
    ) -> Page:
        """A page of the account's finished matches, newest first (of ``game``, ending in
        ``result``), after ``cursor``; ``public``: only those of rooms without a password, as
        anyone but the account itself is shown."""
        limit = max(1, min(limit, MAX_PAGE))
        after = None if cursor is None else decode_cursor(cursor)
        batch = limit + 1 if result is None else _BATCH
        found: list[HistoryMatch] = []
        while True:
            rows = await self._rows(account_id, game, after, batch, public)
            for row in rows:
                after = (row.finished_at, row.id)
                played = result_of(row.outcome, row.seat_index)
                if result is not None and played != result:
                    continue
                if len(found) == limit:  # one more exists: the page ends before it
                    return Page(await self._shown(found), _cursor_of(found[-1]))
                found.append(_bare(row, played))
            if len(rows) < batch:
                return Page(await self._shown(found), None)

    async def all(self, account_id: str) -> list[HistoryMatch]:
        """Every finished match of the account, newest first."""
        everything: list[HistoryMatch] = []
        cursor = None
        while True:
            page = await self.page(account_id, cursor=cursor, limit=MAX_PAGE)
            everything += page.matches
            if page.next_cursor is None:
                return everything
            cursor = page.next_cursor

    async def counts(self, account_id: str, *, public: bool = False) -> list[GameCounts]:
        """Per game, the finished matches the account played and won, by game name
        (``public``: only those of rooms without a password)."""
        query = (
            sa.select(matches.c.game, matches.c.outcome, participants.c.seat_index)
            .select_from(_played())
            .where(_finished_by(account_id, public))
        )
        played: dict[str, list[int]] = {}
        for row in await self.storage.read(query):
            counts = played.setdefault(row.game, [0, 0])
            counts[0] += 1
            counts[1] += result_of(row.outcome, row.seat_index) == "won"
        return [
            GameCounts(game=game, title=_title(game), played=n, won=won)
            for game, (n, won) in sorted(played.items())
        ]

    async def _rows(
        self,
        account_id: str,
        game: str | None,
        after: tuple[float, str] | None,
        limit: int,
        public: bool,
    ) -> Sequence[sa.Row[Any]]:
        where = _finished_by(account_id, public)
        if game is not None:
            where &= matches.c.game == game
        if after is not None:
            at, match_id = after
            where &= (matches.c.finished_at < at) | (
                (matches.c.finished_at == at) & (matches.c.id < match_id)
            )
        query = (
            sa.select(
                matches.c.id,
                matches.c.room_id,
                matches.c.game,
                matches.c.ruleset,
                matches.c.outcome,
                matches.c.started_at,
                matches.c.finished_at,
                participants.c.seat_index,
            )
            .select_from(_played())
            .where(where)
            .order_by(matches.c.finished_at.desc(), matches.c.id.desc())
            .limit(limit)
        )
        return await self.storage.read(query)

    async def _shown(self, found: list[HistoryMatch]) -> list[HistoryMatch]:
        """``found`` with their opponents (one read for all)."""
        if not found:
            return found
        query = (
            sa.select(
                participants.c.match_id,
                participants.c.seat_index,
                participants.c.account_id,
                participants.c.guest_id,
                participants.c.name_at_the_time,
                participants.c.agent,
                accounts.c.username,
            )
            .select_from(
                participants.outerjoin(accounts, accounts.c.id == participants.c.account_id)
            )
            .where(participants.c.match_id.in_([match.id for match in found]))
            .order_by(participants.c.match_id, participants.c.seat_index)
        )
        others: dict[str, list[Opponent]] = {}
        seat_of = {match.id: match.seat for match in found}
        for row in await self.storage.read(query):
            if row.seat_index == seat_of[row.match_id]:
                continue
            kind = _kind(row.account_id, row.guest_id, row.agent, row.name_at_the_time)
            others.setdefault(row.match_id, []).append(
                Opponent(
                    seat=row.seat_index,
                    name=row.name_at_the_time,
                    kind=kind,
                    username=row.username if kind == "account" else None,
                )
            )
        return [m.model_copy(update={"opponents": others.get(m.id, [])}) for m in found]


def _bare(row: sa.Row[Any], played: Result) -> HistoryMatch:
    """A match of a history, without its opponents yet."""
    return HistoryMatch(
        id=row.id,
        room=row.room_id,
        game=row.game,
        title=_title(row.game),
        rules=summary(row.ruleset, _defaults(row.game)),
        seat=row.seat_index,
        opponents=[],
        result=played,
        started_at=row.started_at,
        finished_at=row.finished_at,
        replay=f"/api/matches/{row.id}/replay",
        record=f"/api/matches/{row.id}/record",
    )


def _cursor_of(match: HistoryMatch) -> str:
    return encode_cursor(match.finished_at, match.id)
