"""A database stored before outcomes placed every seat (Kata TCG version 5, War and Karata
version 2) still serves its matches: finished ones replay to the unplaced outcome they ended
with, live ones resume and end under the version of the rules they began with (unplaced, even
to a client of the newest protocol), and a new match in the same database places its seats.

tests/fixtures/databases/before-placings.db was made by the server of that time (in-process,
with ``tests.server.helpers.server``): in each game, between ann and bob (guests), one match
that bob conceded after four decisions, and one left live after four decisions. Their ids and
tokens are below, as the server gave them.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record
from cardtable.games import find
from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.wire import sockets

DATABASE = Path(__file__).resolve().parents[1] / "fixtures" / "databases" / "before-placings.db"
BEFORE = {"tcg": 5, "war": 2, "karata": 2}
"""The game versions the database's matches were played under."""
FINISHED = {
    "w2okb3sx8XuO": ("tcg", "conceded"),
    "XXAlvbdLKgW1": ("karata", "left"),
    "fOJPqfaJtGNZ": ("war", "conceded"),
}
"""Each finished match: its game, and its outcome's code (bob, seat 1, conceded)."""
LIVE = {
    "tcg": (
        "ueRiF4pS",
        "bVko9R_igxEqDforE4J-17jKd2oBzhkIQSkRKvPfyks",
        "mKXG59ZQLlUkvnevZVuaPg9aiUDycXRRzu4jkIfvd2M",
    ),
    "karata": (
        "YYXZfi4d",
        "lSM74zsh2JmCjyK9QxEbhG6jbTcVlhjsqxLWNd3B794",
        "o7Z1IlqH-zHj_uesUA-3B5NmLvzDDcFYVwbeleNJtWw",
    ),
    "war": (
        "TbFpoaE7",
        "NCmYNQuE4gCDLc7Y5IYR40OXKi1w9620_yxSH6n0YEo",
        "E-rIYErErzQwJtfnARywAufJRSgc2vLVmu3rsG8b3Lc",
    ),
}
"""Per game, the live room with four decisions made, and ann's and bob's seat tokens."""
RULES: dict[str, Any] = {"tcg": {}, "karata": {}, "war": SHORT_WAR}


@pytest.fixture
def old_database(tmp_path: Path) -> str:
    """The URL of a copy of the database, which the server migrates to its newest schema."""
    return f"sqlite+aiosqlite:///{shutil.copy(DATABASE, tmp_path / 'before.db')}"


def test_the_finished_matches_replay_unplaced(old_database: str) -> None:
    with server(old_database) as client:
        for match_id, (game, code) in FINISHED.items():
            answer = client.get(f"/api/matches/{match_id}/record")
            assert answer.status_code == 200, answer.text
            outcome = answer.json()["outcome"]
            assert (outcome["winners"], outcome["code"]) == ([0], code)
            assert "placings" not in outcome
            record = Record.from_json(answer.json())
            assert (record.game, record.game_version) == (game, BEFORE[game])
            replayed = Match.replay(find(game), record)
            assert replayed.hash() == record.final_hash
            assert replayed.outcome == record.outcome
            last = len(record.decisions)
            shown = client.get(f"/api/matches/{match_id}/replay", params={"step": last})
            assert shown.status_code == 200, shown.text
            assert shown.json()["state"]["outcome"] == outcome


@pytest.mark.parametrize("game", sorted(LIVE))
def test_a_live_match_resumes_and_ends_unplaced_under_its_own_version(
    old_database: str, game: str
) -> None:
    room, ann_token, bob_token = LIVE[game]
    with server(old_database) as client, sockets(client) as connect:
        ann, bob = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bob")
        ann.hello(ann_token)
        bob.hello(bob_token)
        view = ann.view_from(4)
        assert (view["version"], view["outcome"]) == (4, None)
        bob.send({"type": "decide", "decision": "concede", "version": bob.view_from(4)["version"]})
        ended: dict[str, Any] = ann.until(lambda m: m["type"] == "view" and m["outcome"])[-1]
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        answer = client.get(f"/api/matches/{match}/record").json()
    assert ended["outcome"]["winners"] == [0]
    assert "placings" not in ended["outcome"]  # the version it began under placed nobody
    record = Record.from_json(answer)
    assert (record.game_version, len(record.decisions)) == (BEFORE[game], 5)
    replayed = Match.replay(find(game), record)
    assert replayed.hash() == record.final_hash
    assert replayed.outcome is not None
    assert replayed.outcome.to_json() == ended["outcome"]


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_new_match_in_the_old_database_places_every_seat(old_database: str, game: str) -> None:
    with server(old_database) as client, sockets(client) as connect:
        created = create(client, game=game, ruleset=RULES[game])
        room = created["room"]["id"]
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"}).json()
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        ann, bob = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bob")
        ann.hello(created["token"])
        version = bob.hello(joined["token"]) and bob.view_from(0)["version"]
        bob.send({"type": "decide", "decision": "concede", "version": version})
        ended: dict[str, Any] = ann.until(lambda m: m["type"] == "view" and m["outcome"])[-1]
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        record = Record.from_json(client.get(f"/api/matches/{match}/record").json())
    assert ended["outcome"]["placings"] == [1, 2]
    assert record.game_version == find(game).version > BEFORE[game]
