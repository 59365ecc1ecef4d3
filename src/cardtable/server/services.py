"""Everything one server process holds, wired together, and its settings.

>>> config = ServerConfig(database_url="sqlite+aiosqlite:///:memory:")
>>> config.lease_seconds, config.agent_delay
(15.0, 0.8)
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from cardtable.agents.names import shown_names
from cardtable.engine.json import JsonObject, as_int
from cardtable.games import find
from cardtable.protocol.lobby import DisconnectPolicy, RoomInfo, RoomTournament, SeatInfo, SeatKind
from cardtable.protocol.tournaments import NO_SHOW_SECONDS
from cardtable.server.accounts.history import write_participants
from cardtable.server.accounts.passwords import PasswordHashing
from cardtable.server.accounts.rows import Purged
from cardtable.server.accounts.service import Accounts, session_policy, usernames
from cardtable.server.accounts.store import AccountStore
from cardtable.server.fanout import Fanout
from cardtable.server.feed.service import Feed
from cardtable.server.feed.store import FeedStore
from cardtable.server.friends.service import FriendEvent, FriendPolicy, Friends
from cardtable.server.friends.store import FriendStore
from cardtable.server.hub import Hub
from cardtable.server.invites.invitations import Invitations
from cardtable.server.invites.service import Invites, invite_policy
from cardtable.server.invites.store import InviteStore
from cardtable.server.leases.store import Leases
from cardtable.server.matches import Matches
from cardtable.server.matchmaking.service import Matchmaker
from cardtable.server.notifications.service import Notifications
from cardtable.server.notifications.store import NotificationStore
from cardtable.server.presence import Presence
from cardtable.server.ratings.service import Ratings
from cardtable.server.ratings.store import RatingStore
from cardtable.server.rooms import (
    Rooms,
    auto_seats,
    kind_of,
    pace_of,
    rated_of,
    timeout_of,
    tournament_of,
)
from cardtable.server.runner import Runner
from cardtable.server.security import DEFAULT_HASHER, PasswordHasher
from cardtable.server.storage.base import MatchRow, SeatRow, Storage
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.tournaments.advance import Advancer
from cardtable.server.tournaments.service import Tournaments
from cardtable.server.tournaments.store import record_result
from cardtable.server.waiting import wait_until
from cardtable.server.whereabouts.service import Whereabouts, WhereaboutsStore

log = logging.getLogger("cardtable.server")


def _process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


INVITES_KEPT_SECONDS: Final = 24 * 3600.0
"""How long an expired invite is kept, so that its link says "expired" rather than "unknown"
for a day before it is purged."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ServerConfig:
    """How a server process runs."""

    database_url: str
    """Where matches, rooms and chat are stored (SQLAlchemy URL: SQLite or PostgreSQL)."""
    redis_url: str | None = None
    """Redis for fan-out between processes; ``None``: in this process only."""
    origins: tuple[str, ...] = ()
    """Browser origins allowed to open WebSockets besides the server's own."""
    agent_delay: float = 0.8
    """Seconds a computer player (or a seat played automatically) waits before acting, so that
    people can follow: at a room's ``normal`` pace; at its ``fast`` pace,
    :data:`~cardtable.server.runner.FAST_DELAY` or this, whichever is shorter."""
    lease_seconds: float = 15.0
    """How long a process holds a match's lease without renewing it."""
    room_idle_seconds: float = 3600.0
    """Rooms without a live match close after this long without activity."""
    abandoned_seconds: float = 300.0
    """A live match that nobody is connected to, neither a player nor a spectator, for this
    long (or for its room's disconnect wait, if longer) is abandoned: it ends without a result
    and its room closes."""
    no_show_seconds: int = NO_SHOW_SECONDS
    """How long a person seated at a tournament's table may be away, when it is their turn,
    before forfeiting the match (a tournament has no computer stand-ins)."""
    messages_per_second: float = 20.0
    """How many messages a connection may send a second, on average (bursts of three
    seconds' worth are fine); beyond, each gets ``too_many``."""
    session_idle_days: float = 30.0
    """A signed-in session ends after this many days without use."""
    guest_idle_days: float = 90.0
    """A guest identity (its cookie) unused for this many days is removed (the matches it
    played keep their names)."""
    purge_seconds: float = 3600.0
    """How often the server removes expired sessions and idle guests."""
    login_tries: int = 3
    """Wrong passwords in a row a username (or a client address) may try at once; after
    that, each next try waits 1, 2, 4... seconds, up to 5 minutes (``too_many``)."""
    signups_per_hour: float = 5.0
    """How many accounts one client address may create an hour, on average."""
    signup_burst: int = 5
    """How many accounts one client address may create at once (then ``signups_per_hour``)."""
    invite_hours: float = 24.0
    """How long an invite link works (from 5 minutes to 30 days)."""
    invites_per_room: int = 20
    """How many invite links that still work a room may have at once (1 to 1000)."""
    friend_requests_pending: int = 100
    """How many of one person's friend requests may wait for an answer at once."""
    friend_requests_per_hour: float = 30.0
    """How many friend requests one account may send an hour, on average."""
    friend_request_burst: int = 10
    """How many friend requests one account may send at once (then at the hourly rate)."""
    password_hasher: PasswordHasher | None = None
    """How accounts' passwords are hashed; ``None``: argon2id with the server's parameters
    (:data:`~cardtable.server.security.HASH_PARAMETERS`). Tests give a cheap one."""
    process: str = field(default_factory=_process_name)
    """This process's name in leases and presence reports."""

    def __post_init__(self) -> None:
        invite_policy(self.invite_hours, self.invites_per_room)  # ValueError out of bounds
        self.friend_policy()  # likewise

    def friend_policy(self) -> FriendPolicy:
        """The friend requests' limits of these settings."""
        return FriendPolicy(
            pending=self.friend_requests_pending,
            per_hour=self.friend_requests_per_hour,
            burst=self.friend_request_burst,
        )


