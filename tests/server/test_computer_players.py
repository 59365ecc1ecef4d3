"""Computer players on the server: budgets within the seat grammar's limits, and a ceiling on
the wall-clock time of every decision."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from typing import Any, ClassVar

import pytest
from starlette.testclient import TestClient

from cardtable import extensions
from cardtable.agents import imported as own_code
from cardtable.agents.base import Agent
from cardtable.agents.players import PLAYERS, ComputerPlayer
from cardtable.agents.registry import BUDGET_LIMITS
from cardtable.engine import Decision, Decisions, Match
from cardtable.engine.view import View
from cardtable.games import find
from cardtable.server.runner import Runner
from cardtable.server.storage import SeatRow
from tests.server.helpers import create, server

TCG = find("tcg")


def agent_room(client: TestClient, game: str, *agents: str) -> dict[str, Any]:
    """A room whose every seat is a computer player, its host watching; not started."""
    answer = client.post(
        "/api/rooms",
        json={"name": "ann", "game": game, "host_seat": None,
              "seats": [{"kind": "agent", "agent": agent} for agent in agents]},
    )  # fmt: skip
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def runner_of(client: TestClient) -> Runner:
    runner: Runner = client.app.state.services.runner  # type: ignore[attr-defined]
    return runner


def version_reaches(client: TestClient, match_id: str, version: int, seconds: float) -> bool:
    """Whether the match reaches ``version`` within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if client.get(f"/api/matches/{match_id}").json()["version"] >= version:
            return True
        time.sleep(0.05)
    return False


def start(client: TestClient, created: dict[str, Any]) -> str:
    room = created["room"]["id"]
    started = client.post(
        f"/api/rooms/{room}/start", headers={"Authorization": f"Bearer {created['host_token']}"}
    )
    assert started.status_code == 200, started.text
    match_id: str = client.get(f"/api/rooms/{room}/matches").json()[-1]["id"]
    return match_id


# -- budgets ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("agent", "limit"),
    [
        ("ismcts:1000000000", f"at most {BUDGET_LIMITS.iterations:,} iterations a decision"),
        (f"ismcts:{BUDGET_LIMITS.iterations + 1}", f"at most {BUDGET_LIMITS.iterations:,}"),
        ("ismcts:3600000ms", f"at most {BUDGET_LIMITS.milliseconds:,} ms a decision"),
    ],
)
def test_a_room_refuses_a_budget_beyond_the_limits_saying_the_limit(
    sqlite_url: str, agent: str, limit: str
) -> None:
    with server(sqlite_url) as client:
        answer = client.post(
            "/api/rooms",
            json={"name": "ann", "game": "war",
                  "seats": [{"kind": "open"}, {"kind": "agent", "agent": agent}]},
        )  # fmt: skip
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "bad_message"
        assert answer.json()["message"].startswith("seat 1: ")
        assert limit in answer.json()["message"]
        assert client.get("/api/rooms").json() == []  # nothing was made


def test_a_room_never_imports_the_python_code_a_seat_names(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client naming ``py:MODULE:OBJECT`` is refused before anything is imported."""
    imported: list[str] = []
    monkeypatch.setattr(own_code, "_find", lambda module, name: imported.append(module))
    with server(sqlite_url) as client:
        answer = client.post(
            "/api/rooms",
            json={"name": "ann", "game": "war",
                  "seats": [{"kind": "open"}, {"kind": "agent", "agent": "py:os:system"}]},
        )  # fmt: skip
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "bad_message"
        assert "seat 1: 'py:os:system' names Python code" in answer.json()["message"]
        assert client.get("/api/rooms").json() == []
    assert imported == []


def test_a_room_takes_the_largest_budgets_allowed(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        for agent in (
            f"ismcts:{BUDGET_LIMITS.iterations}",
            f"ismcts:{BUDGET_LIMITS.milliseconds}ms",
        ):
            create(client, game="war", seats=[{"kind": "open"}, {"kind": "agent", "agent": agent}])


# -- the ceiling ------------------------------------------------------------------------------


class Sluggish(Agent):
    """A computer player that ignores every time limit: it thinks until it is let go."""

    name = "sluggish"
    asked: ClassVar[list[Decisions]] = []
    release: ClassVar[threading.Event] = threading.Event()

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        Sluggish.asked.append(legal)
        Sluggish.release.wait(30)
        return legal.moves[-1]


SLUGGISH = ComputerPlayer(make=Sluggish)


@pytest.fixture
def sluggish(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Sluggish]]:
    """The sluggish player, under the name ``sluggish`` for every game; its threads are let
    go at the end."""
    entry = EntryPoint("sluggish", f"{__name__}:SLUGGISH", "cardtable.agents")
    monkeypatch.setattr(
        extensions, "entry_points", lambda group: [entry] if group == entry.group else []
    )
    PLAYERS.forget()  # as an operator registers a player: through the entry-point group
    monkeypatch.setattr(Sluggish, "asked", [])
    monkeypatch.setattr(Sluggish, "release", threading.Event())
    try:
        yield Sluggish
    finally:
        Sluggish.release.set()
        PLAYERS.forget()


def test_a_decision_over_the_ceiling_is_abandoned_for_the_seats_default(
    sqlite_url: str, sluggish: type[Sluggish]
) -> None:
    with server(sqlite_url) as client:
        runner_of(client).ceiling = 0.3
        match_id = start(client, agent_room(client, "tcg", "sluggish", "sluggish"))
        assert version_reaches(client, match_id, 4, seconds=10.0), "the match hung"
        services = client.app.state.services  # type: ignore[attr-defined]
        assert client.portal is not None
        live = client.portal.call(services.matches.live, match_id)
        record = live.match.record()
        replayed: Match[Any] = Match(TCG, TCG.load_ruleset(record.ruleset), record.seed)
        for seat, text in record.decisions[:4]:
            legal = replayed.legal(seat)
            assert legal.default is not None  # in the Kata TCG, ending the turn
            assert text == legal.default.text()  # not the sluggish player's last move
            replayed.decide(seat, text)
        assert len(sluggish.asked) >= 4


def test_a_search_on_the_server_stops_by_the_ceiling(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        runner_of(client).ceiling = 1.0
        created = agent_room(client, "tcg", f"ismcts:{BUDGET_LIMITS.milliseconds}ms", "random")
        match_id = start(client, created)
        started = time.monotonic()
        assert version_reaches(client, match_id, 1, seconds=6.0)  # not the 10 s it asked for
        assert time.monotonic() - started < 6.0


def test_a_seat_stored_beyond_the_limits_plays_as_the_games_own_player(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A room made before budgets had limits (its seat written straight into storage here)
    still plays: the seat's player is the game's default one."""
    with server(sqlite_url) as client:
        created = agent_room(client, "tcg", "random", "random")
        room = created["room"]["id"]
        services = client.app.state.services  # type: ignore[attr-defined]
        old = SeatRow(room_id=room, index=0, kind="agent", name="ismcts:1000000000",
                      token_hash=None)  # fmt: skip
        assert client.portal is not None
        client.portal.call(services.storage.put_seat, old)
        match_id = start(client, created)
        assert version_reaches(client, match_id, 4, seconds=10.0), "the match hung"
    assert "'ismcts:1000000000' replaced by the default" in caplog.text
