"""A database stored before Karata's public data named the cards everybody saw go into the
hidden deck (Karata version 3) still serves its matches: the finished one replays with the
public data it was played with, the live one resumes and ends under version 3 (its views
name no buried or recycled card), and a new match in the same database is of the newest
version, whose views name the cards buried at the opening.

tests/fixtures/databases/before-public-names.db was made by the server of that time
(in-process, with ``tests.server.helpers.server``): two Karata matches between ann and bob
(guests) on the standard rules, each seat to act making its first legal decision; bob
conceded the first after four decisions, the second was left live after four. Both buried
special cards at the opening. Their ids and the live one's tokens are below, as the server
gave them.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record
from cardtable.games import find
from tests.server.helpers import bearer, create, server
from tests.server.wire import Recorder, sockets

DATABASE = Path(__file__).resolve().parents[1] / "fixtures" / "databases" / "before-public-names.db"
BEFORE = 3
"""The version of Karata the database's matches were played under."""
PUBLIC_BEFORE = {"direction", "request", "bomb", "declared", "out"}
"""The fields of Karata's public data in version 3."""
FINISHED = "CN4L2hTsxIcb"
"""The finished match (bob, seat 1, conceded after four decisions)."""
LIVE = (
    "anOXVFr_",
    "etN0q8RF0hxmyJMl71UGdsJS0eWJqqeqDkHHo_kPIjg",
    "t7gfI9MWPmNxV_0Jsr6aXxJtPszx2BXBl57um-HgSdA",
)
"""The live room, with four decisions made, and ann's and bob's seat tokens."""
PLAYED_ON = 12
"""How many decisions the live match plays on before bob concedes."""


@pytest.fixture
def old_database(tmp_path: Path) -> str:
    """The URL of a copy of the database, which the server migrates to its newest schema."""
    return f"sqlite+aiosqlite:///{shutil.copy(DATABASE, tmp_path / 'before.db')}"


def test_the_finished_match_replays_with_its_old_public_data(old_database: str) -> None:
    with server(old_database) as client:
        answer = client.get(f"/api/matches/{FINISHED}/record")
        assert answer.status_code == 200, answer.text
        record = Record.from_json(answer.json())
        assert (record.game, record.game_version, len(record.decisions)) == ("karata", BEFORE, 5)
        replayed = Match.replay(find("karata"), record)
        assert replayed.hash() == record.final_hash
        assert replayed.outcome == record.outcome
        for step in range(len(record.decisions) + 1):
            shown = client.get(f"/api/matches/{FINISHED}/replay", params={"step": step})
            assert shown.status_code == 200, shown.text
            assert set(shown.json()["state"]["public"]) == PUBLIC_BEFORE
    assert replayed.state.buried  # it buried cards, which version 3 does not name


def _play(ann: Recorder, bob: Recorder, decisions: int, since: int) -> list[dict[str, Any]]:
    """Each seat to act makes its first legal decision, ``decisions`` times (or to the end);
    every view both seats were sent meanwhile."""
    players = (ann, bob)
    view = ann.view_from(since)
    seen = [view, bob.view_from(since)]
    for _ in range(decisions):
        if view["outcome"] is not None:
            break
        mine = players[view["to_act"]].view_from(view["version"])
        decision = mine["legal"][0]["text"]
        players[view["to_act"]].send(
            {"type": "decide", "decision": decision, "version": mine["version"]}
        )
        view = ann.view_from(view["version"] + 1)
        seen += [view, bob.view_from(view["version"])]
    return seen


def test_the_live_match_resumes_and_ends_under_version_3(old_database: str) -> None:
    room, ann_token, bob_token = LIVE
    with server(old_database) as client, sockets(client) as connect:
        ann, bob = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bob")
        ann.hello(ann_token)
        bob.hello(bob_token)
        seen = _play(ann, bob, PLAYED_ON, 4)
        assert (seen[0]["version"], seen[0]["outcome"]) == (4, None)
        assert seen[-1]["version"] == 4 + PLAYED_ON
        version = bob.view_from(seen[-1]["version"])["version"]
        bob.send({"type": "decide", "decision": "concede", "version": version})
        ended: dict[str, Any] = ann.until(lambda m: m["type"] == "view" and m["outcome"])[-1]
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        answer = client.get(f"/api/matches/{match}/record").json()
    for view in [*seen, ended]:
        assert set(view["view"]["public"]) == PUBLIC_BEFORE  # no buried, no recycled
    assert ended["outcome"]["winners"] == [0]
    record = Record.from_json(answer)
    assert (record.game_version, len(record.decisions)) == (BEFORE, 5 + PLAYED_ON)
    replayed = Match.replay(find("karata"), record)
    assert replayed.hash() == record.final_hash
    assert replayed.state.buried  # it buried cards, which version 3 does not name


def test_a_new_match_in_the_old_database_names_the_buried_cards(old_database: str) -> None:
    game = find("karata")
    with server(old_database) as client, sockets(client) as connect:
        created = create(client, game="karata", ruleset={})
        room = created["room"]["id"]
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"}).json()
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        ann, bob = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bob")
        ann.hello(created["token"])
        bob.hello(joined["token"])
        seen = _play(ann, bob, 4, 0)
        bob.send({"type": "decide", "decision": "concede", "version": seen[-1]["version"]})
        ended: dict[str, Any] = ann.until(lambda m: m["type"] == "view" and m["outcome"])[-1]
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        record = Record.from_json(client.get(f"/api/matches/{match}/record").json())
    assert record.game_version == game.version > BEFORE
    buried = Match.replay(game, record).state.buried
    for view in [*seen, ended]:
        assert set(view["view"]["public"]) == PUBLIC_BEFORE | {"buried", "recycled"}
        assert view["view"]["public"]["buried"] == {"cards": buried}
        assert view["view"]["public"]["recycled"] == {"cards": []}
