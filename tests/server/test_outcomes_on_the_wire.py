"""Outcomes as codes on the wire, with every seat's place, worded for each connection with
the table's names; a protocol 5 client is sent them as before codes, a protocol 8 client
without places; a timeout is the server timer's alone."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from cardtable.protocol.limits import PROTOCOL_VERSION
from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.wire import Recorder, sockets


def war_room(client: TestClient, **settings: Any) -> tuple[str, str, str]:
    """A started War between ann (seat 0) and bo (seat 1): the room and their tokens."""
    created = create(client, game="war", ruleset=SHORT_WAR, **settings)
    room = created["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return room, created["token"], joined["token"]


def last_view(recorder: Recorder) -> dict[str, Any]:
    return recorder.until(lambda m: m["type"] == "view" and m["outcome"] is not None)[-1]


def test_an_outcome_is_a_code_worded_for_each_seat_and_as_before_for_protocol_5(
    database_url: str,
) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, bo_token = war_room(client)
        ann = connect(f"/ws/rooms/{room}", "ann")
        bo = connect(f"/ws/rooms/{room}", "bo (protocol 5)")
        watcher = connect(f"/ws/rooms/{room}", "watcher")
        older = connect(f"/ws/rooms/{room}", "watcher (protocol 8)")
        assert ann.hello(ann_token)["protocol"] == PROTOCOL_VERSION
        assert bo.hello(bo_token, protocol=5)["protocol"] == 5
        assert watcher.hello(None)["role"] == "spectator"
        assert older.hello(None, protocol=8)["protocol"] == 8
        version = bo.view_from(0)["version"]
        bo.send({"type": "decide", "decision": "concede", "version": version})
        mine, theirs, seen = last_view(ann), last_view(bo), last_view(watcher)
        unplaced = last_view(older)
    assert mine["outcome"] == {
        "winners": [0],
        "code": "conceded",
        "seats": [1],
        "reason": "player 1 conceded",
        "placings": [1, 2],
    }
    assert mine["view"]["outcome"] == mine["outcome"]
    assert unplaced["outcome"] == {k: v for k, v in mine["outcome"].items() if k != "placings"}
    assert "placings" not in unplaced["outcome"]
    assert "placings" not in unplaced["view"]["outcome"]
    assert unplaced["outcome"]["code"] == "conceded"  # what protocol 6 brought is still sent
    assert mine["outcome_text"] == "You won — bo conceded"
    assert seen["outcome"] == mine["outcome"]
    assert seen["outcome_text"] == "ann won — bo conceded"
    assert theirs["outcome"] == {"winners": [0], "reason": "player 1 conceded"}
    assert "outcome_text" not in theirs
    record = client_record(database_url, room)
    assert record["outcome"] == mine["outcome"]
    with server(database_url) as client:  # a replay's last step words it as the match did
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        steps = len(record["decisions"])
        at = f"/api/matches/{match}/replay?step={steps}"
        # whoever watches it, from any seat's view: no "you" (the asker need not be seat 1)
        assert client.get(f"{at}&seat=1").json()["outcome_text"] == "ann won — bo conceded"
        assert client.get(at).json()["outcome_text"] == "ann won — bo conceded"
        assert client.get(f"/api/matches/{match}/replay?step=0").json()["outcome_text"] is None


def client_record(database_url: str, room: str) -> dict[str, Any]:
    with server(database_url) as client:
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        body: dict[str, Any] = client.get(f"/api/matches/{match}/record").json()
        return body


def test_a_client_may_not_say_its_time_ran_out(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, bo_token = war_room(client)
        seats = [connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bo")]
        for seat, token in zip(seats, (ann_token, bo_token), strict=True):
            seat.hello(token)
        view = seats[0].view_from(0)
        actor = seats[view["to_act"]]
        answer = actor.answer({"type": "decide", "decision": "timeout", "version": view["version"]})
        errors = [m for m in answer if m["type"] == "error"]
        assert [(e["code"], e["refusal"], e["refers_to"]) for e in errors] == [
            ("illegal_decision", "timer_only", "decide")
        ]
        assert not [m for m in answer if m["type"] == "view"]  # nothing changed
        again = actor.answer({"type": "decide", "decision": "turn", "version": view["version"]})
        assert [m["version"] for m in again if m["type"] == "view"] == [view["version"] + 1]


def test_when_time_runs_out_the_log_says_so_and_the_record_keeps_it(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, bo_token = war_room(client, turn_seconds=5)
        ann, bo = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bo")
        ann.hello(ann_token)
        bo.hello(bo_token, protocol=5)
        first = ann.view_from(0)
        late = first["to_act"]
        name = ("ann", "bo")[late]
        timed = [
            event
            for message in ann.until(
                lambda m: m["type"] == "view" and m["version"] > first["version"], timeout=20
            )
            if message["type"] == "view"
            for event in message["new_events"]
        ]
        assert timed[0] == {
            "type": "timed_out",
            "seat": late,
            "decision": "turn",
            "text": f"{name} ran out of time; their card was turned for them",
        }
        assert timed[1]["type"] == "turn"
        old = bo.view_from(first["version"] + 1)
        assert [e["type"] for e in old["new_events"]][:2] == ["timed_out", "turn"]
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        version = ann.view_from(first["version"] + 1)["version"]
        (ann if late == 1 else bo).send(
            {"type": "decide", "decision": "concede", "version": version}
        )
        ann.until(lambda m: m["type"] == "view" and m["outcome"] is not None)
        record = client.get(f"/api/matches/{match}/record").json()
    assert record["decisions"][first["version"]] == [late, "timeout"]
