"""Ranked play over the real server, on both databases: a rated room, a match that moves both
people's ratings once, their history and leaderboards; what a rated room refuses; computer
players on the same scale, and the daily cap on what they give.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable
from types import SimpleNamespace
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from cardtable.engine.json import JsonObject, JsonValue
from cardtable.games import find
from cardtable.ratings.computers import computer_rating
from cardtable.ratings.scale import MU, Standing, rate
from cardtable.server.accounts.tables import participants
from cardtable.server.errors import Refused
from cardtable.server.ratings.store import COMPUTER_DAILY_CAP, rate_match, season_start
from cardtable.server.ratings.tables import rating_history, ratings
from cardtable.server.storage import MatchRow, SqlStorage
from cardtable.server.storage.tables import matches, to_columns
from tests.server.accounts.seating import services
from tests.server.accounts.test_routes import OWN, app, call, token_of
from tests.server.helpers import bearer
from tests.server.notifications.test_routes import person
from tests.server.wire import sockets

Who = dict[str, str]


def rated_room(client: TestClient, who: Who, **body: Any) -> Any:
    answer = client.post(
        "/api/rooms",
        json={"game": "tcg", "name": "ann", "rated": True, **body},
        headers={**OWN, **who},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def duel(client: TestClient) -> tuple[Who, Who, Any, Any, str]:
    """A rated Kata TCG between two signed-in people, started: (ann, bob, ann's answer to
    creating it, bob's to joining it, the match)."""
    ann, _ = person(client, "ann")
    bob, _ = person(client, "bob")
    created = rated_room(client, ann)
    room = created["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"}, headers={**OWN, **bob})
    assert joined.status_code == 200, joined.text
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return ann, bob, created, joined.json(), started.json()["match"]


def play_and_concede(client: TestClient, created: Any, joined: Any) -> None:
    """The player to act makes a decision, then bob (seat 1) concedes: ann wins."""
    room = created["room"]["id"]
    with sockets(client) as connect:
        ann = connect(f"/ws/rooms/{room}", "ann")
        bob = connect(f"/ws/rooms/{room}", "bob")
        ann.hello(created["token"])
        bob.hello(joined["token"])
        view = ann.view_from(0)
        actor = (ann, bob)[view["to_act"]]
        text = actor.view_from(0)["legal"][0]["text"]
        actor.send({"type": "decide", "decision": text, "version": 0})
        bob.send({"type": "decide", "decision": "concede", "version": bob.view_from(1)["version"]})
        ended = ann.until(lambda m: m["type"] == "view" and m["outcome"])[-1]
    assert ended["outcome"]["placings"] == [1, 2]


def test_a_rated_match_moves_both_ratings_once_and_shows_them(database_url: str) -> None:
    with app(database_url) as client:
        ann, _, created, joined, match = duel(client)
        assert created["room"]["rated"] is True
        assert created["room"]["timeout"] == "forfeit"
        assert created["room"]["disconnect"]["policy"] == "forfeit"
        room = created["room"]["id"]
        with sockets(client) as connect:  # protocol 9 says the room is rated; 8 does not
            new, old = connect(f"/ws/rooms/{room}", "new"), connect(f"/ws/rooms/{room}", "old")
            assert new.hello(None, protocol=9)["protocol"] == 9
            assert new.until(lambda m: m["type"] == "room")[-1]["room"]["rated"] is True
            assert old.hello(None, protocol=8)["protocol"] == 8
            shown = old.until(lambda m: m["type"] == "room")[-1]["room"]
            assert "rated" not in shown
            assert shown["kind"] == "live"  # what protocol 8 brought is still sent
        play_and_concede(client, created, joined)
        mine = client.get("/api/accounts/ann/ratings").json()
        theirs = client.get("/api/accounts/bob/ratings").json()
        board = client.get("/api/ratings/tcg/standard?view=friends", headers=ann).json()
        top = client.get("/api/ratings/tcg/standard").json()
    [won] = mine["ratings"]
    [lost] = theirs["ratings"]
    fresh = Standing.new().shown
    assert (won["game"], won["rated"], won["title"]) == ("tcg", "standard", "Kata TCG")
    assert won["rating"] > fresh > lost["rating"]
    assert won["mu"] > MU > lost["mu"]
    assert (won["matches"], lost["matches"], won["provisional"]) == (1, 1, True)
    assert [point["match"] for point in won["history"]] == [match]
    assert (won["history"][0]["place"], lost["history"][0]["place"]) == (1, 2)
    assert won["history"][0]["change"] == won["rating"] - fresh
    assert won["rank"] is None  # provisional: not on the leaderboard yet
    assert [entry["username"] for entry in board["entries"]] == ["ann"]  # not friends with bob
    assert board["entries"][0]["me"] is True
    assert (top["ranked"], top["entries"]) == (0, [])  # nobody is settled yet


