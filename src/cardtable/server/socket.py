"""One WebSocket connection: the hello handshake, then decisions, chat and pings (and from
protocol 7, a seat's automatic play and the room's pace: ``auto``, ``pace``).

The first message must be ``hello`` (within :data:`HELLO_SECONDS`), carrying the seat token (or
the room's spectator ticket; nothing for an open room's spectators) and how many events of the
current match the client already has. A person signed in (the session cookie on the
handshake, or the ``X-Cardtable-Session`` header) needs no token for a seat of their account:
a hello without one is that seat, from any browser or device. A seat of an account refuses
another account, and everyone once the account is disabled (``bad_token`` with the refusal
``not_your_seat`` or ``account_disabled``; its decisions and chat too).

The server answers ``welcome``, the room, who is connected, the latest chat, and then, for
the current match, the events the client missed and its view. Every later message gets either
its effect or an ``error`` with a code and a plain sentence; none closes the connection but a
wrong hello, a foreign origin, or a client that keeps flooding the server after being told to
slow down.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardtable.protocol import messages as wire
from cardtable.protocol.codec import check_version, dump, error, read_client
from cardtable.protocol.errors import ErrorCode, ProtocolError
from cardtable.protocol.limits import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from cardtable.server.accounts.guests import COOKIE, HEADER
from cardtable.server.errors import Refused
from cardtable.server.fanout import FanoutError
from cardtable.server.hub import Connection, error_of
from cardtable.server.matches import room_channel
from cardtable.server.rooms import TOKEN_SHAPE
from cardtable.server.security import RateLimit, origin_allowed
from cardtable.server.storage import SqlStorage, StorageError

if TYPE_CHECKING:
    from cardtable.server.services import Services

log = logging.getLogger("cardtable.server")

HELLO_SECONDS = 10.0
CHAT_HISTORY = 50
CHAT_PER_SECOND = 1.0
CHAT_BURST = 5
FLOODS_BEFORE_CLOSING = 20
"""Messages refused as ``too_many`` in a row after which the connection is closed."""
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013


async def serve(socket: WebSocket, room_id: str, services: Services) -> None:
    """Run one connection to its end."""
    if not origin_allowed(
        socket.headers.get("origin"), socket.headers.get("host"), services.config.origins
    ):
        await socket.accept()  # to say why before closing: a browser shows nothing otherwise
        await _send_error(socket, error(ErrorCode.FORBIDDEN_ORIGIN))
        await close_refusing(socket, "connections from this origin are refused")
        return
    await socket.accept()
    with anyio.CancelScope(shield=True):  # see below: storage work is never cut half-way
        connection = await _hello(socket, room_id, services)
    if connection is None:
        return
    account = connection.account if isinstance(services.storage, SqlStorage) else None
    try:
        if account is not None:  # a seat's person is online (their friends' whereabouts)
            with anyio.CancelScope(shield=True):
                await _told_whereabouts(services.whereabouts.connect(account))
        await _converse(socket, connection, services)
    finally:
        # Leaving is finished even when the connection's task is being cancelled: stopping
        # half-way through its storage work would leave a database connection half closed.
        with anyio.CancelScope(shield=True):
            await services.hub.leave(connection)
            if account is not None:
                await _told_whereabouts(services.whereabouts.disconnect(account))


async def _told_whereabouts(telling: Awaitable[None]) -> None:
    """Tell a person's whereabouts; storage or fan-out away only loses this change."""
    try:
        await telling
    except (StorageError, FanoutError) as away:
        log.warning("whereabouts not told: %s", away)


async def _send_error(socket: WebSocket, message: wire.ErrorMessage) -> None:
    with contextlib.suppress(Exception):
        await socket.send_text(message.model_dump_json())


