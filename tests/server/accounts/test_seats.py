"""Seats belong to people, on the real app and both databases: a seat taken signed in is the
account's (its display name, its username for everyone to see), resumed from another device
with the session alone; joining again gives it back; another account can neither take it over
nor act in it, nor can a disabled account; protocol 4 still sees a person's seat as ``guest``."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from cardtable.server.accounts.guests import HEADER
from tests.server.accounts.seating import (
    elsewhere,
    join,
    make_room,
    say_hello,
    services,
    start,
    until_finished,
)
from tests.server.accounts.test_routes import (
    FOREIGN,
    OWN,
    app,
    call,
    sign_up,
    store,
    token_of,
)
from tests.server.helpers import bearer, receive_until


def _seats(client: TestClient, room_id: str) -> list[tuple[str, str, str | None]]:
    room = client.get(f"/api/rooms/{room_id}").json()
    return [(s["kind"], s["name"], s["username"]) for s in room["seats"]]


def _two_seats(client: TestClient) -> tuple[Any, dict[str, Any]]:
    """Fox (signed in by the cookie) hosts a room; a guest on another device takes seat 1."""
    created = make_room(client, name="whatever")
    with elsewhere(client):
        joined = join(client, created["room"]["id"], "bo")
    return created, joined


def test_a_seat_taken_signed_in_is_the_accounts_for_everyone_to_see(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client, display_name="Fox M.")
        created, _joined = _two_seats(client)
        room_id = created["room"]["id"]
        assert [(s["kind"], s["name"]) for s in created["room"]["seats"]] == [
            ("account", "Fox M."),
            ("open", ""),
        ]
        assert _seats(client, room_id) == [("account", "Fox M.", "Fox"), ("guest", "bo", None)]
        seat = call(client, services(client).storage.seats, room_id)[0]
        assert seat.account_id is not None
        assert seat.guest_id is None


def test_the_account_resumes_its_seat_from_another_device_with_its_session_alone(
    database_url: str,
) -> None:
    with app(database_url) as client:
        sign_up(client)
        created, _ = _two_seats(client)
        room_id = created["room"]["id"]
        phone = token_of(client)  # signed in on another device: no seat token there
        with elsewhere(client):
            with client.websocket_connect(
                f"/ws/rooms/{room_id}", headers={HEADER: phone}
            ) as socket:
                welcome = say_hello(socket, None)[0]
                assert (welcome["type"], welcome["seat"], welcome["role"]) == (
                    "welcome",
                    0,
                    "player",
                )
            # And by REST: joining again gives the same seat, with a new token.
            again = join(client, room_id, "anyone", **{HEADER: phone})
        assert again["seat"] == 0
        assert again["token"] != created["token"]
        assert _seats(client, room_id)[0][0] == "account"
        with client.websocket_connect(f"/ws/rooms/{room_id}") as socket:  # the cookie's way
            assert say_hello(socket, None)[0]["seat"] == 0
        with elsewhere(client), client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
            old = say_hello(socket, created["token"])[0]  # the old token is gone
            assert (old["type"], old["code"]) == ("error", "bad_token")
        with elsewhere(client), client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
            fresh = say_hello(socket, again["token"])[0]  # a guest's way still works
            assert fresh["seat"] == 0


def test_another_account_cannot_take_over_or_act_in_the_seat(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        created, _ = _two_seats(client)
        room_id = created["room"]["id"]
        before = _seats(client, room_id)
        with elsewhere(client):
            sign_up(client, "Wolf")
            wolf = token_of(client, "Wolf")
        with elsewhere(client):
            # Signed in as Wolf, without a token: a spectator, not Fox's seat.
            with client.websocket_connect(f"/ws/rooms/{room_id}", headers={HEADER: wolf}) as ws:
                welcome = say_hello(ws, None)[0]
                assert (welcome["seat"], welcome["role"]) == (None, "spectator")
            # With Fox's seat token: refused, and the connection closed.
            with client.websocket_connect(f"/ws/rooms/{room_id}", headers={HEADER: wolf}) as ws:
                refused = say_hello(ws, created["token"])[0]
                assert (refused["type"], refused["code"], refused["refusal"]) == (
                    "error",
                    "bad_token",
                    "not_your_seat",
                )
            for action in ("leave", "concede", "start"):
                answer = client.post(
                    f"/api/rooms/{room_id}/{action}",
                    headers={HEADER: wolf, **bearer(created["token"])},
                )
                if action != "start":  # the host token is not the seat's: start asks for it
                    assert answer.status_code == 403, answer.text
                    assert (answer.json()["code"], answer.json()["refusal"]) == (
                        "bad_token",
                        "not_your_seat",
                    )
            # Joining signed in as Wolf takes no seat of Fox's.
            taken = client.post(
                f"/api/rooms/{room_id}/join", json={"name": "x"}, headers={HEADER: wolf}
            )
            assert taken.json()["code"] == "room_full"
        assert _seats(client, room_id) == before


def test_a_disabled_account_cannot_act_in_its_seat(database_url: str) -> None:
    with app(database_url) as client:
        signed = sign_up(client)
        created = make_room(client, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])
        room_id = created["room"]["id"]
        start(client, created)
        with client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
            view = say_hello(socket, None)[-1]
            assert view["type"] == "view"
            assert view["seat"] == 0
            call(client, store(client).disable_account, signed["account"]["id"], time.time())
            socket.send_json({"type": "decide", "decision": "concede", "version": view["version"]})
            refused = receive_until(socket, "error")[-1]
            assert (refused["code"], refused["refusal"]) == ("bad_token", "account_disabled")
        match_id = client.get(f"/api/rooms/{room_id}").json()["match"]
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "playing"
        with elsewhere(client), client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
            again = say_hello(socket, created["token"])[0]  # nor with the seat's token
            assert (again["code"], again["refusal"]) == ("bad_token", "account_disabled")
        with elsewhere(client):
            answer = client.post(f"/api/rooms/{room_id}/concede", headers=bearer(created["token"]))
        assert answer.status_code == 403
        assert answer.json()["refusal"] == "account_disabled"
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "playing"


def test_protocol_4_sees_a_persons_seat_as_guest_and_no_username(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        created, _ = _two_seats(client)
        room_id = created["room"]["id"]
        with elsewhere(client):
            for protocol, kinds in ((4, ["guest", "guest"]), (5, ["account", "guest"])):
                with client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
                    got = say_hello(socket, None, protocol)
                    got += receive_until(socket, "presence")
                    room = next(m for m in got if m["type"] == "room")["room"]
                    presence = next(m for m in got if m["type"] == "presence")
                    for seats in (room["seats"], presence["seats"]):
                        assert [s["kind"] for s in seats] == kinds
                        if protocol == 4:
                            assert all("username" not in s for s in seats)
                        else:
                            assert [s["username"] for s in seats] == ["Fox", None]


def test_leave_concede_and_rematch_act_by_the_session_alone(database_url: str) -> None:
    """Another device signed in as the seat's account needs no seat token over REST; a
    foreign page cannot make a browser do it with the cookie; a spectator's session is no
    seat."""
    with app(database_url) as client:
        sign_up(client)
        created = make_room(client, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])
        room_id = created["room"]["id"]
        start(client, created)
        phone = token_of(client)

        # The cookie from a foreign page: refused, and the match goes on.
        foreign = client.post(f"/api/rooms/{room_id}/concede", headers=FOREIGN)
        assert (foreign.status_code, foreign.json()["code"]) == (403, "forbidden_origin")
        match_id = client.get(f"/api/rooms/{room_id}").json()["match"]
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "playing"
        with elsewhere(client):
            nobody = client.post(f"/api/rooms/{room_id}/concede")
            assert (nobody.status_code, nobody.json()["code"]) == (403, "bad_token")
            conceded = client.post(f"/api/rooms/{room_id}/concede", headers={HEADER: phone})
            assert conceded.status_code == 200, conceded.text
        until_finished(client, room_id)
        # The cookie from the server's own page asks for the rematch.
        again = client.post(f"/api/rooms/{room_id}/rematch", headers=OWN)
        assert again.status_code == 200, again.text
        assert again.json()["match"] != match_id
        with elsewhere(client):
            left = client.post(f"/api/rooms/{room_id}/leave", headers={HEADER: phone})
            assert left.status_code == 200, left.text
        assert _seats(client, room_id)[0][0] == "open"
        # Holding no seat now, the session acts for no one.
        gone = client.post(f"/api/rooms/{room_id}/leave", headers=OWN)
        assert (gone.status_code, gone.json()["code"]) == (403, "bad_token")
