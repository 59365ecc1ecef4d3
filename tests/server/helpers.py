"""Helpers of the server tests: an app on a fresh database, and a client that plays."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from cardtable.engine import JsonObject
from cardtable.protocol.limits import PROTOCOL_VERSION
from cardtable.server.app import create_app
from cardtable.server.services import ServerConfig

SHORT_WAR: JsonObject = {"suits": 1, "ranks": 6, "won_cards": "shuffled", "turn_limit": 40}
"""A War with a short deck that always ends soon (won cards shuffled, so no endless cycle;
a turn limit besides)."""


@contextmanager
def server(database_url: str, **settings: Any) -> Iterator[TestClient]:
    """A running app (lifespan and all) on ``database_url``, computer players without delay,
    and room for clients that play as fast as programs do."""
    config = ServerConfig(
        database_url=database_url,
        **{"agent_delay": 0.0, "messages_per_second": 1000.0, **settings},
    )
    with TestClient(create_app(config)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/rooms", json={"name": "ann", **body})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def hello(
    socket: WebSocketTestSession, token: str | None, last_event: int = 0
) -> list[dict[str, Any]]:
    """Say hello; the messages up to and including the first view (or the room, if no match)."""
    socket.send_text(
        json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token,
                    "last_event": last_event})
    )  # fmt: skip
    return receive_until(socket, "view", "room")


def receive_until(socket: WebSocketTestSession, *kinds: str) -> list[dict[str, Any]]:
    """Messages up to the first of ``kinds`` (``room`` only counts when no match runs)."""
    got: list[dict[str, Any]] = []
    while True:
        message = json.loads(socket.receive_text())
        got.append(message)
        if message["type"] == "error" and message.get("refers_to") == "hello":
            return got
        if message["type"] == kinds[0]:
            return got
        if len(kinds) > 1 and message["type"] == "room" and message["room"]["match"] is None:
            return got


def play_out(socket: WebSocketTestSession, view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Make the first legal decision whenever it is ``seat``'s turn, until the match ends;
    the last view."""
    while view["outcome"] is None:
        if view["to_act"] == seat and view["legal"]:
            socket.send_text(
                json.dumps({"type": "decide", "decision": view["legal"][0]["text"],
                            "version": view["version"]})
            )  # fmt: skip
        while True:
            message = json.loads(socket.receive_text())
            assert message["type"] != "error", message
            if message["type"] == "view":
                view = message
                break
    return view
