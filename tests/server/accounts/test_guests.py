"""Guests on the real app and both databases: the guest cookie a visitor gets on first
creating or joining a room (not on looking around), kept and reused; a guest's match moving
to the account they sign up as; idle guests purged."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from cardtable.server.accounts.guests import GUEST_COOKIE
from cardtable.server.accounts.tokens import token_hash
from tests.server.accounts.seating import join, make_room, services
from tests.server.accounts.test_routes import OWN, app, call, sign_up, store
from tests.server.helpers import hello, play_out


def _guest_of(client: TestClient) -> str:
    guest = call(
        client, store(client).guest_by_token_hash, token_hash(client.cookies[GUEST_COOKIE])
    )
    assert guest is not None
    return guest.id


def _seat_owners(client: TestClient, room_id: str) -> list[tuple[str | None, str | None]]:
    seats = call(client, services(client).storage.seats, room_id)
    return [(seat.account_id, seat.guest_id) for seat in seats]


def test_a_visitor_gets_a_guest_cookie_on_first_sitting_down_and_keeps_it(
    database_url: str,
) -> None:
    with app(database_url) as client:
        looked = client.get("/api/rooms")
        assert looked.status_code == 200
        assert "set-cookie" not in looked.headers  # not on every GET

        created = client.post(
            "/api/rooms", json={"game": "war", "name": "ann", "seats": None}, headers=OWN
        )
        assert created.status_code == 201, created.text
        cookie = created.headers["set-cookie"]
        assert cookie.startswith(f"{GUEST_COOKIE}=")
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert {"httponly", "samesite=lax", "path=/", f"max-age={90 * 24 * 3600}"} <= flags
        assert "secure" not in flags  # plain HTTP here
        guest = _guest_of(client)
        room = created.json()["room"]
        assert [s["kind"] for s in room["seats"]] == ["guest", "open"]
        assert room["seats"][0]["username"] is None
        assert _seat_owners(client, room["id"])[0] == (None, guest)

        # The same visitor again: the same guest (and the cookie renewed).
        other = make_room(client)
        assert _guest_of(client) == guest
        joined = join(client, other["room"]["id"])  # a second seat, the same person
        assert joined["seat"] == 1
        assert _seat_owners(client, other["room"]["id"]) == [(None, guest), (None, guest)]

        # Another visitor: another guest.
        kept = dict(client.cookies)
        client.cookies.clear()
        join(client, room["id"])
        assert _guest_of(client) != guest
        client.cookies.clear()
        client.cookies.update(kept)


def test_the_guest_cookie_is_secure_over_https(database_url: str) -> None:
    with app(database_url) as client:
        answer = client.post(
            "https://testserver/api/rooms",
            json={"game": "war", "name": "ann"},
            headers={"Origin": "https://testserver"},
        )
        assert answer.status_code == 201, answer.text
        flags = {part.strip().lower() for part in answer.headers["set-cookie"].split(";")[1:]}
        assert "secure" in flags


def test_a_guests_match_is_in_the_history_of_the_account_they_sign_up_as(
    database_url: str,
) -> None:
    with app(database_url) as client:
        created = make_room(client, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])
        room_id = created["room"]["id"]
        start = client.post(
            f"/api/rooms/{room_id}/start",
            headers={"Authorization": f"Bearer {created['host_token']}"},
        )
        assert start.status_code == 200, start.text
        with client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
            view = hello(socket, created["token"])[-1]
            assert view["type"] == "view"
            last = play_out(socket, view, 0)
        assert last["outcome"] is not None

        signed = sign_up(client)  # the guest cookie goes with it
        gone = [c for c in signed_cookies(client) if c.startswith(GUEST_COOKIE)]
        assert gone == []  # the guest is the account now: its cookie is cleared
        history = client.get("/api/accounts/Fox/matches")
        assert history.status_code == 200, history.text
        [match] = history.json()["matches"]
        assert match["room"] == room_id
        assert match["seat"] == 0
        assert match["game"] == "war"
        assert match["opponents"] == [
            {"seat": 1, "name": "Random", "kind": "agent", "username": None}
        ]
        winners = last["outcome"]["winners"]
        expected = "won" if winners == [0] else "lost" if len(winners) == 1 else "drawn"
        assert match["result"] == expected
        assert match["replay"] == f"/api/matches/{match['id']}/replay"
        assert client.get(match["replay"]).status_code == 200
        assert signed["account"]["username"] == "Fox"


def signed_cookies(client: TestClient) -> list[str]:
    return [f"{name}={value}" for name, value in client.cookies.items()]


def test_idle_guests_and_expired_sessions_are_purged(database_url: str) -> None:
    with app(database_url, guest_idle_days=90.0) as client:
        make_room(client)
        guest = _guest_of(client)
        purged = call(client, services(client).purge)
        assert purged.guests == 0  # just seen
        assert call(client, store(client).guest_by_id, guest) is not None
    with app(database_url, guest_idle_days=0.0) as client:  # purged as the server starts
        time.sleep(0.01)
        call(client, services(client).purge)
        assert call(client, store(client).guest_by_id, guest) is None
