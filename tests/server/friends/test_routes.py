"""Friends over REST, on the real app and both databases: requests, accepting, declining,
cancelling and removing; a request to someone who asked you first; one-way blocks that the
blocked person is not told of; the limits on pending requests and the rate of requests; bad
input refused with its code, changing nothing; only signed-in accounts, each seeing and
changing only their own list; disabled and deleted accounts no longer show."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from cardtable.server.friends.tables import friends
from cardtable.server.storage import SqlStorage
from tests.server.accounts.seating import services
from tests.server.accounts.test_routes import (
    FOREIGN,
    OWN,
    PASSWORD,
    app,
    call,
    sign_up,
    token_of,
)

Who = dict[str, str]


def person(client: TestClient, username: str) -> Who:
    """A new account's session header, as a program holds it (no cookie)."""
    signed = sign_up(client, username, token=True)
    return {"X-Cardtable-Session": signed["token"]}


def ask(client: TestClient, who: Who, username: str) -> Any:
    return client.post("/api/friends", json={"username": username}, headers=who)


def listed(client: TestClient, who: Who, state: str | None = None) -> dict[str, str]:
    answer = client.get("/api/friends", params={"state": state} if state else {}, headers=who)
    assert answer.status_code == 200, answer.text
    return {entry["username"]: entry["state"] for entry in answer.json()["friends"]}


