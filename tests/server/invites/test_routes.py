"""Invite links over REST, on the real app and both databases: an invite seats a person in a
room with a password without the password; the token is stored only as its SHA-256; expired,
revoked and unknown invites, full and closed rooms are refused with their codes (never a
500); only a player of the room makes or revokes one; a room has a bounded number of live
invites; tokens stay out of the logs."""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from cardtable.server.invites.routes import HideInviteTokens
from cardtable.server.invites.store import InviteRow
from cardtable.server.invites.tables import invites
from cardtable.server.services import ServerConfig
from cardtable.server.storage import SqlStorage
from tests.server.accounts.seating import elsewhere, make_room, services
from tests.server.accounts.test_routes import FOREIGN, OWN, app, call, sign_up
from tests.server.helpers import bearer

PASSWORD = "open sesame"


def _room(client: TestClient, **body: Any) -> dict[str, Any]:
    """A War room with a password; ann, its host, holds seat 0."""
    created: dict[str, Any] = make_room(client, password=PASSWORD, **body)
    return created


def _invite(client: TestClient, room_id: str, token: str | None, **headers: str) -> Any:
    return client.post(
        f"/api/rooms/{room_id}/invites",
        headers={**OWN, **(bearer(token) if token else {}), **headers},
    )


def _made(client: TestClient, created: dict[str, Any]) -> str:
    answer = _invite(client, created["room"]["id"], created["token"])
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


def _join(client: TestClient, token: str, name: str = "bo") -> Any:
    return client.post(f"/api/invites/{token}/join", json={"name": name}, headers=OWN)