async def _hello(socket: WebSocket, room_id: str, services: Services) -> Connection | None:
    try:
        raw = await asyncio.wait_for(receive_text(socket), HELLO_SECONDS)
    except (TimeoutError, WebSocketDisconnect):
        await close_refusing(socket, "no hello came")
        return None
    except ProtocolError as problem:
        await _send_error(socket, wire.ErrorMessage.of(problem))
        await close_refusing(socket, problem.message)
        return None
    protocol = PROTOCOL_VERSION
    try:
        if raw is None:
            raise ProtocolError(ErrorCode.TOO_LARGE)
        hello = read_client(raw)
        if not isinstance(hello, wire.Hello):
            raise ProtocolError(ErrorCode.HELLO_FIRST, refers_to=hello.type)
        check_version(hello)
        protocol = hello.protocol
        try:
            room = await services.rooms.room(room_id)
        except Refused as refusal:  # over the socket, a room that is gone is a closed one
            if refusal.code != "not_found":
                raise
            raise Refused("room_closed", refusal.reason) from None
        if room.status == "closed":
            raise Refused("room_closed", "this room is closed")
        account = await signed_in(socket, services)
        owned = None
        if hello.token is None and account is not None:
            owned = await services.rooms.seat_of(room, account)
        if owned is not None:
            seat, name, owner = owned.seat, owned.name, owned.account_id
        elif hello.token is None and room.password_hash is None and room.settings.get("spectators"):
            seat, name, owner = None, "spectator", None
        else:
            occupant = await services.rooms.who(room, hello.token, account)
            seat, name, owner = occupant.seat, occupant.name, occupant.account_id
    except ProtocolError as problem:
        await _send_error(socket, wire.ErrorMessage.of(problem))
        await close_refusing(socket, problem.message)
        return None
    except Refused as refusal:
        await _send_error(socket, error_of(refusal, "hello"))
        await close_refusing(socket, refusal.reason)
        return None
    except (StorageError, FanoutError) as away:
        await _unavailable(socket, protocol, away)
        return None
    connection = Connection(
        room_id, seat, name, socket.send_text, protocol=hello.protocol, account=owner
    )
    try:
        await _welcome(connection, hello, services)
    except (StorageError, FanoutError) as away:
        await services.hub.leave(connection)
        await _unavailable(socket, hello.protocol, away)
        return None
    return connection


async def signed_in(socket: WebSocket, services: Services) -> str | None:
    """The account the handshake's session signs in (the header first, then the cookie), if
    any. (The handshake's origin was checked already: another site cannot use the cookie.)"""
    token = socket.headers.get(HEADER) or socket.cookies.get(COOKIE)
    if (
        not token
        or not TOKEN_SHAPE.fullmatch(token)
        or not isinstance(services.storage, SqlStorage)
    ):
        return None
    current = await services.people.authenticate(token)
    return None if current is None else current.account.id


async def _unavailable(socket: WebSocket, protocol: int, away: Exception) -> None:
    """Tell a client saying hello that the server cannot reach its storage, and close."""
    log.warning("a hello could not be answered: %s", away)
    with contextlib.suppress(Exception):
        await socket.send_text(dump(error(ErrorCode.UNAVAILABLE, refers_to="hello"), protocol))
    with contextlib.suppress(Exception):
        await socket.close(code=TRY_AGAIN_LATER, reason="the server is unavailable: try again")


async def _welcome(connection: Connection, hello: wire.Hello, services: Services) -> None:
    """Welcome a client whose hello was right: the room, its presence and chat, the match."""
    room_id = connection.room
    connection.sent = hello.last_event  # before it can be sent anything: resume after those
    match = await services.rooms.current_match(room_id)
    await connection.send(
        wire.Welcome(
            protocol=hello.protocol,
            room=room_id,
            seat=connection.seat,
            role="spectator" if connection.seat is None else "player",
            name=connection.name,
        )
    )
    await services.hub.join(connection, match)
    await connection.send(wire.RoomMessage(room=await services.room_info(room_id)))
    await services.hub.publish_presence(room_id)
    for line in await services.storage.chat(room_id, limit=CHAT_HISTORY):
        if await services.hub.hides(connection, line.account_id):
            continue  # a line of someone this person blocked
        await connection.send(
            wire.ChatMessage(id=line.id, seat=line.seat, name=line.name, text=line.text, at=line.at)
        )
    if connection.match is not None:
        await services.hub.push(connection)
        row = await services.storage.match(connection.match)
        if row is not None and row.timer is not None:
            await services.hub.send_timer(connection, row.id, row.timer)


async def close_refusing(socket: WebSocket, reason: str) -> None:
    with contextlib.suppress(Exception):
        await socket.close(code=POLICY_VIOLATION, reason=reason[:120])


