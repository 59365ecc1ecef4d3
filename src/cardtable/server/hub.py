"""The connections of this process, by room, and what they are sent when something changes.

Every room with a connection here has a :class:`RoomHub` listening on the room's channel
(room changes, chat, presence, timers) and on its current match's channel (new versions).
Whatever process took a decision, each connection here is then sent what changed *for it*:
the new events of its own stream and its own view (:meth:`Hub.push`), computed from the
stored record, so that nothing reaches a seat that it may not see.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.json import JsonObject
from cardtable.protocol import messages as wire
from cardtable.protocol.codec import dump
from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.limits import PROTOCOL_VERSION
from cardtable.server.errors import Refused
from cardtable.server.fanout import Fanout, FanoutError, MissedMessages
from cardtable.server.matches import Matches, match_channel, room_channel
from cardtable.server.presence import HEARTBEAT, Presence
from cardtable.server.storage.base import Storage
from cardtable.server.storage.connect import StorageError

Send = Callable[[str], Awaitable[None]]

STORAGE_RETRY_FIRST = 0.2
"""Seconds before handling a notice again when storage or the fan-out was away."""
STORAGE_RETRY_LATEST = 5.0
"""The longest wait between those tries while it stays away."""
QUIET = 3 * HEARTBEAT
"""Seconds without news after which a room reads its room and match from storage again, in
case a notice was lost: the process that stored a change can die before telling it."""

log = logging.getLogger("cardtable.server")

BLOCKS_FRESH = 10.0
"""Seconds a connection's list of the accounts its person blocked is used before it is read
again (a block takes effect in a room within this long)."""


@dataclass(eq=False, slots=True)
class Connection:
    """One client connected to a room: a seat's player or a spectator."""

    room: str
    seat: int | None
    name: str
    send_text: Send
    match: str | None = None
    """The match whose updates it is sent."""
    sent: int = 0
    """How many events of its stream it has been sent (of :attr:`match`)."""
    shown: int | None = None
    """The version of :attr:`match` whose view it was sent last (none is sent twice)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: bool = False
    protocol: int = PROTOCOL_VERSION
    """The protocol version the client said hello in (its messages are sent in its words)."""
    account: str | None = None
    """The account whose seat this connection holds, if the seat is an account's (it acts
    only while the account may: not once it is disabled)."""
    blocked: frozenset[str] = frozenset()
    """The accounts :attr:`account` blocked, whose chat lines it is not sent (as read at
    :attr:`blocked_at`: see :meth:`Hub.hides`)."""
    blocked_at: float | None = None

    async def send(self, message: Any) -> None:
        """Send one protocol message; a connection that went away is marked closed."""
        if self.closed:
            return
        try:
            await self.send_text(dump(message, self.protocol))
        except Exception:  # the socket closed under us: the receive loop will clean up
            self.closed = True


class RoomHub:
    """This process's connections to one room, and the listeners that feed them."""

    def __init__(self, hub: Hub, room: str) -> None:
        self.hub = hub
        self.room = room
        self.connections: set[Connection] = set()
        self.match: str | None = None
        self.presence_sent: tuple[frozenset[int], int] | None = None
        """Who was connected, as last sent to the room's connections."""
        self.room_sent: Any = None
        """The room's description, as last sent to its connections."""
        self.news_at = asyncio.get_running_loop().time()
        """When the room or its match last changed, as heard here (the event loop's clock)."""
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self.opening: asyncio.Future[None] | None = None
        """Starting the room's listeners (:meth:`open`); joiners wait for it."""

    async def open(self, match: str | None) -> None:
        await self._listen(room_channel(self.room), self._on_room)
        await self.follow(match)
        # Other processes report their connections at their next heartbeat; ask them now.
        with contextlib.suppress(FanoutError):  # or at their next heartbeat, if it is away
            await self.hub.fanout.publish(
                room_channel(self.room),
                json.dumps({"kind": "presence?", "process": self.hub.presence.process}),
            )

    async def follow(self, match: str | None) -> None:
        """Listen to ``match``'s channel (and stop listening to the previous one)."""
        if match == self.match:
            return
        if match is not None:  # first: if the fan-out is away, it still follows the old one
            await self._listen(match_channel(match), self._on_match)
        if self.match is not None:
            self._stop(match_channel(self.match))
            if self.hub.following.get(self.match) is self:
                del self.hub.following[self.match]
        self.match = match
        if match is not None:
            self.hub.following[match] = self

    async def _listen(self, channel: str, handle: Callable[[JsonObject], Awaitable[None]]) -> None:
        ready = asyncio.Event()

        async def listen() -> None:
            async with self.hub.fanout.subscribe(channel) as messages:
                ready.set()
                while True:
                    try:
                        async for text in messages:
                            try:
                                data = json.loads(text)
                            except ValueError:
                                continue
                            if isinstance(data, dict):
                                await self._safely(handle, data)
                        return  # the fan-out closed
                    except MissedMessages:  # read everything again from storage
                        await self._safely(self._on_room, {"kind": "room"})
                        await self._safely(self._on_match, {})

        self._tasks[channel] = asyncio.create_task(listen(), name=f"listen {channel}")
        waiting = asyncio.create_task(ready.wait())
        task = self._tasks[channel]
        await asyncio.wait({waiting, task}, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if task.done() and not ready.is_set():  # it could not subscribe: say why
            del self._tasks[channel]
            task.result()

    async def _safely(
        self, handle: Callable[[JsonObject], Awaitable[None]], data: JsonObject
    ) -> None:
        """Handle a notice; while storage or the fan-out is away, again and again (with a
        growing wait) until what it announced has been read and sent, and followed."""
        wait = STORAGE_RETRY_FIRST
        while True:
            try:
                await handle(data)
                return
            except (StorageError, FanoutError) as away:
                if wait == STORAGE_RETRY_FIRST:
                    log.warning("room %s waits to act on a notice: %s", self.room, away)
                await asyncio.sleep(wait)
                wait = min(STORAGE_RETRY_LATEST, wait * 2)
            except Exception:  # one bad notice must not stop the room's listener
                log.exception("handling a notice of room %s failed", self.room)
                return

    def _stop(self, channel: str) -> None:
        task = self._tasks.pop(channel, None)
        if task is not None:
            task.cancel()

    def close(self) -> None:
        for channel in list(self._tasks):
            self._stop(channel)
        if self.match is not None and self.hub.following.get(self.match) is self:
            del self.hub.following[self.match]

    async def _on_match(self, data: JsonObject) -> None:
        version = data.get("version")
        at_least = version if isinstance(version, int) else None
        for connection in list(self.connections):
            await self.hub.push(connection, at_least=at_least)
        self.news_at = asyncio.get_running_loop().time()

    async def catch_up(self) -> None:
        """Read the room and its match from storage again, and send each connection what
        it missed (nothing, when no notice was lost)."""
        await self.hub.room_changed(self, unless_same=True)

    async def _on_room(self, data: JsonObject) -> None:
        kind = data.get("kind")
        if kind == "room":
            await self.hub.room_changed(self)
        elif kind == "chat":
            fields = {key: data.get(key) for key in ("id", "seat", "name", "text", "at")}
            message = wire.ChatMessage.model_validate(fields)
            written = data.get("account")
            author = written if isinstance(written, str) else None
            for connection in list(self.connections):
                if not await self.hub.hides(connection, author):
                    await connection.send(message)
        elif kind == "presence?":
            if data.get("process") != self.hub.presence.process:
                await self.hub.publish_presence(self.room)
        elif kind == "presence":
            if data.get("process") != self.hub.presence.process:  # ours were sent already
                self.hub.presence.heard(self.room, data)
                if self.hub.presence_of(self.room) != self.presence_sent:  # a heartbeat: quiet
                    await self.hub.send_presence(self)
        elif kind == "timer":
            for connection in list(self.connections):
                await self.hub.send_timer(connection, str(data.get("match")), data)


class Hub:
    """Every connection of this process (see the module's documentation)."""

    def __init__(
        self,
        storage: Storage,
        fanout: Fanout,
        matches: Matches,
        presence: Presence,
        room_info: Callable[[str], Awaitable[Any]],
        clock: Callable[[], float],
    ) -> None:
        self.storage = storage
        self.fanout = fanout
        self.matches = matches
        self.presence = presence
        self.room_info = room_info
        """Builds the protocol's room description (a ``RoomInfo``) of a room id."""
        self.clock = clock
        self.rooms: dict[str, RoomHub] = {}
        self.following: dict[str, RoomHub] = {}
        """The room hub following each match."""
        self._heartbeat: asyncio.Task[None] | None = None
        self.blocking: Callable[[str], Awaitable[set[str]]] | None = None
        """The accounts an account blocked (the friends' ``blocking``; ``None``: a store
        without accounts, where nobody blocks anyone)."""

    async def hides(self, connection: Connection, author: str | None) -> bool:
        """Whether the person of ``connection`` blocked ``author``, the account that wrote a
        chat line (so that it is not sent to them). What they blocked is read again when
        older than :data:`BLOCKS_FRESH` seconds."""
        if author is None or connection.account is None or self.blocking is None:
            return False
        now = self.clock()
        if connection.blocked_at is None or now - connection.blocked_at > BLOCKS_FRESH:
            connection.blocked = frozenset(await self.blocking(connection.account))
            connection.blocked_at = now
        return author in connection.blocked

    def start(self) -> None:
        self._heartbeat = asyncio.create_task(self._beat(), name="presence heartbeat")

    async def stop(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        for room in self.rooms.values():
            room.close()
        self.rooms.clear()

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            self.presence.forget_idle()
            for room in self.presence.rooms():  # for the other processes
                with contextlib.suppress(Exception):
                    await self.fanout.publish(
                        room_channel(room), json.dumps(self.presence.report(room))
                    )
            quiet_since = asyncio.get_running_loop().time() - QUIET
            for hub in list(self.rooms.values()):  # ours, if a silent process was forgotten
                if self.presence_of(hub.room) != hub.presence_sent:
                    with contextlib.suppress(Exception):
                        await self.send_presence(hub)
                if hub.news_at <= quiet_since:
                    try:
                        await hub.catch_up()
                    except (StorageError, FanoutError):
                        pass  # at the next beat
                    except Exception:
                        log.exception("catching up with room %s failed", hub.room)

    # -- joining and leaving ----------------------------------------------------------------

    async def join(self, connection: Connection, match: str | None) -> None:
        """Count ``connection`` in its room (then :meth:`publish_presence` tells everyone)."""
        room = self.rooms.get(connection.room)
        if room is None:
            room = self.rooms[connection.room] = RoomHub(self, connection.room)
            room.opening = asyncio.ensure_future(room.open(match))
        try:
            # Everyone joining while the room's listeners start waits for them: until then
            # the room does not know its match (a connection joining meanwhile got no view).
            # Shielded: one joiner giving up does not stop the others' room from opening.
            await asyncio.shield(_opening(room))
        except BaseException:
            if self.rooms.get(connection.room) is room and not room.connections:
                room.close()
                self.rooms.pop(connection.room, None)
            raise
        connection.match = room.match
        room.connections.add(connection)
        self.presence.connect(connection.room, connection.seat)

    async def leave(self, connection: Connection) -> None:
        connection.closed = True
        room = self.rooms.get(connection.room)
        if room is None or connection not in room.connections:
            return
        room.connections.discard(connection)
        self.presence.disconnect(connection.room, connection.seat)
        with contextlib.suppress(Exception):
            await self.publish_presence(connection.room)
        if not room.connections and self.rooms.get(connection.room) is room:
            room.close()
            self.rooms.pop(connection.room, None)

    async def match_moved(self, match: str, version: int) -> None:
        """Send this process's connections to ``match`` what changed now that it reached
        ``version`` (a decision taken here: they need not wait for the fan-out)."""
        room = self.following.get(match)
        if room is not None:
            await room._on_match({"version": version})

    async def publish_presence(self, room: str) -> None:
        with contextlib.suppress(FanoutError):  # the others hear it at the next heartbeat
            await self.fanout.publish(room_channel(room), json.dumps(self.presence.report(room)))
        hub = self.rooms.get(room)
        if hub is not None:
            await self.send_presence(hub)

    def presence_of(self, room: str) -> tuple[frozenset[int], int]:
        """Who is connected to ``room`` now: the seats and how many spectators."""
        return frozenset(self.presence.connected(room)), self.presence.spectators(room)

    async def send_presence(self, room: RoomHub) -> None:
        room.presence_sent = self.presence_of(room.room)
        info = await self.room_info(room.room)
        message = wire.PresenceMessage(
            seats=info.seats, spectators=self.presence.spectators(room.room)
        )
        for connection in list(room.connections):
            await connection.send(message)

    async def room_changed(self, room: RoomHub, *, unless_same: bool = False) -> None:
        """Send the room's description to its connections (``unless_same``: only if it
        changed since it was last sent); follow a new match."""
        info = await self.room_info(room.room)
        await room.follow(info.match)
        send = not unless_same or info != room.room_sent
        room.room_sent = info
        message = wire.RoomMessage(room=info)
        for connection in list(room.connections):
            if send:
                await connection.send(message)
            if connection.match != info.match:
                connection.match, connection.sent, connection.shown = info.match, 0, None
            # Even when it follows that match already: a read that failed half-way through
            # (this notice is then handled again) may have left it without its view.
            await self.push(connection)
        room.news_at = asyncio.get_running_loop().time()

    # -- what a connection is sent ----------------------------------------------------------

    async def send_timer(self, connection: Connection, match: str, timer: JsonObject) -> None:
        """Send a stored turn timer (``{"seat", "deadline"}``) to one connection."""
        deadline, seat = timer.get("deadline"), timer.get("seat")
        if isinstance(deadline, int | float) and isinstance(seat, int):
            await connection.send(
                wire.TimerMessage(
                    match=match,
                    seat=seat,
                    deadline=deadline,
                    seconds=max(0.0, deadline - self.clock()),
                )
            )

    async def push(
        self, connection: Connection, *, view: bool = True, at_least: int | None = None
    ) -> None:
        """Send ``connection`` its new events and its view of its match (``at_least``: the
        version announced, which a match cached here may already have reached)."""
        match = connection.match
        if match is None or connection.closed:
            return
        async with connection.lock:
            try:
                async with self.matches.lock(match):
                    live = await self.matches.live(match, at_least=at_least)
                    if connection.sent > live.event_count(connection.seat):
                        connection.sent = 0  # it claims more than there is: send them all
                    events = live.events(connection.seat, connection.sent)
                    state = live.seat_state(connection.seat)
            except Refused as refusal:
                await connection.send(error_of(refusal))
                return
            if not events and state.version == connection.shown:
                return  # sent already (by the process that took it, or an earlier notice)
            # Built from the engine's own JSON, these are valid by construction: checking
            # every view again would cost more than the rest of the message. From protocol 2
            # on, new events travel inside the view: one message instead of two.
            inside = view and connection.protocol >= 2
            if events and not inside:
                await connection.send(
                    wire.EventsMessage.model_construct(
                        match=match, first=connection.sent, events=events
                    )
                )
            connection.sent += len(events)
            if view:
                connection.shown = state.version
                await connection.send(
                    wire.ViewMessage.model_construct(
                        match=match,
                        version=state.version,
                        seat=connection.seat,
                        view=state.view,
                        legal=state.legal,
                        to_act=state.to_act,
                        default=state.default,
                        outcome=state.outcome,
                        outcome_text=state.outcome_text,
                        events=state.events,
                        new_events=events if inside else [],
                        unplayable=state.unplayable,
                        card_text=state.card_text,
                    )
                )


def _opening(room: RoomHub) -> asyncio.Future[None]:
    assert room.opening is not None, "a room hub is opened as it is made"
    return room.opening


def error_of(refusal: Refused, refers_to: str | None = None) -> wire.ErrorMessage:
    """The protocol's ``error`` message for a refusal (codes the protocol does not name
    travel as ``bad_message``, the sentence saying what was wrong)."""
    known = {code.value for code in ErrorCode}
    code = ErrorCode(refusal.code) if refusal.code in known else ErrorCode.BAD_MESSAGE
    return wire.ErrorMessage(
        code=code, message=refusal.reason, refers_to=refers_to, refusal=refusal.refusal
    )
