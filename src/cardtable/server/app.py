"""The ASGI application: a factory, so that tests build it in-process with their own settings.

>>> from cardtable.server.services import ServerConfig
>>> app = create_app(ServerConfig(database_url="sqlite+aiosqlite:///:memory:"))
>>> "/ws/rooms/{room_id}" in {getattr(route, "path", "") for route in app.routes}
True
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from cardtable import __version__
from cardtable.protocol.lobby import Problem
from cardtable.protocol.plain import describe
from cardtable.server import socket
from cardtable.server.errors import Refused
from cardtable.server.fanout import open_fanout
from cardtable.server.routes import router
from cardtable.server.services import ServerConfig, Services
from cardtable.server.storage import SqlStorage
from cardtable.server.web import mount_client

SHUTDOWN_SECONDS = 10.0
"""How long stopping may take (closing connections, releasing leases) before it gives up."""


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
    )
    app.include_router(router)

    @app.exception_handler(Refused)
    async def refused(request: Request, refusal: Refused) -> JSONResponse:
        headers = {}
        if refusal.retry_after is not None:
            headers["Retry-After"] = str(max(1, round(refusal.retry_after)))
        body = Problem(code=refusal.code, message=refusal.reason)
        return JSONResponse(body.model_dump(), status_code=refusal.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        body = Problem(code="bad_message", message=describe(error.errors(), skip=1))
        return JSONResponse(body.model_dump(), status_code=422)

    @app.websocket("/ws/rooms/{room_id}")
    async def room_socket(websocket: WebSocket, room_id: str) -> None:
        await socket.serve(websocket, room_id, app.state.services)

    mount_client(app)  # last: the client's files answer whatever no route above does
    return app
