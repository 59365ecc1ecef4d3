"""Rooms may have a name (protocol 7): given by the host, shown as text, bounded."""

from __future__ import annotations

import pytest

from tests.server.helpers import SHORT_WAR, create, server


def test_a_room_keeps_the_name_its_host_gave_it(database_url: str) -> None:
    with server(database_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR, room_name="  Friday cards  ")
        room = created["room"]["id"]
        assert created["room"]["name"] == "Friday cards"  # trimmed
        assert client.get(f"/api/rooms/{room}").json()["name"] == "Friday cards"
        listed = {r["id"]: r["name"] for r in client.get("/api/rooms").json()}
        assert listed[room] == "Friday cards"
        unnamed = create(client, game="war", ruleset=SHORT_WAR)
        assert unnamed["room"]["name"] is None


def test_a_name_that_looks_like_markup_is_kept_as_text(database_url: str) -> None:
    with server(database_url) as client:
        name = '<img src=x onerror="alert(1)">'
        created = create(client, game="war", ruleset=SHORT_WAR, room_name=name)
        assert client.get(f"/api/rooms/{created['room']['id']}").json()["name"] == name


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("x" * 61, "at most 60 characters"),
        ("   ", "at least 1 character"),
        ("tab\there", "control characters"),
        ("right\u202eleft", "control characters"),
        (7, "must be text"),
    ],
)
def test_a_bad_name_is_refused_and_makes_no_room(
    database_url: str, name: object, said: str
) -> None:
    with server(database_url) as client:
        answer = client.post("/api/rooms", json={"name": "ann", "game": "war", "room_name": name})
        assert answer.status_code == 422, answer.text
        body = answer.json()
        assert body["code"] == "bad_message"
        assert "room_name" in body["message"], body
        assert said in body["message"], body
        assert client.get("/api/rooms").json() == []