def test_a_rating_is_moved_once_whoever_finishes_the_match_again(database_url: str) -> None:
    """The writer runs in the transaction that finishes the match: run again on the finished
    match (a second process, a replay of the update), it finds it rated and changes nothing."""
    with app(database_url) as client:
        _, _, created, joined, match = duel(client)
        play_and_concede(client, created, joined)
        storage = services(client).storage
        assert isinstance(storage, SqlStorage)
        before = call(client, _rows, storage)
        row = call(client, storage.match, match)
        assert row is not None

        async def again() -> bool:
            async with storage.write() as connection:
                return await connection.run_sync(lambda sync: rate_match(sync, row, now=1e10))

        assert call(client, again) is False
        assert call(client, _rows, storage) == before


async def _rows(storage: SqlStorage) -> tuple[Any, ...]:
    found = await storage.read(sa.select(ratings).order_by(ratings.c.account_id))
    history = await storage.read(sa.select(rating_history).order_by(rating_history.c.id))
    return tuple(tuple(row) for row in found), tuple(tuple(row) for row in history)


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"ruleset": {"starting_health": 20}}, "bad_rules", "standard rules"),
        ({"game": "war"}, "bad_rules", "luck"),
        ({"timeout": "agent"}, "bad_message", "forfeits"),
        ({"deck": {"name": "Low", "set": "classic", "cards": {"d1": 4}}}, "bad_deck", "standard"),
        ({"disconnect": {"policy": "agent"}}, "bad_message", "forfeits"),
        ({"seats": [{"kind": "open"}, {"kind": "agent", "agent": "planner:x"}]}, "bad_message", ""),
    ],
)
def test_a_rated_room_that_cannot_be_is_refused(
    database_url: str, body: dict[str, Any], code: str, words: str
) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        answer = client.post(
            "/api/rooms",
            json={"game": "tcg", "name": "ann", "rated": True, **body},
            headers={**OWN, **ann},
        )
        assert answer.status_code in (400, 422), answer.text
        assert answer.json()["code"] == code
        assert words in answer.json()["message"]
        assert client.get("/api/rooms").json() == []  # nothing was made


def test_only_signed_in_people_sit_at_a_rated_table(database_url: str) -> None:
    with app(database_url) as client:
        guest = client.post(
            "/api/rooms", json={"game": "tcg", "name": "gus", "rated": True}, headers=OWN
        )
        assert (guest.status_code, guest.json()["code"]) == (401, "not_logged_in")
        ann, _ = person(client, "ann")
        room = rated_room(client, ann)["room"]["id"]
        client.cookies.clear()
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "gus"}, headers=OWN)
        assert (joined.status_code, joined.json()["code"]) == (401, "not_logged_in")
        seats = client.get(f"/api/rooms/{room}").json()["seats"]
        assert [seat["kind"] for seat in seats] == ["account", "open"]
        bob, _ = person(client, "bob")
        deck = {
            "name": "Low",
            "set": "classic",
            "cards": {"d1": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 4},
        }
        brought = client.post(
            f"/api/rooms/{room}/join", json={"name": "bob", "deck": deck}, headers={**OWN, **bob}
        )
        assert (brought.status_code, brought.json()["code"]) == (422, "bad_deck")
        seats = client.get(f"/api/rooms/{room}").json()["seats"]
        assert [seat["kind"] for seat in seats] == ["account", "open"]


