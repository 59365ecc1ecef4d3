"""The server app on uvicorn in a thread of the test's own process, on a free port: a real
server over real sockets, whose parts a test can patch (to make it fail on purpose)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from cardtable.server.app import create_app
from cardtable.server.services import ServerConfig
from tests.server.processes import free_port

STARTUP_SECONDS = 30.0


@contextmanager
def served(folder: Path, **settings: Any) -> Iterator[str]:
    """The URL of the app on a fresh SQLite database in ``folder``, computer players acting
    at once; stopped (its lifespan run to the end) on leaving."""
    config = ServerConfig(
        database_url=f"sqlite+aiosqlite:///{folder / 'cardtable.db'}",
        **{"agent_delay": 0.0, "messages_per_second": 1000.0, **settings},
    )
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            raise AssertionError("the in-process server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(STARTUP_SECONDS)
