"""A rematch starts when every person at the table accepts (protocol 7), over the real server.

Each player accepts for their own seat (``POST /rooms/{id}/rematch``); the room's seats say
who has (``rematch``), in the lobby's answers and the room's messages; computer players always
accept; the next match starts with the last acceptance, and clears them all.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.accounts.seating import services
from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.wire import sockets


def accepted(room: dict[str, Any]) -> list[bool]:
    return [seat["rematch"] for seat in room["seats"]]


def rematch(client: TestClient, room: str, token: str) -> Any:
    return client.post(f"/api/rooms/{room}/rematch", headers=bearer(token))


def finished_room(client: TestClient) -> tuple[str, str, str, str]:
    """A War room of ann (the host, seat 0) and bo (seat 1) whose first match bo conceded:
    (room, ann's token, bo's token, the first match)."""
    created = create(client, game="war", ruleset=SHORT_WAR)
    room = created["room"]["id"]
    bo = client.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()["token"]
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    conceded = client.post(f"/api/rooms/{room}/concede", headers=bearer(bo))
    assert conceded.status_code == 200, conceded.text
    info = client.get(f"/api/rooms/{room}").json()
    assert info["status"] == "finished", info
    return room, created["token"], bo, info["match"]


def test_a_rematch_waits_for_every_person_and_starts_with_the_last(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann, bo, first = finished_room(client)
        watcher = connect(f"/ws/rooms/{room}", "ann")
        watcher.hello(ann)
        waiting = rematch(client, room, ann)
        assert waiting.status_code == 200, waiting.text
        assert waiting.json()["status"] == "finished"
        assert accepted(waiting.json()) == [True, False]
        told = watcher.until(lambda m: m["type"] == "room" and accepted(m["room"]) == [True, False])
        assert told[-1]["room"]["match"] == first  # no new match yet
        again = rematch(client, room, ann)  # accepting twice changes nothing
        assert again.json()["status"] == "finished"
        assert accepted(again.json()) == [True, False]

        started = rematch(client, room, bo)
        assert started.status_code == 200, started.text
        body = started.json()
        assert body["status"] == "playing"
        assert body["match"] != first
        assert accepted(body) == [False, False]  # the new match clears them
        watcher.until(lambda m: m["type"] == "view" and m["match"] == body["match"])


def test_computer_players_always_accept(database_url: str) -> None:
    with server(database_url) as client:
        created = create(
            client, game="war", ruleset=SHORT_WAR,
            seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}],
        )  # fmt: skip
        room, token = created["room"]["id"], created["token"]
        client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        client.post(f"/api/rooms/{room}/concede", headers=bearer(token))
        first = client.get(f"/api/rooms/{room}").json()["match"]
        started = rematch(client, room, token)
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "playing"
        assert started.json()["match"] != first


def test_the_host_who_only_watches_cannot_accept_for_the_players(database_url: str) -> None:
    """The host's token accepts for nobody: with people at the table, it is refused and
    changes nothing; at a table of computer players, it starts the rematch."""
    with server(database_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR, host_seat=None)
        room, host = created["room"]["id"], created["host_token"]
        tokens = [
            client.post(f"/api/rooms/{room}/join", json={"name": name}).json()["token"]
            for name in ("ann", "bo")
        ]
        client.post(f"/api/rooms/{room}/start", headers=bearer(host))
        client.post(f"/api/rooms/{room}/concede", headers=bearer(tokens[1]))
        refused = rematch(client, room, host)
        assert refused.status_code == 403, refused.text
        assert refused.json()["code"] == "forbidden"
        assert "each accepts" in refused.json()["message"]
        assert accepted(client.get(f"/api/rooms/{room}").json()) == [False, False]

        computers = create(
            client, game="war", ruleset=SHORT_WAR, host_seat=None,
            seats=[{"kind": "agent", "agent": "random"}] * 2,
        )  # fmt: skip
        robots, robots_host = computers["room"]["id"], computers["host_token"]
        client.post(f"/api/rooms/{robots}/start", headers=bearer(robots_host))
        for _ in range(200):  # the computers play it out
            if client.get(f"/api/rooms/{robots}").json()["status"] == "finished":
                break
            asyncio.run(asyncio.sleep(0.05))
        assert client.get(f"/api/rooms/{robots}").json()["status"] == "finished"
        started = rematch(client, robots, robots_host)
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "playing"


def test_an_acceptance_leaves_with_its_person(database_url: str) -> None:
    """Whoever gives up an accepting seat takes the acceptance along: the next person in the
    seat accepts for themselves, and the rematch waits for them."""
    with server(database_url) as client:
        room, ann, bo, _ = finished_room(client)
        assert accepted(rematch(client, room, bo).json()) == [False, True]
        left = client.post(f"/api/rooms/{room}/leave", headers=bearer(bo))
        assert left.status_code == 200, left.text
        waiting = rematch(client, room, ann)
        assert waiting.json()["status"] == "finished", waiting.text  # seat 1 is open
        assert accepted(waiting.json()) == [True, False]
        cy = client.post(f"/api/rooms/{room}/join", json={"name": "cy"}).json()["token"]
        assert accepted(client.get(f"/api/rooms/{room}").json()) == [True, False]
        assert rematch(client, room, cy).json()["status"] == "playing"


@pytest.mark.parametrize(
    ("when", "code", "status"),
    [("open", "room_closed", 409), ("playing", "room_closed", 409)],
)
def test_no_rematch_before_a_match_is_over(
    database_url: str, when: str, code: str, status: int
) -> None:
    with server(database_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        room = created["room"]["id"]
        client.post(f"/api/rooms/{room}/join", json={"name": "bo"})
        if when == "playing":
            client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        refused = rematch(client, room, created["token"])
        assert refused.status_code == status, refused.text
        assert refused.json()["code"] == code
        assert client.get(f"/api/rooms/{room}").json()["status"] == when
        assert accepted(client.get(f"/api/rooms/{room}").json()) == [False, False]


def test_only_a_player_accepts(database_url: str) -> None:
    """A spectator's ticket and a token of no seat are refused, and change nothing."""
    with server(database_url) as client:
        room, _, _, first = finished_room(client)
        ticket = client.post(f"/api/rooms/{room}/watch", json={}).json()["token"]
        for token, code in ((ticket, "forbidden"), ("not-a-token", "bad_token")):
            refused = rematch(client, room, token)
            assert refused.json()["code"] == code, refused.text
        info = client.get(f"/api/rooms/{room}").json()
        assert (info["status"], info["match"], accepted(info)) == ("finished", first, [False] * 2)


def test_two_acceptances_at_once_start_exactly_one_match(database_url: str) -> None:
    """Both players accept at the same moment: neither misses the other's acceptance (one
    rematch starts, never none), and neither is refused."""
    with server(database_url) as client:
        room, ann, bo, first = finished_room(client)
        rooms = services(client).rooms

        async def both() -> None:
            await asyncio.gather(rooms.rematch(room, ann), rooms.rematch(room, bo))

        client.portal.call(both)  # type: ignore[union-attr]
        info = client.get(f"/api/rooms/{room}").json()
        assert info["status"] == "playing"
        assert info["match"] != first
        matches = client.portal.call(services(client).storage.matches, room)  # type: ignore[union-attr]
        assert len(matches) == 2
