"""Tournaments across real server processes, killed at random moments: the tournament's state
lives in the database, one process at a time advances it (the lease ``tournaments``), each
round is paired once, each table gets one room and one match, and every result is counted
once, whichever process dies when. A lone server killed mid-round and started again carries
on where it was.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from tests.server.helpers import SHORT_WAR
from tests.server.processes import Served, Servers
from tests.server.test_correspondence_processes import _database, asked, person

SLOW = ("--agent-delay", "0.15")
"""Computer players that take a moment, so that a kill lands in the middle of a round."""


def bots_tournament(server: Served, who: dict[str, str], entrants: int, **body: Any) -> str:
    """A Swiss of short War duels between ``entrants`` random players, which starts when full
    (with the last of them); its id."""
    made = asked(server, "POST", "/api/tournaments", who, {
        "name": "Night cup", "game": "war", "ruleset": SHORT_WAR, "format": "swiss",
        "rounds": 3, "computers": True, "most_entrants": entrants, **body,
    })  # fmt: skip
    tid = str(made["id"])
    for _ in range(entrants):
        asked(server, "POST", f"/api/tournaments/{tid}/computers", who, {"agent": "random"})
    return tid


def state_of(server: Served, tid: str) -> Any:
    return server.get(f"/api/tournaments/{tid}")


def check_stored(database: str, tid: str) -> dict[tuple[int, int], tuple[Any, Any]]:
    """What the database holds of a finished tournament, checked: every table of every round
    once, with one room and one finished match each whose places are the table's; each
    table's seats and places, by round and number."""
    (row,) = _database(database, "SELECT state, round, winner FROM tournaments WHERE id = $1", tid)
    assert (row[0], row[1]) == ("finished", 3)
    assert row[2] is not None
    tables = _database(
        database,
        "SELECT round, number, seats, room_id, state, placings FROM tournament_tables "
        "WHERE tournament_id = $1 ORDER BY round, number",
        tid,
    )
    by_round: dict[int, int] = {}
    for table in tables:
        by_round[table[0]] = by_round.get(table[0], 0) + 1
        assert table[4] == "done"
    assert by_round == {1: 4, 2: 4, 3: 4}  # 8 entrants: four duels a round, each paired once
    rooms: dict[tuple[int, int], list[str]] = {}
    for room_id, settings in _database(database, "SELECT id, settings FROM rooms"):
        found = (json.loads(settings) if isinstance(settings, str) else settings).get("tournament")
        if found and found["id"] == tid:
            rooms.setdefault((found["round"], found["table"]), []).append(room_id)
    played = {}
    for table in tables:
        key = (table[0], table[1])
        seats = json.loads(table[2]) if isinstance(table[2], str) else table[2]
        placings = json.loads(table[5]) if isinstance(table[5], str) else table[5]
        matches = _database(
            database, "SELECT status, outcome FROM matches WHERE room_id = $1", table[3]
        )
        assert len(matches) == 1, (key, matches)  # one match at the table's room
        status, outcome = matches[0]
        outcome = json.loads(outcome) if isinstance(outcome, str) else outcome
        assert status == "finished"
        assert outcome["placings"] == placings  # the result counted is the match's
        others = [room for room in rooms.get(key, []) if room != table[3]]
        for other in others:  # a room a process that lost the race made: never played
            assert _database(database, "SELECT id FROM matches WHERE room_id = $1", other) == []
        played[key] = (seats, placings)
    return played


def test_a_tournament_survives_processes_killed_at_random_moments(
    postgres_url: str, redis_url: str, processes: Servers
) -> None:
    rng = random.Random(20261127)
    running = [processes.start(postgres_url, redis=redis_url, extra=SLOW) for _ in range(2)]
    ann = person(running[0], "ann")
    tid = bots_tournament(running[0], ann, 8)
    kills = 0
    deadline = time.monotonic() + 240
    while state_of(running[0], tid)["state"] != "finished":
        assert time.monotonic() < deadline, state_of(running[0], tid)
        time.sleep(rng.uniform(0.3, 2.0))
        doomed = running.pop(rng.randrange(len(running)))
        running.append(processes.start(postgres_url, redis=redis_url, extra=SLOW))
        doomed.kill()
        kills += 1
    assert kills >= 3
    played = check_stored(postgres_url, tid)
    standings = state_of(running[0], tid)["standings"]
    points: dict[str, float] = {}
    for seats, placings in played.values():  # a duel: a win 1, a draw ½ each, a loss 0
        for entrant, place in zip(seats, placings, strict=True):
            won = 0.0 if place != 1 else 1.0 / placings.count(1)
            points[entrant] = points.get(entrant, 0.0) + won
    assert {s["entrant"]: s["points"] for s in standings} == points


def test_a_lone_server_killed_mid_round_carries_on_when_started_again(
    sqlite_url: str, processes: Servers
) -> None:
    first = processes.start(sqlite_url, extra=SLOW)
    ann = person(first, "ann")
    tid = bots_tournament(first, ann, 8)
    deadline = time.monotonic() + 60
    while not any(
        t["room"] for t in (state_of(first, tid)["tables"] or [{"tables": []}])[0]["tables"]
    ):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    first.kill()  # mid-round: its matches are under way
    second = processes.start(sqlite_url, extra=SLOW)
    deadline = time.monotonic() + 120
    while state_of(second, tid)["state"] != "finished":
        assert time.monotonic() < deadline, state_of(second, tid)
        time.sleep(0.5)
    check_stored(sqlite_url, tid)