def _problem(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["code"]


def _rows(client: TestClient) -> list[dict[str, Any]]:
    storage = services(client).storage
    assert isinstance(storage, SqlStorage)

    async def read() -> list[dict[str, Any]]:
        return [dict(row._asdict()) for row in await storage.read(sa.select(invites))]

    return call(client, read)


def test_an_invite_seats_a_person_in_a_room_with_a_password_without_it(
    database_url: str,
) -> None:
    with app(database_url) as client:
        created = _room(client)
        room_id = created["room"]["id"]
        answer = _invite(client, room_id, created["token"])
        assert answer.status_code == 201, answer.text
        made = answer.json()
        token = made["token"]
        assert len(token) == 43
        assert made["url_path"] == f"#/invite/{token}"
        now = services(client).clock()
        assert now + 24 * 3600 - 60 < made["expires_at"] <= now + 24 * 3600

        with elsewhere(client):
            looked = client.get(f"/api/invites/{token}")
            assert looked.status_code == 200, looked.text
            info = looked.json()
            assert info["room"] == room_id
            assert (info["purpose"], info["game"], info["title"], info["host"]) == (
                "room",
                "war",
                "War",
                "ann",
            )
            assert (info["seats"], info["open_seats"], info["password"]) == (2, 1, True)
            assert (info["works"], info["why_not"]) == (True, None)

            plain = client.post(f"/api/rooms/{room_id}/join", json={"name": "bo"}, headers=OWN)
            assert _problem(plain) == (403, "bad_password")
            joined = _join(client, token)
            assert joined.status_code == 200, joined.text
            body = joined.json()
            assert set(body) == {"room", "seat", "token"}  # as POST /api/rooms/{id}/join
            assert body["seat"] == 1
            assert [(s["kind"], s["name"]) for s in body["room"]["seats"]] == [
                ("guest", "ann"),
                ("guest", "bo"),
            ]
            assert "cardtable_guest" in client.cookies  # a guest, as joining makes one
            # The seat token works as any seat's: bo may leave with it.
            left = client.post(f"/api/rooms/{room_id}/leave", headers=bearer(body["token"]))
            assert left.status_code == 200, left.text
            again = _join(client, token, "cy")  # the link works for the next person too
            assert again.status_code == 200, again.text

            full = _join(client, token, "dee")
            assert _problem(full) == (409, "room_full")
            looked = client.get(f"/api/invites/{token}").json()
            assert (looked["works"], looked["why_not"]) == (False, "room_full")
            assert looked["reason"]
        assert _rows(client)[0]["uses"] == 2


def test_the_token_is_stored_only_as_its_sha256(database_url: str) -> None:
    with app(database_url) as client:
        created = _room(client)
        token = _made(client, created)
        rows = _rows(client)
        assert len(rows) == 1
        row = rows[0]
        assert row["token_hash"] == hashlib.sha256(token.encode()).hexdigest()
        assert token not in repr(row.values())
        assert (row["purpose"], row["room_id"], row["made_by_seat"]) == (
            "room",
            created["room"]["id"],
            0,
        )
        assert row["made_by_guest"] is not None  # ann is a guest
        assert row["revoked_at"] is None
        assert token not in repr(InviteRow(**row))


def test_an_expired_invite_is_refused_and_says_so(database_url: str) -> None:
    with app(database_url, invite_hours=1) as client:
        created = _room(client)
        token = _made(client, created)
        invites_ = services(client).invites
        now = services(client).clock()
        invites_.clock = lambda: now + 3600 - 1
        assert client.get(f"/api/invites/{token}").json()["works"] is True
        invites_.clock = lambda: now + 3600 + 1
        with elsewhere(client):
            assert _problem(_join(client, token)) == (410, "invite_expired")
            looked = client.get(f"/api/invites/{token}").json()
        assert (looked["works"], looked["why_not"]) == (False, "invite_expired")
        assert "expired" in looked["reason"]
        seats = client.get(f"/api/rooms/{created['room']['id']}").json()["seats"]
        assert seats[1]["kind"] == "open"


def test_a_revoked_invite_is_refused(database_url: str) -> None:
    with app(database_url) as client:
        created = _room(client)
        token = _made(client, created)
        with elsewhere(client):
            stranger = client.delete(f"/api/invites/{token}", headers=OWN)
            assert _problem(stranger) == (403, "bad_token")
        revoked = client.delete(
            f"/api/invites/{token}", headers={**OWN, **bearer(created["token"])}
        )
        assert revoked.status_code == 204, revoked.text
        with elsewhere(client):
            assert _problem(_join(client, token)) == (410, "invite_revoked")
            looked = client.get(f"/api/invites/{token}").json()
        assert (looked["works"], looked["why_not"]) == (False, "invite_revoked")
        assert _rows(client)[0]["revoked_at"] is not None


def test_only_a_player_of_the_room_makes_an_invite(database_url: str) -> None:
    with app(database_url) as client:
        created = _room(client)
        room_id = created["room"]["id"]
        other = make_room(client)
        with elsewhere(client):
            assert _problem(_invite(client, room_id, None)) == (403, "bad_token")
            assert _problem(_invite(client, room_id, "x" * 43)) == (403, "bad_token")
            assert _problem(_invite(client, room_id, other["token"])) == (403, "bad_token")
            watched = client.post(f"/api/rooms/{room_id}/watch", json={"password": PASSWORD})
            ticket = watched.json()["token"]
            assert _problem(_invite(client, room_id, ticket)) == (403, "not_seated")
            assert _problem(_invite(client, "nosuchroom", created["token"])) == (
                404,
                "not_found",
            )
        assert _rows(client) == []
        host = _invite(client, room_id, created["host_token"])  # the host may, seated or not
        assert host.status_code == 201, host.text


def test_an_account_makes_one_with_its_session_alone_but_not_from_another_site(
    database_url: str,
) -> None:
    with app(database_url) as client:
        sign_up(client, display_name="Fox M.")
        created = _room(client)
        room_id = created["room"]["id"]
        foreign = client.post(f"/api/rooms/{room_id}/invites", headers=FOREIGN)
        assert _problem(foreign) == (403, "forbidden_origin")
        answer = _invite(client, room_id, None)
        assert answer.status_code == 201, answer.text
        row = _rows(client)[0]
        assert row["made_by_account"] is not None
        assert row["made_by_guest"] is None


def test_a_signed_in_person_joins_by_an_invite_as_their_account(database_url: str) -> None:
    with app(database_url) as client:
        created = _room(client)
        token = _made(client, created)
        with elsewhere(client):
            sign_up(client, "Wolf", display_name="Wolf W.")
            joined = _join(client, token, "ignored")
            assert joined.status_code == 200, joined.text
            seat = joined.json()["room"]["seats"][1]
            assert (seat["kind"], seat["name"], seat["username"]) == ("account", "Wolf W.", "Wolf")


def test_a_room_has_a_bounded_number_of_live_invites(database_url: str) -> None:
    with app(database_url, invites_per_room=2) as client:
        created = _room(client)
        first = _made(client, created)
        _made(client, created)
        refused = _invite(client, created["room"]["id"], created["token"])
        assert _problem(refused) == (409, "too_many_invites")
        client.delete(f"/api/invites/{first}", headers={**OWN, **bearer(created["token"])})
        assert _made(client, created)


def test_a_closed_room_takes_no_one_by_invite(database_url: str) -> None:
    with app(database_url) as client:
        created = _room(client)
        token = _made(client, created)
        closed = call(client, services(client).rooms.expire, services(client).clock() + 10)
        assert closed == [created["room"]["id"]]
        with elsewhere(client):
            assert _problem(_join(client, token)) == (409, "room_closed")
            looked = client.get(f"/api/invites/{token}").json()
            assert (looked["works"], looked["why_not"]) == (False, "room_closed")
        assert _problem(_invite(client, created["room"]["id"], created["token"])) == (
            409,
            "room_closed",
        )


@pytest.mark.parametrize(
    "token",
    ["short", "x" * 44, "x" * 42 + "!", "%00" * 15, "x" * 5000, "ünïcödé" * 6 + "x"],
)
def test_garbled_tokens_are_refused_as_bad_messages(sqlite_url: str, token: str) -> None:
    with app(sqlite_url) as client:
        for answer in (
            client.get(f"/api/invites/{token}"),
            client.post(f"/api/invites/{token}/join", json={"name": "bo"}, headers=OWN),
            client.delete(f"/api/invites/{token}", headers=OWN),
        ):
            assert answer.status_code in (404, 422), answer.text
            assert answer.json()["code"] in ("bad_message", "not_found")


def test_unknown_tokens_are_refused_as_unknown_invites(database_url: str) -> None:
    with app(database_url) as client:
        created = _room(client)
        _made(client, created)
        unknown = "A" * 43
        assert _problem(client.get(f"/api/invites/{unknown}")) == (404, "invite_unknown")
        assert _problem(_join(client, unknown)) == (404, "invite_unknown")
        deleted = client.delete(f"/api/invites/{unknown}", headers=OWN)
        assert _problem(deleted) == (404, "invite_unknown")
        bad_name = client.post(f"/api/invites/{unknown}/join", json={"name": ""}, headers=OWN)
        assert _problem(bad_name) == (422, "bad_message")


def test_the_lifetime_and_the_limit_are_bounded_settings() -> None:
    url = "sqlite+aiosqlite:///:memory:"
    for wrong in ({"invite_hours": 0.0}, {"invite_hours": 24 * 31.0}, {"invites_per_room": 0}):
        with pytest.raises(ValueError, match="invite"):
            ServerConfig(database_url=url, **wrong)


def test_invite_tokens_never_reach_the_logs(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with caplog.at_level(logging.DEBUG, logger="cardtable"), app(database_url) as client:
        created = _room(client)
        token = _made(client, created)
        with elsewhere(client):
            client.get(f"/api/invites/{token}")
            _join(client, token)
    logged = "\n".join(
        f"{record.getMessage()} {record.args!r} {record.exc_text or ''}"
        for record in caplog.records
        if not record.name.startswith("httpx")  # the test's own client, not the server
    )
    assert "Running upgrade" in logged  # something was logged
    assert token not in logged
    access = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        "",
        0,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "POST", f"/api/invites/{token}/join", "1.1", 200),
        None,
    )
    assert logging.getLogger("uvicorn.access").filters  # the app put its filter there
    assert HideInviteTokens().filter(access)
    assert token not in access.getMessage()


def test_an_invite_expired_a_day_ago_is_purged(database_url: str) -> None:
    """An invite that expired says so for a day, then the server's purge removes it (its
    link is then unknown); a live one stays."""
    with app(database_url, invite_hours=1) as client:
        created = _room(client)
        old = _made(client, created)
        server = services(client)
        start = server.clock()
        server.clock = lambda: start + 1800  # half an hour on: a second, still live, invite
        server.invites.clock = server.clock
        fresh = _made(client, created)
        server.clock = lambda: start + 3600 + 24 * 3600 + 60  # the first expired a day ago
        call(client, server.purge)
        assert len(_rows(client)) == 1
        server.invites.clock = server.clock
        with elsewhere(client):
            assert _problem(_join(client, old)) == (404, "invite_unknown")
            assert _problem(_join(client, fresh)) == (410, "invite_expired")
