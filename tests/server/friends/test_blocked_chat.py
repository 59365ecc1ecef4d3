"""A block hides the blocked person's chat lines from the one who blocked them, over the real
protocol: live lines and the history a hello sends; everyone else (the blocked person
included) still sees every line, and lines of before the block are hidden from then on."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.server import hub as hub_module
from tests.server.accounts.test_routes import app
from tests.server.friends.test_routes import Who, person
from tests.server.helpers import SHORT_WAR
from tests.server.wire import Recorder, sockets


def seated(client: TestClient, ann: Who, bob: Who) -> tuple[str, str, str]:
    """A War room of ann (seat 0) and bob (seat 1), both signed in: (room, tokens...)."""
    made = client.post(
        "/api/rooms", json={"game": "war", "ruleset": SHORT_WAR, "name": "x"}, headers=ann
    )
    assert made.status_code == 201, made.text
    room = made.json()["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "x"}, headers=bob)
    assert joined.status_code == 200, joined.text
    return room, made.json()["token"], joined.json()["token"]


def lines(recorder: Recorder) -> list[str]:
    """The chat lines the recorder was sent, in the order they were written (a line said while
    a hello is being answered may come twice: live, then in the history)."""
    by_id = {message["id"]: message["text"] for message in recorder.messages("chat")}
    return [by_id[key] for key in sorted(by_id)]


def said(recorder: Recorder, text: str) -> None:
    recorder.send({"type": "chat", "text": text})
    recorder.until(lambda m: m["type"] == "chat" and m["text"] == text)


def heard(recorder: Recorder) -> list[str]:
    """The chat lines the recorder has been sent, once the server answered a ping."""
    recorder.answer(None)
    return lines(recorder)


def test_who_blocked_a_person_is_not_sent_their_lines(database_url: str) -> None:
    with app(database_url) as client, sockets(client) as connect:
        ann, bob = person(client, "ann"), person(client, "bob")
        room, ann_token, bob_token = seated(client, ann, bob)
        ann_socket = connect(f"/ws/rooms/{room}", "ann")
        ann_socket.hello(ann_token)
        said(ann_socket, "before the block")
        blocked = client.put("/api/friends/ann/block", headers=bob)
        assert blocked.status_code == 200, blocked.text

        bob_socket = connect(f"/ws/rooms/{room}", "bob")
        bob_socket.hello(bob_token)
        ticket = client.post(f"/api/rooms/{room}/watch", json={}).json()["token"]
        watcher = connect(f"/ws/rooms/{room}", "watcher")
        watcher.hello(ticket)
        said(ann_socket, "after the block")
        said(bob_socket, "bob here")
        assert heard(bob_socket) == ["bob here"]  # neither of ann's, the history included
        assert heard(watcher) == ["before the block", "after the block", "bob here"]
        ann_socket.until(lambda m: m["type"] == "chat" and m["text"] == "bob here")
        assert lines(ann_socket) == ["before the block", "after the block", "bob here"]


def test_a_block_made_in_the_room_takes_effect_in_it(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "BLOCKS_FRESH", 0.0)  # read at every line
    with app(database_url) as client, sockets(client) as connect:
        ann, bob = person(client, "ann"), person(client, "bob")
        room, ann_token, bob_token = seated(client, ann, bob)
        sockets_of: dict[str, Any] = {}
        for name, token in (("ann", ann_token), ("bob", bob_token)):
            sockets_of[name] = connect(f"/ws/rooms/{room}", name)
            sockets_of[name].hello(token)
        said(sockets_of["ann"], "one")
        sockets_of["bob"].until(lambda m: m["type"] == "chat" and m["text"] == "one")
        client.put("/api/friends/ann/block", headers=bob)
        said(sockets_of["ann"], "two")
        assert heard(sockets_of["bob"]) == ["one"]
        client.delete("/api/friends/ann/block", headers=bob)
        said(sockets_of["ann"], "three")
        sockets_of["bob"].until(lambda m: m["type"] == "chat" and m["text"] == "three")
        assert lines(sockets_of["bob"]) == ["one", "three"]
