"""A room keeps a running score across rematches: each seat says how many of the room's
finished matches it won (protocol 7), in the lobby's answers and the room's messages."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.wire import Recorder, sockets


def concede(client: TestClient, recorder: Recorder, room: str) -> None:
    """The recorder's seat concedes the room's match, which ends."""
    match = client.get(f"/api/rooms/{room}").json()["match"]
    version = recorder.until(lambda m: m["type"] == "view" and m["match"] == match)[-1]["version"]
    recorder.send({"type": "decide", "decision": "concede", "version": version})
    recorder.until(lambda m: m["type"] == "view" and m["match"] == match and m["outcome"])


def wins(room: dict[str, Any]) -> list[int]:
    return [seat["wins"] for seat in room["seats"]]


def test_each_seats_wins_add_up_across_rematches(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        created = create(client, game="war", ruleset=SHORT_WAR)
        room = created["room"]["id"]
        bo_token = client.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()["token"]
        assert wins(client.get(f"/api/rooms/{room}").json()) == [0, 0]
        ann, bo = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bo")
        ann.hello(created["token"])
        bo.hello(bo_token)
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        concede(client, bo, room)  # ann wins the first
        assert wins(client.get(f"/api/rooms/{room}").json()) == [1, 0]
        for conceding in (ann, bo):  # bo wins the second, ann the third
            for token in (created["token"], bo_token):  # a rematch once both accept
                again = client.post(f"/api/rooms/{room}/rematch", headers=bearer(token))
                assert again.status_code == 200, again.text
            concede(client, conceding, room)
        assert wins(client.get(f"/api/rooms/{room}").json()) == [2, 1]
        told = ann.until(lambda m: m["type"] == "room" and wins(m["room"]) == [2, 1])[-1]
        assert told["room"]["status"] == "finished"
        listed = client.get("/api/rooms", params={"mine": "true"}).json()
        assert wins(listed[0]) == [2, 1]  # the lobby's answers say it too
