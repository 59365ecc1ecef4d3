"""Correspondence play over the real server, on both databases: rooms whose matches last days,
a deadline per turn, nobody replaced for being away, a notification when it is your turn and
an hour before your time runs out, a missed deadline settled as the room's timeout policy
says, and matches that sleep (no task, no lease) while they wait for a person.

Time passes here by moving a match's stored deadline and wake time nearer
(:func:`time_passes`): exactly what storage would hold had the hours gone by.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from cardtable.protocol.limits import PROTOCOL_VERSION
from cardtable.server.storage import MatchRow, SqlStorage
from cardtable.server.storage.tables import matches
from tests.server.accounts.seating import services
from tests.server.accounts.test_routes import OWN, app, call
from tests.server.helpers import bearer
from tests.server.notifications.test_routes import inbox, person
from tests.server.test_abandoned import within
from tests.server.wire import Recorder, sockets

Who = dict[str, str]
DAY = 24 * 3600


def room_of(client: TestClient, who: Who, **body: Any) -> Any:
    answer = client.post(
        "/api/rooms",
        json={"game": "karata", "name": "ann", "kind": "correspondence", **body},
        headers={**OWN, **who},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def duel(client: TestClient, **body: Any) -> tuple[Who, Who, Any, Any, str]:
    """A correspondence Karata between two signed-in people, started: (ann, bob, ann's
    answer to creating it, bob's to joining it, the match)."""
    ann, _ = person(client, "ann")
    bob, _ = person(client, "bob")
    created = room_of(client, ann, **body)
    room = created["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"}, headers={**OWN, **bob})
    assert joined.status_code == 200, joined.text
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return ann, bob, created, joined.json(), started.json()["match"]


def stored(client: TestClient, match: str) -> MatchRow:
    row = call(client, services(client).storage.match, match)
    assert row is not None
    return row


def deadline_of(row: MatchRow) -> float:
    """The deadline of the match's stored turn timer."""
    assert row.timer is not None
    deadline = row.timer["deadline"]
    assert isinstance(deadline, float)
    return deadline


def asleep(client: TestClient, match: str) -> bool:
    """Whether the match sleeps: a wake time stored, no lease, no task driving it here."""
    row = stored(client, match)
    task = services(client).runner.tasks.get(match)
    return row.wake_at is not None and row.lease_owner is None and (task is None or task.done())


def time_passes(client: TestClient, match: str, seconds: float) -> None:
    """As if ``seconds`` went by: the match's stored deadline and wake time come that much
    nearer; then the runner looks."""
    server = services(client)

    async def shift() -> None:
        row = await server.storage.match(match)
        assert row is not None
        assert row.timer is not None
        assert row.wake_at is not None
        timer = {**row.timer, "deadline": deadline_of(row) - seconds}
        await server.storage.set_timer(match, timer)
        assert isinstance(server.storage, SqlStorage)
        async with server.storage.write() as connection:
            await connection.execute(
                sa.update(matches)
                .where(matches.c.id == match)
                .values(wake_at=row.wake_at - seconds)
            )
        server.runner.wake()

    call(client, shift)


def kinds(client: TestClient, who: Who) -> list[str]:
    return [n["kind"] for n in reversed(inbox(client, who)["notifications"])]


def to_act(client: TestClient, match: str) -> int:
    """The seat to act, as the stored timer says (set when the turn began)."""
    row = stored(client, match)
    assert row.timer is not None
    seat = row.timer["seat"]
    assert isinstance(seat, int)
    return seat


def play_once(recorder: Recorder) -> dict[str, Any]:
    """Make the first legal decision of the view in hand; the view after it."""
    view = recorder.view
    assert view is not None
    assert view["legal"], view
    recorder.send(
        {"type": "decide", "decision": view["legal"][0]["text"], "version": view["version"]}
    )
    return recorder.view_from(view["version"] + 1)