def test_a_leaderboard_of_nothing_known_is_refused(database_url: str) -> None:
    with app(database_url) as client:
        assert client.get("/api/ratings/chess/standard").json()["code"] == "unknown_game"
        assert client.get("/api/ratings/karata/standard-9").json()["code"] == "not_found"
        assert client.get("/api/ratings/tcg/standard?season=3").json()["code"] == "not_found"
        around = client.get("/api/ratings/tcg/standard?view=around")
        assert (around.status_code, around.json()["code"]) == (401, "not_logged_in")
        assert client.get("/api/ratings/tcg/standard?limit=1000").status_code == 422
        assert client.get("/api/accounts/nobody/ratings").json()["code"] == "not_found"
        claimed = client.post("/api/ratings/tcg/standard", json={"winner": "ann"}, headers=OWN)
        assert claimed.status_code == 405  # no client claims a result
        listed = client.get("/api/ratings").json()
        names = [(entry["game"], entry["rated"]) for entry in listed["rulesets"]]
        assert names == [
            ("tcg", "standard"),
            ("karata", "standard-2"),
            ("karata", "standard-3"),
            ("karata", "standard-4"),
        ]
        assert listed["season"] == 0


def test_wins_over_a_computer_player_gain_at_most_the_daily_cap(database_url: str) -> None:
    """Ann beats the random computer player at a rated table again and again (the matches'
    ends written as the server writes them): each win gains less as her rating passes its
    fixed one, all of them together at most the daily cap, and a loss is never capped."""
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        created = rated_room(
            client, ann, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        )
        storage = services(client).storage
        assert isinstance(storage, SqlStorage)
        mus = [MU]
        for number in range(12):
            won = number < 11  # eleven wins, then a loss
            row = _finished(created, f"m{number}", placings=[1, 2] if won else [2, 1])
            assert call(client, _rate, storage, row, ann_id) is True
            mus.append(_mu(client))
    gains = [after - before for before, after in itertools.pairwise(mus)]
    assert all(gain >= 0 for gain in gains[:11])
    assert sum(gains[:11]) == pytest.approx(COMPUTER_DAILY_CAP)
    assert gains[10] == 0  # the cap was reached before the last win
    assert gains[0] > gains[1] > 0  # each win over the same player gains less
    assert gains[11] < 0  # a loss is never capped


def _finished(created: Any, match: str, placings: list[JsonValue]) -> MatchRow:
    room = created["room"]
    return MatchRow(
        id=match, room_id=room["id"], game="tcg", game_version=6, engine_version=1,
        ruleset=find("tcg").default_ruleset().to_json(), seed=1, seats=("ann", "Random"),
        version=9, status="finished",
        outcome={"winners": [placings.index(1)], "code": "conceded", "seats": [1],
                 "reason": "player 1 conceded", "placings": placings},
        final_hash=None, started_at=1e9, finished_at=None, lease_owner=None, lease_until=None,
        timer=None,
    )  # fmt: skip


async def _rate(storage: SqlStorage, row: MatchRow, ann_id: str) -> bool:
    """Store the match and its seats as a start would, then rate it as a finish does."""
    async with storage.write() as connection:

        def write(sync: sa.Connection) -> bool:
            sync.execute(sa.insert(matches).values(to_columns(row)))
            sync.execute(
                sa.insert(participants),
                [
                    {"match_id": row.id, "seat_index": 0, "account_id": ann_id,
                     "name_at_the_time": "ann"},
                    {"match_id": row.id, "seat_index": 1, "account_id": None,
                     "name_at_the_time": "Random", "agent": True},
                ],
            )  # fmt: skip
            return rate_match(sync, row, now=time.time())

        return await connection.run_sync(write)


def _mu(client: TestClient) -> float:
    found = client.get("/api/accounts/ann/ratings").json()["ratings"]
    return float(found[0]["mu"]) if found else MU