async def receive_text(socket: WebSocket) -> str | None:
    """The next text (or binary) message; ``None`` when it is too large."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    data = message.get("text")
    if data is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "messages are JSON in text frames, not binary")
    if len(data.encode("utf-8")) > MAX_MESSAGE_BYTES:
        return None
    return str(data)


async def _converse(socket: WebSocket, connection: Connection, services: Services) -> None:
    clock = services.clock
    rate = services.config.messages_per_second
    messages = RateLimit(rate=rate, burst=max(1, round(3 * rate)))
    chats = RateLimit(rate=CHAT_PER_SECOND, burst=CHAT_BURST)
    floods = 0
    while not connection.closed:
        unreadable: ProtocolError | None = None
        try:
            raw = await receive_text(socket)
        except WebSocketDisconnect:
            return
        except ProtocolError as problem:  # counted like any message: a flood is a flood
            raw, unreadable = None, problem
        if not messages.allow(clock()):
            floods += 1
            if floods >= FLOODS_BEFORE_CLOSING:
                await close_refusing(socket, "too many messages")
                return
            await connection.send(error(ErrorCode.TOO_MANY, "too many messages: slow down"))
            continue
        floods = 0
        if connection.account is not None and isinstance(services.storage, SqlStorage):
            services.whereabouts.touch(connection.account)
        if unreadable is not None:
            await connection.send(wire.ErrorMessage.of(unreadable))
            continue
        try:
            if raw is None:
                raise ProtocolError(ErrorCode.TOO_LARGE)
            message = read_client(raw, connection.protocol)
            with anyio.CancelScope(shield=True):  # a message is handled to its end
                await _handle(message, connection, services, chats)
        except ProtocolError as problem:
            await connection.send(wire.ErrorMessage.of(problem))
        except Refused as refusal:
            await connection.send(error_of(refusal, _type_of(raw)))
        except (StorageError, FanoutError) as away:  # nothing changed: try again soon
            log.warning("a %s message in room %s: %s", _type_of(raw), connection.room, away)
            await connection.send(error(ErrorCode.UNAVAILABLE, refers_to=_type_of(raw)))
        except Exception:  # our fault, not the client's: say so and carry on
            log.exception("a %s message in room %s failed", _type_of(raw), connection.room)
            await connection.send(
                error(
                    ErrorCode.INTERNAL,
                    "the server failed on this message; nothing changed, try again",
                    refers_to=_type_of(raw),
                )
            )


async def _still_allowed(connection: Connection, services: Services) -> None:
    """Refuse a connection to an account's seat once the account is disabled or deleted."""
    if connection.account is not None and not await services.rooms.account_active(
        connection.account
    ):
        raise Refused(
            "bad_token",
            "the account this seat belongs to is disabled: it cannot play here",
            refusal="account_disabled",
        )


def _type_of(raw: str | None) -> str | None:
    with contextlib.suppress(ValueError, AttributeError):
        value = json.loads(raw or "").get("type")
        return value if isinstance(value, str) else None
    return None


async def _handle(
    message: object, connection: Connection, services: Services, chats: RateLimit
) -> None:
    if isinstance(message, wire.Ping):
        await connection.send(wire.Pong(nonce=message.nonce))
    elif isinstance(message, wire.Hello):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "hello comes once, first", refers_to="hello")
    elif isinstance(message, wire.Decide):
        if connection.seat is None:
            raise ProtocolError(ErrorCode.NOT_SEATED, refers_to="decide")
        await _still_allowed(connection, services)
        if connection.match is None:
            raise ProtocolError(ErrorCode.NO_MATCH, refers_to="decide")
        accepted = await services.matches.submit(
            connection.match, connection.seat, message.decision, message.version
        )
        # Its sender hears that it was taken from this process, whatever the fan-out does
        # (sent already, as a rule, when the match told this process's connections).
        await services.hub.push(connection, at_least=accepted.version)
        if accepted.penalty is not None:
            penalised = error(
                ErrorCode.ILLEGAL_DECISION,
                f"{accepted.penalty.reason} (the rules penalised it)",
                refers_to="decide",
            )
            await connection.send(
                penalised.model_copy(update={"refusal": accepted.penalty.code, "penalised": True})
            )
    elif isinstance(message, wire.Auto):
        await _still_allowed(connection, services)
        await services.rooms.set_auto(connection.room, connection.seat, message.on, message.seat)
    elif isinstance(message, wire.PaceSend):
        await _still_allowed(connection, services)
        await services.rooms.set_pace(connection.room, connection.seat, message.pace)
    elif isinstance(message, wire.ChatSend):
        if not chats.allow(services.clock()):
            raise ProtocolError(ErrorCode.TOO_MANY, "you are chatting too fast", refers_to="chat")
        await _still_allowed(connection, services)
        line = await services.storage.add_chat(
            connection.room, connection.seat, connection.name, message.text, services.clock(),
            connection.account,
        )  # fmt: skip
        await services.matches.notices.tell(
            room_channel(connection.room),
            json.dumps(
                {"kind": "chat", "id": line.id, "seat": line.seat, "name": line.name,
                 "text": line.text, "at": line.at, "account": line.account_id}
            ),
        )  # fmt: skip
