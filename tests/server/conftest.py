"""Fixtures of the server tests: a fresh database of each backend, and Redis namespaces."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import services
from tests.server.processes import Servers, servers

_numbers = itertools.count()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A new SQLite database file (SQLAlchemy async URL)."""
    return f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped after the test."""
    services.need("PostgreSQL", services.POSTGRES)
    name = f"cardtable_test_{os.getpid()}_{next(_numbers)}"
    url = services.create_database(name)
    yield url
    services.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each storage backend in turn: the test runs once with SQLite, once with PostgreSQL."""
    name = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    return str(request.getfixturevalue(name))


@pytest.fixture
def redis_url() -> str:
    """The Redis server's URL (pub/sub channels are shared by every database number, so
    tests keep apart by namespace: see ``namespace``)."""
    services.need("Redis", services.REDIS)
    return services.REDIS


@pytest.fixture
def namespace() -> str:
    """A channel prefix no other test (or test run) uses."""
    return f"cardtable-test-{os.getpid()}-{next(_numbers)}"


@pytest.fixture
def anyio_backend() -> str:
    """Async tests run on asyncio (the server's loop)."""
    return "asyncio"


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[Servers]:
    """Starts real ``cardtable serve`` processes; none outlives the test."""
    with servers(tmp_path / "serve.log") as started:
        yield started