def _one_decision(client: TestClient, created: Any, joined: Any) -> None:
    """The player to act makes one decision: the match is at version 1."""
    room = created["room"]["id"]
    with sockets(client) as connect:
        seats = [connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bob")]
        seats[0].hello(created["token"])
        seats[1].hello(joined["token"])
        view = seats[0].view_from(0)
        actor = seats[view["to_act"]]
        actor.send({"type": "decide", "decision": actor.view_from(0)["legal"][0]["text"],
                    "version": 0})  # fmt: skip
        seats[0].view_from(1)


WON: JsonObject = {
    "winners": [0], "code": "conceded", "seats": [1], "reason": "player 1 conceded",
    "placings": [1, 2],
}  # fmt: skip
"""The end two finishers race to store."""


def test_two_finishers_racing_rate_the_match_once(database_url: str) -> None:
    """Two processes finish the same match at once: one stores its end and the ratings, the
    other finds it finished (``Conflict``) and writes nothing."""
    with app(database_url) as client:
        _, _, created, joined, match = duel(client)
        _one_decision(client, created, joined)
        server = services(client)

        async def race() -> list[object]:
            def finish() -> Awaitable[MatchRow]:
                return server.storage.finish_match(
                    match, version=1, status="finished", outcome=WON, final_hash=None,
                    at=time.time(), also=tuple(server.matches.finishing),
                )  # fmt: skip

            return list(await asyncio.gather(finish(), finish(), return_exceptions=True))

        results = call(client, race)
        storage = server.storage
        assert isinstance(storage, SqlStorage)
        found, history = call(client, _rows, storage)
    assert sorted(type(result).__name__ for result in results) == ["Conflict", "MatchRow"]
    assert len(found) == 2  # ann's and bob's all-time ratings
    assert [row.matches for row in (_as(row) for row in found)] == [1, 1]
    assert len(history) == 2


def test_a_finish_that_fails_part_way_rates_nothing_and_the_next_rates_once(
    database_url: str,
) -> None:
    """The server dies in the transaction that finishes a match, after the ratings were
    written: nothing of it is stored, the match is still live, and finishing it again (the
    next process taking it up) rates it once."""
    with app(database_url) as client:
        _, _, created, joined, match = duel(client)
        _one_decision(client, created, joined)
        server = services(client)
        storage = server.storage
        assert isinstance(storage, SqlStorage)

        def dies(connection: sa.Connection, row: MatchRow) -> None:
            raise RuntimeError("the process is killed here")

        async def finish(also: tuple[Any, ...]) -> MatchRow:
            return await storage.finish_match(
                match, version=1, status="finished", outcome=WON, final_hash=None,
                at=time.time(), also=also,
            )  # fmt: skip

        writers = tuple(server.matches.finishing)
        with pytest.raises(RuntimeError, match="killed"):
            call(client, finish, (*writers, dies))
        assert call(client, _rows, storage) == ((), ())
        still = call(client, storage.match, match)
        assert still is not None
        assert still.status == "live"
        call(client, finish, writers)
        found, history = call(client, _rows, storage)
    assert [_as(row).matches for row in found] == [1, 1]
    assert len(history) == 2


def _as(row: tuple[Any, ...]) -> SimpleNamespace:
    """A stored rating's columns by name."""
    return SimpleNamespace(**dict(zip(ratings.columns.keys(), row, strict=True)))


def test_leaving_a_rated_table_concedes_even_when_a_decision_lands_meanwhile(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version leaving read is stale by the time it concedes (the other person's decision
    came in between): it concedes at the new version, rather than failing and leaving the
    match going on without that person."""
    with app(database_url) as client:
        _, bob, created, joined, match = duel(client)
        server = services(client)
        real = server.matches.submit
        raced: list[int] = []

        async def raced_once(match_id: str, seat: int, text: str, version: int) -> Any:
            if not raced:
                raced.append(version)
                raise Refused("stale_version", "the match moved on", refusal="stale_version")
            return await real(match_id, seat, text, version)

        monkeypatch.setattr(server.matches, "submit", raced_once)
        room = created["room"]["id"]
        left = client.post(
            f"/api/rooms/{room}/leave", headers={**OWN, **bob, **bearer(joined["token"])}
        )
        assert left.status_code == 200, left.text
        row = call(client, server.storage.match, match)
        assert row is not None
        assert row.status == "finished"
        assert raced == [0]


def _settled(client: TestClient, names: list[str], shown: list[int]) -> list[str]:
    """Accounts with settled Kata TCG ratings of these shown numbers (stored as finished
    rated matches leave them); their ids."""
    ids = [person(client, name)[1] for name in names]
    storage = services(client).storage
    assert isinstance(storage, SqlStorage)

    async def store() -> None:
        async with storage.write() as connection:
            for account, number in zip(ids, shown, strict=True):
                standing = Standing(mu=number + 200.0, sigma=100.0, matches=12)
                await connection.execute(
                    sa.insert(ratings).values(
                        account_id=account, game="tcg", rated="standard", season=0,
                        mu=standing.mu, sigma=standing.sigma, shown=standing.shown,
                        matches=standing.matches, updated_at=time.time(),
                    )
                )  # fmt: skip

    call(client, store)
    return ids


def test_around_me_holds_me_among_many_of_my_rating(database_url: str) -> None:
    """Thirty people share one rating: each one's board around them holds their own line,
    at the place the top board gives it."""
    with app(database_url, signups_per_hour=3600.0, signup_burst=40) as client:
        names = [f"p{n:02d}x" for n in range(30)]
        _settled(client, names, [1400] * 30)
        top = client.get("/api/ratings/tcg/standard?limit=100").json()["entries"]
        places = {entry["username"]: entry["rank"] for entry in top}
        assert sorted(places.values()) == list(range(1, 31))
        for name in (names[0], names[17], names[29]):
            who = {"X-Cardtable-Session": token_of(client, name)}
            around = client.get("/api/ratings/tcg/standard?view=around", headers=who).json()
            mine = [entry for entry in around["entries"] if entry["me"]]
            assert [(entry["username"], entry["rank"]) for entry in mine] == [
                (name, places[name])
            ], around


def test_a_disabled_account_leaves_the_count_of_the_ranked_as_it_leaves_the_board(
    database_url: str,
) -> None:
    with app(database_url) as client:
        ids = _settled(client, ["ann", "bob", "cyd"], [1500, 1400, 1300])
        before = client.get("/api/ratings/tcg/standard").json()
        assert (before["ranked"], len(before["entries"])) == (3, 3)
        call(client, services(client).accounts.disable_account, ids[1], time.time())
        after = client.get("/api/ratings/tcg/standard").json()
        assert [entry["username"] for entry in after["entries"]] == ["ann", "cyd"]
        assert [entry["rank"] for entry in after["entries"]] == [1, 2]
        assert after["ranked"] == 2


def test_a_season_begins_each_rating_half_way_back_and_all_time_goes_on(
    database_url: str,
) -> None:
    """Ann beats the random computer player, then a season starts, then she loses to it: her
    season rating began from her all-time one moved half of the way back to a newcomer's,
    and moved by the loss as the model says; her all-time rating counts both matches."""
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        created = rated_room(
            client, ann, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        )
        server = services(client)
        storage = server.storage
        assert isinstance(storage, SqlStorage)
        assert call(client, _rate, storage, _finished(created, "m0", [1, 2]), ann_id)
        after_win = _all_time(client)
        number = call(client, server.ratings.store.start_season, time.time() - 1, None, time.time())
        assert number == 1
        assert call(client, _rate, storage, _finished(created, "m1", [2, 1]), ann_id)
        shown = client.get("/api/accounts/ann/ratings").json()
    random = computer_rating("tcg", "standard", "random")
    assert random is not None
    expected = rate((season_start(after_win), random), (2, 1), fixed=(False, True))[0]
    [entry] = shown["ratings"]
    assert (shown["season"], entry["matches"], entry["season_matches"]) == (1, 2, 1)
    assert entry["season_rating"] == expected.shown
    assert [point["match"] for point in entry["history"]] == ["m0", "m1"]


def _all_time(client: TestClient) -> Standing:
    """Ann's all-time rating."""
    [entry] = client.get("/api/accounts/ann/ratings").json()["ratings"]
    return Standing(mu=entry["mu"], sigma=entry["sigma"], matches=entry["matches"])
