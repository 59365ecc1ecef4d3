"""A real ``cardtable serve`` process for the client tests, on a free port of the loopback,
with its own SQLite database and computer players that act at once (the same launcher as the
server's process tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.processes import Served


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a ``cardtable serve`` process running for the whole session."""
    folder: Path = tmp_path_factory.mktemp("server")
    served = Served(f"sqlite+aiosqlite:///{folder / 'cardtable.db'}", log=folder / "server.log")
    try:
        yield served.url
    finally:
        served.stop()


@pytest.fixture
def anyio_backend() -> str:
    """Async tests run on asyncio (the client's loop)."""
    return "asyncio"
