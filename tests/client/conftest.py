"""A real ``cardtable serve`` process for the client tests, on a free port of the loopback,
with its own SQLite database and computer players that act at once."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

STARTUP_SECONDS = 20.0


def free_port() -> int:
    """A port nothing listens on now (the server takes it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    """Wait until the server answers the lobby (fail with its output if it died)."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = log.read_text(encoding="utf-8", errors="replace")
            raise AssertionError(f"the server stopped at start ({process.returncode}):\n{output}")
        try:
            if httpx2.get(f"{url}/api/games", timeout=1.0).status_code == 200:
                return
        except httpx2.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"the server at {url} did not answer within {STARTUP_SECONDS} s")


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a ``cardtable serve`` process running for the whole session."""
    folder: Path = tmp_path_factory.mktemp("server")
    port = free_port()
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    log = folder / "server.log"
    with log.open("wb") as output:  # a file, not a pipe: nobody reads the server's log
        process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", str(port),
             "--data-dir", str(folder), "--agent-delay", "0"],
            stdout=output,
            stderr=subprocess.STDOUT,
            env=env,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def anyio_backend() -> str:
    """Async tests run on asyncio (the client's loop)."""
    return "asyncio"
