"""A TCP relay between the fan-out and Redis that a test can freeze or shut, to play a
network that goes silent or a Redis that goes away without touching the real Redis."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit


class Relay:
    """Relays loopback connections to the Redis at ``url``; :attr:`url` is its own address."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._target = parts
        self._server: asyncio.Server | None = None
        self._links: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter, set[str]]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self.refusing = False
        """While set, new connections are closed at once (Redis is away)."""
        self.url = ""

    async def __aenter__(self) -> Relay:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        self.url = self._target._replace(netloc=f"127.0.0.1:{port}").geturl()
        return self

    async def __aexit__(self, *_: object) -> None:
        assert self._server is not None
        self._server.close()
        self.cut()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._server.wait_closed()

    def freeze(self) -> None:
        """The open connections go silent: what is sent on them is swallowed, not closed."""
        for _, _, state in self._links:
            state.add("frozen")

    def cut(self) -> None:
        """Close every open connection (as a Redis that stopped would)."""
        for client, upstream, _ in self._links:
            client.close()
            upstream.close()
        self._links.clear()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            writer.close()
            return
        host, port = self._target.hostname or "127.0.0.1", self._target.port or 6379
        up_reader, up_writer = await asyncio.open_connection(host, port)
        state: set[str] = set()
        self._links.append((writer, up_writer, state))
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pipe(source, sink, state))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _pipe(
        source: asyncio.StreamReader, sink: asyncio.StreamWriter, state: set[str]
    ) -> None:
        with contextlib.suppress(OSError):
            while data := await source.read(65536):
                if "frozen" not in state:
                    sink.write(data)
                    await sink.drain()
        sink.close()
