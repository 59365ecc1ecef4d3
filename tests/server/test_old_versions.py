"""A database of matches stored by an older version of a game's rules still serves them: its
finished matches replay, and its live ones resume where they were.

tests/fixtures/databases/tcg-v2.db was made by ``cardtable serve`` when the Kata TCG was at
version 2 (card ids in deck-list order), before version 3 existed: two rooms of two people
playing the Legends set with closed deck lists, one match played to its end, the other
stopped after 25 decisions. Its tokens are below, as the server gave them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.engine import Match, Record
from cardtable.games import find
from tests.server.helpers import server
from tests.server.processes import Seat, Servers

DATABASE = Path(__file__).resolve().parents[1] / "fixtures" / "databases" / "tcg-v2.db"
FINISHED = "4YqDUlO2ffuX"
"""The finished match (87 decisions; seat 1 won)."""
LIVE_ROOM = "ia47Tkhf"
LIVE = "Opk6eUrCbngG"
"""The live match, at version 25."""
LIVE_TOKENS = (
    "gi6aQe5BKR6KEGtjVrelzyjchLgGEoKYdYnzuwsmpsk",
    "r2aiWlQyEA-CBsP9B8XwUwfEt6QjBohfKblIY_VYqic",
)


@pytest.fixture
def old_database(tmp_path: Path) -> str:
    """A copy of the version 2 database (the server migrates it to its newest schema)."""
    path = tmp_path / "cardtable.db"
    shutil.copyfile(DATABASE, path)
    return f"sqlite+aiosqlite:///{path}"


def test_a_finished_match_of_version_2_replays(old_database: str) -> None:
    with server(old_database) as client:
        listed = {match["id"]: match for match in client.get("/api/matches").json()}
        assert listed[FINISHED]["status"] == "finished"
        answer = client.get(f"/api/matches/{FINISHED}/record")
        assert answer.status_code == 200, answer.text
        record = Record.from_json(answer.json())
        assert (record.game_version, len(record.decisions)) == (2, 87)
        assert Match.replay(find("tcg"), record).hash() == record.final_hash
        for step in (0, 40, 87):
            shown = client.get(f"/api/matches/{FINISHED}/replay", params={"step": step, "seat": 0})
            assert shown.status_code == 200, shown.text
            assert shown.json()["view"]["version"] == step


def test_a_live_match_of_version_2_resumes_where_it_was(
    old_database: str, processes: Servers
) -> None:
    served = processes.start(old_database)
    seats = [Seat(served, LIVE_ROOM, token) for token in LIVE_TOKENS]
    try:
        views = [seat.next_view(timeout=10) for seat in seats]
        assert [view["version"] for view in views] == [25, 25]
        actor = views[0]["to_act"]
        seats[actor].decide(views[actor]["legal"][0]["text"])
        assert seats[actor].next_view(timeout=10)["version"] == 26
    finally:
        for seat in seats:
            seat.close()
    served.post(f"/api/rooms/{LIVE_ROOM}/concede", {}, LIVE_TOKENS[0])
    record = Record.from_json(served.get(f"/api/matches/{LIVE}/record"))
    assert (record.game_version, len(record.decisions)) == (2, 27)
    assert Match.replay(find("tcg"), record).hash() == record.final_hash
