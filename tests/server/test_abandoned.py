"""A match everyone has left is abandoned after a grace period, over the real server.

Before, it played on among computer stand-ins for nobody, holding a task and its room for as
long as the game lasted. Now, once neither a player nor a spectator has been connected for
the server's ``abandoned_seconds`` (or the room's disconnect wait, if longer), the match ends
without a result (``aborted``) and its room closes; anyone there keeps it going.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.server.errors import Refused
from tests.server.accounts.seating import services
from tests.server.helpers import bearer, create, server
from tests.server.wire import Recorder, sockets

GRACE = 1.5
"""The server's ``abandoned_seconds`` in these tests."""
LONG_WAR = {"suits": 4, "ranks": 13, "turn_limit": 5000}
"""A War that lasts far longer than these tests at the pace below."""
SETTINGS: dict[str, Any] = {"abandoned_seconds": GRACE, "agent_delay": 0.3}


def status(client: TestClient, room: str) -> str:
    found: str = client.get(f"/api/rooms/{room}").json()["status"]
    return found


def match_status(client: TestClient, match: str) -> str:
    row = client.portal.call(services(client).storage.match, match)  # type: ignore[union-attr]
    assert row is not None
    return row.status


def war_against_the_computer(
    client: TestClient,
    arrive: Callable[[str, str], Recorder] | None = None,
    wait_seconds: float = 0,
) -> tuple[str, str, str, Recorder | None]:
    """A live War of ann (who drops out after ``wait_seconds``) against a computer: (room,
    ann's token, match, whoever arrived).

    ``arrive`` (given the room and ann's token) connects someone before the match starts, so
    they are there from its first moment: a match nobody has joined is abandoned ``GRACE``
    after it starts, which a loaded machine could let pass before a hello sent after the start
    arrived.
    """
    created = create(
        client, game="war", ruleset=LONG_WAR,
        seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}],
        disconnect={"policy": "agent", "wait_seconds": wait_seconds},
    )  # fmt: skip
    room, token = created["room"]["id"], created["token"]
    there = None if arrive is None else arrive(room, token)
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return room, token, started.json()["match"], there


def arriving(
    connect: Callable[[str, str], Recorder], name: str, ticket: Callable[[str, str], str]
) -> Callable[[str, str], Recorder]:
    """An ``arrive`` for :func:`war_against_the_computer`: ``name`` says hello with the token
    ``ticket`` gives (from the room and ann's token)."""

    def arrive(room: str, token: str) -> Recorder:
        there = connect(f"/ws/rooms/{room}", name)
        assert there.hello(ticket(room, token))["type"] == "welcome"
        return there

    return arrive


def within(seconds: float, done: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.1)
    return done()


def test_a_match_everyone_left_ends_without_a_result_and_its_room_closes(
    database_url: str,
) -> None:
    with server(database_url, **SETTINGS) as client, sockets(client) as connect:
        as_ann = arriving(connect, "ann", lambda room, token: token)
        room, token, match, ann = war_against_the_computer(client, as_ann)
        assert ann is not None
        time.sleep(GRACE + 1.0)  # here all along: nothing is abandoned
        assert status(client, room) == "playing"
        ann.socket.close(1000)
        assert within(GRACE + 10.0, lambda: status(client, room) == "closed")
        assert match_status(client, match) == "aborted"
        assert client.get(f"/api/rooms/{room}").json()["match"] == match
        assert room not in {r["id"] for r in client.get("/api/rooms").json()}

        back = connect(f"/ws/rooms/{room}", "ann again")
        refused = back.hello(token)
        assert (refused["type"], refused["code"]) == ("error", "room_closed"), refused
        assert match_status(client, match) == "aborted"


def test_a_decision_that_races_the_abandonment_is_told_the_match_is_over(
    sqlite_url: str,
) -> None:
    """A player back at the very moment their match is abandoned: their decision, checked
    against the version they saw, is refused as ``match_over``, not as a stale version."""
    with server(sqlite_url, abandoned_seconds=600.0, agent_delay=60.0) as client:
        _, _, match, _ = war_against_the_computer(client)
        matches = services(client).matches
        call = client.portal.call  # type: ignore[union-attr]
        version = call(matches.live, match).version
        assert call(matches.abandon, match) is True
        assert call(matches.abandon, match) is False  # once only
        with pytest.raises(Refused, match="abandoned") as refused:
            call(matches.submit, match, 0, "turn", version)
        assert refused.value.code == "match_over"
        assert match_status(client, match) == "aborted"


def test_a_spectator_keeps_a_match_going_and_a_player_who_returns_in_time_too(
    sqlite_url: str,
) -> None:
    with server(sqlite_url, **SETTINGS) as client, sockets(client) as connect:

        def ticket(room: str, token: str) -> str:
            found: str = client.post(f"/api/rooms/{room}/watch", json={}).json()["token"]
            return found

        room, token, _, watcher = war_against_the_computer(
            client, arriving(connect, "watcher", ticket)
        )
        assert watcher is not None
        time.sleep(GRACE + 1.5)  # no player connected, but someone watches
        assert status(client, room) == "playing"
        watcher.socket.close(1000)
        time.sleep(GRACE / 10)
        ann = connect(f"/ws/rooms/{room}", "ann")  # back before the grace ran out
        ann.hello(token)
        time.sleep(GRACE + 1.0)
        assert status(client, room) == "playing"
        ann.socket.close(1000)
        assert within(GRACE + 10.0, lambda: status(client, room) == "closed")


def test_the_rooms_disconnect_wait_lengthens_the_grace(sqlite_url: str) -> None:
    """A room that waits longer for a player to return than ``abandoned_seconds`` is kept
    at least that long."""
    with server(sqlite_url, **SETTINGS) as client, sockets(client) as connect:
        as_ann = arriving(connect, "ann", lambda room, token: token)
        room, _, _, ann = war_against_the_computer(client, as_ann, wait_seconds=4)
        assert ann is not None
        ann.socket.close(1000)
        time.sleep(GRACE + 1.0)
        assert status(client, room) == "playing"  # the room's 4 seconds are not up
        assert within(10.0, lambda: status(client, room) == "closed")
