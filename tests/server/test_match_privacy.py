"""The matches of a room with a password are its people's: listed, shown, downloaded and
replayed only for a token of the room (a seat's, the host's, or the spectator ticket the
password gives), never for anyone else; the matches of open rooms stay public."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.helpers import SHORT_WAR, bearer, create, hello, play_out, server
from tests.server.test_bad_input import problem


def finished_private_war(client: TestClient) -> tuple[str, dict[str, Any], str]:
    """A room with a password whose War match its host played to the end against a computer
    player: (room, what creating it answered, the match)."""
    created = create(client, game="war", ruleset=SHORT_WAR, password="sesame",
                     seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])  # fmt: skip
    room = created["room"]["id"]
    client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    with client.websocket_connect(f"/ws/rooms/{room}") as socket:
        last = play_out(socket, hello(socket, created["token"])[-1], 0)
    return room, created, str(last["match"])


def readings(room: str, match: str) -> list[str]:
    """Every route that shows a room's matches or one of them."""
    return [
        f"/api/rooms/{room}/matches",
        f"/api/matches/{match}",
        f"/api/matches/{match}/record",
        f"/api/matches/{match}/replay?step=1&seat=1",
        f"/api/matches/{match}/replay?step=2",
    ]


def test_without_a_token_of_the_room_its_matches_are_not_shown(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        room, _, match = finished_private_war(client)
        other = create(client, game="war", ruleset=SHORT_WAR)  # a token of another room
        for headers in ({}, bearer(other["token"]), bearer(other["host_token"]),
                        bearer("not-a-token"), {"Authorization": "Basic c2VzYW1l"}):  # fmt: skip
            for path in readings(room, match):
                message = problem(client.get(path, headers=headers), 403, "bad_token")
                assert "password" in message, message
        assert client.get("/api/matches").json() == []  # not among the public replays


def test_a_seat_the_host_and_a_spectator_of_the_room_see_its_matches(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        room, created, match = finished_private_war(client)
        watched = client.post(f"/api/rooms/{room}/watch", json={"password": "sesame"})
        assert watched.status_code == 200, watched.text
        for token in (created["token"], created["host_token"], watched.json()["token"]):
            for path in readings(room, match):
                answer = client.get(path, headers=bearer(token))
                assert answer.status_code == 200, (path, answer.text)
            listed = client.get(f"/api/rooms/{room}/matches", headers=bearer(token)).json()
            assert [m["id"] for m in listed] == [match]
        record = client.get(f"/api/matches/{match}/record", headers=bearer(created["token"]))
        assert record.json()["decisions"]


def test_the_matches_of_a_room_without_a_password_stay_public(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        seats = [{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        created = create(client, game="war", ruleset=SHORT_WAR, seats=seats)
        room = created["room"]["id"]
        client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        with client.websocket_connect(f"/ws/rooms/{room}") as socket:
            match = str(play_out(socket, hello(socket, created["token"])[-1], 0)["match"])
        for path in readings(room, match):
            assert client.get(path).status_code == 200, path
        assert [m["id"] for m in client.get("/api/matches").json()] == [match]


def test_a_token_of_other_characters_than_a_tokens_is_no_token(sqlite_url: str) -> None:
    """Tokens are URL-safe ASCII; one of other characters holds nothing (and breaks nothing)."""
    with server(sqlite_url) as client:
        room, _, match = finished_private_war(client)
        strange = {b"Authorization": "Bearer \u00e9t\u00e9".encode()}  # as UTF-8 bytes
        for path in readings(room, match):
            problem(client.get(path, headers=strange), 403, "bad_token")
        for action in ("leave", "concede", "rematch"):
            problem(client.post(f"/api/rooms/{room}/{action}", headers=strange), 403, "bad_token")
