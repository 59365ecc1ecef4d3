"""The outside services some tests use for real: PostgreSQL and Redis, over loopback, and a
browser (Debian's Chromium, driven by Playwright) for the web client's tests; and the parts
of cardtable an install can leave out: its compiled module (built only where a C compiler is)
and Ray, the optional extra ``cardtable[distributed]`` that ``--backend ray`` runs on.

Where one cannot be reached (a newcomer's laptop), the tests that need it are skipped with the
reason, and the end of the run lists what was left out. ``CARDTABLE_REQUIRE_SERVICES=1`` (set
by ``.ci/run``) makes an unreachable service a failure instead: CI never passes without them.

The addresses default to the usual local ones and can be changed with
``CARDTABLE_TEST_POSTGRES`` (a ``postgresql://`` URL of a database the tests may create
databases from) and ``CARDTABLE_TEST_REDIS``.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import NoReturn
from urllib.parse import urlsplit

import pytest

POSTGRES = os.environ.get(
    "CARDTABLE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)
REDIS = os.environ.get("CARDTABLE_TEST_REDIS", "redis://127.0.0.1:6379/0")
REQUIRED = os.environ.get("CARDTABLE_REQUIRE_SERVICES") == "1"

LEFT_OUT: dict[str, str] = {}
"""Services that could not be reached, and why (listed at the end of the run: the run's main
process learns of them from the reports of the skipped tests, :func:`left_out_in`, since with
pytest-xdist the tests run in other processes)."""

ADVICE: dict[str, str] = {}
"""How to bring a left-out service that is not started like a server (such as a browser)."""

_TAG = re.compile(r" \[left out for want of (?P<what>[^\]]+)\]$")
"""How a skip's reason names the service it wanted (see :func:`leave_out`)."""


@cache
def reachable(url: str) -> str | None:
    """``None`` when something listens at the URL's host and port, else why not."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port
    try:
        with socket.create_connection((host, port or 0), timeout=2):
            return None
    except OSError as error:
        return f"nothing answers at {host}:{port} ({error.strerror or error})"


def need(service: str, url: str) -> None:
    """Skip (or, when services are required, fail) the test unless ``service`` is up."""
    problem = reachable(url)
    if problem is None:
        return
    leave_out(service, f"{service} is not reachable: {problem}")


def leave_out(what: str, reason: str, advice: str | None = None) -> NoReturn:
    """Skip the test for want of ``what`` and list it at the end of the run (with ``advice``,
    else the advice for a server); fail it instead when services are required."""
    if REQUIRED:
        pytest.fail(f"{reason}; CARDTABLE_REQUIRE_SERVICES=1 requires it")
    if advice is not None:
        ADVICE[what] = advice
    pytest.skip(f"{reason} [left out for want of {what}]")


def left_out_in(skip_reason: str) -> None:
    """Note the service a skipped test's reason says it was left out for (in whichever
    process reads the report), so that the end of the run lists it.

    >>> left_out_in("Skipped: Redis is not reachable: refused [left out for want of Redis]")
    >>> LEFT_OUT["Redis"]
    'Redis is not reachable: refused'
    >>> del LEFT_OUT["Redis"]
    """
    found = _TAG.search(skip_reason)
    if found is not None:
        reason = skip_reason[: found.start()].removeprefix("Skipped: ")
        LEFT_OUT[found["what"]] = reason


BROWSER = "a browser (Chromium)"
CHROMIUM_ADVICE = "Install Debian's chromium (apt-get install chromium, as CI does) to run them."
ADVICE[BROWSER] = CHROMIUM_ADVICE


def chromium() -> str | None:
    """Where Chromium is (``chromium`` on the path, else Debian's ``/usr/bin/chromium``)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None and Path("/usr/bin/chromium").is_file():
        found = "/usr/bin/chromium"
    return found


def need_browser() -> str:
    """The path of Chromium, with Playwright importable; skips (or, when services are
    required, fails) the test otherwise. Playwright never downloads a browser here: the tests
    drive the one the system has."""
    problem = None
    path = chromium()
    if path is None:
        problem = "no chromium on this machine"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright package is not installed (pip install -e '.[dev]')"
    if problem is None and path is not None:
        return path
    leave_out(BROWSER, f"{BROWSER} cannot be used: {problem}", CHROMIUM_ADVICE)


COMPILED = "the compiled observer (cardtable.envs.tcg_native)"
COMPILED_ADVICE = (
    "Install a C compiler and Python's headers (apt-get install gcc python3-dev, as CI has), "
    "then run ./dev setup again to build it."
)
ADVICE[COMPILED] = COMPILED_ADVICE


def need_compiled() -> None:
    """Skip (or, when services are required, fail) the test unless cardtable's compiled module
    was built: an install without a C compiler leaves it out and runs on pure Python."""
    from cardtable.envs.tcg_observer import compiled

    if compiled():
        return
    reason = f"{COMPILED} is not built: cardtable was installed without a C compiler"
    leave_out(COMPILED, reason, COMPILED_ADVICE)


def create_database(name: str) -> str:
    """Create the empty PostgreSQL database ``name``; its SQLAlchemy (asyncpg) URL."""
    import asyncpg

    async def run() -> None:
        connection = await asyncpg.connect(POSTGRES)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    asyncio.run(run())
    base = urlsplit(POSTGRES)
    return base._replace(scheme="postgresql+asyncpg", path=f"/{name}").geturl()


def drop_database(name: str) -> None:
    import asyncpg

    async def run() -> None:
        connection = await asyncpg.connect(POSTGRES)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()

    asyncio.run(run())


RAY = "Ray (cardtable[distributed])"
RAY_ADVICE = "Install the distributed extra (pip install -e '.[distributed]', as ./dev setup does)."
ADVICE[RAY] = RAY_ADVICE


def need_ray() -> ModuleType:
    """The ``ray`` module; skips (or, when services are required, fails) the test where the
    optional extra ``cardtable[distributed]`` is not installed."""
    try:
        import ray
    except ImportError as error:
        leave_out(RAY, f"{RAY} is not installed: {error}", RAY_ADVICE)
    return ray
