"""The activity feed over REST, on the real app and both databases: friends see each other's
finished matches (with the replay's link) and new friendships, newest first; each person's
setting (friends, everyone, nobody) decides who sees their activity, and a block hides it from
the blocked person; strangers see nothing; pages stay right while new rows arrive; shares of
replays and decks, their comments kept as text; bad input refused with its code, changing
nothing."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from cardtable.server.feed.store import ActivityRow
from cardtable.server.feed.tables import activity
from cardtable.server.storage import SqlStorage
from tests.server.accounts.seating import make_room, services, start
from tests.server.accounts.test_routes import app, call, sign_up
from tests.server.helpers import hello, play_out

Who = dict[str, str]
LOW = {"name": "Low", "set": "classic", "cards": {"d1": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 4}}


def person(client: TestClient, username: str) -> Who:
    """A new account's session header, as a program holds it (no cookie)."""
    signed = sign_up(client, username, token=True)
    client.cookies.clear()
    return {"X-Cardtable-Session": signed["token"]}


def befriend(client: TestClient, one: Who, other: Who, other_name: str, one_name: str) -> None:
    asked = client.post("/api/friends", json={"username": other_name}, headers=one)
    assert asked.status_code == 201, asked.text
    accepted = client.post(f"/api/friends/{one_name}/accept", headers=other)
    assert accepted.status_code == 200, accepted.text


def play(client: TestClient, who: Who, **body: Any) -> str:
    """A short War match ``who`` plays to the end against the computer; its id."""
    created = make_room(
        client, headers=who, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}], **body
    )
    match_id = str(start(client, created)["match"])
    with client.websocket_connect(f"/ws/rooms/{created['room']['id']}") as socket:
        play_out(socket, hello(socket, created["token"])[-1], 0)
    return match_id


def feed(client: TestClient, who: Who, **params: Any) -> Any:
    answer = client.get("/api/feed", params=params, headers=who)
    assert answer.status_code == 200, answer.text
    return answer.json()


def activity_of(client: TestClient, username: str, who: Who | None = None) -> list[str]:
    answer = client.get(f"/api/accounts/{username}/activity", headers=who or {})
    assert answer.status_code == 200, answer.text
    return [item["kind"] for item in answer.json()["items"]]


def kinds(page: Any) -> list[tuple[str, str]]:
    return [(item["username"], item["kind"]) for item in page["items"]]


def visibility(client: TestClient, who: Who, value: str) -> None:
    answer = client.put("/api/feed/settings", json={"visibility": value}, headers=who)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"visibility": value}


def count(client: TestClient) -> int:
    storage = services(client).storage
    assert isinstance(storage, SqlStorage)

    async def read() -> int:
        found = await storage.read(sa.select(sa.func.count()).select_from(activity))
        return int(found[0][0])

    return call(client, read)


