"""A room's life beyond one match: rematches, the disconnect policy, replays of finished
matches, and idle rooms closing."""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.testclient import TestClient

from cardtable.engine import Match, Record
from cardtable.engine.view import view_to_json
from cardtable.games import find
from tests.server.helpers import SHORT_WAR, bearer, create, hello, play_out, server
from tests.server.wire import worded


def finished_war(client: TestClient) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A room whose first War match a person played to the end against a computer player."""
    created = create(client, game="war", ruleset=SHORT_WAR,
                     seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])  # fmt: skip
    room = created["room"]["id"]
    client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    with client.websocket_connect(f"/ws/rooms/{room}") as socket:
        last = play_out(socket, hello(socket, created["token"])[-1], 0)
    return room, created, last


def test_a_rematch_starts_a_new_match_with_the_same_seats(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        room, created, _ = finished_war(client)
        early = client.post(f"/api/rooms/{room}/rematch")
        assert early.status_code == 403  # no token: not a player
        again = client.post(f"/api/rooms/{room}/rematch", headers=bearer(created["token"]))
        assert again.status_code == 200, again.text
        info = again.json()
        assert info["status"] == "playing"
        assert [seat["name"] for seat in info["seats"]] == ["ann", "Random"]
        matches = client.get(f"/api/rooms/{room}/matches").json()
        assert [match["status"] for match in matches] == ["finished", "playing"]
        assert info["match"] == matches[-1]["id"]


def test_a_replay_steps_through_a_finished_match_from_any_view(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        room, _, last = finished_war(client)
        match_id = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        record = Record.from_json(client.get(f"/api/matches/{match_id}/record").json())
        steps = len(record.decisions)
        game = find("war")
        for step in (0, 1, steps // 2, steps):
            seen = client.get(f"/api/matches/{match_id}/replay", params={"step": step, "seat": 1})
            assert seen.status_code == 200, seen.text
            body = seen.json()
            expected = Match.replay(game, record, upto=step, check=False)
            assert (body["step"], body["steps"]) == (step, steps)
            assert body["events"] == worded(expected, 1)
            assert body["view"] == json.loads(json.dumps(view_to_json(expected.view(1))))
        lines = [event["text"] for event in body["events"]]  # in War's words, players by name
        assert lines[0] == "The deck is shuffled"
        assert any(line.startswith("ann turns up ") for line in lines), lines
        assert any(line.startswith("Random turns up ") for line in lines), lines
        assert any(line.startswith(("ann takes ", "Random takes ")) for line in lines), lines
        everything = client.get(f"/api/matches/{match_id}/replay", params={"step": steps}).json()
        assert everything["state"] == game.state_to_json(Match.replay(game, record).state)
        assert record.outcome is not None
        assert last["outcome"] == record.outcome.to_json()
        beyond = client.get(f"/api/matches/{match_id}/replay", params={"seat": 5})
        assert beyond.status_code == 422


def test_the_record_of_a_live_match_is_not_shown(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        seats = [{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        created = create(client, game="war", ruleset=SHORT_WAR, seats=seats)
        room = created["room"]["id"]
        client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        match_id = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        hidden = client.get(f"/api/matches/{match_id}/record")
        assert hidden.status_code == 403  # the seed would show every hidden card
        assert hidden.json()["code"] == "forbidden"


def absent_war(client: TestClient, policy: str) -> str:
    """A War match between two people who never connect, under disconnect ``policy`` with
    no wait; the match's id once it is over (or a failure if it never ends)."""
    created = create(client, game="war", ruleset=SHORT_WAR,
                     seats=[{"kind": "open"}, {"kind": "open"}],
                     disconnect={"policy": policy, "wait_seconds": 0})  # fmt: skip
    room = created["room"]["id"]
    client.post(f"/api/rooms/{room}/join", json={"name": "bob"})
    client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    match_id: str = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
    deadline = time.monotonic() + 30
    while client.get(f"/api/matches/{match_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"the {policy} policy never ended the match"
        time.sleep(0.1)
    return match_id


def test_a_player_who_stays_away_is_replaced_by_a_computer_player(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        match_id = absent_war(client, "agent")
        record = Record.from_json(client.get(f"/api/matches/{match_id}/record").json())
        assert "concede" not in [text for _, text in record.decisions]  # played to the end
        assert record.outcome is not None


def test_a_player_who_stays_away_forfeits_when_the_room_says_so(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        match_id = absent_war(client, "forfeit")
        record = Record.from_json(client.get(f"/api/matches/{match_id}/record").json())
        assert record.decisions[-1][1] == "concede"
        assert record.outcome is not None


def test_idle_rooms_close(sqlite_url: str) -> None:
    with server(sqlite_url, room_idle_seconds=0.5, lease_seconds=0.6) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        room = created["room"]["id"]
        deadline = time.monotonic() + 20
        while client.get(f"/api/rooms/{room}").json()["status"] != "closed":
            assert time.monotonic() < deadline, "the idle room stayed open"
            time.sleep(0.1)
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "late"})
        assert joined.status_code == 409
        assert joined.json()["code"] == "room_closed"
