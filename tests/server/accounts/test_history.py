"""Profiles and histories over REST, on the real app and both databases: the matches an
account played, newest first, filtered by game and result, a page at a time with cursors
that stay right while matches finish; the profile's counts per game; the download; deleted
and disabled accounts; and the participants a real match's start writes."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from cardtable.engine.json import JsonValue
from cardtable.server.accounts import ParticipantRow
from cardtable.server.storage import MatchRow, RoomRow, SeatRow
from tests.server.accounts.seating import (
    elsewhere,
    join,
    make_room,
    services,
    start,
    until_finished,
)
from tests.server.accounts.test_routes import OWN, PASSWORD, app, call, sign_up, store
from tests.server.helpers import hello, play_out


def _room(client: TestClient, room_id: str = "r1", password_hash: str | None = None) -> None:
    room = RoomRow(
        id=room_id, game="war", ruleset={}, settings={}, password_hash=password_hash,
        host_token_hash="h", status="finished", created_at=1.0, updated_at=1.0,
    )  # fmt: skip
    call(client, services(client).storage.create_room, room, [])


def _match(
    client: TestClient,
    match_id: str,
    finished_at: float,
    *,
    winners: list[JsonValue],
    me: str,
    seat: int = 0,
    game: str = "war",
    other: tuple[str | None, str] = (None, "greedy"),
    room: str = "r1",
) -> None:
    """A finished match in room r1 that account ``me`` played at ``seat`` against ``other``
    (an account id or ``None``, and a name) at the other seat."""
    row = MatchRow(
        id=match_id, room_id=room, game=game, game_version=1, engine_version=1,
        ruleset={"suits": 1} if game == "war" else {}, seed=1,
        seats=("Fox", other[1]) if seat == 0 else (other[1], "Fox"), version=3,
        status="finished", outcome={"winners": winners, "reason": "cards"}, final_hash=None,
        started_at=finished_at - 10, finished_at=finished_at, lease_owner=None,
        lease_until=None, timer=None,
    )  # fmt: skip
    call(client, services(client).storage.create_match, row)
    mine = ParticipantRow(match_id=match_id, seat_index=seat, account_id=me, guest_id=None,
                          name_at_the_time="Fox")  # fmt: skip
    theirs = ParticipantRow(match_id=match_id, seat_index=1 - seat, account_id=other[0],
                            guest_id=None, name_at_the_time=other[1])  # fmt: skip
    call(client, store(client).add_participants, match_id, [mine, theirs])


def _ids(answer: Any) -> list[str]:
    assert answer.status_code == 200, answer.text
    return [match["id"] for match in answer.json()["matches"]]


def test_the_history_pages_newest_first_with_cursors_that_hold_while_matches_finish(
    database_url: str,
) -> None:
    with app(database_url) as client:
        fox = sign_up(client)["account"]["id"]
        _room(client)
        for n in range(7):  # m0 oldest ... m6 newest; m3 and m4 finished at the same moment
            _match(client, f"m{n}", 100.0 + (n if n != 4 else 3), winners=[n % 2], me=fox)
        first = client.get("/api/accounts/Fox/matches", params={"limit": 3})
        assert _ids(first) == ["m6", "m5", "m4"]
        cursor = first.json()["next_cursor"]
        _match(client, "m7", 500.0, winners=[0], me=fox)  # finishes meanwhile: not repeated
        second = client.get("/api/accounts/Fox/matches", params={"limit": 3, "cursor": cursor})
        assert _ids(second) == ["m3", "m2", "m1"]
        third = client.get(
            "/api/accounts/fox/matches", params={"limit": 3, "cursor": second.json()["next_cursor"]}
        )
        assert _ids(third) == ["m0"]
        assert third.json()["next_cursor"] is None

        won = client.get("/api/accounts/Fox/matches", params={"result": "won", "limit": 2})
        assert _ids(won) == ["m7", "m6"]
        rest = client.get(
            "/api/accounts/Fox/matches",
            params={"result": "won", "limit": 2, "cursor": won.json()["next_cursor"]},
        )
        assert _ids(rest) == ["m4", "m2"]
        lost = client.get("/api/accounts/Fox/matches", params={"result": "lost", "limit": 100})
        assert _ids(lost) == ["m5", "m3", "m1"]
        assert _ids(client.get("/api/accounts/Fox/matches", params={"result": "drawn"})) == []
        assert _ids(client.get("/api/accounts/Fox/matches", params={"game": "karata"})) == []

        match = first.json()["matches"][0]
        assert match["rules"] == "suits=1"
        assert match["opponents"] == [
            {"seat": 1, "name": "greedy", "kind": "agent", "username": None}
        ]
        assert match["record"] == "/api/matches/m6/record"

        for bad in ({"limit": 0}, {"limit": 101}, {"result": "tied"}, {"cursor": "nonsense"}):
            answer = client.get("/api/accounts/Fox/matches", params=bad)
            assert answer.status_code == 422, (bad, answer.text)
        assert client.get("/api/accounts/Nobody/matches").status_code == 404


def test_the_profile_counts_matches_per_game_and_leaves_room_for_what_comes_later(
    database_url: str,
) -> None:
    with app(database_url) as client:
        fox = sign_up(client, display_name="Fox M.")["account"]["id"]
        _room(client)
        _match(client, "w1", 10.0, winners=[0], me=fox)
        _match(client, "w2", 11.0, winners=[1], me=fox)
        _match(client, "w3", 12.0, winners=[], me=fox)
        _match(client, "k1", 13.0, winners=[1], me=fox, seat=1, game="karata")
        answer = client.get("/api/accounts/FOX")
        assert answer.status_code == 200, answer.text
        profile = answer.json()
        assert profile["username"] == "Fox"
        assert profile["display_name"] == "Fox M."
        assert profile["member_since"] <= time.time()
        assert [(g["game"], g["played"], g["won"]) for g in profile["games"]] == [
            ("karata", 1, 1),
            ("war", 3, 1),
        ]
        assert [m["id"] for m in profile["recent"]] == ["k1", "w3", "w2", "w1"]
        assert [m["result"] for m in profile["recent"]] == ["won", "drawn", "lost", "won"]
        assert (profile["ratings"], profile["friends"], profile["activity"]) == ([], [], [])
        assert client.get("/api/accounts/Nobody").status_code == 404


def test_deleted_and_disabled_accounts_have_no_profile_and_stay_in_others_histories(
    database_url: str,
) -> None:
    with app(database_url) as client:
        fox = sign_up(client)["account"]["id"]
        client.cookies.clear()
        wolf = sign_up(client, "Wolf")["account"]["id"]
        _room(client)
        seat = SeatRow(room_id="r1", index=0, kind="guest", name="Wolf", token_hash="t",
                       account_id=wolf, guest_id=None)  # fmt: skip
        call(client, services(client).storage.put_seat, seat)
        _match(client, "m1", 10.0, winners=[0], me=fox, other=(wolf, "Wolf"))
        shown = client.get("/api/accounts/Fox/matches").json()["matches"][0]["opponents"]
        assert shown == [{"seat": 1, "name": "Wolf", "kind": "account", "username": "Wolf"}]

        deleted = client.request("DELETE", "/api/account", json={"password": PASSWORD},
                                 headers=OWN)  # fmt: skip
        assert deleted.status_code == 204, deleted.text
        assert client.get("/api/accounts/Wolf").status_code == 404
        shown = client.get("/api/accounts/Fox/matches").json()["matches"][0]["opponents"]
        assert shown == [{"seat": 1, "name": "deleted player", "kind": "account", "username": None}]
        # Decided once: the match and its record, and the seat it held, say the same.
        assert client.get("/api/matches/m1").json()["seats"] == ["Fox", "deleted player"]
        assert client.get("/api/matches/m1/record").json()["seats"] == ["Fox", "deleted player"]
        held = call(client, services(client).storage.seats, "r1")
        assert [(s.name, s.account_id) for s in held] == [("deleted player", wolf)]

        call(client, store(client).disable_account, fox, time.time())
        assert client.get("/api/accounts/Fox").status_code == 404
        assert client.get("/api/accounts/Fox/matches").status_code == 404


def test_matches_of_rooms_with_a_password_are_shown_to_their_players_alone(
    database_url: str,
) -> None:
    """A room with a password is private: its matches stay out of the profile and the history
    anyone else may read (their ids would lead to their records); the account itself, signed
    in, sees them in its own, and the download has them all."""
    with app(database_url) as client:
        fox = sign_up(client)["account"]["id"]
        _room(client)
        _room(client, "secret", password_hash="argon2-hash")
        _match(client, "open1", 10.0, winners=[0], me=fox)
        _match(client, "hidden", 11.0, winners=[0], me=fox, room="secret")
        with elsewhere(client):
            sign_up(client, "Wolf")
            for signed_in in (True, False):
                if not signed_in:
                    client.cookies.clear()
                assert _ids(client.get("/api/accounts/Fox/matches")) == ["open1"]
                profile = client.get("/api/accounts/Fox").json()
                assert [m["id"] for m in profile["recent"]] == ["open1"]
                assert [(g["game"], g["played"]) for g in profile["games"]] == [("war", 1)]
                hidden = client.get("/api/matches/hidden")
                assert (hidden.status_code, hidden.json()["code"]) == (403, "bad_token")
        assert _ids(client.get("/api/accounts/Fox/matches")) == ["hidden", "open1"]
        assert client.get("/api/matches/hidden").json()["id"] == "hidden"  # a player of it
        mine = client.get("/api/accounts/fox").json()  # any case names the account
        assert [m["id"] for m in mine["recent"]] == ["hidden", "open1"]
        assert [(g["game"], g["played"]) for g in mine["games"]] == [("war", 2)]
        own = client.get("/api/account/matches.json").json()
        assert [m["id"] for m in own["matches"]] == ["hidden", "open1"]


def test_ones_whole_history_downloads_as_json(database_url: str) -> None:
    with app(database_url) as client:
        assert client.get("/api/account/matches.json").status_code == 401
        fox = sign_up(client)["account"]["id"]
        _room(client)
        for n in range(105):  # more than a page
            _match(client, f"m{n:03}", 10.0 + n, winners=[0], me=fox)
        answer = client.get("/api/account/matches.json")
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-disposition"] == (
            'attachment; filename="cardtable-Fox-matches.json"'
        )
        body = answer.json()
        assert body["username"] == "Fox"
        assert [m["id"] for m in body["matches"]] == [f"m{n:03}" for n in reversed(range(105))]


def test_a_match_played_signed_in_is_in_the_profile(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        created = make_room(client, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}])
        room_id = created["room"]["id"]
        started = start(client, created)
        match_id = started["match"]
        participants = call(client, store(client).participants, match_id)
        assert [(p.seat_index, p.name_at_the_time) for p in participants] == [
            (0, "Fox"),
            (1, "Random"),
        ]
        assert participants[0].account_id is not None
        assert participants[1].account_id is None
        with client.websocket_connect(f"/ws/rooms/{room_id}") as socket:
            view = hello(socket, None)[-1]
            play_out(socket, view, 0)
        profile = client.get("/api/accounts/Fox").json()
        assert [(g["game"], g["played"]) for g in profile["games"]] == [("war", 1)]
        assert profile["recent"][0]["id"] == match_id


def test_a_person_named_like_a_computer_player_stays_a_person_once_their_guest_is_gone(
    database_url: str,
) -> None:
    """What sat in a seat is stored with the match, not guessed from the name later."""
    with app(database_url, guest_idle_days=0.0) as client:
        sign_up(client)
        created = make_room(client, seats=[{"kind": "open"}, {"kind": "open"}])
        room_id = created["room"]["id"]
        with elsewhere(client):
            joined = join(client, room_id, "random")
        assert joined["seat"] == 1
        start(client, created)
        conceded = client.post(f"/api/rooms/{room_id}/concede", headers=OWN)
        assert conceded.status_code == 200, conceded.text
        until_finished(client, room_id)
        time.sleep(0.01)
        assert call(client, services(client).purge).guests == 1
        [match] = client.get("/api/accounts/Fox/matches").json()["matches"]
        assert match["opponents"] == [
            {"seat": 1, "name": "random", "kind": "guest", "username": None}
        ]
