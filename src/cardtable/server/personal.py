"""The personal channel: one WebSocket per signed-in person and tab, at ``/ws/me``.

Its messages are :mod:`cardtable.protocol.personal`'s. The handshake must be signed in (the
session cookie, or the ``X-Cardtable-Session`` header) and come from an allowed origin, as a
room connection's; the first message is ``hello`` with the channel's version (within
:data:`~cardtable.server.socket.HELLO_SECONDS`), answered by ``welcome`` and then the
whereabouts of the person's friends who are not offline. After that the server sends what
reaches the person's fan-out channel (:func:`~cardtable.server.notices.account_channel`): a
friend's whereabouts (``presence``), an item added to their inbox (``notification``), their
place in the matchmaking queue (``matchmaking``), a tournament of theirs moving on
(``tournament``). Every tab
listens to that channel, so each receives all of it, on whichever process it is connected.

The client sends ``ping``, ``active`` and ``idle``; the limits are a room connection's: a
message over :data:`~cardtable.protocol.limits.MAX_MESSAGE_BYTES` is refused unread
(``too_large``), and past the rate of ``messages_per_second`` each gets ``too_many`` (the
connection closes after :data:`~cardtable.server.socket.FLOODS_BEFORE_CLOSING` in a row).
Anything else gets a typed ``error`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardtable.protocol.errors import ErrorCode, ProtocolError
from cardtable.protocol.personal import (
    PERSONAL_VERSIONS,
    PersonalActive,
    PersonalError,
    PersonalHello,
    PersonalIdle,
    PersonalMatchmaking,
    PersonalNotification,
    PersonalPing,
    PersonalPong,
    PersonalPresence,
    PersonalTournament,
    PersonalWelcome,
    read_personal,
)
from cardtable.server.fanout import FanoutError, MissedMessages
from cardtable.server.fanout.subscription import Subscription
from cardtable.server.notices import account_channel
from cardtable.server.security import RateLimit, origin_allowed
from cardtable.server.socket import (
    FLOODS_BEFORE_CLOSING,
    HELLO_SECONDS,
    close_refusing,
    receive_text,
    signed_in,
)
from cardtable.server.storage import StorageError

if TYPE_CHECKING:
    from pydantic import BaseModel

    from cardtable.server.services import Services

log = logging.getLogger("cardtable.server")


class _Channel:
    """One personal connection: its socket, its person, and whether it said ``idle``."""

    def __init__(self, socket: WebSocket, account_id: str) -> None:
        self.socket = socket
        self.account_id = account_id
        self.idle = False
        self.connected = False
        """Counted among the person's connections (their whereabouts)."""
        self._sending = asyncio.Lock()

    async def send(self, message: BaseModel) -> None:
        """Send one message (:class:`Gone` if the tab went away meanwhile)."""
        async with self._sending:  # two tasks send: the reader's answers and the fan-out's
            try:
                await self.socket.send_text(message.model_dump_json())
            except (WebSocketDisconnect, OSError, RuntimeError) as closed:
                raise Gone(f"the tab went away: {closed!r}") from None


class Gone(Exception):
    """The connection closed under a send: the tab went away (nothing to tell, nothing failed)."""


async def _refuse(socket: WebSocket, problem: PersonalError) -> None:
    with contextlib.suppress(Exception):
        await socket.send_text(problem.model_dump_json())
    await close_refusing(socket, problem.message)


async def serve(socket: WebSocket, services: Services) -> None:
    """Run one personal connection to its end."""
    if not origin_allowed(
        socket.headers.get("origin"), socket.headers.get("host"), services.config.origins
    ):
        await socket.accept()
        await _refuse(socket, PersonalError.of(ProtocolError(ErrorCode.FORBIDDEN_ORIGIN)))
        return
    await socket.accept()
    try:
        account_id = await signed_in(socket, services)
    except (StorageError, FanoutError):
        await _refuse(socket, PersonalError.of(ProtocolError(ErrorCode.UNAVAILABLE)))
        return
    if account_id is None:
        await _refuse(
            socket,
            PersonalError(
                code="not_logged_in",
                message="The personal channel is for signed-in accounts: sign in first.",
            ),
        )
        return
    try:
        async with asyncio.timeout(HELLO_SECONDS):
            raw = await receive_text(socket)
        if raw is None:
            raise ProtocolError(ErrorCode.TOO_LARGE)
        hello = read_personal(raw)
        if not isinstance(hello, PersonalHello):
            raise ProtocolError(ErrorCode.HELLO_FIRST, refers_to=hello.type)
        if hello.version not in PERSONAL_VERSIONS:
            raise ProtocolError(
                ErrorCode.PROTOCOL_VERSION,
                f"This server speaks the personal channel's versions {list(PERSONAL_VERSIONS)}.",
                refers_to="hello",
            )
    except (TimeoutError, WebSocketDisconnect):
        await close_refusing(socket, "no hello came")
        return
    except ProtocolError as problem:
        await _refuse(socket, PersonalError.of(problem))
        return
    channel = _Channel(socket, account_id)
    try:
        async with services.fanout.subscribe(account_channel(account_id)) as heard:
            await _welcome(channel, hello, services)
            forwarding = asyncio.create_task(_forward(channel, heard), name="personal: forward")
            try:
                await _converse(channel, services)
            finally:
                forwarding.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await forwarding
    except (Gone, WebSocketDisconnect):
        pass  # a tab that closed while it was being sent something: the end, as any close
    except (StorageError, FanoutError) as away:
        log.warning("a personal channel could not go on: %s", away)
        await _refuse(socket, PersonalError.of(ProtocolError(ErrorCode.UNAVAILABLE)))
    except Exception:  # our fault: say so, and close
        log.exception("a personal channel failed")
        await _refuse(socket, PersonalError.of(ProtocolError(ErrorCode.INTERNAL)))
    finally:
        if channel.connected:
            with anyio.CancelScope(shield=True):
                try:
                    await services.whereabouts.disconnect(account_id, idle=channel.idle)
                except (StorageError, FanoutError) as away:
                    log.warning("whereabouts not told of a channel closed: %s", away)


