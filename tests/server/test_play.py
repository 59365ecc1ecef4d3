"""Whole matches through the server: REST to set up, the WebSocket to play."""

from __future__ import annotations

from tests.server.helpers import SHORT_WAR, bearer, create, hello, play_out, server


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