def seat_kind(seat: SeatRow) -> SeatKind:
    """A seat's kind on the wire: a person's seat is an ``account``'s or a ``guest``'s.

    >>> seat_kind(SeatRow(room_id="r", index=0, kind="guest", name="Fox", token_hash="h",
    ...                   account_id="a1"))
    'account'
    """
    if seat.kind == "guest" and seat.account_id is not None:
        return "account"
    return seat.kind


class Services:
    """The parts of one server process (built by the app's lifespan)."""

    def __init__(
        self,
        config: ServerConfig,
        storage: Storage,
        fanout: Fanout,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.storage = storage
        self.fanout = fanout
        self.clock = clock
        self.matches = Matches(storage, fanout, clock)
        self.rooms = Rooms(storage, self.matches, clock)
        self.presence = Presence(config.process, clock)
        self.hub = Hub(storage, fanout, self.matches, self.presence, self.room_info, clock)
        self.runner = Runner(self)
        self.rooms.started = self.runner.wake
        self.matches.decided = self.runner.decided
        self.matches.moved_here = self.hub.match_moved
        self._repair: asyncio.Task[None] | None = None
        self._purge: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self._telling: set[asyncio.Task[None]] = set()
        if isinstance(storage, SqlStorage):  # accounts live in a SQL store's database
            self.rooms.account_active = self._account_active
            self.matches.starting.append(write_participants)
            self.matches.finishing.append(self.notifications.write_match_finished)
            self.matches.finishing.append(self.feed.write_match_finished)
            self.matches.finishing.append(self.ratings.write_match_finished)
            self.matches.finishing.append(record_result)
            self.matches.finished.append(self.advancer.match_ended)
            self.friends.listeners.append(self.feed.friend_changed)
            self.matches.finished.append(self.notifications.match_ended)
            self.matches.starting.append(self.whereabouts.write_started)
            self.matches.finished.append(self.whereabouts.match_ended)
            self.rooms.started = self._started
            self.friends.listeners.append(self.whereabouts.friend_changed)
            self.friends.listeners.append(self._friend_news)
            self.hub.blocking = self._blocking
            self.runner.turn_news = self.notifications.turn_news

    @cached_property
    def accounts(self) -> AccountStore:
        """Accounts, sessions and guests, in the storage's database (built when first asked
        for: a store that is not a SQL store, as some tests use, has none)."""
        return AccountStore.of(self.storage)

    @cached_property
    def people(self) -> Accounts:
        """The people who play: signing up, in and out, their sessions and their accounts
        (over :attr:`accounts`, the store; built when first asked for)."""
        config = self.config
        return Accounts(
            self.accounts,
            hashing=PasswordHashing(config.password_hasher or DEFAULT_HASHER),
            policy=session_policy(config.session_idle_days),
            clock=self.clock,
            login_tries=config.login_tries,
            signups_per_hour=config.signups_per_hour,
            signup_burst=config.signup_burst,
        )

    @cached_property
    def invites(self) -> Invites:
        """Invite links to rooms, in the storage's database (built when first asked for)."""
        config = self.config
        return Invites(
            InviteStore.of(self.storage),
            self.rooms,
            invite_policy(config.invite_hours, config.invites_per_room),
            self.clock,
        )

    @cached_property
    def invitations(self) -> Invitations:
        """Invitations of friends to rooms (built when first asked for)."""
        return Invitations(self.invites, lambda: self.friends, self.notifications, self.clock)

    @cached_property
    def friends(self) -> Friends:
        """Friend requests, friendships and blocks, in the storage's database (built when
        first asked for)."""
        return Friends(
            FriendStore.of(self.storage), self.accounts, self.config.friend_policy(), self.clock
        )

    @cached_property
    def ratings(self) -> Ratings:
        """People's ratings, their history and leaderboards, in the storage's database
        (built when first asked for)."""
        return Ratings(RatingStore.of(self.storage), self.friends.friend_ids, self.clock)

    @cached_property
    def matchmaking(self) -> Matchmaker:
        """The queues of ranked play, in the storage's database (built when first asked for;
        the pairing runs from :meth:`start`, wherever this process holds its lease)."""
        storage = self.storage
        assert isinstance(storage, SqlStorage), "the queue is kept in a SQL store's database"
        return Matchmaker(
            storage,
            self.rooms,
            self.matches.notices,
            Leases(storage, self.config.process),
            self.whereabouts.connected_state,
            self.clock,
        )

    @cached_property
    def advancer(self) -> Advancer:
        """Starts, pairs, seats and finishes tournaments (built when first asked for; it runs
        from :meth:`start`, wherever this process holds its lease)."""
        storage = self.storage
        assert isinstance(storage, SqlStorage), "tournaments are kept in a SQL store's database"
        return Advancer(
            storage,
            self.rooms,
            self.matches.notices,
            self.notifications,
            Leases(storage, self.config.process),
            self.clock,
            no_show_seconds=self.config.no_show_seconds,
        )

    @cached_property
    def tournaments(self) -> Tournaments:
        """Tournaments: creating, entering, reading (built when first asked for)."""
        storage = self.storage
        assert isinstance(storage, SqlStorage), "tournaments are kept in a SQL store's database"
        return Tournaments(storage, self.advancer, self.friends.friend_ids, self.clock)

    @cached_property
    def feed(self) -> Feed:
        """What each signed-in person did, and their friends' feed, in the storage's
        database (built when first asked for)."""
        storage = self.storage
        assert isinstance(storage, SqlStorage), "activity is kept in a SQL store's database"
        return Feed(FeedStore.of(storage), storage, lambda: self.friends, self.clock)

    @cached_property
    def notifications(self) -> Notifications:
        """Each signed-in person's inbox, in the storage's database (built when first asked
        for): told on the fan-out as the matches' notices are."""
        return Notifications(NotificationStore.of(self.storage), self.matches.notices, self.clock)

    @cached_property
    def whereabouts(self) -> Whereabouts:
        """Each signed-in person's presence as their friends see it (built when first asked
        for; its tasks run from :meth:`start`)."""
        return Whereabouts(
            WhereaboutsStore.of(self.storage),
            self.fanout,
            self.matches.notices,
            lambda: self.friends,
            self.config.process,
            self.clock,
        )

    def _started(self) -> None:
        """A match started here: the runner sweeps, and its players' friends are told."""
        self.runner.wake()
        task = asyncio.create_task(self.whereabouts.started(), name="whereabouts: started")
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def _blocking(self, account_id: str) -> set[str]:
        """The accounts ``account_id`` blocked (whose chat lines it is not shown)."""
        return await self.friends.blocking(account_id)

    async def _friend_news(self, event: FriendEvent) -> None:
        """A friend request or acceptance, in the other person's inbox."""
        await self.notifications.friend_news(
            event, await self.accounts.account_by_id(event.account_id)
        )

    async def _account_active(self, account_id: str) -> bool:
        account = await self.accounts.account_by_id(account_id)
        return account is not None and account.active

    def start(self) -> None:
        self.hub.start()
        self._repair = asyncio.create_task(self.repair(), name="repair rooms")
        if isinstance(self.storage, SqlStorage):
            self._purge = asyncio.create_task(self._purging(), name="purge sessions and guests")
            self.whereabouts.start()
            self.matchmaking.start()
            self.people.signed_out.append(self.matchmaking.signed_out)
            self.advancer.start()
        self.runner.start()

    async def purge(self) -> Purged:
        """Remove the sessions that expired and the guests idle longer than
        ``guest_idle_days`` (one short transaction), and the invites that expired more than
        :data:`INVITES_KEPT_SECONDS` ago (another)."""
        now = self.clock()
        idle = self.config.guest_idle_days * 24 * 3600.0
        purged = await self.accounts.purge_expired(now, guests_idle_before=now - idle)
        if purged.sessions or purged.guests:
            log.info("purged %d expired sessions, %d idle guests", purged.sessions, purged.guests)
        invites = await self.invites.store.purge_expired(now - INVITES_KEPT_SECONDS)
        if invites:
            log.info("purged %d invites that expired", invites)
        return purged

    async def _purging(self) -> None:
        """:meth:`purge` now and every ``purge_seconds``, until the server stops (a purge
        under way is finished, never cut off)."""
        while not self._stopping.is_set():
            try:
                await self.purge()
            except Exception:  # storage is away: the next round tries again
                log.exception("purging expired sessions and idle guests failed")
            await wait_until(self._stopping, self.config.purge_seconds)

    async def repair(self) -> None:
        """Set right what a process that died between two writes left behind, in versions
        that started and finished a match in two steps (a room playing without a match)."""
        try:
            changed = await self.storage.repair_rooms(self.clock())
            for room_id in changed:
                await self.rooms.changed(room_id)
        except Exception:  # storage is down: the next process to start tries again
            log.exception("repairing rooms at start-up failed")
        else:
            if changed:
                log.warning("repaired %d rooms left out of step with their matches", len(changed))

    async def stop(self) -> None:
        self._stopping.set()
        if self._purge is not None:
            await self._purge
        if self._repair is not None:  # one short transaction: cut off, it would leave a
            await self._repair  # database connection half closed (it never raises)
        await self.runner.stop()
        await self.hub.stop()
        if isinstance(self.storage, SqlStorage):
            await self.matchmaking.stop()
            await self.advancer.stop()
            await self.whereabouts.stop()
        await self.matches.notices.close()

    async def room_info(self, room_id: str) -> RoomInfo:
        """A room as clients see it (no secrets: hashes and tickets stay here)."""
        room = await self.rooms.room(room_id)
        seats = await self.storage.seats(room_id)
        connected = self.presence.connected(room_id)
        owners = [seat.account_id for seat in seats if seat.account_id is not None]
        names = await usernames(self.storage, owners) if owners else {}
        settings = room.settings
        disconnect = settings.get("disconnect") or {}
        limit = settings.get("turn_seconds")
        shown = shown_names((seat.kind == "agent", seat.name) for seat in seats)
        auto = auto_seats(settings)
        played = await self.storage.matches(room_id)
        wins = wins_of(played)
        return RoomInfo(
            id=room.id,
            game=room.game,
            title=find(room.game).title,
            status=room.status,
            seats=[
                SeatInfo(
                    index=seat.index,
                    kind=seat_kind(seat),
                    name=name,
                    connected=seat.kind == "agent" or seat.index in connected,
                    username=None if seat.account_id is None else names.get(seat.account_id),
                    auto=seat.kind == "agent" or (seat.kind == "guest" and seat.index in auto),
                    wins=wins.get(seat.index, 0),
                    rematch=seat.kind == "guest" and seat.rematch,
                )
                for seat, name in zip(seats, shown, strict=True)
            ],
            password=room.password_hash is not None,
            spectators=bool(settings.get("spectators", True)),
            turn_seconds=limit if isinstance(limit, int) else None,
            disconnect=DisconnectPolicy.model_validate(disconnect),
            match=played[-1].id if played else None,
            created_at=room.created_at,
            pace=pace_of(settings),
            name=room.name,
            kind=kind_of(settings),
            timeout=timeout_of(settings),
            rated=rated_of(settings),
            tournament=_tournament_info(settings),
        )


def wins_of(matches: Sequence[MatchRow]) -> dict[int, int]:
    """How many of ``matches`` each seat won (the finished ones; a shared win counts for
    each winner): a room's running score across rematches.

    >>> from cardtable.server.storage.base import MatchRow
    >>> def ended(*winners: int) -> MatchRow:
    ...     return MatchRow(id="m", room_id="r", game="war", game_version=2,
    ...                     engine_version=1, ruleset={}, seed=1, seats=("a", "b"), version=9,
    ...                     status="finished", outcome={"winners": list(winners)},
    ...                     final_hash="h", started_at=0.0, finished_at=1.0, lease_owner=None,
    ...                     lease_until=None, timer=None)
    >>> wins_of([ended(0), ended(1), ended(0), ended()])
    {0: 2, 1: 1}
    """
    wins: Counter[int] = Counter()
    for match in matches:
        outcome = match.outcome
        if match.status != "finished" or not isinstance(outcome, dict):
            continue
        winners = outcome.get("winners")
        for seat in winners if isinstance(winners, list) else ():
            if isinstance(seat, int):
                wins[seat] += 1
    return dict(wins)


def _tournament_info(settings: JsonObject) -> RoomTournament | None:
    """The tournament table a room plays, as clients see it (``None``: none).

    >>> _tournament_info({"tournament": {"id": "t1", "name": "Cup", "round": 2, "table": 0}})
    RoomTournament(id='t1', name='Cup', round=2, table=1)
    """
    found = tournament_of(settings)
    if found is None:
        return None
    return RoomTournament(
        id=str(found.get("id", "")),
        name=str(found.get("name", "")),
        round=as_int(found.get("round", 0), "round"),
        table=as_int(found.get("table", 0), "table") + 1,
    )
