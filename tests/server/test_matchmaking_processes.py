"""The matchmaking queue across real server processes sharing PostgreSQL and Redis: a person
queued on one process is matched with a person queued on the other, each confirming where
they are connected; exactly one process pairs the queues at a time (it holds the lease
``matchmaking``), and when it dies the other takes the lease over and pairs the next people.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.server.processes import Served, Servers
from tests.server.test_correspondence_processes import (
    WAIT_SECONDS,
    _database,
    asked,
    person,
    within,
)

TCG = {"game": "tcg", "rated": "standard"}


def state(server: Served, who: dict[str, str]) -> Any:
    return asked(server, "GET", "/api/matchmaking/queue", who)


def proposed(server: Served, who: dict[str, str]) -> bool:
    return bool(state(server, who)["state"] == "proposed")


def holder(database: str) -> str | None:
    rows = _database(database, "SELECT holder FROM leases WHERE name = $1", "matchmaking")
    return str(rows[0][0]) if rows else None


def matched(pair: list[tuple[Served, dict[str, str]]]) -> str:
    """Both people, each on their own process, are proposed one table and confirm it there;
    the room made for them."""
    for server, who in pair:
        assert within(WAIT_SECONDS, partial(proposed, server, who))
    proposals = {state(server, who)["proposal"]["id"] for server, who in pair}
    assert len(proposals) == 1, proposals
    [proposal] = proposals
    for server, who in pair:
        asked(server, "POST", f"/api/matchmaking/proposals/{proposal}/confirm", who)
    rooms = {state(server, who)["room"] for server, who in pair}
    assert len(rooms) == 1, rooms
    [room] = rooms
    assert room is not None
    return str(room)


def test_people_on_two_processes_are_matched_and_the_pairing_survives_its_holder(
    postgres_url: str, redis_url: str, processes: Servers
) -> None:
    first = processes.start(postgres_url, redis=redis_url)
    second = processes.start(postgres_url, redis=redis_url)
    ann, bob = person(first, "ann"), person(second, "bob")
    asked(first, "POST", "/api/matchmaking/queue", ann, TCG)
    asked(second, "POST", "/api/matchmaking/queue", bob, TCG)
    room = matched([(first, ann), (second, bob)])
    info = first.get(f"/api/rooms/{room}")
    assert info["rated"] is True
    assert sorted(seat["username"] for seat in info["seats"]) == ["ann", "bob"]
    assert second.get(f"/api/rooms/{room}")["status"] == "playing"

    pids = {first.process.pid: first, second.process.pid: second}
    held = holder(postgres_url)
    assert held is not None
    pairing = pids[int(held.split(":")[1])]
    other = second if pairing is first else first
    pairing.kill()
    cyd, dee = person(other, "cyd"), person(other, "dee")
    asked(other, "POST", "/api/matchmaking/queue", cyd, TCG)
    asked(other, "POST", "/api/matchmaking/queue", dee, TCG)
    matched([(other, cyd), (other, dee)])
    taken = holder(postgres_url)
    assert taken is not None
    assert int(taken.split(":")[1]) == other.process.pid
