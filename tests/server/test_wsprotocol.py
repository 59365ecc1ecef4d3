"""A closed WebSocket connection is freed as soon as it is lost, not at the garbage
collector's next full pass (rare in the server, as each pauses every room)."""

from __future__ import annotations

import asyncio
import gc
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
import uvicorn
import websockets
from websockets.server import ServerProtocol

from cardtable.server.wsprotocol import LettingGoProtocol

pytestmark = pytest.mark.anyio
CONNECTIONS = 20


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An ASGI app that accepts a WebSocket and echoes it until it closes."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await receive()
    await send({"type": "websocket.accept"})
    while (message := await receive())["type"] != "websocket.disconnect":
        await send({"type": "websocket.send", "text": message.get("text") or ""})


@asynccontextmanager
async def serving(protocol: Any) -> AsyncIterator[str]:
    """uvicorn serving :func:`echo` with the WebSocket ``protocol``, on a loopback port."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    config = uvicorn.Config(echo, ws=protocol, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[listening]))
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield f"ws://127.0.0.1:{listening.getsockname()[1]}/"
    finally:
        server.should_exit = True
        await task


def left_behind() -> int:
    """The server-side WebSocket protocols still in memory (garbage included)."""
    return sum(1 for thing in gc.get_objects() if type(thing) is ServerProtocol)


@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_a_lost_connection_is_freed_without_waiting_for_the_collector() -> None:
    async with serving(LettingGoProtocol) as url:
        gc.collect()
        gc.disable()
        try:
            before = left_behind()
            for number in range(CONNECTIONS):
                client = await websockets.connect(url)
                await client.send("hello")
                assert await client.recv() == "hello"
                if number % 2:
                    await client.close()  # a closing handshake
                else:
                    client.transport.abort()  # a network gone
            await asyncio.sleep(0.2)  # the server hears the last ones go
            assert left_behind() - before == 0
        finally:
            gc.enable()
