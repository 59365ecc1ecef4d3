"""Computer players are shown by distinct, readable names wherever a room shows its seats:
the room, the lobby, the match's lines and outcome, its stored record and the participants;
the seats themselves keep the spec, so the runner still finds the agents."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from cardtable.engine import Record
from tests.server.accounts.seating import make_room, services, start
from tests.server.accounts.test_routes import app, call, sign_up, store
from tests.server.helpers import SHORT_WAR, bearer, create, hello, play_out, server

THREE_WAR = {**SHORT_WAR, "players": 3}


def _names(room: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in room["seats"]]


def _play(client: TestClient, room: str, token: str) -> dict[str, Any]:
    """Play the person's seat 0 of ``room``'s current match to its end; the last view."""
    with client.websocket_connect(f"/ws/rooms/{room}") as socket:
        return play_out(socket, hello(socket, token)[-1], 0)


def test_two_computer_players_of_a_kind_are_numbered_everywhere(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=THREE_WAR,
                         seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"},
                                {"kind": "agent", "agent": "random"}])  # fmt: skip
        room = created["room"]["id"]
        shown = ["ann", "Random 1", "Random 2"]
        assert _names(created["room"]) == shown
        assert _names(client.get(f"/api/rooms/{room}").json()) == shown
        assert [_names(listed) for listed in client.get("/api/rooms").json()] == [shown]
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        last = _play(client, room, created["token"])  # the runner found both agents

        match_id = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        assert client.get(f"/api/matches/{match_id}").json()["seats"] == shown
        record = Record.from_json(client.get(f"/api/matches/{match_id}/record").json())
        assert record.seats == tuple(shown)
        assert record.outcome is not None
        assert "random" not in last["outcome_text"]  # "You won — Random 2 ran out of cards"
        steps = len(record.decisions)
        replay = client.get(f"/api/matches/{match_id}/replay", params={"step": steps}).json()
        winners = [shown[seat] for seat in record.outcome.winners]
        assert winners
        assert all(name in replay["outcome_text"] for name in winners), replay
        assert "random" not in replay["outcome_text"]
        lines = [event["text"] for event in replay["events"]]
        assert any(line.startswith("Random 1 turns up ") for line in lines), lines
        assert any(line.startswith("Random 2 turns up ") for line in lines), lines
        assert not any(line.startswith("random ") for line in lines), lines

        assert client.portal is not None
        seats = client.portal.call(services(client).storage.seats, room)
        assert [(seat.kind, seat.name) for seat in seats] == [
            ("guest", "ann"), ("agent", "random"), ("agent", "random")
        ]  # fmt: skip

        again = client.post(f"/api/rooms/{room}/rematch", headers=bearer(created["token"]))
        assert again.status_code == 200, again.text
        assert _names(again.json()) == shown
        _play(client, room, created["token"])
        rematch = client.get(f"/api/rooms/{room}/matches").json()[-1]["id"]
        assert rematch != match_id
        assert client.get(f"/api/matches/{rematch}").json()["seats"] == shown
        assert client.get(f"/api/matches/{rematch}").json()["status"] == "finished"


def test_a_computer_player_steps_around_a_persons_name(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        created = client.post(
            "/api/rooms",
            json={"name": "Random", "game": "war", "ruleset": THREE_WAR,
                  "seats": [{"kind": "open"}, {"kind": "agent", "agent": "random"},
                            {"kind": "open"}]},
        ).json()  # fmt: skip
        room = created["room"]["id"]
        assert _names(created["room"]) == ["Random", "Random 1", ""]
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "Random 2", "seat": 2})
        assert joined.status_code == 200, joined.text
        assert _names(joined.json()["room"]) == ["Random", "Random 1", "Random 2"]


def test_a_single_computer_player_is_plain(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        seats = [{"kind": "open"}, {"kind": "agent", "agent": "ismcts:hard"}]
        created = create(client, game="tcg", seats=seats)
        assert _names(created["room"]) == ["ann", "ISMCTS (hard)"]


def test_the_participants_and_the_history_use_the_names_shown(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        created = make_room(client, ruleset=THREE_WAR,
                            seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"},
                                   {"kind": "agent", "agent": "random"}])  # fmt: skip
        room = created["room"]["id"]
        match_id = start(client, created)["match"]
        participants = call(client, store(client).participants, match_id)
        assert [(p.seat_index, p.name_at_the_time, p.agent) for p in participants] == [
            (0, "Fox", False), (1, "Random 1", True), (2, "Random 2", True)
        ]  # fmt: skip
        seats = call(client, services(client).storage.seats, room)
        assert [seat.name for seat in seats] == ["Fox", "random", "random"]
        _play(client, room, created["token"])
        [match] = client.get("/api/accounts/Fox/matches").json()["matches"]
        assert match["opponents"] == [
            {"seat": 1, "name": "Random 1", "kind": "agent", "username": None},
            {"seat": 2, "name": "Random 2", "kind": "agent", "username": None},
        ]