def test_friends_see_each_others_finished_matches_and_friendships(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, cal = person(client, "ann"), person(client, "bob"), person(client, "cal")
        befriend(client, ann, bob, "bob", "ann")
        assert kinds(feed(client, bob)) == [("ann", "friends")]
        assert feed(client, bob)["items"][0]["text"] == "ann and bob are now friends."
        match_id = play(client, ann)

        page = feed(client, bob)
        assert kinds(page) == [("ann", "match_finished"), ("ann", "friends")]
        assert page["next"] is None
        item = page["items"][0]
        assert item["link"] == f"#/replay/{match_id}"
        assert item["data"]["match"] == match_id
        assert item["data"]["opponents"] == ["Random"]
        assert item["data"]["result"] in {"won", "lost", "drawn"}
        assert item["text"].startswith("ann ")
        assert "War" in item["text"]
        assert kinds(feed(client, ann)) == [("bob", "friends")]  # friends', not one's own
        assert feed(client, cal)["items"] == []  # a stranger's feed holds nothing of theirs

        assert activity_of(client, "ann", ann) == ["match_finished", "friends"]
        assert activity_of(client, "ann", bob) == ["match_finished", "friends"]
        assert activity_of(client, "ann", cal) == []  # friends only, by default
        assert activity_of(client, "ann") == []  # nor anyone not signed in


def test_a_match_without_a_result_or_in_a_private_room_adds_nothing(database_url: str) -> None:
    with app(database_url) as client:
        ann = person(client, "ann")
        play(client, ann, password="sesame")  # private to its players
        play(client, {})  # a guest against the computer: nobody signed in
        assert count(client) == 0
        assert activity_of(client, "ann", ann) == []


def test_each_persons_setting_decides_who_sees_their_activity(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, cal = person(client, "ann"), person(client, "bob"), person(client, "cal")
        befriend(client, ann, bob, "bob", "ann")
        play(client, ann)
        assert client.get("/api/feed/settings", headers=ann).json() == {"visibility": "friends"}

        visibility(client, ann, "everyone")
        assert activity_of(client, "ann", cal) == ["match_finished", "friends"]
        assert activity_of(client, "ann") == ["match_finished", "friends"]
        assert feed(client, cal)["items"] == []  # the feed is friends' activity only
        assert [u for u, _ in kinds(feed(client, bob))] == ["ann", "ann"]

        visibility(client, ann, "nobody")
        assert feed(client, bob)["items"] == []
        assert activity_of(client, "ann", bob) == []
        assert activity_of(client, "ann", cal) == []
        assert activity_of(client, "ann", ann) == ["match_finished", "friends"]  # one's own

        visibility(client, ann, "friends")
        assert activity_of(client, "ann", bob) == ["match_finished", "friends"]
        assert activity_of(client, "ann", cal) == []

        for body in ({"visibility": "all"}, {}, {"visibility": "friends", "x": 1}):
            answer = client.put("/api/feed/settings", json=body, headers=ann)
            assert (answer.status_code, answer.json()["code"]) == (422, "bad_message")
        assert client.get("/api/feed/settings", headers=ann).json() == {"visibility": "friends"}
        assert client.get("/api/feed/settings").status_code == 401
        assert client.put("/api/feed/settings", json={"visibility": "nobody"}).status_code == 401


def test_a_block_hides_ones_activity_from_the_blocked_person(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, cal = person(client, "ann"), person(client, "bob"), person(client, "cal")
        befriend(client, ann, bob, "bob", "ann")
        play(client, ann)
        visibility(client, ann, "everyone")
        assert client.put("/api/friends/cal/block", headers=ann).status_code == 200
        assert activity_of(client, "ann", cal) == []  # answered as an empty one
        assert activity_of(client, "ann") == ["match_finished", "friends"]
        assert client.put("/api/friends/bob/block", headers=ann).status_code == 200
        assert feed(client, bob)["items"] == []
        assert activity_of(client, "ann", bob) == []
        unknown = client.get("/api/accounts/nobody-here/activity")
        assert (unknown.status_code, unknown.json()["code"]) == (404, "not_found")


def test_pages_are_stable_while_new_activity_arrives(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, cal = person(client, "ann"), person(client, "bob"), person(client, "cal")
        befriend(client, ann, bob, "bob", "ann")
        befriend(client, cal, bob, "bob", "cal")
        store = services(client).feed.store
        ids = {"ann": "", "cal": ""}
        for name in ids:

            async def find(name: str = name) -> str:
                account = await services(client).accounts.account_by_username_key(name)
                assert account is not None
                return account.id

            ids[name] = call(client, find)

        def add(n: int) -> list[int]:
            added = []
            for i in range(n):
                row: ActivityRow | None = call(
                    client,
                    lambda i=i: store.add(
                        ids["ann" if i % 2 else "cal"], "shared_deck", {"i": i}, now=float(i)
                    ),
                )
                assert row is not None
                added.append(row.id)
            return added

        before = {item["id"] for item in feed(client, bob, limit=100)["items"]}
        old = set(add(30)) | before
        seen: list[int] = []
        page = feed(client, bob, limit=7)
        while True:
            seen.extend(item["id"] for item in page["items"])
            add(3)  # newer rows arrive between pages
            if page["next"] is None:
                break
            page = feed(client, bob, limit=7, before=page["next"])
        assert seen == sorted(seen, reverse=True)
        assert len(seen) == len(set(seen))
        first = seen[0]
        assert set(seen) == {i for i in old if i <= first} | {i for i in seen if i > first}
        assert set(seen) >= old


def test_shares_of_replays_and_decks_keep_their_comments_as_text(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob = person(client, "ann"), person(client, "bob")
        befriend(client, ann, bob, "bob", "ann")
        match_id = play(client, ann)
        comment = '<img src=x onerror="alert(1)"> <b>what a game</b> & more'
        shared = client.post(
            "/api/feed/shares", json={"kind": "replay", "match": match_id, "comment": comment},
            headers=ann,
        )  # fmt: skip
        assert shared.status_code == 201, shared.text
        assert shared.json()["comment"] == comment
        assert shared.json()["link"] == f"#/replay/{match_id}"
        deck = client.post(
            "/api/feed/shares",
            json={"kind": "deck", "game": "tcg", "deck": LOW, "comment": "x" * 280},
            headers=ann,
        )
        assert deck.status_code == 201, deck.text
        assert deck.json()["text"] == "ann shared a deck for Kata TCG: Low."
        page = feed(client, bob)
        assert kinds(page)[:2] == [("ann", "shared_deck"), ("ann", "shared_replay")]
        assert page["items"][1]["comment"] == comment
        assert page["items"][0]["data"]["deck"] == LOW


def test_bad_input_is_refused_with_its_code_and_changes_nothing(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob = person(client, "ann"), person(client, "bob")
        theirs = play(client, bob)
        private = play(client, ann, password="sesame")
        mine = play(client, ann)
        rows = count(client)

        for params in (
            {"limit": 0},
            {"limit": 101},
            {"limit": "many"},
            {"before": 0},
            {"before": -5},
            {"before": "abc"},
            {"before": 2**31},
        ):
            answer = client.get("/api/feed", params=params, headers=ann)
            assert (answer.status_code, answer.json()["code"]) == (422, "bad_message"), params
            answer = client.get("/api/accounts/ann/activity", params=params, headers=ann)
            assert (answer.status_code, answer.json()["code"]) == (422, "bad_message"), params
        assert client.get("/api/feed").status_code == 401
        assert (
            client.post("/api/feed/shares", json={"kind": "replay", "match": mine}).status_code
            == 401
        )

        def share(body: dict[str, Any], status: int, code: str, who: Who = ann) -> None:
            answer = client.post("/api/feed/shares", json=body, headers=who)
            assert (answer.status_code, answer.json()["code"]) == (status, code), (
                body,
                answer.text,
            )

        share({"kind": "replay", "match": theirs}, 404, "not_your_match")  # another's
        share({"kind": "replay", "match": private}, 404, "not_your_match", bob)  # private, theirs
        share({"kind": "replay", "match": private}, 409, "match_private")  # one's own, private
        share({"kind": "replay", "match": "no-such-match"}, 404, "not_your_match")
        share({"kind": "replay", "match": mine, "comment": "x" * 281}, 422, "bad_message")
        share({"kind": "replay", "match": mine, "comment": "two\nlines"}, 422, "bad_message")
        share({"kind": "replay", "match": mine, "comment": "bell\x07"}, 422, "bad_message")
        share({"kind": "replay"}, 422, "bad_message")
        share({"kind": "replay", "match": mine, "deck": LOW}, 422, "bad_message")
        share({"kind": "video", "match": mine}, 422, "bad_message")
        share({"kind": "deck", "game": "war", "deck": LOW}, 422, "bad_deck")
        share({"kind": "deck", "game": "nope", "deck": LOW}, 404, "unknown_game")
        share({"kind": "deck", "game": "tcg", "deck": {**LOW, "cards": {"d1": 1}}}, 422, "bad_deck")
        share(
            {"kind": "deck", "game": "tcg", "deck": {**LOW, "pad": "x" * 20_000}}, 422, "bad_deck"
        )
        share({"kind": "deck", "game": "tcg"}, 422, "bad_message")
        assert count(client) == rows
        assert activity_of(client, "ann", ann) == ["match_finished"]

        for _ in range(10):
            share_ok = client.post(
                "/api/feed/shares", json={"kind": "replay", "match": mine}, headers=ann
            )
            assert share_ok.status_code == 201, share_ok.text
        share({"kind": "replay", "match": mine}, 429, "too_many")
        assert count(client) == rows + 10
