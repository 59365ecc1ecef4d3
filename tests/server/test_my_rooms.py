"""A visitor's own rooms, finished ones too (``GET /api/rooms?mine=true``): where a guest or an
account goes back to for a rematch after the public list has let the room go."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient

from tests.server.helpers import SHORT_WAR, bearer, create, server


@contextmanager
def visitor(client: TestClient, jar: dict[str, str]) -> Iterator[TestClient]:
    """``client`` as another browser, whose cookies ``jar`` keeps between visits."""
    kept = dict(client.cookies)
    client.cookies.clear()
    client.cookies.update(jar)
    try:
        yield client
    finally:
        jar.clear()
        jar.update(client.cookies)
        client.cookies.clear()
        client.cookies.update(kept)


def ids(rooms: list[dict[str, Any]]) -> list[str]:
    return [room["id"] for room in rooms]


def finished_room(client: TestClient, bo: dict[str, str]) -> str:
    """A War between ann (``client``'s own browser) and bo (the browser of ``bo``'s
    cookies) that bo conceded: finished, its room waiting for a rematch."""
    created = create(client, game="war", ruleset=SHORT_WAR)
    room: str = created["room"]["id"]
    with visitor(client, bo) as browser:
        joined = browser.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    with visitor(client, bo) as browser:
        conceded = browser.post(f"/api/rooms/{room}/leave", headers=bearer(joined["token"]))
    assert conceded.status_code == 200, conceded.text
    assert client.get(f"/api/rooms/{room}").json()["status"] == "finished"
    return room


def test_a_guests_finished_room_is_listed_for_them_alone(database_url: str) -> None:
    with server(database_url) as ann:
        bo: dict[str, str] = {}
        room = finished_room(ann, bo)
        assert room not in ids(ann.get("/api/rooms").json())  # the public list let it go
        mine = ann.get("/api/rooms", params={"mine": "true"}).json()
        assert ids(mine) == [room]
        assert mine[0]["status"] == "finished"
        with visitor(ann, bo) as browser:  # bo left the seat when conceding: not bo's room
            assert browser.get("/api/rooms?mine=true").json() == []
        with visitor(ann, {}) as stranger:  # no cookie: nobody's rooms
            assert stranger.get("/api/rooms?mine=true").json() == []
        assert ann.get("/api/rooms?mine=true&game=karata").json() == []
        another = create(ann, game="war", ruleset=SHORT_WAR)["room"]["id"]  # newest first
        assert ids(ann.get("/api/rooms?mine=true").json()) == [another, room]
        assert ann.get("/api/rooms?mine=maybe").status_code == 422


def test_an_accounts_rooms_follow_its_session(database_url: str) -> None:
    with server(database_url) as fox:
        body = {"username": "Fox", "password": "correct horse battery staple", "token": True}
        session = {"X-Cardtable-Session": fox.post("/api/accounts", json=body).json()["token"]}
        body = {"name": "Fox", "game": "war", "ruleset": SHORT_WAR}
        made = fox.post("/api/rooms", json=body, headers=session)  # made signed in
        assert made.status_code == 201, made.text
        room = made.json()["room"]["id"]
        assert ids(fox.get("/api/rooms?mine=true").json()) == []  # not this browser's guest's
        with visitor(fox, {}) as elsewhere:  # another device: no cookies, the header only
            assert elsewhere.get("/api/rooms?mine=true").json() == []
            assert ids(elsewhere.get("/api/rooms?mine=true", headers=session).json()) == [room]


def test_a_guests_rooms_are_the_account_it_signs_up_as(database_url: str) -> None:
    with server(database_url) as owl:
        room = create(owl, game="war", ruleset=SHORT_WAR)["room"]["id"]  # made as a guest
        body = {"username": "Owl", "password": "correct horse battery staple", "token": True}
        signed = owl.post("/api/accounts", json=body)  # the guest's cookie goes along
        assert signed.status_code == 201, signed.text
        session = {"X-Cardtable-Session": signed.json()["token"]}
        with visitor(owl, {}) as elsewhere:
            assert ids(elsewhere.get("/api/rooms?mine=true", headers=session).json()) == [room]