def problem(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["code"]


def rows(client: TestClient) -> set[tuple[str, str, str]]:
    """Every row of the table: (whose, of whom, state), by account ids."""
    storage = services(client).storage
    assert isinstance(storage, SqlStorage)
    query = sa.select(friends.c.account_id, friends.c.other_id, friends.c.state)

    async def read() -> set[tuple[str, str, str]]:
        return {(row.account_id, row.other_id, row.state) for row in await storage.read(query)}

    return call(client, read)


def test_a_request_accepted_makes_two_friends(database_url: str) -> None:
    with app(database_url) as client:
        ann, bo = person(client, "ann"), person(client, "bob")
        heard: list[tuple[str, str, str]] = []

        async def listen(event: Any) -> None:
            heard.append((event.kind, event.account_id, event.other_id))

        services(client).friends.listeners.append(listen)
        sent = ask(client, ann, "BOB")  # any case
        assert sent.status_code == 201, sent.text
        assert sent.json()["username"] == "bob"
        assert sent.json()["display_name"] == "bob"
        assert sent.json()["state"] == "sent"
        assert listed(client, ann) == {"bob": "sent"}
        assert listed(client, bo) == {"ann": "received"}
        assert listed(client, bo, "sent") == {}
        assert client.get("/api/friends/ann", headers=bo).json()["state"] == "received"

        accepted = client.post("/api/friends/ann/accept", headers=bo)
        assert accepted.status_code == 200, accepted.text
        assert accepted.json()["state"] == "friend"
        assert listed(client, ann) == listed(client, ann, "friend") == {"bob": "friend"}
        assert listed(client, bo) == {"ann": "friend"}
        ids = _id(client, "ann"), _id(client, "bob")
        assert heard == [("requested", *ids), ("accepted", *reversed(ids))]


def test_a_request_to_someone_who_asked_you_makes_you_friends_at_once(
    database_url: str,
) -> None:
    with app(database_url) as client:
        ann, bo = person(client, "ann"), person(client, "bob")
        assert ask(client, ann, "bob").status_code == 201
        crossed = ask(client, bo, "ann")
        assert crossed.status_code == 201
        assert crossed.json()["state"] == "friend"
        assert listed(client, ann) == {"bob": "friend"}


def test_requests_crossing_at_once_make_friends_and_nothing_else(database_url: str) -> None:
    with app(database_url) as client:
        person(client, "ann"), person(client, "bob")
        friends_ = services(client).friends
        people = services(client).accounts

        async def both() -> list[str]:
            ann = await people.account_by_username_key("ann")
            bo = await people.account_by_username_key("bob")
            assert ann is not None
            assert bo is not None
            made = await asyncio.gather(friends_.request(ann, "bob"), friends_.request(bo, "ann"))
            return sorted(row.state for row in made)

        assert call(client, both) == ["friend", "sent"]
        assert {state for _, _, state in rows(client)} == {"friend"}
        assert len(rows(client)) == 2


def test_declining_cancelling_and_removing_leave_strangers(database_url: str) -> None:
    with app(database_url) as client:
        ann, bo, cy = person(client, "ann"), person(client, "bob"), person(client, "cyd")
        ask(client, ann, "bob")
        assert client.post("/api/friends/ann/decline", headers=bo).status_code == 204
        assert listed(client, ann) == listed(client, bo) == {}

        ask(client, ann, "bob")
        assert client.delete("/api/friends/bob", headers=ann).status_code == 204  # cancel
        assert listed(client, bo) == {}
        again = client.post("/api/friends/ann/accept", headers=bo)  # the cancelled request
        assert problem(again) == (404, "no_request")
        assert "took it back" in again.json()["message"]
        assert listed(client, ann) == listed(client, bo) == {}

        ask(client, cy, "ann")
        assert client.delete("/api/friends/cyd", headers=ann).status_code == 204  # decline
        assert listed(client, cy) == {}

        ask(client, ann, "bob")
        client.post("/api/friends/ann/accept", headers=bo)
        assert client.delete("/api/friends/ann", headers=bo).status_code == 204  # either side
        assert listed(client, ann) == listed(client, bo) == {}
        assert problem(client.delete("/api/friends/ann", headers=bo)) == (404, "not_friends")
        assert rows(client) == set()


def test_bad_requests_are_refused_with_their_codes_and_change_nothing(database_url: str) -> None:
    with app(database_url) as client:
        ann, bo = person(client, "ann"), person(client, "bob")
        assert ask(client, ann, "bob").status_code == 201
        before = rows(client)
        assert problem(ask(client, ann, "Ann")) == (422, "friend_self")
        assert problem(client.put("/api/friends/ann/block", headers=ann)) == (422, "friend_self")
        assert problem(ask(client, ann, "nobody")) == (404, "unknown_account")
        assert problem(ask(client, ann, "bob")) == (409, "request_pending")
        assert problem(client.post("/api/friends/bob/accept", headers=ann)) == (404, "no_request")
        malformed = ask(client, ann, "<b>x</b>")
        assert problem(malformed) == (422, "bad_account")
        assert malformed.json()["refusal"] == "username_characters"
        assert malformed.json()["field"] == "username"
        assert problem(ask(client, ann, "x" * 65)) == (422, "bad_message")
        assert problem(ask(client, ann, "")) == (422, "bad_message")
        assert problem(client.post("/api/friends", json={}, headers=ann)) == (
            422,
            "bad_message",
        )
        assert problem(client.post("/api/friends", json={"username": 7},
                                   headers=ann)) == (422, "bad_message")  # fmt: skip
        assert problem(client.get("/api/friends/" + "x" * 65, headers=ann)) == (422, "bad_message")
        assert problem(client.get("/api/friends", params={"state": "x"}, headers=ann)) == (
            422,
            "bad_message",
        )
        assert rows(client) == before

        client.post("/api/friends/ann/accept", headers=bo)
        assert problem(ask(client, ann, "bob")) == (409, "already_friends")
        assert problem(ask(client, bo, "ann")) == (409, "already_friends")
        assert problem(client.post("/api/friends/ann/accept", headers=bo)) == (404, "no_request")


def test_nobody_sees_or_answers_anothers_requests(database_url: str) -> None:
    with app(database_url) as client:
        ann, cy = person(client, "ann"), person(client, "cyd")
        person(client, "bob")
        ask(client, ann, "bob")
        before = rows(client)
        assert problem(client.post("/api/friends/ann/accept", headers=cy)) == (404, "no_request")
        assert problem(client.post("/api/friends/ann/decline", headers=cy)) == (404, "no_request")
        assert problem(client.delete("/api/friends/ann", headers=cy)) == (404, "not_friends")
        assert problem(client.get("/api/friends/bob", headers=cy)) == (404, "not_friends")
        assert listed(client, cy) == {}
        assert rows(client) == before


def test_only_signed_in_accounts_have_friends(database_url: str) -> None:
    with app(database_url) as client:
        person(client, "ann")
        for method, path in [
            ("GET", "/api/friends"),
            ("POST", "/api/friends"),
            ("POST", "/api/friends/ann/accept"),
            ("DELETE", "/api/friends/ann"),
            ("PUT", "/api/friends/ann/block"),
        ]:
            answer = client.request(method, path, json={"username": "ann"}, headers=OWN)
            assert problem(answer) == (401, "not_logged_in"), (method, path)
            assert "friends are for signed-in accounts" in answer.json()["message"]
        forged = ask(client, {"X-Cardtable-Session": "x" * 43}, "ann")
        assert problem(forged) == (401, "not_logged_in")
        sign_up(client, "bob")  # signed in by the cookie, as a browser is
        assert client.get("/api/friends").status_code == 200
        foreign = client.post("/api/friends", json={"username": "ann"}, headers=FOREIGN)
        assert problem(foreign) == (403, "forbidden_origin")
        assert rows(client) == set()
        assert ask(client, OWN, "ann").status_code == 201


def test_a_blocked_person_cannot_reach_the_blocker_and_is_not_told(database_url: str) -> None:
    with app(database_url) as client:
        ann, bo = person(client, "ann"), person(client, "bob")
        ask(client, ann, "bob")
        client.post("/api/friends/ann/accept", headers=bo)
        blocked = client.put("/api/friends/bob/block", headers=ann)
        assert blocked.status_code == 200, blocked.text
        assert blocked.json()["state"] == "blocked"
        assert client.put("/api/friends/bob/block", headers=ann).json()["state"] == "blocked"
        assert listed(client, ann) == {"bob": "blocked"}
        assert listed(client, bo) == {}  # as if ann had removed bo

        # bo's request is answered as any request is, and never reaches ann.
        answer = ask(client, bo, "ann")
        assert answer.status_code == 201
        assert answer.json()["state"] == "sent"
        assert listed(client, bo) == {"ann": "sent"}
        assert listed(client, ann) == {"bob": "blocked"}
        assert problem(client.post("/api/friends/bob/accept", headers=ann)) == (404, "no_request")
        assert problem(ask(client, bo, "ann")) == (409, "request_pending")  # as any duplicate

        # Listeners (the notifications to come) hear of nothing a block hides.
        heard: list[str] = []

        async def listen(event: Any) -> None:
            heard.append(event.kind)

        services(client).friends.listeners.append(listen)
        client.delete("/api/friends/ann", headers=bo)  # bo cancels the hidden request
        assert ask(client, bo, "ann").json()["state"] == "sent"
        assert heard == []

        # ann must unblock before asking or removing.
        assert problem(ask(client, ann, "bob")) == (409, "you_blocked")
        assert problem(client.delete("/api/friends/bob", headers=ann)) == (409, "you_blocked")

        # The queries later parts use.
        ids = {name: _id(client, name) for name in ("ann", "bob")}
        service = services(client).friends
        assert call(client, service.is_blocked, ids["ann"], ids["bob"])
        assert not call(client, service.is_blocked, ids["bob"], ids["ann"])
        assert call(client, service.blocked_by, ids["bob"]) == {ids["ann"]}
        assert call(client, service.blocking, ids["ann"]) == {ids["bob"]}

        # Unblocking leaves strangers: the request made meanwhile never arrived.
        assert client.delete("/api/friends/bob/block", headers=ann).status_code == 204
        assert listed(client, ann) == listed(client, bo) == {}
        assert problem(client.delete("/api/friends/bob/block", headers=ann)) == (
            404,
            "not_blocked",
        )
        assert ask(client, bo, "ann").json()["state"] == "sent"
        assert listed(client, ann) == {"bob": "received"}


def test_blocking_each_other_and_unblocking_keeps_the_others_block(database_url: str) -> None:
    with app(database_url) as client:
        ann, bo = person(client, "ann"), person(client, "bob")
        ask(client, ann, "bob")
        client.put("/api/friends/ann/block", headers=bo)  # a pending request ends
        assert listed(client, ann) == {}
        client.put("/api/friends/bob/block", headers=ann)
        assert listed(client, ann) == {"bob": "blocked"}
        assert listed(client, bo) == {"ann": "blocked"}
        client.delete("/api/friends/bob/block", headers=ann)
        assert listed(client, ann) == {}
        assert listed(client, bo) == {"ann": "blocked"}
        assert ask(client, ann, "bob").json()["state"] == "sent"  # hidden, as above
        assert listed(client, bo) == {"ann": "blocked"}


def test_pending_requests_are_limited(database_url: str) -> None:
    with app(database_url, friend_requests_pending=2) as client:
        ann = person(client, "ann")
        for name in ("bob", "cyd", "dia"):
            person(client, name)
        ask(client, ann, "bob")
        ask(client, ann, "cyd")
        before = rows(client)
        refused = ask(client, ann, "dia")
        assert problem(refused) == (409, "too_many_pending")
        assert rows(client) == before
        client.delete("/api/friends/bob", headers=ann)
        assert ask(client, ann, "dia").status_code == 201


def test_requests_are_rate_limited(database_url: str) -> None:
    with app(database_url, friend_request_burst=2, friend_requests_per_hour=1.0) as client:
        ann = person(client, "ann")
        for name in ("bob", "cyd", "dia"):
            person(client, name)
        ask(client, ann, "bob")
        ask(client, ann, "nobody")  # counted too: no listing names faster
        refused = ask(client, ann, "cyd")
        assert problem(refused) == (429, "too_many")
        assert 1 <= int(refused.headers["Retry-After"]) <= 3600
        assert listed(client, ann) == {"bob": "sent"}


def test_disabled_and_deleted_accounts_no_longer_show(database_url: str) -> None:
    with app(database_url, signup_burst=10) as client:
        ann, bo = person(client, "ann"), person(client, "bob")
        ask(client, ann, "bob")
        client.post("/api/friends/ann/accept", headers=bo)
        people = services(client).accounts
        bo_id = _id(client, "bob")
        call(client, people.disable_account, bo_id, time.time())
        assert listed(client, ann) == {}
        assert problem(ask(client, ann, "bob")) == (404, "unknown_account")
        call(client, people.enable_account, bo_id, time.time())
        assert listed(client, ann) == {"bob": "friend"}

        bo = {"X-Cardtable-Session": token_of(client, "bob")}  # disabling ended its sessions
        deleted = client.request(
            "DELETE", "/api/account", json={"password": PASSWORD}, headers={**bo, **OWN}
        )
        assert deleted.status_code == 204, deleted.text
        assert listed(client, ann) == {}
        assert rows(client) == set()
        again = person(client, "bob")  # the name is free: a new person, no friend of ann's
        assert listed(client, again) == {}
        assert ask(client, ann, "bob").json()["state"] == "sent"


def test_the_routes_are_documented_with_their_refusals(database_url: str) -> None:
    with app(database_url) as client:
        paths = client.get("/openapi.json").json()["paths"]
        assert set(paths["/api/friends/{username}"]) == {"get", "delete"}
        assert set(paths["/api/friends/{username}/block"]) == {"put", "delete"}
        sending = paths["/api/friends"]["post"]
        described = " ".join(answer["description"] for answer in sending["responses"].values())
        for code in ("request_pending", "too_many_pending", "too_many", "unknown_account"):
            assert f"`{code}`" in described
        assert sending["tags"] == ["friends"]


def _id(client: TestClient, username: str) -> str:
    found = call(client, services(client).accounts.account_by_username_key, username)
    assert found is not None
    return found.id
