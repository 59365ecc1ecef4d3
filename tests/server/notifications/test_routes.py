"""The notifications' inbox over REST, on the real app and both databases: a finished match
tells each signed-in player their result, with a link to the replay; the unread count; marking
one or all read; deleting; pages newest first with cursors; the cap on an inbox; mutes per
kind; the fan-out notice for the live channel; bad input refused with its code, changing
nothing; guests refused; and nobody reaching another person's notifications."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.engine.json import JsonObject
from cardtable.server.notices import account_channel
from cardtable.server.notifications.store import NotificationRow
from tests.server.accounts.seating import make_room, services, start
from tests.server.accounts.test_routes import FOREIGN, OWN, app, call, sign_up
from tests.server.helpers import hello, play_out

Who = dict[str, str]


def person(client: TestClient, username: str) -> tuple[Who, str]:
    """A new account's session header (as a program holds it, no cookie) and its id."""
    signed = sign_up(client, username, token=True)
    return {"X-Cardtable-Session": signed["token"]}, account_id(client, username)


def account_id(client: TestClient, username: str) -> str:
    async def find() -> str:
        account = await services(client).accounts.account_by_username_key(username.lower())
        assert account is not None
        return account.id

    return call(client, find)


def notify(client: TestClient, who: str, kind: str = "friend_request", **data: Any) -> Any:
    payload: JsonObject = {"username": "ann", "display_name": "Ann", "link": "#/u/ann", **data}
    row: NotificationRow | None = call(
        client, services(client).notifications.notify, who, kind, payload
    )
    return row


def inbox(client: TestClient, who: Who | None = None, **params: Any) -> Any:
    answer = client.get("/api/notifications", params=params, headers=who or {})
    assert answer.status_code == 200, answer.text
    return answer.json()


def unread(client: TestClient, who: Who | None = None) -> int:
    answer = client.get("/api/inbox/unread", headers=who or {})
    assert answer.status_code == 200, answer.text
    count: int = answer.json()["unread"]
    return count


def problem(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["code"]


def test_a_finished_match_tells_its_signed_in_player_the_result_with_a_replay_link(
    database_url: str,
) -> None:
    with app(database_url) as client:
        sign_up(client)  # the cookie signs this client in
        assert unread(client) == 0
        created = make_room(client, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])
        room_id = created["room"]["id"]
        match_id = start(client, created)["match"]
        with client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
            view = hello(socket, None)[-1]
            last = play_out(socket, view, 0)
        assert unread(client) == 1
        page = inbox(client)
        assert page["unread"] == 1
        assert page["next"] is None
        [told] = page["notifications"]
        winners = last["outcome"]["winners"]
        result = "won" if winners == [0] else "lost" if winners == [1] else "drawn"
        assert told["kind"] == "match_finished"
        assert told["read"] is False
        assert told["read_at"] is None
        assert told["link"] == f"#/replay/{match_id}"
        assert told["data"]["room"] == room_id
        assert told["data"]["match"] == match_id
        assert told["data"]["result"] == result
        assert told["data"]["game"] == "war"
        assert told["data"]["opponents"] == ["Random"]
        assert told["text"].startswith(
            {"won": "You won", "lost": "You lost", "drawn": "Your match"}[result]
        )
        assert "War" in told["text"]
        assert "Random" in told["text"]

        marked = client.post(f"/api/notifications/{told['id']}/read", headers=OWN)
        assert marked.status_code == 200, marked.text
        assert marked.json()["read"] is True
        first = marked.json()["read_at"]
        assert unread(client) == 0
        again = client.post(f"/api/notifications/{told['id']}/read", headers=OWN)
        assert again.json()["read_at"] == first  # the first time it was read stays


def test_a_match_between_a_guest_and_the_computer_tells_nobody(database_url: str) -> None:
    with app(database_url) as client:
        created = make_room(client, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])
        start(client, created)
        with client.websocket_connect(f"/ws/rooms/{created['room']['id']}") as socket:
            play_out(socket, hello(socket, None)[-1], 0)
        _, fox = person(client, "Fox")
        assert call(client, services(client).notifications.unread, fox) == 0


