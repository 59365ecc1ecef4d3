"""The ASGI application: a factory, so that tests build it in-process with their own settings.

Every answer that is not a success is a problem document, ``{"code", "message"}``
(:class:`~cardtable.protocol.lobby.Problem`), with the status of its code
(:func:`~cardtable.server.errors.status_of`): a refusal of the server's own, a body that does
not validate or cannot be read at all, one larger than
:data:`~cardtable.protocol.lobby.MAX_BODY_BYTES`, a route that is not there or does not take
the method, an outage of the storage or the fan-out (503 ``unavailable`` with ``Retry-After``),
and a bug (500 ``internal``, logged once with its traceback).

>>> from cardtable.server.services import ServerConfig
>>> app = create_app(ServerConfig(database_url="sqlite+aiosqlite:///:memory:"))
>>> "/ws/rooms/{room_id}" in {getattr(route, "path", "") for route in app.routes}
True
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable import __version__
from cardtable.protocol.lobby import MAX_BODY_BYTES, Problem
from cardtable.protocol.plain import describe
from cardtable.server import personal, socket
from cardtable.server.accounts.guests import COOKIE, HEADER
from cardtable.server.accounts.history_routes import router as history_router
from cardtable.server.accounts.reset_routes import router as reset_router
from cardtable.server.accounts.routes import clear_session_cookie
from cardtable.server.accounts.routes import router as accounts_router
from cardtable.server.errors import Refused, status_of
from cardtable.server.fanout import open_fanout
from cardtable.server.fanout.base import FanoutError
from cardtable.server.feed.routes import profiles_router as activity_router
from cardtable.server.feed.routes import router as feed_router
from cardtable.server.friends.routes import router as friends_router
from cardtable.server.invites.routes import hide_invite_tokens
from cardtable.server.invites.routes import router as invites_router
from cardtable.server.matchmaking.routes import router as matchmaking_router
from cardtable.server.notifications.routes import inbox_router as notifications_inbox_router
from cardtable.server.notifications.routes import router as notifications_router
from cardtable.server.playing.routes import router as playing_router
from cardtable.server.plugin_tables import router as plugin_tables_router
from cardtable.server.ratings.routes import profiles_router as ratings_profiles_router
from cardtable.server.ratings.routes import router as ratings_router
from cardtable.server.routes import router
from cardtable.server.services import ServerConfig, Services
from cardtable.server.storage import SqlStorage, StorageError
from cardtable.server.tournaments.routes import router as tournaments_router
from cardtable.server.web import SecurityHeaders, mount_client, mount_docs
from cardtable.server.whereabouts.routes import router as whereabouts_router

SHUTDOWN_SECONDS = 10.0
"""How long stopping may take (closing connections, releasing leases) before it gives up."""

OUTAGE_RETRY_SECONDS = 5
"""What ``Retry-After`` asks of a client while the storage or the fan-out is down."""

HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}
"""The code of each refusal that HTTP itself gives (any other: ``bad_message``)."""

log = logging.getLogger("cardtable.server")


def problem(
    code: str,
    message: str,
    *,
    headers: dict[str, str] | None = None,
    refusal: str | None = None,
    field: str | None = None,
) -> JSONResponse:
    """The problem document of refusal ``code``, with its status."""
    body = Problem(code=code, message=message, refusal=refusal, field=field).model_dump()
    return JSONResponse(body, status_code=status_of(code), headers=headers)


def create_app(config: ServerConfig) -> FastAPI:
    """The server for ``config``: storage and fan-out open when the app starts."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = await SqlStorage.open(config.database_url)
        fanout = open_fanout(config.redis_url)
        services = Services(config, storage, fanout)
        app.state.services = services
        services.start()
        try:
            yield
        finally:
            with anyio.CancelScope(shield=True), anyio.move_on_after(SHUTDOWN_SECONDS):
                await services.stop()
                await fanout.close()
                await storage.close()

    app = FastAPI(
        title="cardtable",
        version=__version__,
        summary="Rooms, matches and chat for the games cardtable plays.",
        lifespan=lifespan,
        docs_url=None,  # served by mount_docs, with a content security policy of its own
        redoc_url=None,
    )
    app.include_router(router)
    app.include_router(accounts_router)
    app.include_router(history_router)
    app.include_router(reset_router)
    app.include_router(invites_router)
    app.include_router(friends_router)
    app.include_router(feed_router)
    app.include_router(activity_router)
    app.include_router(notifications_router)
    app.include_router(whereabouts_router)
    app.include_router(notifications_inbox_router)
    app.include_router(playing_router)
    app.include_router(ratings_router)
    app.include_router(ratings_profiles_router)
    app.include_router(matchmaking_router)
    app.include_router(tournaments_router)
    app.include_router(plugin_tables_router)
    hide_invite_tokens()
    answer_problems(app)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(Failsafe)
    app.add_middleware(SecurityHeaders)  # last added, outermost: on every answer

    @app.websocket("/ws/rooms/{room_id}")
    async def room_socket(websocket: WebSocket, room_id: str) -> None:
        await socket.serve(websocket, room_id, app.state.services)

    @app.websocket("/ws/me")
    async def personal_socket(websocket: WebSocket) -> None:
        await personal.serve(websocket, app.state.services)

    mount_docs(app)
    mount_client(app)  # last: the client's files answer whatever no route above does
    return app


