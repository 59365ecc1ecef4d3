"""``cardtable serve``: the match server, on uvicorn.

Before listening it checks what a person can get wrong (a database or Redis that cannot be
reached, a port already taken) and says so in one line, rather than in a server's traceback.
"""

from __future__ import annotations

import asyncio
import errno
import gc
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cardtable.cli.errors import UsageProblem, guarded
from cardtable.engine.errors import CardtableError

if TYPE_CHECKING:
    from cardtable.server.services import ServerConfig


class ServeProblem(CardtableError):
    """The server cannot start: its database, Redis or port is not usable."""


async def _check(config: ServerConfig) -> None:
    from cardtable.server.fanout import FanoutError, open_fanout
    from cardtable.server.storage import SqlStorage, StorageError

    try:
        storage = await SqlStorage.open(config.database_url)
        await storage.close()
    except StorageError as error:
        raise ServeProblem(str(error)) from None
    if config.redis_url is not None:
        try:
            fanout = open_fanout(config.redis_url)
            try:
                await fanout.check()
            finally:
                await fanout.close()
        except FanoutError as error:
            raise ServeProblem(str(error)) from None


def _settle_memory() -> None:
    """Load every game, then set what start-up made (modules, schemas, card data: about
    130,000 objects) aside from the garbage collector, so that its full passes over a busy
    server look only at matches and connections (70 ms less each on the machine of
    docs/performance.md); and collect the young less often. A server makes many short-lived
    objects (messages, views) that reference counting frees at once: in a run of the load
    benchmark with 300 matches, collections took 4.5 s of CPU with the default threshold of
    700, and 0.7 s with 50,000."""
    from cardtable.games import find, names

    for name in names():
        find(name)
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def _check_port(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise ServeProblem(
                    f"port {port} on {host} is already in use: stop what uses it, or choose "
                    "another with --port"
                ) from None
            raise ServeProblem(f"cannot listen on {host}:{port}: {error.strerror}") from None


def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Where matches are kept: a SQLAlchemy URL such as "
            "postgresql://user@host/db (default: a SQLite file in the data directory)."
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(help="Redis URL for fan-out between server processes (default: none)."),
    ] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option(help="The data directory of the default SQLite database."),
    ] = None,
    origin: Annotated[
        list[str] | None,
        typer.Option(help="A browser origin also allowed to connect (repeatable)."),
    ] = None,
    agent_delay: Annotated[
        float,
        typer.Option(min=0, max=10, help="Seconds computer players wait before acting."),
    ] = 0.8,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=1,
            max=600,
            help="How long a match waits for a server process that stopped answering before "
            "another process takes it over.",
        ),
    ] = 15.0,
    messages_per_second: Annotated[
        float,
        typer.Option(
            min=1,
            help="How many messages a connection may send a second on average (beyond, each "
            "is refused with too_many); raise it for bots.",
        ),
    ] = 20.0,
    compress: Annotated[
        bool,
        typer.Option(
            help="Compress WebSocket messages (permessage-deflate) for clients that offer it: "
            "less traffic, more server CPU per message.",
        ),
    ] = False,
) -> None:
    """Serve rooms and matches of every game over HTTP and WebSockets."""
    import uvicorn  # the server's libraries load only when serving

    from cardtable.server.app import create_app
    from cardtable.server.fanout.redis import redacted
    from cardtable.server.services import ServerConfig
    from cardtable.server.storage import StorageError, default_database_url

    with guarded():
        try:
            url = database or default_database_url(data_dir)
        except StorageError as error:
            raise UsageProblem(str(error)) from None
        config = ServerConfig(
            database_url=url,
            redis_url=redis,
            origins=tuple(origin or ()),
            agent_delay=agent_delay,
            lease_seconds=lease_seconds,
            messages_per_second=messages_per_second,
        )
        asyncio.run(_check(config))
        _check_port(host, port)
        shown = "in-process fan-out" if redis is None else f"fan-out over {redacted(redis)}"
        typer.echo(f"cardtable serves on http://{host}:{port} ({shown})", err=True)
        app = create_app(config)
        _settle_memory()
        uvicorn.run(
            app,
            host=host,
            port=port,
            log_level="info",
            ws="websockets",
            ws_per_message_deflate=compress,
        )