async def _welcome(channel: _Channel, hello: PersonalHello, services: Services) -> None:
    account = await services.accounts.account_by_id(channel.account_id)
    username = "" if account is None or account.username is None else account.username
    await channel.send(PersonalWelcome(version=hello.version, username=username))
    channel.connected = True
    with anyio.CancelScope(shield=True):  # friends are told to the end, never half
        await services.whereabouts.connect(channel.account_id)
    for view in await services.whereabouts.of_friends(channel.account_id):
        if view.state != "offline":
            await channel.send(view)


async def _forward(channel: _Channel, heard: Subscription) -> None:
    """Send on what reaches the person's fan-out channel."""
    while True:
        try:
            async for message in heard:
                outgoing = _outgoing(message)
                if outgoing is not None:
                    await channel.send(outgoing)
            return
        except MissedMessages:
            continue  # what was missed waits in the inbox; whereabouts come with the next change


def _outgoing(
    message: str,
) -> PersonalPresence | PersonalNotification | PersonalMatchmaking | PersonalTournament | None:
    try:
        data = json.loads(message)
        kind = data.get("kind")
        if kind == "presence":
            return PersonalPresence.model_validate(data["presence"])
        if kind == "matchmaking":
            return PersonalMatchmaking(queue=data["queue"])
        if kind == "tournament":
            return PersonalTournament(tournament=data["tournament"])
        if kind == "notification":
            return PersonalNotification(
                notification={key: value for key, value in data.items() if key != "kind"}
            )
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    log.warning("a message of a personal channel could not be read: %.200s", message)
    return None


async def _converse(channel: _Channel, services: Services) -> None:
    rate = services.config.messages_per_second
    messages = RateLimit(rate=rate, burst=max(1, round(3 * rate)))
    floods = 0
    while True:
        unreadable: ProtocolError | None = None
        try:
            raw = await receive_text(channel.socket)
        except WebSocketDisconnect:
            return
        except ProtocolError as problem:
            raw, unreadable = None, problem
        if not messages.allow(services.clock()):
            floods += 1
            if floods >= FLOODS_BEFORE_CLOSING:
                await close_refusing(channel.socket, "too many messages")
                return
            await channel.send(
                PersonalError(code="too_many", message="too many messages: slow down")
            )
            continue
        floods = 0
        try:
            if unreadable is not None:
                raise unreadable
            if raw is None:
                raise ProtocolError(ErrorCode.TOO_LARGE)
            message = read_personal(raw)
            with anyio.CancelScope(shield=True):
                await _handle(message, channel, services)
        except ProtocolError as problem:
            await channel.send(PersonalError.of(problem))
        except (StorageError, FanoutError) as away:
            log.warning("a message of a personal channel: %s", away)
            await channel.send(PersonalError.of(ProtocolError(ErrorCode.UNAVAILABLE)))


async def _handle(
    message: PersonalHello | PersonalPing | PersonalActive | PersonalIdle,
    channel: _Channel,
    services: Services,
) -> None:
    if isinstance(message, PersonalPing):
        await channel.send(PersonalPong(nonce=message.nonce))
    elif isinstance(message, PersonalHello):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "hello comes once, first", refers_to="hello")
    else:
        idle = isinstance(message, PersonalIdle)
        if idle != channel.idle:
            channel.idle = idle
            await services.whereabouts.idle(channel.account_id, idle)
        elif not idle:
            services.whereabouts.touch(channel.account_id)
