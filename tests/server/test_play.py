"""Whole matches through the server: REST to set up, the WebSocket to play."""

from __future__ import annotations

import json

from tests.server.helpers import SHORT_WAR, bearer, create, hello, play_out, server
from tests.server.wire import sockets


def test_a_person_plays_war_against_a_computer_player_to_the_end(database_url: str) -> None:
    with server(database_url) as client:
        created = create(
            client,
            game="war",
            ruleset=SHORT_WAR,
            seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}],
        )
        room = created["room"]["id"]
        assert created["seat"] == 0
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "playing"
        with client.websocket_connect(f"/ws/rooms/{room}") as socket:
            messages = hello(socket, created["token"])
            kinds = [message["type"] for message in messages]
            assert kinds[0] == "welcome"
            assert messages[0]["seat"] == 0
            view = messages[-1]
            assert view["type"] == "view"
            last = play_out(socket, view, 0)
        assert last["outcome"] is not None
        info = client.get(f"/api/rooms/{room}").json()
        assert info["status"] == "finished"
        matches = client.get(f"/api/rooms/{room}/matches").json()
        assert [match["status"] for match in matches] == ["finished"]
        record = client.get(f"/api/matches/{matches[0]['id']}/record")
        assert record.status_code == 200
        assert record.json()["outcome"] == last["outcome"]


def test_each_connection_is_sent_the_messages_of_its_protocol_version(database_url: str) -> None:
    """Protocol 2 carries a decision's events inside the view; a client that said hello in
    protocol 1 still gets them in an ``events`` message, then a view without the new field."""
    with server(database_url) as client, sockets(client) as connect:
        created = create(client, game="war", ruleset=SHORT_WAR)
        room = created["room"]["id"]
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        new = connect(f"/ws/rooms/{room}", "protocol 2")
        old = connect(f"/ws/rooms/{room}", "protocol 1")
        assert new.hello(created["token"], protocol=2)["protocol"] == 2
        assert old.hello(joined["token"], protocol=1)["protocol"] == 1
        first = new.view_from(0)
        old.view_from(0)
        assert len(first["new_events"]) == first["events"] > 0  # the deal, in the first view
        assert not old.messages("view")[-1].keys() & {"new_events"}

        seen_new, seen_old = len(new.received), len(old.received)
        new.send({"type": "decide", "decision": first["legal"][0], "version": first["version"]})
        after = new.view_from(first["version"] + 1)
        old.view_from(first["version"] + 1)
        sent_new = [json.loads(text) for text in new.received[seen_new:]]
        sent_old = [json.loads(text) for text in old.received[seen_old:]]
        assert [m["type"] for m in sent_new if m["type"] in ("events", "view")] == ["view"]
        assert len(after["new_events"]) == after["events"] - first["events"] > 0
        kinds = [m["type"] for m in sent_old if m["type"] in ("events", "view")]
        assert kinds == ["events", "view"]
        events, view = (m for m in sent_old if m["type"] in ("events", "view"))
        assert events["events"] == after["new_events"]  # the same events, in their own message
        assert "new_events" not in view
