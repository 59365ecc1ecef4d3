"""A seat (or a spectator's place) over the room's WebSocket, which reconnects after a drop.

:class:`Seat` says ``hello`` with its token and how many events it holds, and gives the
server's messages as the protocol's typed messages, in order, each once.

Signed in (``session=TOKEN``, from :class:`~cardtable.client.accounts.Accounts` or
``cardtable login``), it sends the session in the ``X-Cardtable-Session`` header of every
handshake, reconnections included. A seat taken signed in belongs to the account: a
:class:`Seat` with the account's session and no token resumes it from any device, as the
browser does with its session cookie (another account's session is a spectator there, or
refused when the room takes none; with the seat's token it is refused ``bad_token``,
``not_your_seat``). Without a session, the token alone holds the seat, as for a guest.

Then:

* events are placed in the seat's own stream (:attr:`Seat.events`) and given as ``events``
  messages, also those that came inside a view (protocol 2), just before that view: after a
  drop the client
  reconnects with the token and the number of events it holds (``last_event``), the server
  sends what was missed, and nothing is given twice or skipped (a gap forces a resync);
* chat lines the server repeats on every ``hello`` are given once; the current view is given
  again after a reconnection (a decision sent just before a drop may have been lost, so the
  caller decides again; if it was not lost, the server refuses the repeat as stale);
* a message type this client does not know is skipped, as the protocol page asks;
* an ``error`` after which the server closes the connection (``bad_token``,
  ``bad_password``, ``room_closed``...) raises :class:`~cardtable.client.errors.ServerRefused`;
  the others are given as :class:`~cardtable.protocol.messages.ErrorMessage` to the caller.

A session, against a running server::

    async with Seat("http://127.0.0.1:8000", room, token) as seat:
        async for message in seat:
            if isinstance(message, ViewMessage) and message.legal:
                await seat.decide(message.legal[0].text, message.version)

Signed in on another device, with no seat token::

    async with Seat("http://127.0.0.1:8000", room, None, session=session) as seat:
        assert seat.seat is not None  # the account's seat in the room

>>> FATAL >= {"bad_token", "bad_password", "room_closed"}
True
"""

from __future__ import annotations

import asyncio
from collections import deque
from types import TracebackType
from typing import Self

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from cardtable.client.address import server_url, socket_url
from cardtable.client.errors import ClientError, ServerRefused, Unreachable
from cardtable.engine.json import JsonObject
from cardtable.protocol import messages as wire
from cardtable.protocol.accounts import SESSION_HEADER
from cardtable.protocol.codec import dump, read_server
from cardtable.protocol.errors import ErrorCode, ProtocolError
from cardtable.protocol.limits import PROTOCOL_VERSION
from cardtable.protocol.lobby import Pace, RoomInfo

FATAL = frozenset(
    {"protocol_version", "hello_first", "bad_token", "bad_password", "forbidden_origin",
     "room_closed"}
)  # fmt: skip
"""Error codes after which the server closes the connection (docs/protocol.md, Errors)."""

RECONNECT_DELAYS = (0.05, 0.1, 0.2, 0.5, 1.0, 1.0, 2.0, 2.0, 3.0, 5.0)
"""Seconds to wait before each attempt to reconnect after a drop (about 15 s in all)."""

CHAT_REMEMBERED = 1000
"""How many chat ids a seat remembers to give each line once (the server repeats 50)."""

MAX_MESSAGE = 16 * 2**20
"""The largest server message read (a view of a big match is far smaller)."""


