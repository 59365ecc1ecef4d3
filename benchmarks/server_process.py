"""A ``cardtable serve`` process for the server benchmarks (loopback only), and what they
share to report on it.

    server = start_server(free_port(), log, ["--data-dir", folder])
    ...
    stop_server(server)
"""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx2

HOST = "127.0.0.1"
READY_SECONDS = 60.0
"""How long a server may take to answer before the benchmark gives up."""


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def start_server(port: int, log: Path, storage: Sequence[str]) -> subprocess.Popen[bytes]:
    """``cardtable serve`` on ``port`` (computer players without delay), its output in
    ``log``, once it answers; ``storage``: its storage options (``--data-dir``,
    ``--database``, ``--redis``)."""
    command = [
        sys.executable, "-m", "cardtable", "serve", "--host", HOST, "--port", str(port),
        "--agent-delay", "0", *storage,
    ]  # fmt: skip
    return launch(command, port, log)


def launch(command: Sequence[str], port: int, log: Path) -> subprocess.Popen[bytes]:
    """Run ``command`` (a server on ``port``), its output in ``log``; the process, once it
    answers (the benchmark stops if it dies or stays silent for :data:`READY_SECONDS`)."""
    with log.open("wb") as output:
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped at once:\n{log.read_text()}")
        with contextlib.suppress(httpx2.HTTPError):
            if httpx2.get(f"http://{HOST}:{port}/api/games", timeout=2).status_code == 200:
                return server
        time.sleep(0.2)
    server.kill()
    raise SystemExit(f"the server did not answer within {READY_SECONDS:.0f} s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Stop it as Ctrl-C does (killed if it takes more than 30 s)."""
    server.send_signal(signal.SIGINT)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank).

    >>> percentile([4.0, 1.0, 3.0, 2.0], 0.5)
    3.0
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
