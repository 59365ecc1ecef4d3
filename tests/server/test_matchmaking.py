"""The matchmaking queue over the real server, on both databases: two people queue, are told
a table was found on their personal channels, confirm, and are seated in a rated room whose
match starts; a person alone is given a computer player after the wait they chose; a table
not everyone confirms lapses (who confirmed waits on, keeping their time); leaving, signing
out and staying away take a person out; bad requests are refused and change nothing.

The pairing runs in the background every second on whichever process holds the lease; these
tests also call a sweep themselves at a chosen time (what the background one does, with time
moved on).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.protocol.matchmaking import CONFIRM_SECONDS
from cardtable.server.matchmaking.service import OFFLINE_GRACE
from tests.server.accounts.seating import services
from tests.server.accounts.test_routes import OWN, app, call, token_of
from tests.server.notifications.test_routes import person
from tests.server.whereabouts.test_personal_channel import channel
from tests.server.wire import Recorder

Who = dict[str, str]
TCG = {"game": "tcg", "rated": "standard"}


def queue(client: TestClient, who: Who, **body: Any) -> Any:
    answer = client.post("/api/matchmaking/queue", json={**TCG, **body}, headers={**OWN, **who})
    assert answer.status_code == 201, answer.text
    return answer.json()


def sweep(client: TestClient, later: float = 0.0) -> None:
    """A pairing sweep, ``later`` seconds from now."""
    call(client, services(client).matchmaking.sweep, time.time() + later)


def told(tab: Recorder, state: str) -> dict[str, Any]:
    """The queue state the personal channel tells, once it is ``state``."""
    found = tab.until(lambda m: m["type"] == "matchmaking" and m["queue"]["state"] == state)
    queue_state: dict[str, Any] = found[-1]["queue"]
    return queue_state


def test_two_people_are_matched_confirm_and_sit_at_a_rated_table(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        bob, _ = person(client, "bob")
        with channel(client, ann, "ann") as anns, channel(client, bob, "bob") as bobs:
            waiting = queue(client, ann)
            assert (waiting["state"], waiting["title"]) == ("waiting", "Kata TCG")
            queue(client, bob)
            sweep(client)
            found = told(anns, "proposed")
            assert told(bobs, "proposed")["proposal"]["id"] == found["proposal"]["id"]
            proposal = found["proposal"]
            assert sorted(seat["username"] for seat in proposal["seats"]) == ["ann", "bob"]
            assert all(seat["kind"] == "account" for seat in proposal["seats"])
            assert proposal["me_confirmed"] is False
            at = f"/api/matchmaking/proposals/{proposal['id']}"
            mine = client.post(f"{at}/confirm", headers={**OWN, **ann}).json()
            assert (mine["state"], mine["proposal"]["me_confirmed"]) == ("proposed", True)
            assert len(told(bobs, "proposed")["proposal"]["confirmed"]) >= 0
            theirs = client.post(f"{at}/confirm", headers={**OWN, **bob}).json()
            assert theirs["state"] == "matched"
            room = told(anns, "matched")["room"]
            assert told(bobs, "matched")["room"] == room == theirs["room"]
        info = client.get(f"/api/rooms/{room}").json()
        assert info["rated"] is True
        assert info["status"] == "playing"
        assert sorted(seat["username"] for seat in info["seats"]) == ["ann", "bob"]
        again = client.post("/api/matchmaking/queue", json=TCG, headers={**OWN, **ann})
        assert (again.status_code, again.json()["code"]) == (409, "in_rated_match")


def test_a_person_alone_is_given_a_computer_player_after_the_wait_they_chose(
    database_url: str,
) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        with channel(client, ann, "ann") as anns:
            queue(client, ann, game="karata", rated="standard-3", computer_after=30)
            sweep(client, later=10)
            assert client.get("/api/matchmaking/queue", headers=ann).json()["state"] == "waiting"
            sweep(client, later=31)
            proposal = told(anns, "proposed")["proposal"]
            kinds = [seat["kind"] for seat in proposal["seats"]]
            assert sorted(kinds) == ["account", "agent", "agent"]
            at = f"/api/matchmaking/proposals/{proposal['id']}/confirm"
            assert client.post(at, headers={**OWN, **ann}).json()["state"] == "matched"
            room = told(anns, "matched")["room"]
        seats = client.get(f"/api/rooms/{room}").json()["seats"]
        assert [seat["kind"] for seat in seats].count("agent") == 2


def test_a_table_not_everyone_confirms_lapses(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        bob, _ = person(client, "bob")
        with channel(client, ann, "ann") as anns, channel(client, bob, "bob"):
            joined = queue(client, ann)["joined_at"]
            queue(client, bob)
            sweep(client)
            proposal = told(anns, "proposed")["proposal"]
            at = f"/api/matchmaking/proposals/{proposal['id']}"
            assert client.post(f"{at}/confirm", headers={**OWN, **ann}).status_code == 200
            sweep(client, later=CONFIRM_SECONDS + 1)
            back = told(anns, "waiting")
            assert back["joined_at"] == joined  # her waiting time is kept
            gone = client.get("/api/matchmaking/queue", headers=bob).json()
            assert gone["state"] == "idle"
            late = client.post(f"{at}/confirm", headers={**OWN, **bob})
            assert (late.status_code, late.json()["code"]) == (404, "not_found")


def test_leaving_signing_out_and_staying_away_take_a_person_out(database_url: str) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        bob, _ = person(client, "bob")
        cyd, _ = person(client, "cyd")
        queue(client, ann)
        left = client.delete("/api/matchmaking/queue", headers={**OWN, **ann})
        assert left.status_code == 204
        assert client.get("/api/matchmaking/queue", headers=ann).json()["state"] == "idle"
        queue(client, bob)
        assert client.delete("/api/session", headers={**OWN, **bob}).status_code == 204
        bob_again = {"X-Cardtable-Session": token_of(client, "bob")}
        assert client.get("/api/matchmaking/queue", headers=bob_again).json()["state"] == "idle"
        with channel(client, ann, "ann"):
            queue(client, ann)
            queue(client, cyd)  # cyd has no connection to the server
            sweep(client, later=OFFLINE_GRACE + 1)
            assert client.get("/api/matchmaking/queue", headers=cyd).json()["state"] == "idle"
            assert client.get("/api/matchmaking/queue", headers=ann).json()["state"] == "waiting"
        rows = call(client, services(client).matchmaking.state, "nobody")
        assert rows.state == "idle"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess", "rated": "standard"}, 404, "unknown_game"),
        ({"game": "war", "rated": "standard"}, 422, "bad_rules"),
        ({"game": "karata", "rated": "standard-9"}, 422, "bad_rules"),
        ({**TCG, "computer_after": 5}, 422, "bad_message"),
        ({**TCG, "extra": 1}, 422, "bad_message"),
    ],
)
def test_a_queue_that_cannot_be_is_refused(
    database_url: str, body: dict[str, Any], status: int, code: str
) -> None:
    with app(database_url) as client:
        ann, _ = person(client, "ann")
        answer = client.post("/api/matchmaking/queue", json=body, headers={**OWN, **ann})
        assert (answer.status_code, answer.json()["code"]) == (status, code)
        assert client.get("/api/matchmaking/queue", headers=ann).json()["state"] == "idle"


def test_queueing_twice_as_a_guest_or_confirming_another_s_table_is_refused(
    database_url: str,
) -> None:
    with app(database_url) as client:
        guest = client.post("/api/matchmaking/queue", json=TCG, headers=OWN)
        assert (guest.status_code, guest.json()["code"]) == (401, "not_logged_in")
        ann, _ = person(client, "ann")
        bob, _ = person(client, "bob")
        cyd, _ = person(client, "cyd")
        first = queue(client, ann)
        twice = client.post(
            "/api/matchmaking/queue", json={"game": "karata", "rated": "standard-2"},
            headers={**OWN, **ann},
        )  # fmt: skip
        assert (twice.status_code, twice.json()["code"]) == (409, "already_queued")
        state = client.get("/api/matchmaking/queue", headers=ann).json()
        assert (state["game"], state["joined_at"]) == ("tcg", first["joined_at"])
        with channel(client, ann, "ann") as anns, channel(client, bob, "bob"):
            queue(client, bob)
            sweep(client)
            proposal = told(anns, "proposed")["proposal"]["id"]
            for action in ("confirm", "decline"):
                stranger = client.post(
                    f"/api/matchmaking/proposals/{proposal}/{action}", headers={**OWN, **cyd}
                )
                assert (stranger.status_code, stranger.json()["code"]) == (404, "not_found")
            for bad in ("x" * 40, "a b", "<i>"):
                refused = client.post(
                    f"/api/matchmaking/proposals/{bad}/confirm", headers={**OWN, **ann}
                )
                assert (refused.status_code, refused.json()["code"]) == (422, "bad_message")
            declined = client.post(
                f"/api/matchmaking/proposals/{proposal}/decline", headers={**OWN, **bob}
            )
            assert declined.status_code == 204
            assert told(anns, "waiting")["joined_at"] == first["joined_at"]


def test_the_last_two_confirming_at_once_make_one_room(database_url: str) -> None:
    """Both confirm in the same instant (on PostgreSQL, two transactions at once): exactly
    one of them makes the room, and both are seated in it."""
    with app(database_url) as client:
        ann, ann_id = person(client, "ann")
        bob, bob_id = person(client, "bob")
        with channel(client, ann, "ann") as anns, channel(client, bob, "bob"):
            queue(client, ann)
            queue(client, bob)
            sweep(client)
            proposal = told(anns, "proposed")["proposal"]["id"]
            server = services(client)

            async def both() -> list[Any]:
                people = [await server.accounts.account_by_id(i) for i in (ann_id, bob_id)]
                return list(
                    await asyncio.gather(
                        *(server.matchmaking.confirm(p, proposal) for p in people if p)
                    )
                )

            states = call(client, both)
        assert {state.state for state in states} <= {"proposed", "matched"}
        rooms = {
            client.get("/api/matchmaking/queue", headers=who).json()["room"] for who in (ann, bob)
        }
        assert len(rooms) == 1
        [room] = rooms
        assert room is not None
        made = client.get("/api/rooms", params={"mine": "true"}, headers=ann).json()
        assert [info["id"] for info in made if info["rated"]] == [room]
