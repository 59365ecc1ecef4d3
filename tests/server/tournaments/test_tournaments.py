"""Tournaments over the real server, on both databases: created, entered, started, every round's
rooms made and seated, results recorded as matches end, the next round paired, the winner
named; people told in their inbox, their personal channel and the feed.

The advancing runs in the background on whichever process holds the lease; these tests also
sweep themselves (what the background does), so that they need not wait for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.protocol.tournaments import JoinTournament
from cardtable.tournaments.model import place_points
from tests.server.accounts.seating import services
from tests.server.accounts.test_routes import OWN, app, call
from tests.server.helpers import SHORT_WAR
from tests.server.notifications.test_routes import person
from tests.server.whereabouts.test_personal_channel import channel
from tests.server.wire import sockets

Who = dict[str, str]


def create(client: TestClient, who: Who, **body: Any) -> dict[str, Any]:
    """A tournament of short War duels, unless ``body`` says otherwise."""
    answer = client.post(
        "/api/tournaments",
        json={
            "name": "Friday cup",
            "game": "war",
            "ruleset": SHORT_WAR,
            "format": "swiss",
            "rounds": 2,
            "computers": True,
            **body,
        },
        headers={**OWN, **who},
    )
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def act(client: TestClient, who: Who, tournament: str, what: str, **body: Any) -> Any:
    answer = client.post(
        f"/api/tournaments/{tournament}/{what}", json=body or None, headers={**OWN, **who}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def sweep(client: TestClient) -> None:
    call(client, services(client).advancer.sweep, time.time())


def until(
    client: TestClient,
    tournament: str,
    done: Callable[[dict[str, Any]], bool],
    who: Who | None = None,
) -> Any:
    """The tournament (as ``who`` sees it) once ``done`` says so, sweeping meanwhile (three
    minutes at most: a bound for a loaded machine, where whole games of computer players take
    many times what they take alone)."""
    deadline = time.monotonic() + 180
    while True:
        sweep(client)
        found = client.get(f"/api/tournaments/{tournament}", headers=who).json()
        if done(found):
            return found
        assert time.monotonic() < deadline, found
        time.sleep(0.1)


def test_a_swiss_of_people_and_computer_players_runs_to_a_winner(database_url: str) -> None:
    with app(database_url, no_show_seconds=1) as client:
        ann, _ = person(client, "ann")
        bob, _ = person(client, "bob")
        with channel(client, ann, "ann") as anns:
            made = create(client, ann)
            tid = made["id"]
            assert (made["state"], made["hosting"], made["entered"]) == ("open", True, False)
            act(client, ann, tid, "join")
            act(client, bob, tid, "join")
            act(client, ann, tid, "computers", agent="random")
            shown = act(client, ann, tid, "computers", agent="random")
            assert [e["name"] for e in shown["field"]] == ["ann", "bob", "Random 1", "Random 2"]
            act(client, ann, tid, "start")
            started = until(
                client, tid, lambda t: all(t["room"] for t in t["tables"][0]["tables"]), ann
            )
            assert (started["state"], started["round"], started["rounds"]) == ("running", 1, 2)
            first = started["tables"][0]["tables"]
            assert len(first) == 2
            assert all(table["room"] for table in first)
            assert sorted(seat["entrant"] for t in first for seat in t["seats"]) == sorted(
                e["id"] for e in started["field"]
            )
            mine = started["me"]["table"]
            room = client.get(f"/api/rooms/{mine['room']}").json()
            assert room["status"] == "playing"
            assert "ann" in [seat.get("username") for seat in room["seats"]]
            assert room["tournament"] == {
                "id": tid,
                "name": "Friday cup",
                "round": 1,
                "table": mine["number"],
            }
            with sockets(client) as connect:  # protocol 10 says which table; 9 does not
                new = connect(f"/ws/rooms/{mine['room']}", "new")
                old = connect(f"/ws/rooms/{mine['room']}", "old")
                assert new.hello(None)["protocol"] == 10
                shown = new.until(lambda m: m["type"] == "room")[-1]["room"]
                assert shown["tournament"]["id"] == tid
                assert old.hello(None, protocol=9)["protocol"] == 9
                older = old.until(lambda m: m["type"] == "room")[-1]["room"]
                assert "tournament" not in older
                assert older["rated"] is False  # what protocol 9 brought is still sent
            news = anns.until(lambda m: m["type"] == "tournament")
            assert news[-1]["tournament"]["id"] == tid
            # nobody plays for the people: they do not turn up, and forfeit on their turn
            over = until(client, tid, lambda t: t["state"] == "finished")
        assert over["winner"] is not None
        assert len(over["tables"]) == 2
        standings = over["standings"]
        assert [s["place"] for s in standings] == sorted(s["place"] for s in standings)
        assert set(over["tiebreaks"]) == {"buchholz", "sonneborn_berger"}
        points: dict[str, float] = {}
        for played in over["tables"]:
            for table in played["tables"]:
                assert table["state"] == "done"
                places = [seat["place"] for seat in table["seats"]]
                for seat, worth in zip(table["seats"], place_points(places), strict=True):
                    points[seat["entrant"]] = points.get(seat["entrant"], 0.0) + float(worth)
        assert {s["entrant"]: s["points"] for s in standings} == points
        opponents: dict[str, list[str]] = {}
        for played in over["tables"]:
            for table in played["tables"]:
                for seat in table["seats"]:
                    others = [o["entrant"] for o in table["seats"] if o is not seat]
                    opponents.setdefault(seat["entrant"], []).extend(others)
        for standing in standings:  # Buchholz: the sum of one's opponents' final points
            met = opponents.get(standing["entrant"], [])
            assert standing["tiebreaks"]["buchholz"] == sum(points[o] for o in met)
        assert over["winner"] == standings[0]["name"]
        inbox = client.get("/api/notifications", headers=ann).json()["notifications"]
        kinds = [item["kind"] for item in inbox]
        assert kinds.count("tournament_round") == 2
        assert "tournament_finished" in kinds
        activity = client.get("/api/accounts/ann/activity", headers=ann).json()["items"]
        assert any(item["kind"] == "tournament_finished" for item in activity)


def test_a_knockout_of_computer_players_alone_completes_its_bracket(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        made = create(client, ann, format="knockout", rounds=None, most_entrants=5)
        tid = made["id"]
        for _ in range(5):
            act(client, ann, tid, "computers", agent="random")
        sweep(client)  # full: it starts
        over = until(client, tid, lambda t: t["state"] == "finished")
        sizes = [[len(t["seats"]) for t in played["tables"]] for played in over["tables"]]
        assert sizes == [[1, 2, 1, 1], [2, 2], [2]]  # 8 places: byes for seeds 1 to 3
        assert over["winner"] == over["standings"][0]["name"]
        assert [s["place"] for s in over["standings"]] == [1, 2, 3, 3, 5]
        rounds = over["tables"]
        for played, following in zip(rounds, [*rounds[1:], None], strict=True):
            gone = [s["entrant"] for t in played["tables"] for s in t["seats"] if s["went_on"]]
            assert all(s["went_on"] is not None for t in played["tables"] for s in t["seats"])
            if following is None:  # the final: its winner alone
                assert [_name(over, entrant) for entrant in gone] == [over["winner"]]
            else:  # those who went on are the next round's field
                seated = [s["entrant"] for t in following["tables"] for s in t["seats"]]
                assert sorted(gone) == sorted(seated)
        [listed] = client.get("/api/tournaments?state=finished").json()["tournaments"]
        assert (listed["id"], listed["winner"]) == (tid, over["winner"])


def test_computer_players_fill_the_places_left_when_the_host_starts(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        tid = create(client, ann, fill=True, most_entrants=4)["id"]
        act(client, ann, tid, "join")
        act(client, ann, tid, "computers", agent="random")
        act(client, ann, tid, "start")
        started = until(client, tid, lambda t: t["state"] == "running")
        assert [e["name"] for e in started["field"]] == ["ann", "Random 1", "Random 2", "Random 3"]
        assert sorted(e["seed"] for e in started["field"]) == [1, 2, 3, 4]


def refused(answer: Any, status: int, code: str) -> None:
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text


def test_who_may_see_and_do_what_is_decided_by_the_server(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        bob, _ = person(client, "bob")
        cyd, _ = person(client, "cyd")
        hidden = create(client, ann, name="Ann's friends", access="friends")["id"]
        locked = create(client, ann, name="Locked", access="password", password="s3cret")["id"]
        # a friends-only tournament does not exist for others, in the list or by its id
        listed = [
            t["id"] for t in client.get("/api/tournaments", headers=bob).json()["tournaments"]
        ]
        assert hidden not in listed
        assert locked in listed
        refused(client.get(f"/api/tournaments/{hidden}", headers=bob), 404, "not_found")
        refused(client.get(f"/api/tournaments/{hidden}"), 404, "not_found")
        at = f"/api/tournaments/{hidden}"
        refused(client.post(f"{at}/join", headers={**OWN, **bob}), 404, "not_found")
        # ... but does for the host's friends, who may enter
        asked = client.post("/api/friends", json={"username": "bob"}, headers={**OWN, **ann})
        assert asked.status_code == 201, asked.text
        assert client.post("/api/friends/ann/accept", headers={**OWN, **bob}).status_code == 200
        assert client.get(at, headers=bob).status_code == 200
        act(client, bob, hidden, "join")
        refused(client.post(f"{at}/join", headers={**OWN, **bob}), 409, "already_entered")
        # a password, and only the host manages
        at = f"/api/tournaments/{locked}"
        refused(client.post(f"{at}/join", headers={**OWN, **cyd}), 403, "bad_password")
        wrong = client.post(f"{at}/join", json={"password": "guess"}, headers={**OWN, **cyd})
        refused(wrong, 403, "bad_password")
        act(client, cyd, locked, "join", password="s3cret")
        for what, body in (("computers", {"agent": "random"}), ("start", None), ("cancel", None)):
            refused(
                client.post(f"{at}/{what}", json=body, headers={**OWN, **cyd}), 403, "forbidden"
            )
        refused(
            client.delete(f"{at}/entrants/{_id(client, locked, 'cyd')}", headers={**OWN, **bob}),
            403,
            "forbidden",
        )
        refused(client.post(f"{at}/start", headers={**OWN, **ann}), 409, "too_few")
        # a guest or someone signed out does nothing
        body = {"name": "x", "game": "war", "format": "knockout"}
        anonymous = client.post("/api/tournaments", json=body, headers=OWN)
        refused(anonymous, 401, "not_logged_in")
        refused(client.post(f"{at}/join", headers=OWN), 401, "not_logged_in")
        # cancelled by its host: closed to entries, and its entrants are told
        cancelled = act(client, ann, locked, "cancel")
        assert cancelled["state"] == "cancelled"
        refused(client.post(f"{at}/join", headers={**OWN, **bob}), 409, "tournament_closed")
        told = client.get("/api/notifications", headers=cyd).json()["notifications"]
        assert [item["kind"] for item in told] == ["tournament_cancelled"]
        assert told[0]["text"] == "Locked was called off."


def _name(tournament: dict[str, Any], entrant: str) -> str:
    return str(next(e["name"] for e in tournament["field"] if e["id"] == entrant))


def _id(client: TestClient, tournament: str, username: str) -> str:
    found = client.get(f"/api/tournaments/{tournament}").json()["field"]
    return str(next(e["id"] for e in found if e["username"] == username))


def test_bad_requests_are_refused_in_words_and_change_nothing(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        base = {"name": "Cup", "game": "war", "format": "swiss", "rounds": 3}

        def made(**body: Any) -> Any:
            return client.post("/api/tournaments", json={**base, **body}, headers={**OWN, **ann})

        refused(made(game="chess"), 404, "unknown_game")
        refused(made(format="knockout"), 422, "bad_message")  # rounds with a knockout
        refused(made(rounds=None), 422, "bad_message")
        refused(made(rounds=31), 422, "bad_message")
        refused(made(access="password"), 422, "bad_message")  # no password given
        refused(made(ruleset={"players": 99}), 422, "bad_rules")
        refused(made(game="war", rated="standard"), 422, "bad_rules")  # War rates nothing
        refused(made(game="tcg", ruleset={}, fewest=3), 422, "bad_tournament")
        refused(made(format="round_robin", rounds=None, most_entrants=33), 422, "bad_tournament")
        refused(made(starts_at=time.time() - 60), 422, "bad_message")
        refused(made(name=""), 422, "bad_message")
        refused(made(fill=True), 422, "bad_message")  # filling needs computers
        karata = made(game="karata", rated="standard-4", rounds=3, fewest=2, computers=True)
        assert karata.status_code == 201, karata.text  # tables of 2 and 3 are rated too
        tid = karata.json()["id"]
        at = f"/api/tournaments/{tid}/computers"
        refused(
            client.post(at, json={"agent": "nobody"}, headers={**OWN, **ann}), 422, "bad_message"
        )
        unrated = client.post(at, json={"agent": "ismcts:2"}, headers={**OWN, **ann})
        refused(unrated, 422, "bad_rules")  # no rating under the rated rules
        refused(client.get("/api/tournaments/nope"), 404, "not_found")
        refused(client.get("/api/tournaments/bad id!"), 422, "bad_message")
        listed = client.get("/api/tournaments").json()["tournaments"]
        assert [t["id"] for t in listed] == [tid]  # nothing refused was kept


def test_a_rated_tournament_counts_for_ratings(database_url: str) -> None:
    with app(database_url, no_show_seconds=1) as client:
        ann, _ = person(client, "ann")
        bob, _ = person(client, "bob")
        made = create(
            client, ann, game="tcg", ruleset={}, rated="standard", format="knockout",
            rounds=None, most_entrants=4,
        )  # fmt: skip
        tid = made["id"]
        assert (made["rated"], made["title"]) == ("standard", "Kata TCG")
        act(client, ann, tid, "join")
        act(client, bob, tid, "join")
        act(client, ann, tid, "computers", agent="random")
        act(client, ann, tid, "computers", agent="greedy")  # full: it starts
        over = until(client, tid, lambda t: t["state"] == "finished")
        rooms = [t["room"] for r in over["tables"] for t in r["tables"] if t["room"]]
        assert all(client.get(f"/api/rooms/{room}").json()["rated"] for room in rooms)
        people_played = sum(
            seat["entrant"] in (e["id"] for e in over["field"] if e["kind"] == "account")
            for r in over["tables"]
            for t in r["tables"]
            for seat in t["seats"]
        )
        ratings = [
            rating
            for name in ("ann", "bob")
            for rating in client.get(f"/api/accounts/{name}/ratings").json()["ratings"]
        ]
        assert sum(rating["matches"] for rating in ratings) == people_played
        assert {rating["rated"] for rating in ratings} == {"standard"}


def test_a_knockout_of_four_player_tables_plays_its_smaller_final(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        made = create(
            client, ann, game="karata", ruleset={"players": 4}, format="knockout", rounds=None,
            fewest=4, advance=2, most_entrants=7,
        )  # fmt: skip
        tid = made["id"]
        for _ in range(7):
            act(client, ann, tid, "computers", agent="heuristic")
        over = until(client, tid, lambda t: t["state"] == "finished")
        sizes = [[len(t["seats"]) for t in played["tables"]] for played in over["tables"]]
        assert sizes[-1] == [3]
        final = over["tables"][-1]["tables"][0]["room"]
        assert len(client.get(f"/api/rooms/{final}").json()["seats"]) == 3


def test_someone_entering_while_it_starts_is_seeded_not_left_out(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry that lands between the start's reading of the field and its write: the start
    is made again with them (it used to start without them, who then had no seed)."""
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        person(client, "bob")
        tid = create(client, ann)["id"]
        act(client, ann, tid, "join")
        act(client, ann, tid, "computers", agent="random")
        served = services(client)
        advancer = served.advancer
        reading = advancer._ratings
        landed: list[bool] = []

        async def late_entry(row: Any, people: Any) -> Any:
            if not landed:  # bob enters, as his request would, in the middle of the start
                landed.append(True)
                bob_row = await served.accounts.account_by_username_key("bob")
                assert bob_row is not None
                await served.tournaments.join(bob_row, tid, JoinTournament(), "test")
            return await reading(row, people)

        monkeypatch.setattr(advancer, "_ratings", late_entry)
        act(client, ann, tid, "start")
        started = until(client, tid, lambda t: t["state"] == "running")
        assert sorted(e["name"] for e in started["field"]) == ["Random 1", "ann", "bob"]
        assert sorted(e["seed"] for e in started["field"]) == [1, 2, 3]
