"""Two server processes on different ports sharing PostgreSQL and Redis: players connected
to different processes play the same match and chat in the same room, and two decisions racing
for one version on the two processes end with exactly one taken."""

from __future__ import annotations

import httpx2

from cardtable.engine import Match, Record
from cardtable.games import find
from tests.server.processes import Seat, Servers
from tests.server.test_restart import connect_all, step, war_room


def test_players_on_two_processes_share_a_match_and_a_chat(
    postgres_url: str, redis_url: str, namespace: str, processes: Servers
) -> None:
    left = processes.start(postgres_url, redis=redis_url)
    right = processes.start(postgres_url, redis=redis_url)
    room, created, joined = war_room(left)
    seats = connect_all(left, room, {0: created["token"]})
    seats |= connect_all(right, room, {1: joined["token"]})

    seats[0].send({"type": "chat", "text": "good luck from the left"})
    heard = seats[1].until("chat")
    assert (heard["seat"], heard["name"], heard["text"]) == (0, "ann", "good luck from the left")
    # The left process's report reaches the right one (perhaps before the chat line did).
    presences = [message for message in seats[1].messages if message["type"] == "presence"]
    presence = presences[-1] if presences else seats[1].until("presence", timeout=10)
    while [seat["connected"] for seat in presence["seats"]] != [True, True]:
        presence = seats[1].until("presence", timeout=10)

    accepted: list[tuple[int, str]] = []
    for _ in range(4):
        assert step(seats, accepted)

    # The seat to act sends the same decision through both processes at once.
    actor = seats[0].view["to_act"] if seats[0].view else None
    assert actor is not None
    twin = Seat(right if actor == 0 else left, room, seats[actor].token, seats[actor].events)
    twin.next_view()
    view = twin.view
    assert view is not None
    decision = view["legal"][0]["text"]
    seats[actor].decide(decision)
    twin.decide(decision)
    answers = []
    for client in (seats[actor], twin):
        while True:
            message = client.receive()
            if message["type"] == "error":
                answers.append(message["code"])
                break
            if message["type"] == "view" and message["version"] == view["version"] + 1:
                answers.append("taken")
                break
    assert sorted(answers) in (["stale_version", "taken"], ["not_your_turn", "taken"]), answers
    accepted.append((actor, decision))
    for client in seats.values():
        while client.view is not None and client.view["version"] < view["version"] + 1:
            client.next_view()
    twin.close()

    while step(seats, accepted):
        pass
    match_id = right.get(f"/api/rooms/{room}/matches")[-1]["id"]
    record = Record.from_json(left.get(f"/api/matches/{match_id}/record"))
    assert list(record.decisions) == accepted
    assert Match.replay(find("war"), record).hash() == record.final_hash
    for client in seats.values():
        client.close()


def test_two_processes_share_accounts_and_sessions(
    postgres_url: str, redis_url: str, namespace: str, processes: Servers
) -> None:
    """A session made on one process signs in on the other; ended on either, it is ended on
    both (sessions live in the database, not in a process)."""
    left = processes.start(postgres_url, redis=redis_url)
    right = processes.start(postgres_url, redis=redis_url)
    body = {"username": "Fox", "password": "correct horse battery staple", "token": True}
    token = left.post("/api/accounts", body)["token"]
    session = {"X-Cardtable-Session": token}
    on_right = httpx2.get(f"{right.url}/api/session", headers=session, timeout=10)
    assert on_right.status_code == 200, on_right.text
    assert on_right.json()["account"]["username"] == "Fox"
    again = right.post("/api/session", body)["token"]  # signing in on the right
    listed = httpx2.get(f"{left.url}/api/sessions", headers=session, timeout=10).json()
    assert len(listed) == 2
    ended = httpx2.delete(f"{right.url}/api/sessions", headers=session, timeout=10)
    assert ended.status_code == 204
    for server in (left, right):
        for held in (token, again):
            answer = httpx2.get(
                f"{server.url}/api/session", headers={"X-Cardtable-Session": held}, timeout=10
            )
            assert (answer.status_code, answer.json()["code"]) == (401, "not_logged_in")
