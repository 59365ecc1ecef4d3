"""Correspondence matches across real server processes: a match put to sleep by one process
is woken by a person's decision sent through another (which never drove it, the first being
dead by then), driven there, and the other person told it is their turn; and a match whose wake
time came while no server ran is taken up by the server started afterwards, which sends the
reminder or applies the forfeit the room's policy says.

Time passes here as in tests/server/test_correspondence.py: the match's stored deadline and
wake time are moved into the past in the database (:func:`time_passes`), exactly what storage
would hold had the hours gone by.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import asyncpg
import httpx2
import pytest
from sqlalchemy.engine import make_url

from tests.server.faults import PASSWORD, Stored, stored_row
from tests.server.processes import Seat, Served, Servers

DAY = 24 * 3600
WAIT_SECONDS = 15.0
"""How long a condition may take to come true (a process's sweep runs every 2/3 s)."""

Who = dict[str, str]


def within(seconds: float, condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` comes true within ``seconds`` (looked at every 0.1 s)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _database(url: str, statement: str, *args: Any) -> list[Any]:
    """Run one statement (``$1``-style parameters) on the database the servers share."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        with sqlite3.connect(parsed.database or "", timeout=10) as connection:
            for number in range(len(args), 0, -1):
                statement = statement.replace(f"${number}", "?")
            return connection.execute(statement, args).fetchall()

    async def run() -> list[Any]:
        plain = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
        connection = await asyncpg.connect(plain)
        try:
            return list(await connection.fetch(statement, *args))
        finally:
            await connection.close()

    return asyncio.run(run())


def stored(database: str, match: str) -> Stored:
    columns = "id, room_id, version, status, wake_at, lease_owner, timer"
    rows = _database(database, f"SELECT {columns} FROM matches WHERE id = $1", match)
    assert len(rows) == 1, rows
    return stored_row(rows[0])


def asleep_at(database: str, match: str, version: int) -> bool:
    """Whether the match sleeps at ``version``, its timer set for that turn."""
    row = stored(database, match)
    return row.asleep and row.version == version and (row.timer or {}).get("version") == version


def turn_of(row: Stored) -> tuple[int, float]:
    """The seat to act and the deadline, as the stored timer says."""
    assert row.timer is not None
    seat, deadline = row.timer["seat"], row.timer["deadline"]
    assert isinstance(seat, int)
    assert isinstance(deadline, float)
    return seat, deadline


def time_passes(database: str, match: str, seconds: float) -> None:
    """As if ``seconds`` went by while no server ran: the stored deadline and wake time come
    that much nearer."""
    row = stored(database, match)
    assert row.timer is not None
    assert row.wake_at is not None
    timer = {**row.timer, "deadline": turn_of(row)[1] - seconds}
    cast = "" if make_url(database).get_backend_name() == "sqlite" else "::json"
    _database(
        database,
        f"UPDATE matches SET timer = $1{cast}, wake_at = $2 WHERE id = $3",
        json.dumps(timer),
        row.wake_at - seconds,
        match,
    )


def person(server: Served, username: str) -> Who:
    body = {"username": username, "password": PASSWORD, "token": True}
    return {"X-Cardtable-Session": server.post("/api/accounts", body)["token"]}


def asked(server: Served, method: str, path: str, who: Who, body: Any = None) -> Any:
    answer = httpx2.request(method, f"{server.url}{path}", json=body, headers=who, timeout=10)
    assert answer.status_code < 300, answer.text
    return answer.json()


def duel(server: Served, **settings: Any) -> tuple[list[Who], list[str], str, str]:
    """A correspondence Karata between two people who sign up on ``server``, started there:
    their session headers and seat tokens by seat, the room and the match."""
    people = [person(server, "ann"), person(server, "bob")]
    body = {"game": "karata", "name": "ann", "kind": "correspondence", **settings}
    created = asked(server, "POST", "/api/rooms", people[0], body)
    room = created["room"]["id"]
    joined = asked(server, "POST", f"/api/rooms/{room}/join", people[1], {"name": "bob"})
    server.post(f"/api/rooms/{room}/start", {}, created["host_token"])
    match = server.get(f"/api/rooms/{room}/matches")[-1]["id"]
    return people, [created["token"], joined["token"]], room, match


def told(server: Served, who: Who, match: str, kind: str) -> int:
    """How many ``kind`` notifications of ``match`` ``who`` has."""
    notices = asked(server, "GET", "/api/notifications", who)["notifications"]
    return sum(n["kind"] == kind and n["data"].get("match") == match for n in notices)


def test_a_match_put_to_sleep_by_a_dead_process_is_woken_and_driven_by_another(
    postgres_url: str, redis_url: str, processes: Servers
) -> None:
    first = processes.start(postgres_url, redis=redis_url)
    people, tokens, room, match = duel(first)
    assert within(WAIT_SECONDS, lambda: asleep_at(postgres_url, match, 0))
    seat = turn_of(stored(postgres_url, match))[0]
    assert told(first, people[seat], match, "your_turn") == 1

    second = processes.start(postgres_url, redis=redis_url)  # it cannot take a sleeping match
    first.kill()
    row = stored(postgres_url, match)
    assert row.asleep
    assert row.lease_owner is None
    assert row.version == 0

    # The person to act plays through the second process until the turn is the other's (a
    # Karata seat may be given another turn): each decision wakes the match, which the second
    # process takes up, sets the next turn's timer of, and puts to sleep again.
    client = Seat(second, room, tokens[seat])
    view = client.next_view()
    while True:
        assert view["to_act"] == seat, view
        version = view["version"] + 1
        client.decide(view["legal"][0]["text"])
        view = client.next_view()
        while view["version"] < version:
            view = client.next_view()
        # Each decision wakes the match: the second process takes it up, and it sleeps again.
        assert within(WAIT_SECONDS, partial(asleep_at, postgres_url, match, version)), stored(
            postgres_url, match
        )
        to_act, deadline = turn_of(stored(postgres_url, match))
        if to_act != seat:
            break
        assert version < 30, "the turn never passed to the other person"
    client.close()
    other = people[1 - seat]
    assert within(WAIT_SECONDS, lambda: told(second, other, match, "your_turn") == 1)
    notice = next(
        n
        for n in asked(second, "GET", "/api/notifications", other)["notifications"]
        if n["kind"] == "your_turn"
    )
    assert notice["data"]["seat"] == 1 - seat
    assert notice["data"]["deadline"] == deadline
    assert notice["link"] == f"#/room/{room}"
    playing = asked(second, "GET", "/api/account/playing", other)["matches"]
    assert [(m["match"], m["my_turn"]) for m in playing] == [(match, True)]


def test_a_wake_time_passed_while_no_server_ran_is_taken_up_by_the_next(
    database_url: str, processes: Servers
) -> None:
    first = processes.start(database_url)
    people, _, room, match = duel(first)  # a day a turn: a reminder an hour before
    assert within(WAIT_SECONDS, lambda: asleep_at(database_url, match, 0))
    seat, deadline = turn_of(stored(database_url, match))
    late = people[seat]
    first.kill()

    # Half an hour left when the next server starts: it reminds, and sleeps till the deadline.
    time_passes(database_url, match, DAY - 1800)
    second = processes.start(database_url, port=first.port)
    assert within(WAIT_SECONDS, lambda: told(second, late, match, "deadline_soon") == 1)
    assert within(WAIT_SECONDS, lambda: asleep_at(database_url, match, 0))
    row = stored(database_url, match)
    assert turn_of(row) == (seat, deadline - (DAY - 1800))  # the same deadline, no grace
    assert row.wake_at == pytest.approx(turn_of(row)[1], abs=5)  # it wakes at the deadline
    assert told(second, late, match, "your_turn") == 1  # not told again
    second.kill()

    # Its deadline passes too while no server runs: the next one forfeits the seat at once.
    time_passes(database_url, match, 1800 + 60)
    third = processes.start(database_url, port=first.port)
    assert within(
        WAIT_SECONDS, lambda: third.get(f"/api/rooms/{room}/matches")[-1]["status"] == "finished"
    )
    info = third.get(f"/api/rooms/{room}/matches")[-1]
    assert info["outcome"]["winners"] == [1 - seat]
    record = third.get(f"/api/matches/{match}/record")
    assert record["decisions"] == [[seat, "timeout forfeit"]]
    row = stored(database_url, match)
    assert row.wake_at is None
    assert row.lease_owner is None
