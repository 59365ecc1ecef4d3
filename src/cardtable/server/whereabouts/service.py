"""Whereabouts: each signed-in person's presence as their friends see it.

Named apart from :mod:`cardtable.server.presence` (who is connected to a room's seats): this
is about a *person*, across every room and tab.

**States.** A person is ``offline`` (no connection open: neither the personal channel nor a
seat's room connection), ``online``, ``away`` (connected, but every personal channel said
``idle``, or nothing came from them for :data:`AWAY_SECONDS`), or ``playing`` (connected and
seated in a room whose match is live: which game, which room, and whether it takes spectators,
so that a friend may be shown a watch link). ``last_seen`` is when they last connected or left.

**Who sees it.** Only friends, and never someone either side blocked (a block ends a
friendship anyway; both are checked). A person who hides their whereabouts (the
``whereabouts`` row's ``hidden``) shows as ``offline`` without a last-seen time, to everyone.

**Across processes.** Each process counts its own connections per account, and tells every
process on the fan-out channel :data:`CHANNEL` whenever they change and every :data:`HEARTBEAT`
seconds; a report older than :data:`FORGET_AFTER` is from a process that died. The process
whose connection changed works out the person's state over every process's report and, when
it changed, tells each friend's channel (:func:`~cardtable.server.notices.account_channel`,
``{"kind": "presence", ...}``), which their personal channels send on. A person connected on
two processes who leaves one stays ``online``.

>>> local = _Local(connections=2, idle=2, active_at=0.0)
>>> local.report(now=10.0).idle, _Local(connections=2, idle=1, active_at=0.0).report(10.0).idle
(True, False)
>>> state_of([_Report(1, False, 100.0, 100.0)], now=150.0)
'online'
>>> state_of([_Report(1, False, 100.0, 100.0)], now=100.0 + AWAY_SECONDS + 1)
'away'
>>> state_of([], now=0.0)
'offline'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from cardtable.protocol.personal import PersonalPresence, WhereaboutsState
from cardtable.server.accounts.tables import accounts
from cardtable.server.fanout import Fanout, FanoutError, MissedMessages
from cardtable.server.notices import Notices, account_channel
from cardtable.server.storage.base import MatchRow, Storage
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import rooms, seats
from cardtable.server.waiting import wait_until
from cardtable.server.whereabouts.tables import whereabouts

if TYPE_CHECKING:
    from cardtable.server.friends.service import FriendEvent, Friends

__all__ = [
    "AWAY_SECONDS",
    "CHANNEL",
    "FORGET_AFTER",
    "HEARTBEAT",
    "Whereabouts",
    "WhereaboutsStore",
    "state_of",
]

log = logging.getLogger("cardtable.server")

AWAY_SECONDS: Final = 300.0
"""Without a sign of activity for this long, a connected person is ``away``."""
HEARTBEAT: Final = 10.0
"""Seconds between a process's reports of every account it holds connections of."""
FORGET_AFTER: Final = 3 * HEARTBEAT
"""A report older than this is from a process that died."""
CHANNEL: Final = "whereabouts"
"""The fan-out channel on which processes report their accounts' connections."""


@dataclass(slots=True)
class _Local:
    """One account's connections in this process."""

    connections: int = 0
    idle: int = 0
    """How many of them are personal channels that said ``idle``."""
    active_at: float = 0.0

    def report(self, now: float) -> _Report:
        return _Report(self.connections, self.connections <= self.idle, self.active_at, now)


@dataclass(frozen=True, slots=True)
class _Report:
    connections: int
    idle: bool
    active_at: float
    at: float


def state_of(reports: Iterable[_Report], now: float) -> WhereaboutsState:
    """``online``, ``away`` or ``offline`` over every live process's report of an account."""
    live = [report for report in reports if report.connections > 0]
    if not live:
        return "offline"
    if all(report.idle or now - report.active_at > AWAY_SECONDS for report in live):
        return "away"
    return "online"


_OFFLINE: Final = ("offline", None, None, False)
"""What friends were told of a person this process told nothing of (offline, as a rule)."""


@dataclass(frozen=True, slots=True)
class _Playing:
    game: str
    room: str
    watchable: bool