def test_a_correspondence_room_is_for_games_with_choices_and_people_signed_in(
    database_url: str,
) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        war = client.post(
            "/api/rooms",
            json={"game": "war", "name": "ann", "kind": "correspondence"},
            headers={**OWN, **ann},
        )
        assert war.status_code == 422
        assert war.json()["code"] == "bad_rules"
        assert "no real choice" in war.json()["message"]
        guest = client.post(
            "/api/rooms", json={"game": "karata", "name": "gus", "kind": "correspondence"},
            headers=OWN,
        )  # fmt: skip
        assert guest.status_code == 401
        assert guest.json()["code"] == "not_logged_in"
        created = room_of(client, ann)
        room = created["room"]
        assert (room["kind"], room["timeout"], room["turn_seconds"]) == (
            "correspondence", "forfeit", DAY,
        )  # fmt: skip
        before = client.get(f"/api/rooms/{room['id']}").json()
        refused = client.post(
            f"/api/rooms/{room['id']}/join", json={"name": "gus"}, headers=OWN
        )  # a guest: not seated
        assert refused.status_code == 401
        assert refused.json()["code"] == "not_logged_in"
        assert client.get(f"/api/rooms/{room['id']}").json() == before
        live = client.post("/api/rooms", json={"game": "karata", "name": "ann"}, headers=OWN)
        assert (live.json()["room"]["kind"], live.json()["room"]["timeout"]) == (
            "live", "default",
        )  # fmt: skip


def test_a_match_sleeps_on_a_persons_turn_and_a_decision_wakes_it(database_url: str) -> None:
    with app(database_url) as client, sockets(client) as connect:
        ann, bob, created, joined, match = duel(client, turn_seconds=2 * DAY)
        assert within(10, lambda: asleep(client, match))
        first = to_act(client, match)
        people = [(ann, created["token"]), (bob, joined["token"])]
        waiting, other = people[first], people[1 - first]
        assert kinds(client, waiting[0]) == ["your_turn"]
        assert kinds(client, other[0]) == []
        row = stored(client, match)
        assert row.timer is not None
        assert row.wake_at is not None
        # It wakes for the reminder an hour before the deadline, not before.
        assert row.wake_at == pytest.approx(deadline_of(row) - 3600)
        assert row.timer["deadline"] == pytest.approx(time.time() + 2 * DAY, abs=30)

        socket = connect(f"/ws/rooms/{created['room']['id']}", "first", headers=waiting[0])
        assert socket.hello(waiting[1])["type"] == "welcome"
        socket.view_from(0)
        after = play_once(socket)
        assert within(10, lambda: asleep(client, match) and stored(client, match).version > 0)
        if after["to_act"] == 1 - first:  # Karata may give the same seat another turn
            assert within(5, lambda: kinds(client, other[0]) == ["your_turn"])
        else:  # the same person goes on: not told again of the turn they are taking
            assert kinds(client, waiting[0]) == ["your_turn"]
        notice = inbox(client, waiting[0])["notifications"][-1]
        assert notice["link"] == f"#/room/{created['room']['id']}"
        assert notice["text"].startswith("It is your turn in Karata against ")


def test_a_reminder_comes_an_hour_before_and_a_missed_deadline_forfeits(
    database_url: str,
) -> None:
    with app(database_url) as client:
        ann, bob, _, _, match = duel(client)
        assert within(10, lambda: asleep(client, match))
        seat = to_act(client, match)
        late = (ann, bob)[seat]
        time_passes(client, match, DAY - 3000)  # 50 minutes left
        assert within(10, lambda: kinds(client, late) == ["your_turn", "deadline_soon"])
        assert within(10, lambda: asleep(client, match))
        assert stored(client, match).status == "live"
        time_passes(client, match, 3000)
        assert within(10, lambda: stored(client, match).status == "finished")
        row = stored(client, match)
        assert row.outcome is not None
        assert row.outcome["winners"] == [1 - seat]
        decisions = call(client, services(client).storage.decisions, match)
        assert [(d.seat, d.text) for d in decisions] == [(seat, "timeout forfeit")]
        replay = client.get(f"/api/matches/{match}/record", headers=(ann, bob)[seat]).json()
        assert replay["decisions"][-1] == [seat, "timeout forfeit"]


def test_a_correspondence_room_may_play_the_default_move_on_time(database_url: str) -> None:
    with app(database_url) as client:
        _, _, _, _, match = duel(client, turn_seconds=3600, timeout="default")
        assert within(10, lambda: asleep(client, match))
        seat = to_act(client, match)
        row = stored(client, match)
        assert row.wake_at == pytest.approx(deadline_of(row))
        time_passes(client, match, 3600)
        assert within(10, lambda: stored(client, match).version >= 1)
        decisions = call(client, services(client).storage.decisions, match)
        assert (decisions[0].seat, decisions[0].text) == (seat, "timeout")
        assert stored(client, match).status == "live"