def _by_a_dead_cookie(request: Request, refusal: Refused) -> bool:
    """Whether the request was refused for a session cookie that signs no one in (the
    browser should stop sending it); a program's header, tried first, says nothing of it."""
    return (
        refusal.code == "not_logged_in"
        and COOKIE in request.cookies
        and HEADER not in request.headers
    )


def answer_problems(app: FastAPI) -> None:
    """Make every refusal a problem document."""

    @app.exception_handler(Refused)
    async def refused(request: Request, refusal: Refused) -> JSONResponse:
        headers = {}
        if refusal.retry_after is not None:
            headers["Retry-After"] = str(max(1, round(refusal.retry_after)))
        answer = problem(
            refusal.code,
            refusal.reason,
            headers=headers,
            refusal=refusal.refusal,
            field=refusal.field,
        )
        if _by_a_dead_cookie(request, refusal):
            clear_session_cookie(answer, request)
        return answer

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return problem("bad_message", describe(error.errors(), skip=1))

    @app.exception_handler(HTTPException)
    async def http_refusal(request: Request, error: HTTPException) -> JSONResponse:
        code = HTTP_CODES.get(error.status_code, "bad_message")
        headers = dict(error.headers or {})
        if code == "method_not_allowed":
            headers["Allow"] = allowed_methods(app, request.url.path) or headers.get("Allow", "")
        return problem(code, _http_message(code, request, error, headers), headers=headers)

    @app.exception_handler(StorageError)
    @app.exception_handler(FanoutError)
    async def outage(request: Request, error: Exception) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, error)
        return problem(
            "unavailable",
            f"the server cannot reach its {_part(error)} just now: try again in a moment",
            headers={"Retry-After": str(OUTAGE_RETRY_SECONDS)},
        )


def _part(error: Exception) -> str:
    return "database" if isinstance(error, StorageError) else "other processes"


def allowed_methods(app: FastAPI, path: str) -> str:
    """The methods that ``path`` takes, for ``Allow`` ('' if it is no route's): those of the
    OpenAPI document's operations, and of the routes the document leaves out (``/docs``)."""
    methods: set[str] = set()
    for template, operations in app.openapi()["paths"].items():
        if compile_path(template)[0].match(path):
            methods |= {method.upper() for method in operations}
    for route in app.router.routes:
        pattern = getattr(route, "path_regex", None)
        if pattern is not None and pattern.match(path):
            methods |= getattr(route, "methods", None) or set()
    return ", ".join(sorted(methods))


def _http_message(
    code: str, request: Request, error: HTTPException, headers: dict[str, str]
) -> str:
    where = request.url.path
    if code == "not_found":
        return f"there is nothing at {where}"
    if code == "method_not_allowed":
        return f"{where} does not take {request.method}: it takes {headers['Allow']}"
    if code == "too_large":
        return f"the body is larger than {MAX_BODY_BYTES} bytes"
    return _unreadable(error.__cause__)


def _unreadable(cause: BaseException | None) -> str:
    """Why a body could not be read as JSON, in words."""
    if isinstance(cause, UnicodeDecodeError):
        return "the body is not valid UTF-8 text"
    if isinstance(cause, RecursionError):
        return "the body's JSON is nested too deeply"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return "a number in the body has too many digits"
    return "the body could not be read as JSON"


class BodyTooLarge(HTTPException):
    """A request body past the limit, found as it was read."""

    def __init__(self) -> None:
        super().__init__(status_code=413)


class BodyLimit:
    """Refuses a request body larger than ``limit`` bytes: at once when its ``Content-Length``
    says so, else as soon as that many bytes have come."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length", "")
        if length.isdigit() and int(length) > self.limit:
            refusal = problem("too_large", f"the body is larger than {self.limit} bytes")
            await refusal(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                raise BodyTooLarge()
            return message

        await self.app(scope, counted, send)


class Failsafe:
    """Answers a request that failed unexpectedly with a 500 ``internal`` problem (not a
    reset connection), and logs the failure once, with its traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            log.exception("%s %s failed", scope["method"], scope["path"])
            if not started:
                failed = problem(
                    "internal", "the server failed to answer this request: try again later"
                )
                await failed(scope, receive, send)
