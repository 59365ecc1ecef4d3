"""A server killed mid-match (SIGKILL) and started again: every live match carries on from
its last accepted decision, timers included, and reconnecting clients carry on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cardtable.engine import Match, Record
from cardtable.games import find
from cardtable.server.runner import RECONNECT_SECONDS
from tests.server.helpers import SHORT_WAR
from tests.server.processes import Seat, Served, Servers
from tests.server.wire import worded


def war_room(server: Served, **settings: Any) -> tuple[str, dict[str, Any], dict[str, Any]]:
    created = server.post(
        "/api/rooms",
        {"game": "war", "name": "ann", "ruleset": SHORT_WAR,
         "seats": [{"kind": "open"}, {"kind": "open"}], **settings},
    )  # fmt: skip
    room = created["room"]["id"]
    joined = server.post(f"/api/rooms/{room}/join", {"name": "bob"})
    server.post(f"/api/rooms/{room}/start", {}, created["host_token"])
    return room, created, joined


def step(seats: dict[int, Seat], accepted: list[tuple[int, str]]) -> bool:
    """The seat to act makes its first legal decision; every seat sees the new version.
    Whether the match goes on."""
    views = {seat: client.view for seat, client in seats.items()}
    first = views[0]
    assert first is not None
    if first["outcome"] is not None:
        return False
    actor = first["to_act"]
    view = views[actor]
    assert view is not None
    assert view["legal"], view
    seats[actor].decide(view["legal"][0]["text"])
    accepted.append((actor, view["legal"][0]["text"]))
    for client in seats.values():
        while client.next_view()["version"] < first["version"] + 1:
            pass
    return True


def connect_all(server: Served, room: str, tokens: dict[int, str],
                before: dict[int, Seat] | None = None) -> dict[int, Seat]:  # fmt: skip
    seats = {}
    for seat, token in tokens.items():
        events = before[seat].events if before else None
        seats[seat] = Seat(server, room, token, events)
        seats[seat].next_view()
    return seats


def test_a_killed_server_carries_on_every_match_from_its_record(
    tmp_path: Path, processes: Servers
) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}"
    first = processes.start(database)
    room, created, joined = war_room(first)
    tokens = {0: created["token"], 1: joined["token"]}
    seats = connect_all(first, room, tokens)
    accepted: list[tuple[int, str]] = []
    for _ in range(6):
        assert step(seats, accepted)
    seen_before = {seat: list(client.events) for seat, client in seats.items()}
    first.kill()
    for client in seats.values():
        client.close()

    second = processes.start(database, port=first.port)
    seats = connect_all(second, room, tokens, seats)
    for seat, client in seats.items():  # resumed after what it had: nothing missed twice
        assert client.events[: len(seen_before[seat])] == seen_before[seat]
        assert client.view is not None
        assert client.view["version"] == 6
    while step(seats, accepted):
        pass
    match_id = second.get(f"/api/rooms/{room}/matches")[-1]["id"]
    record = Record.from_json(second.get(f"/api/matches/{match_id}/record"))
    assert list(record.decisions) == accepted  # nothing lost, nothing applied twice
    replayed = Match.replay(find("war"), record)
    assert replayed.hash() == record.final_hash
    for seat, client in seats.items():  # every event of the match, exactly once
        assert client.events == worded(replayed, seat)
    for client in seats.values():
        client.close()


def timer_after(client: Seat, deadline: float, timeout: float = 10.0) -> dict[str, Any]:
    """The first timer message ``client`` is sent that runs out after ``deadline`` (it may be
    sent the stored one first, before the server has given the turn its grace)."""
    while True:
        timer = client.until("timer", timeout)
        if timer["deadline"] > deadline:
            return timer


def version_of(server: Served, room: str) -> int:
    match_id = server.get(f"/api/rooms/{room}/matches")[-1]["id"]
    version: int = server.get(f"/api/matches/{match_id}")["version"]
    return version


def fired_within(server: Served, room: str, seconds: float) -> float:
    """When the turn timer fired (the match left version 0), waiting at most ``seconds``."""
    deadline = time.time() + seconds
    while version_of(server, room) == 0:  # nobody acts: only the timer can
        assert time.time() < deadline, "the timer never fired after the restart"
        time.sleep(0.1)
    return time.time()


def test_a_turn_timer_survives_a_restart_with_a_grace_to_reconnect(
    tmp_path: Path, processes: Servers
) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}"
    first = processes.start(database)
    room, created, joined = war_room(first, turn_seconds=5)
    tokens = {0: created["token"], 1: joined["token"]}
    seats = connect_all(first, room, tokens)
    timer = seats[0].until("timer")
    to_act = timer["seat"]
    assert timer["seconds"] > 3
    first.kill()
    for client in seats.values():
        client.close()

    restarted = time.time()
    second = processes.start(database, port=first.port)
    ready = time.time()
    fired = fired_within(second, room, 5 + RECONNECT_SECONDS + 10)
    # not at the old deadline, still to come at the restart: the turn's full time again,
    # and time to reconnect, from when the new process took the match up
    assert fired >= restarted + 5 + RECONNECT_SECONDS - 0.5
    assert fired <= ready + 5 + RECONNECT_SECONDS + 3.5
    seats = connect_all(second, room, tokens)
    view = seats[to_act].view
    assert view is not None
    assert view["version"] >= 1
    for client in seats.values():
        client.close()


def test_a_turn_whose_time_ran_out_while_the_server_was_down_gets_a_grace(
    tmp_path: Path, processes: Servers
) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}"
    first = processes.start(database)
    room, created, joined = war_room(first, turn_seconds=5)
    tokens = {0: created["token"], 1: joined["token"]}
    seats = connect_all(first, room, tokens)
    timer = seats[0].until("timer")
    first.kill()
    for client in seats.values():
        client.close()
    time.sleep(max(0.0, timer["deadline"] + 0.5 - time.time()))  # its time runs out, unseen

    restarted = time.time()
    second = processes.start(database, port=first.port)
    seats = connect_all(second, room, tokens)
    for client in seats.values():  # every player hears of the new deadline
        extended = timer_after(client, timer["deadline"])
        assert extended["seat"] == timer["seat"]
        assert extended["deadline"] >= restarted + 5 + RECONNECT_SECONDS - 0.5
        assert extended["seconds"] > 5
    assert version_of(second, room) == 0  # no default was made in the player's place
    fired = fired_within(second, room, 5 + RECONNECT_SECONDS + 10)
    assert fired >= extended["deadline"] - 0.5
    for client in seats.values():
        client.close()


def test_a_process_taking_over_a_dead_ones_match_gives_the_turn_a_grace(
    postgres_url: str, redis_url: str, processes: Servers
) -> None:
    holder = processes.start(postgres_url, redis=redis_url)
    room, created, joined = war_room(holder, turn_seconds=20)  # its match's lease: the holder's
    tokens = {0: created["token"], 1: joined["token"]}
    seats = connect_all(holder, room, tokens)
    timer = seats[0].until("timer")
    heir = processes.start(postgres_url, redis=redis_url)  # (a 20-second turn outlasts this)
    assert version_of(heir, room) == 0
    holder.kill()
    died = time.time()
    for client in seats.values():
        client.close()

    seats = connect_all(heir, room, tokens)
    for client in seats.values():  # once the lease has run out (2 s), the heir takes it up
        extended = timer_after(client, timer["deadline"], timeout=15)
        assert extended["seat"] == timer["seat"]
        assert extended["deadline"] >= died + 20 + RECONNECT_SECONDS - 0.5
    assert version_of(heir, room) == 0  # the same turn, given its grace
    for client in seats.values():
        client.close()
