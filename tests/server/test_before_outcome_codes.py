"""A database stored before outcomes carried codes (Kata TCG version 4, War and Karata version
1) still serves its matches: finished ones replay to the outcome of a sentence they ended
with, and live ones resume and end under the version of the rules they began with.

tests/fixtures/databases/before-outcome-codes.db was made by the server of that time
(``cardtable serve`` in-process, with ``tests.server.helpers.server``): in each game one match
played to its end by two computer players, one between ann and bob that bob conceded after a
few decisions, and one between them left live after four decisions. Their tokens are below,
as the server gave them.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record
from cardtable.games import find
from tests.server.helpers import server
from tests.server.wire import sockets

DATABASE = (
    Path(__file__).resolve().parents[1] / "fixtures" / "databases" / "before-outcome-codes.db"
)
BEFORE = {"tcg": 4, "war": 1, "karata": 1}
"""The game versions the database's matches were played under."""
FINISHED = {
    "6dWoGZVdNz-I": ("tcg", [0], "player 1 fell to 0 health or below"),
    "pP4rEHsQ-kO3": ("tcg", [0], "player 1 conceded"),
    "yey0WtrT5z8G": ("war", [1], "player 1 is the last player holding cards"),
    "lwpC1oVzM0U6": ("war", [0], "player 0 is the last player holding cards"),
    "vQKEEudX3eHD": ("karata", [1], "player 1 played out their hand after declaring last card"),
    "y9t4H1G8FZse": ("karata", [0], "player 1 left: one player is left"),
}
LIVE = {
    "tcg": (
        "9L-ASCcd",
        "IImegeiRED2AS3UyWkE2YBg3bbJrwcNQ-VMb0HREvqQ",
        "eDsjGEdlZLxdb5aM_MZIGtcqhLtyW3Ipbt2Zbn5QuMU",
        "player 1 conceded",
    ),
    "war": (
        "V0tXBbx4",
        "I8cbRrbBcD0yr1sHPwjw4H7fn7FoTl1622lrWwkR0es",
        "odZAZK1ohRDObhbmJsLmAC0ATRoxgH0Ayh1MOo3RD1g",
        "player 0 is the last player holding cards",
    ),
    "karata": (
        "asBwVMId",
        "aeRR8NyGE5qMPsoFnh-GjBIrWf1SEfbhm1FMqLzdonU",
        "GeB-YVqc8YBel63PzW8GuFcMkB4UXUJDxMB-RsiF6nI",
        "player 1 left: one player is left",
    ),
}
"""Per game, the live room, ann's and bob's tokens, and how it ends when bob concedes."""


@pytest.fixture
def old_database(tmp_path: Path) -> str:
    """The URL of a copy of the database, which the server migrates to its newest schema."""
    return f"sqlite+aiosqlite:///{shutil.copy(DATABASE, tmp_path / 'before.db')}"


def test_the_finished_matches_replay_to_their_sentences(old_database: str) -> None:
    with server(old_database) as client:
        for match_id, (game, winners, reason) in FINISHED.items():
            answer = client.get(f"/api/matches/{match_id}/record")
            assert answer.status_code == 200, answer.text
            assert answer.json()["outcome"] == {"winners": winners, "reason": reason}
            record = Record.from_json(answer.json())
            assert (record.game, record.game_version) == (game, BEFORE[game])
            replayed = Match.replay(find(game), record)
            assert replayed.hash() == record.final_hash
            assert replayed.outcome == record.outcome
            shown = client.get(f"/api/matches/{match_id}/replay", params={"step": 0, "seat": 0})
            assert shown.status_code == 200, shown.text


@pytest.mark.parametrize("game", sorted(LIVE))
def test_a_live_match_resumes_and_ends_under_its_own_version(old_database: str, game: str) -> None:
    room, ann_token, bob_token, reason = LIVE[game]
    with server(old_database) as client, sockets(client) as connect:
        ann, bob = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bob")
        ann.hello(ann_token)
        bob.hello(bob_token, protocol=5)
        view = ann.view_from(4)
        assert (view["version"], view["outcome"]) == (4, None)
        actor = (ann, bob)[view["to_act"]]
        text = actor.view_from(4)["legal"][0]["text"]
        actor.send({"type": "decide", "decision": text, "version": 4})
        bob.send({"type": "decide", "decision": "concede", "version": bob.view_from(5)["version"]})
        ended: dict[str, Any] = ann.until(lambda m: m["type"] == "view" and m["outcome"])[-1]
        theirs: dict[str, Any] = bob.until(lambda m: m["type"] == "view" and m["outcome"])[-1]
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        answer = client.get(f"/api/matches/{match}/record").json()
    assert ended["outcome"] == {"winners": [0], "reason": reason}  # no code: the old form
    assert ended["outcome_text"] == f"You won — {reason}"
    assert theirs["outcome"] == ended["outcome"]
    record = Record.from_json(answer)
    assert (record.game_version, len(record.decisions)) == (BEFORE[game], 6)
    replayed = Match.replay(find(game), record)
    assert replayed.hash() == record.final_hash
    assert replayed.outcome is not None
    assert replayed.outcome.to_json() == ended["outcome"]
