"""A visitor's own rooms, finished ones too (``GET /api/rooms?mine=true``): where a guest or an
account goes back to for a rematch after the public list has let the room go."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.server.helpers import SHORT_WAR, bearer, create, server


def finished_room(ann: TestClient, bo: TestClient) -> str:
    """A War between ann and bo that bo conceded: finished, its room waiting for a rematch."""
    created = create(ann, game="war", ruleset=SHORT_WAR)
    room: str = created["room"]["id"]
    joined = bo.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()
    started = ann.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    left = bo.post(f"/api/rooms/{room}/leave", headers=bearer(joined["token"]))
    assert left.status_code == 200, left.text
    assert ann.get(f"/api/rooms/{room}").json()["status"] == "finished"
    return room


def test_a_guests_finished_room_is_listed_for_them_alone(database_url: str) -> None:
    with server(database_url) as ann:
        bo = TestClient(ann.app)  # another browser: its own guest cookie
        stranger = TestClient(ann.app)
        room = finished_room(ann, bo)
        assert room not in [r["id"] for r in ann.get("/api/rooms").json()]  # the public list
        mine = ann.get("/api/rooms", params={"mine": "true"}).json()
        assert [r["id"] for r in mine] == [room]
        assert mine[0]["status"] == "finished"
        assert [r["id"] for r in bo.get("/api/rooms?mine=true").json()] == [room]  # bo sat too
        assert stranger.get("/api/rooms?mine=true").json() == []  # no cookie: nobody's rooms
        assert ann.get("/api/rooms?mine=true&game=karata").json() == []
        another = create(ann, game="war", ruleset=SHORT_WAR)["room"]["id"]  # newest first
        assert [r["id"] for r in ann.get("/api/rooms?mine=true").json()] == [another, room]
        assert ann.get("/api/rooms?mine=maybe").status_code == 422


def test_an_accounts_rooms_follow_its_session(database_url: str) -> None:
    with server(database_url) as fox:
        body = {"username": "Fox", "password": "correct horse battery staple", "token": True}
        session = {"X-Cardtable-Session": fox.post("/api/accounts", json=body).json()["token"]}
        room = create(fox, game="war", ruleset=SHORT_WAR)["room"]["id"]
        elsewhere = TestClient(fox.app)  # another device: no cookies, the session header only
        assert elsewhere.get("/api/rooms?mine=true").json() == []
        listed = elsewhere.get("/api/rooms?mine=true", headers=session).json()
        assert [r["id"] for r in listed] == [room]
