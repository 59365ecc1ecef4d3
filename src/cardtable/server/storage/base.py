"""What the server keeps, and the interface of the stores that keep it.

A match is event-sourced: its row holds the ruleset, the seed and the seats, and its decisions
are appended one by one; replaying them through the engine *is* the match, so resuming after a
restart, spectating, replays and history all read the same record. The match's ``version``
counts its stored decisions; :meth:`Storage.append_decision` adds decision number ``version``
only while the version is still what the caller saw, in one transaction, so of two processes
racing with a decision for the same version exactly one wins.

Times are seconds since the epoch (floats); JSON columns hold the engine's JSON values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

from cardtable.engine.json import JsonObject

if TYPE_CHECKING:
    import sqlalchemy as sa

RoomStatus = Literal["open", "playing", "finished", "closed"]
"""``open``: gathering players; ``playing``: a match is live; ``finished``: its latest match
ended (a rematch may start another); ``closed``: expired or abandoned, kept for history."""
SeatKind = Literal["open", "guest", "agent"]
"""An empty seat, a person, or a computer player. A person's seat is stored as ``guest`` (the
word of the first release, kept so that no table is rebuilt): its ``account_id`` or
``guest_id`` says who the person is, and the protocol (from version 5) names the seat's kind
``account`` or ``guest`` by them."""
MatchStatus = Literal["live", "finished", "aborted"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomRow:
    """A room: where people gather to start and watch matches of one game and ruleset."""

    id: str
    game: str
    ruleset: JsonObject
    """The validated ruleset as JSON (the game's ``to_json``)."""
    settings: JsonObject
    """The server's room settings (spectators, turn time limit, disconnect policy...)."""
    password_hash: str | None
    """The argon2 hash of the room's password; ``None``: no password."""
    host_token_hash: str
    """The hash of the host's token (the host may remove a seat's occupant, start...)."""
    status: RoomStatus
    created_at: float
    updated_at: float
    """When anything last happened in the room (idle rooms expire from this)."""
    name: str | None = None
    """The name its host gave the room, if any (shown in the lobby beside the game's)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRow:
    """A seat of a room, by its index."""

    room_id: str
    index: int
    kind: SeatKind
    name: str
    """The display name (a guest's, or the agent's seat text such as ``ismcts:hard``)."""
    token_hash: str | None
    """The hash of the seat token a guest keeps to reconnect (``None`` for other kinds)."""
    deck: JsonObject | None = None
    """The deck the occupant brought, where the game has decks."""
    account_id: str | None = None
    """The account of the person who sat down signed in (the seat is theirs: they resume it
    wherever they are signed in)."""
    guest_id: str | None = None
    """The guest identity (its cookie) of a person who sat down without signing in."""
    rematch: bool = False
    """Whether the seat's person has accepted a rematch since the room's latest match ended
    (a new person in the seat has not; a match's start clears it)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchRow:
    """A match as stored: everything to replay it but its decisions, plus its progress."""

    id: str
    room_id: str
    game: str
    game_version: int
    engine_version: int
    ruleset: JsonObject
    seed: int
    seats: tuple[str, ...]
    """Who sat where (display names), as the record keeps them."""
    version: int
    """How many decisions are stored (the next one appended is number ``version``)."""
    status: MatchStatus
    outcome: JsonObject | None
    final_hash: str | None
    started_at: float
    finished_at: float | None
    lease_owner: str | None
    """The server process that runs this match's timers and computer players."""
    lease_until: float | None
    timer: JsonObject | None
    """The running turn timer (seat, deadline), kept so that it survives a restart."""
    wake_at: float | None = None
    """When a sleeping match wakes (``None``: it is awake, driven by the process holding its
    lease): a correspondence match waiting for a person holds no process's attention until
    its deadline (or a reminder) falls due or a decision arrives (see :meth:`Storage.sleep`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionRow:
    """One accepted decision of a match (a penalised one included: it is in the record)."""

    match_id: str
    index: int
    seat: int
    text: str
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatRow:
    """A chat message of a room; ``id`` grows with every message of every room."""

    id: int
    room_id: str
    seat: int | None
    """The sender's seat, ``None`` for a spectator."""
    name: str
    text: str
    at: float
    account_id: str | None = None
    """The account whose seat wrote it (``None``: a guest, a spectator, or a line older than
    revision 0012): whoever blocked that account is not shown it."""


class Conflict(Exception):
    """A write lost a race (a version that moved, a row that already exists)."""


StartWriter: TypeAlias = "Callable[[sa.Connection, MatchRow], None]"
"""A write that belongs to a match's start (who sat where: the participants), made in the
transaction that starts the match, given its connection and the new match's row; it touches
only its own tables. If it raises, the match does not start."""

FinishWriter: TypeAlias = "Callable[[sa.Connection, MatchRow], None]"
"""A write that belongs to a match's end (a rating, a notification, a tournament's result),
made in the transaction that finishes the match: it is given that transaction's connection
and the finished match's row, and touches only its own tables. If it raises, nothing of the
match's end is stored (the match stays live, and finishing it is tried again later)."""


class Storage(Protocol):
    """The server's store. Every method is one transaction."""

    async def create_room(self, room: RoomRow, seats: Sequence[SeatRow]) -> None:
        """Store a new room and its seats (``Conflict`` if the id is taken)."""

    async def room(self, room_id: str) -> RoomRow | None: ...

    async def rooms(
        self,
        *,
        game: str | None = None,
        statuses: Sequence[RoomStatus] = ("open", "playing"),
        idle_since: float | None = None,
    ) -> list[RoomRow]:
        """Rooms with one of ``statuses`` (of ``game``, and untouched since ``idle_since``,
        when given), newest first."""

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

    async def update_room(
        self,
        room_id: str,
        *,
        status: RoomStatus | None = None,
        settings: JsonObject | None = None,
        updated_at: float,
    ) -> None:
        """Change a room's status or settings, and mark it as active at ``updated_at``."""

    async def seats(self, room_id: str) -> list[SeatRow]:
        """A room's seats in index order."""

    async def put_seat(
        self,
        seat: SeatRow,
        *,
        expected_kind: SeatKind | None = None,
        touched_at: float | None = None,
    ) -> None:
        """Replace a seat; with ``expected_kind``, only if the seat is still of that kind
        (``Conflict`` otherwise: two guests racing for one open seat, one gets it); with
        ``touched_at``, mark the room active then, in the same transaction."""

    async def accept_rematch(self, room_id: str, seat: int, *, at: float) -> list[SeatRow]:
        """Note that seat ``seat``'s person accepts a rematch, while the room is ``finished``
        and the seat a person's (``Conflict`` otherwise), marking the room active at ``at``;
        the room's seats as this acceptance leaves them. A room's acceptances are taken one at
        a time, so that the last of them sees every other."""

    async def create_match(self, match: MatchRow) -> None: ...

    async def start_match(
        self,
        match: MatchRow,
        *,
        room_statuses: Sequence[RoomStatus] = ("open", "finished"),
        also: Sequence[StartWriter] = (),
    ) -> None:
        """Store a new match and mark its room ``playing``, in one transaction, while the room
        is in one of ``room_statuses`` (``Conflict`` otherwise: another start got there first),
        clearing its seats' acceptances of a rematch, and making the writes ``also`` in the
        same transaction."""

    async def match(self, match_id: str) -> MatchRow | None: ...

    async def matches(self, room_id: str) -> list[MatchRow]:
        """A room's matches, oldest first."""

    async def live_matches(self) -> list[MatchRow]:
        """Every match still being played (to resume after a restart)."""

    async def append_decision(
        self, match_id: str, version: int, seat: int, text: str, at: float
    ) -> None:
        """Store decision number ``version`` and advance the match to ``version + 1``, only
        if the match is live and still at ``version`` (``Conflict`` otherwise)."""

    async def decisions(self, match_id: str, since: int = 0) -> list[DecisionRow]:
        """The match's decisions from number ``since`` on, in order."""

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
        """Mark a match finished (or aborted) at ``version`` (``Conflict`` if it moved), its
        room ``finished`` if it was playing, and make the writes ``also`` in the same
        transaction; the finished match's row."""

    async def repair_rooms(self, at: float) -> list[str]:
        """Set right the rooms whose status disagrees with their matches (left so by versions
        that started and finished matches in two steps): ``playing`` without a live match
        becomes ``finished``, and a room with a live match becomes ``playing``. The ids of the
        rooms changed."""

    async def set_timer(self, match_id: str, timer: JsonObject | None) -> None: ...

    async def acquire_lease(self, match_id: str, owner: str, now: float, until: float) -> bool:
        """Take (or renew) the match's lease for ``owner`` until ``until``: succeeds when the
        lease is free, expired at ``now``, or already ``owner``'s."""

    async def acquire_leases(self, owner: str, now: float, until: float) -> set[str]:
        """Take (or renew) every live match's lease that :meth:`acquire_lease` would give,
        at once; the ids of the matches ``owner`` holds."""

    async def release_lease(self, match_id: str, owner: str) -> None: ...

    async def sleep(self, match_id: str, owner: str, version: int, until: float) -> bool:
        """Put the match to sleep until ``until``: give up its lease, and let no process take
        it before then, unless a decision arrives (appending one wakes it). Only while it is
        live at ``version`` and its lease is ``owner``'s or nobody's; whether it sleeps."""
        ...

    async def add_chat(
        self,
        room_id: str,
        seat: int | None,
        name: str,
        text: str,
        at: float,
        account_id: str | None = None,
    ) -> ChatRow:
        """Store a message (written by the seat of ``account_id``, if an account's) and mark
        the room active at ``at``."""

    async def chat(self, room_id: str, *, since: int = 0, limit: int = 100) -> list[ChatRow]:
        """The room's messages with an id above ``since``, oldest first, at most the latest
        ``limit``."""

    async def close(self) -> None:
        """Release connections."""