def test_a_sleeping_match_survives_a_restart(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, created, _, match = duel(client)
        assert within(10, lambda: asleep(client, match))
        seat = to_act(client, match)
        deadline = deadline_of(stored(client, match))
    with app(database_url) as client, sockets(client) as connect:
        assert within(5, lambda: asleep(client, match))  # still asleep, the same deadline
        assert deadline_of(stored(client, match)) == deadline
        who = (ann, bob)[seat]  # on another device: the session alone, no seat token
        socket = connect(f"/ws/rooms/{created['room']['id']}", "back", headers=who)
        assert socket.hello(None)["type"] == "welcome"
        timer = socket.until(lambda m: m["type"] == "timer")[-1]
        assert timer["deadline"] == deadline
        socket.view_from(0)
        play_once(socket)
        assert within(10, lambda: stored(client, match).version >= 1 and asleep(client, match))


@pytest.mark.parametrize("then", ["forfeit", "agent"])
def test_a_live_room_says_what_a_turn_out_of_time_does(database_url: str, then: str) -> None:
    with app(database_url) as client, sockets(client) as connect:
        ann, _ = person(client, "ann")
        created = client.post(
            "/api/rooms",
            json={"game": "karata", "name": "ann", "turn_seconds": 5, "timeout": then,
                  "seats": [{"kind": "open"}, {"kind": "agent", "agent": "random"}]},
            headers={**OWN, **ann},
        ).json()  # fmt: skip
        room = created["room"]["id"]
        socket = connect(f"/ws/rooms/{room}", "ann", headers=ann)
        assert socket.hello(created["token"])["type"] == "welcome"
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        match = started.json()["match"]
        storage = services(client).storage

        def timed_out() -> bool:
            texts = [d.text for d in call(client, storage.decisions, match)]
            return f"timeout {then}" in texts

        assert within(30, timed_out)
        texts = [(d.seat, d.text) for d in call(client, storage.decisions, match)]
        at = texts.index((0, f"timeout {then}"))
        if then == "forfeit":
            assert within(5, lambda: stored(client, match).status == "finished")
            outcome = stored(client, match).outcome
            assert outcome is not None
            assert outcome["winners"] == [1]
        else:  # a computer player made the seat's move, and the match goes on
            assert within(10, lambda: len(call(client, storage.decisions, match)) > at + 1)
            after = call(client, storage.decisions, match)[at + 1]
            assert after.seat == 0
            assert not after.text.startswith("timeout")
            assert stored(client, match).status == "live"


def test_my_matches_lists_my_turns_first_the_longest_waiting_first(database_url: str) -> None:
    with app(database_url) as client:
        ann, bob, first, _, one = duel(client)
        second = room_of(client, ann, turn_seconds=3 * DAY, room_name="Slow one")
        room = second["room"]["id"]
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "x"}, headers={**OWN, **bob})
        assert joined.status_code == 200, joined.text
        two = client.post(f"/api/rooms/{room}/start", headers=bearer(second["host_token"])).json()[
            "match"
        ]
        assert within(10, lambda: asleep(client, one) and asleep(client, two))
        live = client.post(
            "/api/rooms",
            json={"game": "karata", "name": "ann",
                  "seats": [{"kind": "open"}, {"kind": "agent", "agent": "random"}]},
            headers={**OWN, **ann},
        ).json()  # fmt: skip
        three = client.post(
            f"/api/rooms/{live['room']['id']}/start", headers=bearer(live["host_token"])
        ).json()["match"]

        listed = client.get("/api/account/playing", headers=ann)
        assert listed.status_code == 200, listed.text
        shown = {m["match"]: m for m in listed.json()["matches"]}
        assert set(shown) == {one, two, three}
        for match in (one, two):
            row = stored(client, match)
            assert row.timer is not None
            assert shown[match]["kind"] == "correspondence"
            assert shown[match]["to_act"] == row.timer["seat"]
            assert shown[match]["my_turn"] == (row.timer["seat"] == shown[match]["seat"])
            assert shown[match]["deadline"] == deadline_of(row)
            assert shown[match]["link"] == f"#/room/{row.room_id}"
        assert shown[two]["room_name"] == "Slow one"
        assert shown[three]["kind"] == "live"
        assert shown[three]["deadline"] is None
        order = [(not m["my_turn"], m["waiting_since"]) for m in listed.json()["matches"]]
        assert order == sorted(order)
        bobs = client.get("/api/account/playing", headers=bob).json()["matches"]
        assert {m["match"] for m in bobs} == {one, two}  # not ann's match with the computer
        for mine in bobs:
            assert mine["my_turn"] != shown[mine["match"]]["my_turn"]
        assert first["room"]["id"] in {m["room"] for m in bobs}

        nobody = client.get("/api/account/playing")
        assert nobody.status_code == 401
        assert nobody.json()["code"] == "not_logged_in"


