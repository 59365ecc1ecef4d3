"""Invitations to a friend, over REST on the real app and both databases: a player invites a
friend by name, the friend finds it in their inbox and takes a seat by it (a password room's
included); friend requests and acceptances reach the inbox too; and everyone else is refused
with a code, changing nothing: strangers, guests, spectators, other people's invitations,
full and closed rooms, an invitation used, declined or invited twice."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.accounts.test_routes import app
from tests.server.friends.test_routes import Who, ask, person, problem
from tests.server.helpers import SHORT_WAR

SECRET = "a password nobody told bob"


def friends(client: TestClient, one: Who, other: Who, other_name: str, one_name: str) -> None:
    assert ask(client, one, other_name).status_code == 201
    accepted = client.post(f"/api/friends/{one_name}/accept", headers=other)
    assert accepted.status_code == 200, accepted.text


def room_of(client: TestClient, who: Who, **body: Any) -> dict[str, Any]:
    """A War room (short) the account ``who`` made, seated at seat 0."""
    made = client.post(
        "/api/rooms",
        json={"game": "war", "ruleset": SHORT_WAR, "name": "x", **body},
        headers=who,
    )
    assert made.status_code == 201, made.text
    room: dict[str, Any] = made.json()
    return room


def invite(client: TestClient, who: Who, room: str, username: str) -> Any:
    return client.post(f"/api/rooms/{room}/invitations", json={"username": username}, headers=who)


def inbox(client: TestClient, who: Who) -> list[dict[str, Any]]:
    answer = client.get("/api/notifications", headers=who)
    assert answer.status_code == 200, answer.text
    items: list[dict[str, Any]] = answer.json()["notifications"]
    return items


def seats(client: TestClient, room: str) -> list[tuple[str, str]]:
    info = client.get(f"/api/rooms/{room}").json()
    return [(seat["kind"], seat["name"]) for seat in info["seats"]]


def test_a_friend_takes_a_seat_from_the_invitation_in_their_inbox(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob = person(client, "ann"), person(client, "bob")
        friends(client, ann, bob, "bob", "ann")
        assert [n["kind"] for n in inbox(client, bob)] == ["friend_request"]
        assert [n["kind"] for n in inbox(client, ann)] == ["friend_accepted"]
        assert inbox(client, bob)[0]["link"] == "#/friends"

        room = room_of(client, ann, password=SECRET, room_name="Friday")["room"]["id"]
        sent = invite(client, ann, room, "BOB")
        assert sent.status_code == 201, sent.text
        assert sent.json()["username"] == "bob"
        news = inbox(client, bob)[0]
        assert news["kind"] == "room_invite"
        assert news["text"] == "ann invited you to a room of War."
        assert news["data"]["invite"] == sent.json()["id"]
        assert news["data"]["room_name"] == "Friday"
        assert news["link"] == f"#/room/{room}"
        again = invite(client, ann, room, "bob")  # while it works: the same, told once
        assert again.json()["id"] == sent.json()["id"]
        assert [n["kind"] for n in inbox(client, bob)].count("room_invite") == 1

        joined = client.post(f"/api/invitations/{sent.json()['id']}/accept", headers=bob)
        assert joined.status_code == 200, joined.text  # no password asked
        assert joined.json()["seat"] == 1
        assert seats(client, room) == [("account", "ann"), ("account", "bob")]
        used = client.post(f"/api/invitations/{sent.json()['id']}/accept", headers=bob)
        assert problem(used) == (410, "invite_used")
        seated = invite(client, ann, room, "bob")
        assert problem(seated) == (409, "room_full")  # and, were a seat open: already_seated


def test_only_friends_are_invited_and_only_by_players(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, cat = person(client, "ann"), person(client, "bob"), person(client, "cat")
        friends(client, ann, bob, "bob", "ann")
        three = {**SHORT_WAR, "players": 3}
        room = room_of(client, ann, ruleset=three, seats=[{"kind": "open"}] * 3)["room"]["id"]
        before = len(inbox(client, bob)), len(inbox(client, cat))
        assert problem(invite(client, ann, room, "cat")) == (404, "not_friends")
        assert problem(invite(client, ann, room, "nobody")) == (404, "unknown_account")
        assert problem(invite(client, ann, room, "ann")) == (422, "friend_self")
        assert problem(invite(client, ann, room, "b" * 65)) == (422, "bad_message")
        assert problem(invite(client, bob, room, "ann")) == (403, "bad_token")  # not seated
        guest = client.post(f"/api/rooms/{room}/invitations", json={"username": "bob"})
        assert problem(guest) == (401, "not_logged_in")
        assert problem(invite(client, ann, "no-such-room", "bob")) == (404, "not_found")
        client.put("/api/friends/ann/block", headers=bob)  # a block ends the friendship
        assert problem(invite(client, ann, room, "bob")) == (404, "not_friends")
        assert (len(inbox(client, bob)), len(inbox(client, cat))) == before
        assert seats(client, room) == [("account", "ann"), ("open", ""), ("open", "")]


def test_an_invitation_is_its_invited_persons_alone(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, cat = person(client, "ann"), person(client, "bob"), person(client, "cat")
        friends(client, ann, bob, "bob", "ann")
        room = room_of(client, ann, password=SECRET)["room"]["id"]
        invitation = invite(client, ann, room, "bob").json()["id"]
        for path in ("accept", "decline"):
            stolen = client.post(f"/api/invitations/{invitation}/{path}", headers=cat)
            assert problem(stolen) == (404, "invite_unknown")
            anonymous = client.post(f"/api/invitations/{invitation}/{path}")
            assert problem(anonymous) == (401, "not_logged_in")
        unknown = client.post("/api/invitations/nope/accept", headers=bob)
        assert problem(unknown) == (404, "invite_unknown")
        assert seats(client, room) == [("account", "ann"), ("open", "")]

        declined = client.post(f"/api/invitations/{invitation}/decline", headers=bob)
        assert declined.status_code == 204, declined.text
        late = client.post(f"/api/invitations/{invitation}/accept", headers=bob)
        assert problem(late) == (410, "invite_revoked")
        assert seats(client, room) == [("account", "ann"), ("open", "")]


def test_a_closed_or_full_room_invites_nobody(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob = person(client, "ann"), person(client, "bob")
        friends(client, ann, bob, "bob", "ann")
        full = room_of(client, ann, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])
        assert problem(invite(client, ann, full["room"]["id"], "bob")) == (409, "room_full")
        room = room_of(client, ann)["room"]["id"]
        invitation = invite(client, ann, room, "bob").json()["id"]
        left = client.post(f"/api/rooms/{room}/leave", headers=ann)
        assert left.status_code == 200, left.text
        assert problem(invite(client, ann, room, "bob")) == (403, "bad_token")  # no seat now
        joined = client.post(f"/api/invitations/{invitation}/accept", headers=bob)
        assert joined.status_code == 200, joined.text  # the invitation outlives its sender's seat