class Seat:
    """One connection to a room: a player's with a seat token, a spectator's with a ticket
    (or ``None`` to watch an open room); with ``session``, a signed-in session's token, the
    handshake carries it, and ``token=None`` is the seat the account holds in the room."""

    def __init__(
        self,
        url: str,
        room: str,
        token: str | None,
        *,
        session: str | None = None,
        reconnect_delays: tuple[float, ...] = RECONNECT_DELAYS,
        timeout: float = 10.0,
    ) -> None:
        self.url = server_url(url)
        self.room_id = room
        self.token = token
        self.session = session
        """The signed-in session's token sent on each handshake, if any."""
        self.reconnect_delays = reconnect_delays
        self.timeout = timeout
        self.welcome: wire.Welcome | None = None
        """The server's answer to the latest hello: the seat (``None`` watching) and name."""
        self.room: RoomInfo | None = None
        """The room as last sent."""
        self.view: wire.ViewMessage | None = None
        """The latest view of the current match."""
        self.match: str | None = None
        """The current match's id."""
        self.events: list[JsonObject] = []
        """This seat's stream of the current match's events, in order, each once."""
        self.reconnects = 0
        """How many times the seat came back after a drop."""
        self._chat_seen: set[int] = set()
        self._chat_order: deque[int] = deque()
        self._ready: deque[wire.ServerMessage] = deque()
        """Placed messages not given yet: the view whose events were given just before."""
        self._socket: ClientConnection | None = None
        self._closed = False

    # -- connecting -------------------------------------------------------------------------

    async def __aenter__(self) -> Self:
        await self.connect()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def seat(self) -> int | None:
        """This connection's seat (``None`` for a spectator or before the welcome)."""
        return None if self.welcome is None else self.welcome.seat

    async def connect(self) -> wire.Welcome:
        """Open the connection and say hello; the welcome (``ServerRefused`` when the server
        turns the token or the session away, ``Unreachable`` when it does not answer)."""
        headers = {} if self.session is None else {SESSION_HEADER: self.session}
        try:
            socket = await connect(
                socket_url(self.url, self.room_id),
                additional_headers=headers,
                open_timeout=self.timeout,
                max_size=MAX_MESSAGE,
                proxy=None,
            )
        except InvalidStatus as error:
            status = error.response.status_code
            raise Unreachable(
                f"the server at {self.url} refused the connection ({status})"
            ) from None
        except (OSError, TimeoutError, InvalidHandshake) as error:
            raise Unreachable(f"cannot reach the server at {self.url}: {error}") from None
        self._socket = socket
        hello = wire.Hello(protocol=PROTOCOL_VERSION, token=self.token, last_event=len(self.events))
        try:
            await socket.send(dump(hello))
            while True:
                message = await self._read(socket)
                if isinstance(message, wire.Welcome):
                    self.welcome = message
                    return message
        except ConnectionClosed:
            raise Unreachable(f"the server at {self.url} closed the connection") from None
        except ClientError:  # refused (or unreadable): the connection is not left open
            await socket.close()
            raise

    async def close(self) -> None:
        """Close the connection for good (the seat stays held: the room's disconnect policy
        applies until the player comes back)."""
        self._closed = True
        if self._socket is not None:
            await self._socket.close()

    def drop(self) -> None:
        """Cut the connection as a network failure would (no closing handshake): the next
        :meth:`receive` reconnects. For tests and load scripts."""
        if self._socket is not None and self._socket.transport is not None:
            self._socket.transport.abort()

    async def _reconnect(self) -> None:
        last: ClientError | None = None
        for delay in self.reconnect_delays:
            await asyncio.sleep(delay)
            if self._closed:
                return
            try:
                await self.connect()
            except Unreachable as error:
                last = error
                continue
            self.reconnects += 1
            return
        why = f": {last.reason}" if last is not None else ""
        raise Unreachable(f"lost the connection to the server and could not reconnect{why}")

    # -- receiving --------------------------------------------------------------------------

    def __aiter__(self) -> Self:
        return self

    async def __anext__(self) -> wire.ServerMessage:
        message = await self.receive()
        if message is None:
            raise StopAsyncIteration
        return message

    async def receive(self) -> wire.ServerMessage | None:
        """The next message (reconnecting after a drop); ``None`` once :meth:`close` closed
        the seat."""
        while not self._closed:
            if self._ready:
                return self._ready.popleft()
            socket = self._socket
            if socket is None:
                await self.connect()
                continue
            try:
                message = await self._read(socket)
            except ConnectionClosed:
                if not self._closed:
                    await self._reconnect()
                continue
            if message is not None:
                return message
        return None

    async def _read(self, socket: ClientConnection) -> wire.ServerMessage | None:
        """One message, checked and placed; ``None`` for one the caller need not see."""
        raw = await socket.recv()
        try:
            message = read_server(raw)
        except ProtocolError as error:
            if error.code == ErrorCode.UNKNOWN_TYPE:
                return None  # a newer server's message: skip it (docs/protocol.md, Versions)
            raise ClientError(
                f"the server sent a message this client cannot read: {error}"
            ) from None
        return self._place(message, socket)

    def _place(
        self, message: wire.ServerMessage, socket: ClientConnection
    ) -> wire.ServerMessage | None:
        if isinstance(message, wire.ErrorMessage) and message.code.value in FATAL:
            self._closed = True
            raise ServerRefused(message.code.value, message.message, refusal=message.refusal)
        if isinstance(message, wire.RoomMessage):
            self.room = message.room
        elif isinstance(message, wire.ChatMessage):
            # Lines repeated with the history after a hello are given once. Ids grow, but
            # lines from other server processes may arrive out of order: remember ids, not
            # the highest one.
            if message.id in self._chat_seen:
                return None
            self._chat_seen.add(message.id)
            self._chat_order.append(message.id)
            if len(self._chat_order) > CHAT_REMEMBERED:
                self._chat_seen.discard(self._chat_order.popleft())
        elif isinstance(message, wire.EventsMessage):
            return self._place_events(message, socket)
        elif isinstance(message, wire.ViewMessage):
            return self._place_view(message, socket)
        return message

    def _new_match(self, match: str) -> None:
        if match != self.match:
            self.match = match
            self.events = []
            self.view = None

    def _place_events(
        self, message: wire.EventsMessage, socket: ClientConnection
    ) -> wire.EventsMessage | None:
        self._new_match(message.match)
        held = len(self.events)
        if message.first > held:  # a gap: ask again from what we hold
            _abort(socket)
            return None
        fresh = message.events[held - message.first :]
        if not fresh:
            return None
        self.events.extend(fresh)
        if len(fresh) == len(message.events):
            return message
        return message.model_copy(update={"first": held, "events": fresh})

    def _place_view(
        self, message: wire.ViewMessage, socket: ClientConnection
    ) -> wire.ServerMessage | None:
        if message.new_events:  # protocol 2: the events first, as their own message
            first = message.events - len(message.new_events)
            if first < 0:
                raise ClientError(
                    "the server sent a view with more new events than its stream holds"
                )
            inside = wire.EventsMessage.model_construct(  # parts of a message checked already
                match=message.match, first=first, events=message.new_events
            )
            view = message.model_copy(update={"new_events": []})
            events = self._place_events(inside, socket)
            placed = self._place_view(view, socket)
            if events is None:
                return placed
            if placed is not None:
                self._ready.append(placed)
            return events
        self._new_match(message.match)
        self.view = message
        if message.events > len(self.events):  # events were missed: resync after this view
            _abort(socket)
        return message

    # -- sending ----------------------------------------------------------------------------

    async def decide(self, decision: str, version: int) -> bool:
        """Send a decision made on view ``version``; False when the connection was down (the
        view that follows the reconnection says what to do)."""
        return await self._send(wire.Decide(decision=decision, version=version))

    async def chat(self, text: str) -> bool:
        """Send a line of chat (the server cleans and checks it)."""
        return await self._send(wire.ChatSend.model_construct(text=text))

    async def ping(self, nonce: int | None = None) -> bool:
        return await self._send(wire.Ping(nonce=nonce))

    async def auto(self, on: bool) -> bool:
        """Have the server turn this seat's cards whenever it is to act (``on``), or stop, in
        a game that offers no real choice such as War (protocol 7; the room's seats then say
        ``auto``)."""
        return await self._send(wire.Auto(on=on))

    async def pace(self, pace: Pace) -> bool:
        """Set the room's pace of automatic turns: ``normal`` or ``fast`` (protocol 7)."""
        return await self._send(wire.PaceSend(pace=pace))

    async def _send(self, message: wire.ClientMessage) -> bool:
        if self._socket is None or self._closed:
            return False
        try:
            await self._socket.send(dump(message))
        except ConnectionClosed:
            return False
        return True


def _abort(socket: ClientConnection) -> None:
    if socket.transport is not None:
        socket.transport.abort()