def test_a_room_says_its_kind_and_timeout_from_protocol_8_only(database_url: str) -> None:
    with app(database_url) as client, sockets(client) as connect:
        ann, bob, created, joined, _ = duel(client)
        room = created["room"]["id"]
        new = connect(f"/ws/rooms/{room}", "ann", headers=ann)
        assert new.hello(created["token"])["protocol"] == PROTOCOL_VERSION
        shown = new.until(lambda m: m["type"] == "room")[-1]["room"]
        assert (shown["kind"], shown["timeout"]) == ("correspondence", "forfeit")
        old = connect(f"/ws/rooms/{room}", "bob on 7", headers=bob)
        assert old.hello(joined["token"], protocol=7)["protocol"] == 7
        older = old.until(lambda m: m["type"] == "room")[-1]["room"]
        assert "kind" not in older
        assert "timeout" not in older
        assert older["turn_seconds"] == DAY
        assert "name" in older  # what protocol 7 brought is still sent


def test_an_idle_correspondence_room_waits_a_week_where_a_live_one_waits_an_hour(
    database_url: str,
) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        waiting = room_of(client, ann)["room"]["id"]
        live = client.post("/api/rooms", json={"game": "karata", "name": "ann"}, headers=OWN)
        rooms = services(client).rooms
        hours_later = time.time() + 2 * 3600  # as if both had waited two hours
        assert call(client, rooms.expire, hours_later) == [live.json()["room"]["id"]]
        assert client.get(f"/api/rooms/{waiting}").json()["status"] == "open"
        rooms.clock = lambda: time.time() + 8 * DAY  # a week and a day later
        assert call(client, rooms.expire, time.time() + 8 * DAY - 3600) == [waiting]
        assert client.get(f"/api/rooms/{waiting}").json()["status"] == "closed"


def test_a_person_against_a_computer_player_is_told_each_time_the_turn_comes_back(
    database_url: str,
) -> None:
    with app(database_url) as client, sockets(client) as connect:
        ann, _ = person(client, "ann")
        created = room_of(
            client, ann, seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        )
        room = created["room"]["id"]
        match = client.post(
            f"/api/rooms/{room}/start", headers=bearer(created["host_token"])
        ).json()["match"]
        socket = connect(f"/ws/rooms/{room}", "ann", headers=ann)
        assert socket.hello(None)["type"] == "welcome"

        def waiting_for_ann() -> bool:
            row = stored(client, match)
            return row.status != "live" or (asleep(client, match) and to_act(client, match) == 0)

        for _ in range(4):  # ann plays her turns; the computer player answers at once
            assert within(10, waiting_for_ann)
            row = stored(client, match)
            if row.status != "live":
                break
            socket.view_from(row.version)
            play_once(socket)
        assert within(10, waiting_for_ann)
        seats = [d.seat for d in call(client, services(client).storage.decisions, match)]
        ended = stored(client, match).status != "live"
        # Told when the match began on her move, and each time the computer handed it back.
        came_back = sum(
            1 for at, seat in enumerate(seats) if seat == 1 and (seats[at + 1 :] or [0])[0] == 0
        )
        expected = (not seats or seats[0] == 0) + came_back - (ended and seats[-1] == 1)
        assert kinds(client, ann).count("your_turn") == expected, seats
        assert len(seats) >= 2
