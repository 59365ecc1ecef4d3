"""``cardtable serve``: the match server, on uvicorn.

Before listening it checks what a person can get wrong (a database or Redis that cannot be
reached, a port already taken) and says so in one line, rather than in a server's traceback.
"""

from __future__ import annotations

import asyncio
import errno
import gc
import ipaddress
import logging
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cardtable.cli.errors import UsageProblem, guarded
from cardtable.engine.errors import CardtableError
from cardtable.protocol.tournaments import NO_SHOW_SECONDS

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


GC_THRESHOLDS = (1_000, 5, 1_000)
"""The garbage collector's thresholds while serving: young passes short and often, full passes
rare (see :func:`_settle_memory`)."""


def collect_in_short_passes() -> None:
    """Set everything made so far aside from the garbage collector (``gc.freeze``, after a
    collection) and collect at :data:`GC_THRESHOLDS`: what a long-running process with many
    connections calls once it is set up (the server, and the load benchmark's bots)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _settle_memory() -> None:
    """Load every game, then set what start-up made (modules, schemas, card data: about
    140,000 objects) aside from the garbage collector (``gc.freeze``), and collect in short
    passes.

    A busy server keeps hundreds of thousands of objects the collector tracks (each
    connection's tasks and coroutines, each match's state) and makes many short-lived ones
    (messages, views) that reference counting frees at once. Each pause of the collector is a
    pause of the event loop, and every message waits it out. Measured with 500 live matches
    (docs/performance.md): Python's default thresholds ran a full pass over everything about
    every seven seconds, 530 ms each; young passes every 50,000 allocations took 60 to 130 ms
    each and their older generation over 600 ms. With these thresholds a young pass takes
    under 15 ms, the next generation's rarely over 50 ms, and a full pass comes only after
    1,000 of those (minutes apart under that load).
    """
    from cardtable.games import find, names

    for name in names():
        find(name)
    collect_in_short_passes()


class ClientFaults(logging.Filter):
    """Logs a client's malformed frame as a line, not a traceback: a text frame that is not
    UTF-8 is the client's fault, which the WebSocket closes with code 1007 as RFC 6455 says;
    uvicorn logs it as its own error, traceback and all.

    >>> record = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0,
    ...     "Invalid UTF-8 sequence received from client.", None, (ValueError, None, None))
    >>> ClientFaults().filter(record), record.levelname, record.exc_info
    (True, 'INFO', None)
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Invalid UTF-8 sequence received from client"):
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


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


def trusted_proxies(text: str | None) -> list[str] | None:
    """The proxies ``--forwarded-allow-ips`` names (addresses, networks or ``*``), each
    checked; ``None`` when it names none.

    >>> trusted_proxies("127.0.0.1, ::1,10.0.0.0/8")
    ['127.0.0.1', '::1', '10.0.0.0/8']
    >>> trusted_proxies(None) is None and trusted_proxies(" ") is None
    True
    >>> trusted_proxies("localhost")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.cli.errors.UsageProblem: --forwarded-allow-ips: 'localhost' is not an IP address, ...
    """
    if text is None or not text.strip():
        return None
    proxies = [part.strip() for part in text.split(",") if part.strip()]
    for proxy in proxies:
        try:
            if proxy != "*":
                ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise UsageProblem(
                f"--forwarded-allow-ips: {proxy!r} is not an IP address, a network (10.0.0.0/8) "
                "or *"
            ) from None
    return proxies


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
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto headers to "
            "believe: addresses or networks, comma-separated (127.0.0.1 for a proxy on this "
            "machine). Default: none, so a client's address is the one it connects from.",
        ),
    ] = None,
    compress: Annotated[
        bool,
        typer.Option(
            help="Compress WebSocket messages (permessage-deflate) for clients that offer it: "
            "less traffic, more server CPU per message.",
        ),
    ] = False,
    session_idle_days: Annotated[
        float,
        typer.Option(min=0.01, max=3650, help="Days a signed-in session lasts without being used."),
    ] = 30.0,
    login_tries: Annotated[
        int,
        typer.Option(
            min=1,
            max=100,
            help="Wrong passwords in a row a username may try before each next try waits "
            "(an address may try four times as many).",
        ),
    ] = 3,
    signups_per_hour: Annotated[
        float,
        typer.Option(
            min=0.01, help="How many accounts one address may create an hour, on average."
        ),
    ] = 5.0,
    signup_burst: Annotated[
        int,
        typer.Option(min=1, help="How many accounts one address may create at once."),
    ] = 5,
    no_show_seconds: Annotated[
        int,
        typer.Option(
            min=1,
            max=3600,
            help="Seconds a person seated at a tournament's table may be away, when it is "
            "their turn, before forfeiting the match.",
        ),
    ] = NO_SHOW_SECONDS,
) -> None:
    """Serve rooms and matches of every game over HTTP and WebSockets."""
    import uvicorn  # the server's libraries load only when serving

    from cardtable.server.app import create_app
    from cardtable.server.fanout.redis import redacted
    from cardtable.server.services import ServerConfig
    from cardtable.server.storage import StorageError, default_database_url
    from cardtable.server.wsprotocol import LettingGoProtocol

    with guarded():
        try:
            url = database or default_database_url(data_dir)
        except StorageError as error:
            raise UsageProblem(str(error)) from None
        proxies = trusted_proxies(forwarded_allow_ips)
        config = ServerConfig(
            database_url=url,
            redis_url=redis,
            origins=tuple(origin or ()),
            agent_delay=agent_delay,
            lease_seconds=lease_seconds,
            messages_per_second=messages_per_second,
            session_idle_days=session_idle_days,
            login_tries=login_tries,
            signups_per_hour=signups_per_hour,
            signup_burst=signup_burst,
            no_show_seconds=no_show_seconds,
        )
        asyncio.run(_check(config))
        _check_port(host, port)
        shown = "in-process fan-out" if redis is None else f"fan-out over {redacted(redis)}"
        typer.echo(f"cardtable serves on http://{host}:{port} ({shown})", err=True)
        app = create_app(config)
        _settle_memory()
        logging.getLogger("uvicorn.error").addFilter(ClientFaults())
        uvicorn.run(
            app,
            host=host,
            port=port,
            log_level="info",
            ws=LettingGoProtocol,  # uvicorn's websockets-sansio, freeing lost connections
            ws_per_message_deflate=compress,
            proxy_headers=proxies is not None,  # else uvicorn believes any proxy on loopback
            forwarded_allow_ips=proxies,
        )