def test_pages_run_newest_first_with_a_cursor_and_the_inbox_keeps_the_newest(
    database_url: str,
) -> None:
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        ids = [notify(client, ann_id, display_name=f"P{n}").id for n in range(7)]
        assert ids == sorted(ids)
        first = inbox(client, ann, limit=3)
        assert [n["id"] for n in first["notifications"]] == ids[:-4:-1]
        assert first["notifications"][0]["text"] == "P6 asked to be your friend."
        assert first["notifications"][0]["link"] == "#/u/ann"
        assert first["unread"] == 7
        second = inbox(client, ann, limit=3, before=first["next"])
        assert [n["id"] for n in second["notifications"]] == ids[3:0:-1]
        last = inbox(client, ann, limit=3, before=second["next"])
        assert [n["id"] for n in last["notifications"]] == ids[:1]
        assert last["next"] is None

        services(client).notifications.keep = 5
        newest = notify(client, ann_id).id
        assert [n["id"] for n in inbox(client, ann)["notifications"]] == [newest, *ids[:-5:-1]]


def test_marking_all_read_and_deleting_one_all_or_the_read_ones(database_url: str) -> None:
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        ids = [notify(client, ann_id).id for _ in range(4)]
        one = client.post(f"/api/notifications/{ids[0]}/read", headers=ann)
        assert one.status_code == 200
        all_read = client.post("/api/inbox/read", headers=ann)
        assert all_read.status_code == 200, all_read.text
        assert all_read.json() == {"marked": 3, "unread": 0}
        assert unread(client, ann) == 0

        assert client.delete(f"/api/notifications/{ids[1]}", headers=ann).status_code == 204
        assert problem(client.delete(f"/api/notifications/{ids[1]}", headers=ann)) == (
            404,
            "notification_unknown",
        )
        fresh = notify(client, ann_id).id
        assert client.delete("/api/notifications?only_read=true", headers=ann).status_code == 204
        assert [n["id"] for n in inbox(client, ann)["notifications"]] == [fresh]
        assert client.delete("/api/notifications", headers=ann).status_code == 204
        assert inbox(client, ann)["notifications"] == []


def test_a_muted_kind_is_not_kept_and_unknown_kinds_change_nothing(database_url: str) -> None:
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        settings = client.get("/api/inbox/settings", headers=ann).json()
        assert {k["kind"]: k["muted"] for k in settings["kinds"]} == {
            "friend_request": False,
            "friend_accepted": False,
            "room_invite": False,
            "match_finished": False,
            "your_turn": False,
            "deadline_soon": False,
            "tournament_round": False,
            "tournament_finished": False,
            "tournament_cancelled": False,
        }
        muted = client.put("/api/inbox/settings", json={"muted": ["friend_request"]}, headers=ann)
        assert muted.status_code == 200, muted.text
        assert [k["kind"] for k in muted.json()["kinds"] if k["muted"]] == ["friend_request"]
        assert notify(client, ann_id, "friend_request") is None
        assert notify(client, ann_id, "friend_accepted") is not None
        assert [n["kind"] for n in inbox(client, ann)["notifications"]] == ["friend_accepted"]

        for body in (
            {"muted": ["friend_accepted", "no_such_kind"]},
            {"muted": ["x" * 33]},
            {"muted": ["friend_request"] * 65},
            {"muted": "friend_request"},
            {"muted": ["friend_request"], "extra": 1},
            {},
        ):
            answer = client.put("/api/inbox/settings", json=body, headers=ann)
            assert answer.status_code == 422, (body, answer.text)
            assert answer.json()["code"] in {"unknown_kind", "bad_message"}
        unknown = client.put("/api/inbox/settings", json={"muted": ["nope"]}, headers=ann).json()
        assert unknown["code"] == "unknown_kind"
        assert unknown["field"] == "muted"
        after = client.get("/api/inbox/settings", headers=ann).json()
        assert [k["kind"] for k in after["kinds"] if k["muted"]] == ["friend_request"]

        heard = client.put("/api/inbox/settings", json={"muted": []}, headers=ann)
        assert not any(k["muted"] for k in heard.json()["kinds"])
        assert notify(client, ann_id, "friend_request") is not None


