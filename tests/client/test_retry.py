"""A bot whose decision the server fails on (``internal``, ``unavailable``) tries again after
a bounded, jittered, growing wait, and gives up with a clear error when the failures go on.

The server is the real app over real sockets, in this process, with its decisions made to
fail on purpose for the bot's seat: a few times, then always.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import pytest

from cardtable.client import Backoff, GaveUp, Lobby, Seat, first_legal, play_seat
from cardtable.engine import Match
from cardtable.games import find
from cardtable.server.matches import Matches
from cardtable.server.storage import StorageError
from tests.client.helpers import TIMEOUT, start, war_room
from tests.client.inprocess import served

pytestmark = pytest.mark.anyio

QUICK = Backoff(first=0.05, factor=2.0, cap=0.2, attempts=4)
"""Waits of 0.025 to 0.05, 0.05 to 0.1, then 0.1 to 0.2 seconds: a test's back-off."""

FAILURES: dict[str, Callable[[], Exception]] = {
    "internal": lambda: RuntimeError("a failure injected by the test"),
    "unavailable": lambda: StorageError("the database cannot be reached just now"),
}
"""How the server is made to fail with each code: a bug, and an outage of its database."""


@dataclass
class Failing:
    """Makes the server fail on the first ``times`` decisions of seat 0 (all, if ``None``)."""

    code: str
    times: int | None
    tries: list[tuple[int, float]] = field(default_factory=list)
    """Each decision of seat 0 the server was sent: its version, and when (monotonic)."""

    @property
    def failed(self) -> int:
        return len(self.tries) if self.times is None else min(self.times, len(self.tries))


@pytest.fixture
def failing(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Failing:
    code, times = request.param
    plan = Failing(code, times)
    working = Matches.submit

    async def submit(self: Matches, match_id: str, seat: int, text: str, version: int) -> Any:
        if seat == 0:
            plan.tries.append((version, time.monotonic()))
            if plan.times is None or len(plan.tries) <= plan.times:
                raise FAILURES[plan.code]()
        return await working(self, match_id, seat, text, version)

    monkeypatch.setattr(Matches, "submit", submit)
    return plan


def waits(plan: Failing) -> list[float]:
    """The seconds between each try of one version and the next try of the same."""
    return [
        later - earlier
        for (version, earlier), (again, later) in zip(plan.tries, plan.tries[1:], strict=False)
        if version == again
    ]


@pytest.mark.parametrize(
    "failing", [("internal", 3), ("unavailable", 3)], indirect=True, ids=["internal", "unavailable"]
)
async def test_a_bot_tries_a_failed_decision_again_after_a_growing_wait(
    failing: Failing, tmp_path: Path
) -> None:
    with served(tmp_path) as url:
        created = await war_room(url, "open", "random")
        await start(url, created)
        assert created.token is not None
        with anyio.fail_after(TIMEOUT):
            async with Seat(url, created.room.id, created.token) as seat:
                final = await play_seat(seat, first_legal, backoff=QUICK)
        async with Lobby(url) as lobby:
            [match] = await lobby.matches(created.room.id)
            record = await lobby.record(match.id)
    assert final.outcome is not None
    assert failing.failed == 3
    assert [version for version, _ in failing.tries[:4]] == [failing.tries[0][0]] * 4
    for attempt, wait in enumerate(waits(failing)[:3], start=1):
        assert wait >= QUICK.ceiling(attempt) / 2, waits(failing)
    # Every decision was taken once: the record replays to the outcome the bot saw.
    replayed = Match.replay(find("war"), record)
    assert replayed.outcome is not None
    assert replayed.outcome.to_json() == final.outcome
    assert sum(seat == 0 for seat, _ in record.decisions) == len(failing.tries) - 3


@pytest.mark.parametrize(
    "failing",
    [("internal", None), ("unavailable", None)],
    indirect=True,
    ids=["internal", "unavailable"],
)
async def test_a_bot_gives_up_when_the_server_keeps_failing(
    failing: Failing, tmp_path: Path
) -> None:
    with served(tmp_path) as url:
        created = await war_room(url, "open", "random")
        await start(url, created)
        assert created.token is not None
        with anyio.fail_after(TIMEOUT):
            async with Seat(url, created.room.id, created.token) as seat:
                began = time.monotonic()
                with pytest.raises(GaveUp) as caught:
                    await play_seat(seat, first_legal, backoff=QUICK)
                spent = time.monotonic() - began
    gave_up = caught.value
    assert gave_up.code == failing.code
    assert gave_up.attempts == QUICK.attempts + 1 == len(failing.tries)
    assert f"failed on the decision {QUICK.attempts + 1} times in a row" in gave_up.reason
    assert failing.code in gave_up.reason
    assert spent >= sum(QUICK.ceiling(n) / 2 for n in range(1, QUICK.attempts + 1))
    assert spent < QUICK.longest() + 5.0
