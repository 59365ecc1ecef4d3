"""Helpers of the tests of guests, seats and histories: a room made, joined or started as
someone, a client without its cookies for a while (another device), a hello in a chosen
version, and waiting for a room's match to be over."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx2
from starlette.testclient import TestClient, WebSocketTestSession

from cardtable.protocol.limits import PROTOCOL_VERSION
from cardtable.server.services import Services
from tests.server.accounts.test_routes import OWN
from tests.server.helpers import SHORT_WAR, bearer, receive_until


def services(client: TestClient) -> Services:
    found: Services = client.app.state.services  # type: ignore[attr-defined]
    return found


def make_room(client: TestClient, headers: dict[str, str] | None = None, **body: Any) -> Any:
    """A War room (short), seats open unless given; the answer's body."""
    answer = client.post(
        "/api/rooms",
        json={"game": "war", "ruleset": SHORT_WAR, "name": "ann", **body},
        headers={**OWN, **(headers or {})},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def join(client: TestClient, room_id: str, name: str = "bo", **headers: str) -> Any:
    answer = client.post(
        f"/api/rooms/{room_id}/join", json={"name": name}, headers={**OWN, **headers}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


@contextmanager
def elsewhere(client: TestClient) -> Iterator[None]:
    """The client without its cookies for a while: another browser, another device."""
    kept = httpx2.Cookies(client.cookies)
    client.cookies.clear()
    try:
        yield
    finally:
        client.cookies = kept


def say_hello(
    socket: WebSocketTestSession, token: str | None, protocol: int = PROTOCOL_VERSION
) -> list[dict[str, Any]]:
    socket.send_text(
        json.dumps({"type": "hello", "protocol": protocol, "token": token, "last_event": 0})
    )
    return receive_until(socket, "view", "room")


def start(client: TestClient, created: Any) -> Any:
    """Start the match of a room ``make_room`` answered (by its host token); the room."""
    room_id = created["room"]["id"]
    started = client.post(f"/api/rooms/{room_id}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return started.json()


def until_finished(client: TestClient, room_id: str, seconds: float = 10.0) -> None:
    """Wait until the room's match is over (the server finishes it in its own time)."""
    deadline = time.monotonic() + seconds
    while client.get(f"/api/rooms/{room_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"the match of room {room_id} never finished"
        time.sleep(0.02)