def test_nobody_reads_marks_or_deletes_another_persons_notification(database_url: str) -> None:
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        bob, _ = person(client, "bob")
        hers = notify(client, ann_id).id
        missing = hers + 1000
        for method, path in (
            ("POST", f"/api/notifications/{hers}/read"),
            ("DELETE", f"/api/notifications/{hers}"),
        ):
            theirs = client.request(method, path, headers=bob)
            nothing = client.request(method, path.replace(str(hers), str(missing)), headers=bob)
            assert problem(theirs) == problem(nothing) == (404, "notification_unknown")
            assert theirs.json()["message"] == nothing.json()["message"]
        assert inbox(client, bob)["notifications"] == []
        assert client.post("/api/inbox/read", headers=bob).json()["marked"] == 0
        assert client.delete("/api/notifications", headers=bob).status_code == 204
        [kept] = inbox(client, ann)["notifications"]
        assert kept["id"] == hers
        assert kept["read"] is False


def test_guests_and_foreign_pages_are_refused(database_url: str) -> None:
    with app(database_url) as client:
        routes = [
            ("GET", "/api/notifications"),
            ("GET", "/api/inbox/unread"),
            ("POST", "/api/inbox/read"),
            ("POST", "/api/notifications/1/read"),
            ("DELETE", "/api/notifications/1"),
            ("DELETE", "/api/notifications"),
            ("GET", "/api/inbox/settings"),
        ]
        for method, path in routes:
            answer = client.request(method, path)
            assert problem(answer) == (401, "not_logged_in"), (method, path)
            assert "signed-in accounts" in answer.json()["message"]
        sign_up(client)  # the cookie: a page of another site may not change anything with it
        fox = account_id(client, "Fox")
        notify(client, fox)
        foreign = client.post("/api/inbox/read", headers=FOREIGN)
        assert problem(foreign) == (403, "forbidden_origin")
        assert unread(client) == 1


@pytest.mark.parametrize(
    "path",
    [
        "/api/notifications/abc/read",
        "/api/notifications/0/read",
        "/api/notifications/-1/read",
        "/api/notifications/2147483648/read",
        "/api/notifications/1.5/read",
    ],
)
def test_ids_that_are_no_ids_are_refused_before_any_lookup(path: str, sqlite_url: str) -> None:
    with app(sqlite_url) as client:
        ann, _ = person(client, "ann")
        assert problem(client.post(path, headers=ann)) == (422, "bad_message")
        assert problem(client.delete(path.removesuffix("/read"), headers=ann)) == (
            422,
            "bad_message",
        )


def test_pages_out_of_bounds_are_refused(database_url: str) -> None:
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        notify(client, ann_id)
        for params in (
            {"limit": 0},
            {"limit": 101},
            {"limit": "many"},
            {"before": 0},
            {"before": "x"},
            {"before": 2**31},
        ):
            answer = client.get("/api/notifications", params=params, headers=ann)
            assert problem(answer) == (422, "bad_message"), params
        assert len(inbox(client, ann, limit=100)["notifications"]) == 1
        assert unread(client, ann) == 1


def test_the_service_refuses_unknown_kinds_and_oversized_data(sqlite_url: str) -> None:
    with app(sqlite_url) as client:
        _, ann_id = person(client, "ann")
        with pytest.raises(ValueError, match="no kind"):
            notify(client, ann_id, "no_such_kind")
        with pytest.raises(ValueError, match="at most 4096 bytes"):
            notify(client, ann_id, display_name="x" * 5000)
        assert notify(client, "no-such-account") is None
        assert call(client, services(client).notifications.unread, ann_id) == 0


def test_a_notification_is_told_on_the_persons_channel(database_url: str) -> None:
    with app(database_url) as client:
        _, ann_id = person(client, "ann")
        fanout = services(client).fanout
        notifications = services(client).notifications

        async def heard() -> dict[str, Any]:
            async with fanout.subscribe(account_channel(ann_id)) as channel:
                row = await notifications.notify(ann_id, "friend_accepted", {"username": "bob"})
                assert row is not None
                async with asyncio.timeout(5):
                    message: dict[str, Any] = json.loads(await anext(channel))
                assert message["id"] == row.id
                return message

        assert call(client, heard) | {"id": 0} == {
            "kind": "notification",
            "id": 0,
            "type": "friend_accepted",
        }


def test_a_links_that_is_no_page_of_the_client_is_not_given(sqlite_url: str) -> None:
    with app(sqlite_url) as client:
        ann, ann_id = person(client, "ann")
        notify(client, ann_id, link="javascript:alert(1)", display_name="<img src=x>")
        [told] = inbox(client, ann)["notifications"]
        assert told["link"] is None
        assert told["text"] == "<img src=x> asked to be your friend."  # text: the page shows it so
