"""Real server processes for the tests that need them: ``cardtable serve`` on a free port,
killed or stopped as a test requires, and a small synchronous WebSocket client."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection, connect

from cardtable.protocol.limits import PROTOCOL_VERSION

STARTUP_SECONDS = 90.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Served:
    """One ``cardtable serve`` process."""

    def __init__(self, database: str, *, port: int | None = None, redis: str | None = None,
                 log: Path, extra: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:  # fmt: skip
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [
            sys.executable, "-m", "cardtable", "serve", "--port", str(self.port),
            "--database", database, "--agent-delay", "0", "--lease-seconds", "2",
            "--messages-per-second", "1000", *extra,
        ]  # fmt: skip
        if redis is not None:
            command += ["--redis", redis]
        self.log = log
        self._output = log.open("ab")
        self.process = subprocess.Popen(
            command, stdout=self._output, stderr=subprocess.STDOUT, env=env or {**os.environ}
        )
        self._wait()

    def _wait(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.output()}")
            try:
                if httpx2.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return
            except httpx2.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise AssertionError(
            f"the server did not answer within {STARTUP_SECONDS} s: {self.output()}"
        )

    def output(self) -> str:
        if not self._output.closed:
            self._output.flush()
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as when a machine dies."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._output.close()

    def stop(self) -> None:
        if self._output.closed:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._output.close()

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = httpx2.post(f"{self.url}{path}", json=body, headers=headers, timeout=10)
        assert answer.status_code < 300, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def get(self, path: str) -> Any:
        answer = httpx2.get(f"{self.url}{path}", timeout=10)
        assert answer.status_code == 200, answer.text
        return answer.json()


class Servers:
    """Starts server processes for a test, and makes sure none outlives it."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.started: list[Served] = []

    def start(self, database: str, **options: Any) -> Served:
        server = Served(database, log=self.log, **options)
        self.started.append(server)
        return server

    def stop_all(self) -> None:
        for server in self.started:
            server.stop()


@contextmanager
def servers(log: Path) -> Iterator[Servers]:
    started = Servers(log)
    try:
        yield started
    finally:
        started.stop_all()


class Seat:
    """A synchronous WebSocket client of one seat (or a spectator)."""

    def __init__(
        self,
        server: Served,
        room: str,
        token: str | None,
        events: list[dict[str, Any]] | None = None,
    ) -> None:
        """Connect and say hello; ``events``: those received before (to resume after them)."""
        self._stack = ExitStack()
        self.socket: ClientConnection = self._stack.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}", open_timeout=10)
        )
        self.token = token
        self.events: list[dict[str, Any]] = list(events or [])
        last_event = len(self.events)
        self.view: dict[str, Any] | None = None
        self.messages: list[dict[str, Any]] = []
        self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token,
                   "last_event": last_event})  # fmt: skip

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def receive(self, timeout: float = 20.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        self.messages.append(message)
        if message["type"] == "events":
            assert message["first"] == len(self.events), (message["first"], len(self.events))
            self.events.extend(message["events"])
        elif message["type"] == "view":
            inside = message["new_events"]  # protocol 2: the events that lead to the view
            first = message["events"] - len(inside)
            assert first == len(self.events) or not inside, (first, len(self.events))
            self.events.extend(inside)
            self.view = message
        return message

    def until(self, kind: str, timeout: float = 20.0) -> dict[str, Any]:
        """The next message of ``kind`` within ``timeout`` seconds (an error message the
        server sends meanwhile fails the test)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind:
                return message
            assert message["type"] != "error", message

    def next_view(self, timeout: float = 20.0) -> dict[str, Any]:
        return self.until("view", timeout)

    def decide(self, text: str) -> None:
        assert self.view is not None
        self.send({"type": "decide", "decision": text, "version": self.view["version"]})

    def close(self) -> None:
        self._stack.close()
