"""Two real server processes sharing PostgreSQL and Redis: two friends connected to different
processes hear each other come and go over their personal channels."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection, connect

from cardtable.protocol.personal import PERSONAL_VERSION
from tests.server.accounts.test_routes import PASSWORD
from tests.server.processes import Served, Servers


def sign_up(server: Served, username: str) -> str:
    answer = httpx2.post(
        f"{server.url}/api/accounts",
        json={"username": username, "password": PASSWORD, "token": True},
        headers={"Origin": server.url},
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


def channel(stack: ExitStack, server: Served, token: str) -> ClientConnection:
    socket = stack.enter_context(
        connect(
            f"ws://127.0.0.1:{server.port}/ws/me",
            additional_headers={"X-Cardtable-Session": token},
            open_timeout=10,
        )
    )
    socket.send(json.dumps({"type": "hello", "version": PERSONAL_VERSION}))
    welcome = json.loads(socket.recv(timeout=10))
    assert welcome["type"] == "welcome", welcome
    return socket


def until(socket: ClientConnection, username: str, state: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        message: dict[str, Any] = json.loads(
            socket.recv(timeout=max(0.01, deadline - time.monotonic()))
        )
        if message.get("username") == username and message.get("state") == state:
            return message


def test_friends_on_two_processes_see_each_other(
    postgres_url: str, redis_url: str, processes: Servers
) -> None:
    left = processes.start(postgres_url, redis=redis_url)
    right = processes.start(postgres_url, redis=redis_url)
    ann, bob = sign_up(left, "ann"), sign_up(right, "bob")
    asked = httpx2.post(
        f"{left.url}/api/friends",
        json={"username": "bob"},
        headers={"X-Cardtable-Session": ann},
        timeout=10,
    )
    assert asked.status_code == 201, asked.text
    accepted = httpx2.post(
        f"{right.url}/api/friends/ann/accept", headers={"X-Cardtable-Session": bob}, timeout=10
    )
    assert accepted.status_code == 200, accepted.text
    with ExitStack() as stack:
        anns = channel(stack, left, ann)
        bobs = channel(stack, right, bob)
        until(anns, "bob", "online")  # told by the right process, through Redis
        until(bobs, "ann", "online")  # read at bob's welcome from the left's report
        bobs.send(json.dumps({"type": "idle"}))
        until(anns, "bob", "away")
        bobs.close()
        gone = until(anns, "bob", "offline")
        assert gone["last_seen"] is not None
        listed = httpx2.get(
            f"{left.url}/api/whereabouts", headers={"X-Cardtable-Session": ann}, timeout=10
        ).json()["friends"]
        assert [(entry["username"], entry["state"]) for entry in listed] == [("bob", "offline")]