class WhereaboutsStore:
    """The ``whereabouts`` rows, and what a person's rows elsewhere say (name, seats)."""

    def __init__(self, storage: SqlStorage) -> None:
        self._storage = storage

    @classmethod
    def of(cls, storage: Storage) -> WhereaboutsStore:
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"whereabouts are kept in a SqlStorage's database, not {storage!r}")
        return cls(storage)

    async def settings(self, ids: Sequence[str]) -> dict[str, tuple[bool, float | None]]:
        """Each account's ``hidden`` and ``last_seen`` (those without a row: absent)."""
        found = await self._storage.read(
            sa.select(whereabouts.c.account_id, whereabouts.c.hidden, whereabouts.c.last_seen)
            .where(whereabouts.c.account_id.in_(sorted(set(ids))))
        )  # fmt: skip
        return {row.account_id: (bool(row.hidden), row.last_seen) for row in found}

    async def names(self, ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """The username and display name of each active account among ``ids``."""
        found = await self._storage.read(
            sa.select(accounts.c.id, accounts.c.username, accounts.c.display_name).where(
                accounts.c.id.in_(sorted(set(ids))),
                accounts.c.disabled_at.is_(None),
                accounts.c.deleted_at.is_(None),
            )
        )
        return {row.id: (row.username or "", row.display_name) for row in found}

    async def playing(self, ids: Sequence[str]) -> dict[str, _Playing]:
        """The room with a live match each account among ``ids`` holds a seat in, if any."""
        found = await self._storage.read(
            sa.select(
                seats.c.account_id, rooms.c.id, rooms.c.game, rooms.c.settings,
                rooms.c.password_hash,
            )
            .join(rooms, rooms.c.id == seats.c.room_id)
            .where(seats.c.account_id.in_(sorted(set(ids))), rooms.c.status == "playing")
            .order_by(rooms.c.updated_at.desc())
        )  # fmt: skip
        playing: dict[str, _Playing] = {}
        for row in found:
            settings = row.settings if isinstance(row.settings, dict) else {}
            watchable = bool(settings.get("spectators")) and row.password_hash is None
            playing.setdefault(row.account_id, _Playing(row.game, row.id, watchable))
        return playing

    async def seated(self, room_id: str) -> set[str]:
        """The accounts holding a seat in a room."""
        found = await self._storage.read(
            sa.select(seats.c.account_id).where(
                seats.c.room_id == room_id, seats.c.account_id.is_not(None)
            )
        )
        return {row.account_id for row in found}

    async def put(
        self, account_id: str, *, hidden: bool | None = None, last_seen: float | None = None
    ) -> None:
        """Set an account's ``hidden`` or ``last_seen`` (a row is made when there is none)."""
        values: dict[str, object] = {}
        if hidden is not None:
            values["hidden"] = hidden
        if last_seen is not None:
            values["last_seen"] = last_seen
        async with self._storage.write() as connection:
            exists = await connection.scalar(
                sa.select(sa.func.count()).where(accounts.c.id == account_id)
            )
            if not exists:
                return
            insert = (pg_insert if connection.dialect.name == "postgresql" else sqlite_insert)(
                whereabouts
            ).values(account_id=account_id, hidden=bool(hidden), last_seen=last_seen)
            await connection.execute(  # one statement: two connections at once both succeed
                insert.on_conflict_do_update(index_elements=["account_id"], set_=values)
            )


class Whereabouts:
    """This process's connections of accounts, every process's reports, and telling friends."""

    def __init__(
        self,
        store: WhereaboutsStore,
        fanout: Fanout,
        notices: Notices,
        friends: Callable[[], Friends],
        process: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.fanout = fanout
        self.notices = notices
        self._friends = friends
        self.process = process
        self.clock = clock
        self._local: dict[str, _Local] = {}
        self._reports: dict[str, dict[str, _Report]] = {}
        self._told: dict[str, tuple[object, ...]] = {}
        """What each account's friends were last told by this process."""
        self._started: list[str] = []
        """Rooms whose match started here, whose players are told of at the next chance."""
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._stopping = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    # -- the life of the process --

    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listening(), name="whereabouts: listening"),
            asyncio.create_task(self._beating(), name="whereabouts: heartbeat"),
        ]

    async def stop(self) -> None:
        self._stopping.set()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _listening(self) -> None:
        while not self._stopping.is_set():
            try:
                async with self.fanout.subscribe(CHANNEL) as heard:
                    while True:
                        try:
                            async for message in heard:
                                self._heard(message)
                            return  # the fan-out closed
                        except MissedMessages:
                            continue  # the next heartbeats say it all again
            except FanoutError as away:
                log.warning("whereabouts cannot listen to the fan-out: %s", away)
                await wait_until(self._stopping, HEARTBEAT)

    def _heard(self, message: str) -> None:
        try:
            data = json.loads(message)
            process = str(data["process"])
            at = float(data["at"])
            if process == self.process:
                return
            for account_id, (connections, idle, active_at) in data["accounts"].items():
                report = _Report(int(connections), bool(idle), float(active_at), at)
                self._reports.setdefault(str(account_id), {})[process] = report
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning("a whereabouts report could not be read: %.200s", message)

    async def _beating(self) -> None:
        while not self._stopping.is_set():
            await wait_until(self._stopping, HEARTBEAT)
            if self._stopping.is_set():
                return
            now = self.clock()
            self._forget(now)
            with contextlib.suppress(FanoutError):
                await self._report(list(self._local), now)
            for account_id in list(self._local):  # away after a while without activity
                if not self._may_have_changed(account_id):
                    continue
                try:
                    await self._tell_friends(account_id)
                except Exception:
                    log.exception("telling the friends of %s of their whereabouts", account_id)

    def _may_have_changed(self, account_id: str) -> bool:
        """Whether time alone may have changed what friends were told of the account (it went
        ``away``, or came back): not when they were told it plays (which only a match's end
        changes) or were told the state its connections show now. Asked at each beat of every
        account connected here, it spares the store a reading of each."""
        told = self._told.get(account_id)
        if told is None:
            return True  # told nothing (or offline, or hidden): look
        return told[0] != "playing" and told[0] != self.connected_state(account_id)

    def _forget(self, now: float) -> None:
        for account_id in list(self._reports):
            kept = {
                process: report
                for process, report in self._reports[account_id].items()
                if process == self.process or now - report.at <= FORGET_AFTER
            }
            if kept:
                self._reports[account_id] = kept
            else:
                del self._reports[account_id]

    async def _report(self, ids: list[str], now: float) -> None:
        if not ids:
            return
        counts = {}
        for account_id in ids:
            local = self._local.get(account_id, _Local())
            report = local.report(now)
            counts[account_id] = [report.connections, report.idle, report.active_at]
        message = json.dumps({"process": self.process, "at": now, "accounts": counts})
        await self.fanout.publish(CHANNEL, message)

    # -- connections --

    async def connect(self, account_id: str) -> None:
        """A connection of the account opened in this process (personal or a seat's)."""
        now = self.clock()
        # Stored before the connection counts: a friend's tab opening meanwhile (or a beat)
        # would otherwise be told "online" without a last seen.
        await self.store.put(account_id, last_seen=now)
        local = self._local.setdefault(account_id, _Local())
        local.connections += 1
        local.active_at = now
        await self._changed(account_id)

    async def disconnect(self, account_id: str, *, idle: bool = False) -> None:
        """A connection of the account closed (``idle``: a personal channel that was idle)."""
        local = self._local.get(account_id)
        if local is None:
            return
        local.connections -= 1
        local.idle -= int(idle)
        if local.connections <= 0:
            del self._local[account_id]
        await self._changed(account_id, seen=self.clock())

    async def idle(self, account_id: str, idle: bool) -> None:
        """A personal channel of the account turned idle, or active again."""
        local = self._local.get(account_id)
        if local is None:
            return
        local.idle += 1 if idle else -1
        if not idle:
            local.active_at = self.clock()
        await self._changed(account_id)

    def touch(self, account_id: str) -> None:
        """A sign of activity (a message on a room connection): noticed at the next beat."""
        local = self._local.get(account_id)
        if local is not None:
            local.active_at = self.clock()

    async def _changed(self, account_id: str, seen: float | None = None) -> None:
        now = self.clock()
        local = self._local.get(account_id, _Local())
        self._reports.setdefault(account_id, {})[self.process] = local.report(now)
        try:
            await self._report([account_id], now)
        except FanoutError as away:
            log.warning("whereabouts of %s not reported: %s", account_id, away)
        if seen is not None:
            await self.store.put(account_id, last_seen=seen)
        await self._tell_friends(account_id)

    # -- states --

    def connected_state(self, account_id: str) -> WhereaboutsState:
        """``online``, ``away`` or ``offline`` over every process's reports."""
        now = self.clock()
        reports = [
            report
            for process, report in self._reports.get(account_id, {}).items()
            if process != self.process and now - report.at <= FORGET_AFTER
        ]
        local = self._local.get(account_id)
        if local is not None:  # this process's own, as it stands now (a touch included)
            reports.append(local.report(now))
        return state_of(reports, now)

    async def views(self, ids: Sequence[str]) -> list[PersonalPresence]:
        """The whereabouts of each active account among ``ids``, as a friend sees them (by
        username)."""
        if not ids:
            return []
        names = await self.store.names(ids)
        settings = await self.store.settings(list(names))
        connected = {account_id: self.connected_state(account_id) for account_id in names}
        playing = await self.store.playing(
            [account_id for account_id, state in connected.items() if state != "offline"]
        )
        views = []
        for account_id, (username, display_name) in names.items():
            hidden, last_seen = settings.get(account_id, (False, None))
            state = connected[account_id]
            where = playing.get(account_id)
            if hidden:
                views.append(
                    PersonalPresence(username=username, display_name=display_name, state="offline")
                )
            elif state != "offline" and where is not None:
                views.append(
                    PersonalPresence(
                        username=username,
                        display_name=display_name,
                        state="playing",
                        last_seen=last_seen,
                        game=where.game,
                        room=where.room,
                        watchable=where.watchable,
                    )
                )
            else:
                views.append(
                    PersonalPresence(
                        username=username,
                        display_name=display_name,
                        state=state,
                        last_seen=last_seen,
                    )
                )
        return sorted(views, key=lambda view: view.username)

    async def of_friends(self, account_id: str) -> list[PersonalPresence]:
        """The whereabouts of a person's friends (never of someone either side blocked)."""
        return await self.views(sorted(await self._audience(account_id)))

    async def _audience(self, account_id: str) -> set[str]:
        friends = self._friends()
        ids = await friends.friend_ids(account_id)
        if ids:
            ids -= await friends.blocked_by(account_id)
            ids -= await friends.blocking(account_id)
        return ids

    # -- telling friends --

    async def _tell_friends(self, account_id: str, *, again: bool = False) -> None:
        """Tell the person's friends of their whereabouts, if they changed since this process
        last told them (or ``again``): one telling of a person at a time, so that an older
        state is never told after a newer one."""
        lock = self._locks.get(account_id)
        if lock is None:
            lock = self._locks[account_id] = asyncio.Lock()
        async with lock:
            await self._tell_now(account_id, again=again)

    async def _tell_now(self, account_id: str, *, again: bool) -> None:
        found = await self.views([account_id])
        if not found:
            return
        view = found[0]
        key = (view.state, view.game, view.room, view.watchable)
        if not again and self._told.get(account_id, _OFFLINE) == key:
            return
        if view.state == "offline":
            self._told.pop(account_id, None)
        else:
            self._told[account_id] = key
        message = _message(account_id, view)
        for friend in sorted(await self._audience(account_id)):
            await self.notices.tell(account_channel(friend), message)

    async def set_hidden(self, account_id: str, hidden: bool) -> None:
        """Hide one's whereabouts from everyone, or show them again (friends are told)."""
        await self.store.put(account_id, hidden=hidden)
        await self._tell_friends(account_id, again=True)

    async def hidden(self, account_id: str) -> bool:
        return (await self.store.settings([account_id])).get(account_id, (False, None))[0]

    async def friend_changed(self, event: FriendEvent) -> None:
        """A :attr:`~cardtable.server.friends.service.Friends.listeners` listener: two people
        who became friends are told of each other; one who stopped being a friend is told the
        other is ``offline`` (their client drops them)."""
        pair = ((event.account_id, event.other_id), (event.other_id, event.account_id))
        if event.kind == "accepted":
            for whose, to in pair:
                for view in await self.views([whose]):
                    await self.notices.tell(account_channel(to), _message(whose, view))
        elif event.kind == "removed":
            for whose, to in pair:
                for view in await self.views([whose]):
                    gone = PersonalPresence(
                        username=view.username, display_name=view.display_name, state="offline"
                    )
                    await self.notices.tell(account_channel(to), _message(whose, gone))

    # -- matches --

    def write_started(self, connection: sa.Connection, match: MatchRow) -> None:
        """A :data:`~cardtable.server.storage.base.StartWriter` that writes nothing: it notes
        the room whose players are told of at :meth:`started`."""
        self._started.append(match.room_id)

    async def started(self) -> None:
        """Tell the friends of the players of the matches that started here."""
        rooms_started, self._started = self._started, []
        for room_id in rooms_started:
            try:
                await self._room_changed(room_id)
            except Exception:  # storage or fan-out away: only this news is lost
                log.exception("telling of the players of room %s failed", room_id)

    async def match_ended(self, match: MatchRow) -> None:
        """One of :attr:`~cardtable.server.matches.Matches.finished`: its players stop
        ``playing``."""
        await self._room_changed(match.room_id)

    async def _room_changed(self, room_id: str) -> None:
        for account_id in sorted(await self.store.seated(room_id)):
            if self.connected_state(account_id) != "offline":
                await self._tell_friends(account_id)


def _message(account_id: str, view: PersonalPresence) -> str:
    return json.dumps(
        {"kind": "presence", "account": account_id, "presence": view.model_dump(mode="json")}
    )
