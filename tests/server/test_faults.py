"""Faults of the services under live servers, mid-play: the test's own Redis killed and started
again, its own PostgreSQL database's connections cut, and that database refusing connections
for a few seconds. Two server processes share them; bots play rooms of every game through both,
live rooms and correspondence rooms (whose matches sleep on every turn, a decision waking
them: see :class:`~tests.server.faults.Sleepers` for what is watched).

While a service is down, a player meets clear typed answers: a REST call completes, or answers
503 ``unavailable`` with ``Retry-After`` in the documented problem body (while the database
refuses connections, every call that needs it answers so); a decision is taken and its sender
shown so at once, or refused with an ``unavailable`` error (always so while the database
refuses); never a 500, a reset connection or a traceback in the log. After it, nothing is stuck
or lost: a call that was refused changed nothing, every match goes on, every acknowledged
decision is stored once, the bots finish, no room is stuck.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from cardtable.engine import JsonObject
from tests.server.faults import (
    PASSED_OVER,
    Answer,
    Node,
    OwnDatabase,
    Play,
    PrivateRedis,
    Raw,
    RawSocket,
    Sleepers,
    afterwards,
    ok,
    open_tables,
    report,
    rest,
    warmed_up,
)
from tests.server.helpers import SHORT_WAR
from tests.server.processes import Servers

DOWN_SECONDS = 4.0
"""How long a service stays down (the probes run meanwhile)."""
ANSWER_SECONDS = 15.0
"""How long a player waits for any answer."""
BACK_SECONDS = 30.0
"""How long the servers have to answer again once the service is back."""
CREATED_BY = "probe-creator"
"""The name of the host of the room the probe creates while a service is down."""

Wanted = Callable[[Raw], bool]


def decided_on(version: int) -> Wanted:
    """The answer to a decision made on ``version``: a refusal, or a later view."""
    return lambda message: (
        (message["type"] == "error" and message.get("refers_to") == "decide")
        or (message["type"] == "view" and message["version"] > version)
    )


def succeeded(answer: Answer) -> bool:
    return answer.status is not None and answer.status < 300


def is_view(message: Raw) -> bool:
    return bool(message["type"] == "view")


class Probe:
    """What a player meets while a service is down, and whether what was refused changed
    nothing: REST calls of both processes, a decision, a new connection saying hello."""

    def __init__(self, urls: list[str]) -> None:
        self.urls = urls
        self.room = self.spare = self.ready = self.host = ""
        self.seats: list[RawSocket] = []
        self.answers: dict[str, Answer] = {}
        self.decision: tuple[int, str, int] | None = None
        """The seat, text and version of the decision made while the service was down."""
        self.refused = False
        """Whether that decision was refused as ``unavailable``."""

    async def open(self) -> None:
        """A War room whose two seats play through different processes; a room with an open
        seat (to join while down), and a full room not started (to start while down)."""
        one, two = self.urls
        war: JsonObject = {"game": "war", "ruleset": SHORT_WAR}
        created = await ok("POST", one, "/api/rooms", {**war, "name": "probe0"})
        self.room = created["room"]["id"]
        joined = await ok("POST", two, f"/api/rooms/{self.room}/join", {"name": "probe1"})
        await ok("POST", one, f"/api/rooms/{self.room}/start", token=created["host_token"])
        for url, token in ((one, created["token"]), (two, joined["token"])):
            seat = await RawSocket.open(url, self.room, token)
            assert await seat.until(is_view, ANSWER_SECONDS), seat.closed
            self.seats.append(seat)
        self.spare = (await ok("POST", one, "/api/rooms", {**war, "name": "spare"}))["room"]["id"]
        ready = await ok("POST", two, "/api/rooms", {**war, "name": "ready"})
        self.ready, self.host = ready["room"]["id"], ready["host_token"]
        await ok("POST", two, f"/api/rooms/{self.ready}/join", {"name": "ready1"})

    async def close(self) -> None:
        for seat in self.seats:
            await seat.close()

    # -- while down ---------------------------------------------------------------------------

    async def down(self, refused: bool) -> list[str]:
        """Meet the outage; ``refused``: the database refuses connections, so that everything
        that needs it must answer ``unavailable``."""
        one, two = self.urls
        calls: dict[str, tuple[str, str, str, JsonObject | None, str | None]] = {
            "reading a room": ("GET", one, f"/api/rooms/{self.room}", None, None),
            "creating a room": (
                "POST",
                two,
                "/api/rooms",
                {"game": "war", "ruleset": SHORT_WAR, "name": CREATED_BY},
                None,
            ),
            "joining": ("POST", one, f"/api/rooms/{self.spare}/join", {"name": "late"}, None),
            "starting": ("POST", two, f"/api/rooms/{self.ready}/start", None, self.host),
        }
        problems = []
        for what, (method, url, path, body, token) in calls.items():
            answer = self.answers[what] = await rest(method, url, path, body, token)
            wrong = answer.unavailable()
            if answer.status is None:
                problems.append(f"while down, {what} got no answer: {answer.text}")
            elif wrong is not None and (refused or answer.status >= 300):
                problems.append(f"while down, {what} was answered wrongly: {wrong}")
        return problems + await self._decide(refused) + await self._hello(refused)

    async def _decide(self, refused: bool) -> list[str]:
        view = self.seats[0].view
        assert view is not None
        seat = view["to_act"]
        sender = self.seats[seat]
        view = sender.view
        assert view is not None
        version, text = view["version"], view["legal"][0]["text"]
        self.decision = (seat, text, version)
        await sender.decide(text, version)
        answer = await sender.until(decided_on(version), ANSWER_SECONDS)
        if answer is None:
            why = sender.closed or f"nothing in {ANSWER_SECONDS:.0f} s"
            return [f"while down, a decision got no answer: {why}"]
        if answer["type"] == "error":
            self.refused = True
            if answer.get("code") != "unavailable":
                return [f"while down, a decision was refused with {answer}"]
        elif refused:
            return [f"a decision was taken while the database refused connections: {answer}"]
        return []

    async def _hello(self, refused: bool) -> list[str]:
        try:
            spectator = await RawSocket.open(self.urls[0], self.room, None)
        except OSError as error:
            return [f"while down, a new connection was refused: {error}"]
        answer = await spectator.until(lambda m: m["type"] in ("view", "error"), ANSWER_SECONDS)
        await spectator.close()
        if answer is None:
            why = spectator.closed or f"nothing in {ANSWER_SECONDS:.0f} s"
            return [f"while down, a hello got neither a view nor an error: {why}"]
        if answer["type"] == "error" and answer.get("code") != "unavailable":
            return [f"while down, a hello was refused with {answer}"]
        if answer["type"] == "view" and refused:
            return ["a hello was answered while the database refused connections"]
        return []

    # -- after --------------------------------------------------------------------------------

    async def after(self) -> list[str]:
        """Once the service is back: the servers answer, whatever was refused changed nothing
        and can be done now, and the decision made while down reaches both seats."""
        deadline = time.monotonic() + BACK_SECONDS
        for url in self.urls:
            while (await rest("GET", url, f"/api/rooms/{self.room}")).status != 200:
                if time.monotonic() > deadline:
                    return [f"{url} did not answer again within {BACK_SECONDS:.0f} s"]
                await asyncio.sleep(0.5)
        return await self._join() + await self._start() + await self._create() + await self._seen()

    async def _join(self) -> list[str]:
        one = self.urls[0]
        answer = self.answers["joining"]
        seats = (await ok("GET", one, f"/api/rooms/{self.spare}"))["seats"]
        if succeeded(answer):
            holder = await RawSocket.open(one, self.spare, str(answer.body["token"]))
            welcome = await holder.until(lambda m: m["type"] in ("welcome", "error"), 10)
            await holder.close()
            if welcome is None or welcome.get("seat") != 1:
                return [f"a join answered {answer.status} but its token holds no seat: {welcome}"]
            return []
        if seats[1]["kind"] != "open":
            return [f"a join that failed while down ({answer.status}) took the seat: {seats[1]}"]
        await ok("POST", one, f"/api/rooms/{self.spare}/join", {"name": "late"})
        return []

    async def _start(self) -> list[str]:
        two = self.urls[1]
        answer = self.answers["starting"]
        room = await ok("GET", two, f"/api/rooms/{self.ready}")
        matches = await ok("GET", two, f"/api/rooms/{self.ready}/matches")
        if succeeded(answer):
            if room["status"] != "playing" or len(matches) != 1:
                return [f"a start answered {answer.status}, but the room is {room['status']}"]
            return []
        if room["status"] != "open" or matches:
            return [f"a start that failed while down ({answer.status}) started a match: {matches}"]
        await ok("POST", two, f"/api/rooms/{self.ready}/start", token=self.host)
        return []

    async def _create(self) -> list[str]:
        answer = self.answers["creating a room"]
        rooms = await ok("GET", self.urls[0], "/api/rooms?game=war")
        made = [room for room in rooms if room["seats"][0]["name"] == CREATED_BY]
        expected = 1 if succeeded(answer) else 0
        if len(made) != expected:
            return [f"creating a room answered {answer.status}, and {len(made)} rooms exist"]
        return []

    async def _seen(self) -> list[str]:
        assert self.decision is not None
        seat, text, version = self.decision
        problems = []
        if self.refused:  # refused while down: the same decision is taken now
            sender = self.seats[seat]
            await sender.decide(text, version)
            answer = await sender.until(decided_on(version), ANSWER_SECONDS)
            if answer is None or answer["type"] != "view":
                problems.append(f"a decision refused while down was not taken after: {answer}")
        for number, client in enumerate(self.seats):
            seen = client.view is not None and client.view["version"] > version
            if not seen and await client.until(decided_on(version), ANSWER_SECONDS) is None:
                problems.append(f"seat {number} never saw the decision made while down")
        return problems


async def redis_killed(redis: PrivateRedis, database: OwnDatabase, probe: Probe) -> list[str]:
    await asyncio.to_thread(redis.kill)
    try:
        return await _for_a_while(probe.down(refused=False))
    finally:
        await asyncio.to_thread(redis.start)


async def connections_cut(redis: PrivateRedis, database: OwnDatabase, probe: Probe) -> list[str]:
    async def cutting() -> None:
        deadline = time.monotonic() + DOWN_SECONDS
        while time.monotonic() < deadline:
            await database.cut()
            await asyncio.sleep(0.25)

    cuts = asyncio.create_task(cutting())
    try:
        return await probe.down(refused=False)
    finally:
        await cuts


async def connections_refused(
    redis: PrivateRedis, database: OwnDatabase, probe: Probe
) -> list[str]:
    await database.refuse()
    try:
        return await _for_a_while(probe.down(refused=True))
    finally:
        await database.allow()


async def _for_a_while(probing: Awaitable[list[str]]) -> list[str]:
    """Probe, and stay down at least :data:`DOWN_SECONDS` (the bots meet the outage too)."""
    start = time.monotonic()
    problems = await probing
    await asyncio.sleep(max(0.0, start + DOWN_SECONDS - time.monotonic()))
    return problems


Fault = Callable[[PrivateRedis, OwnDatabase, Probe], Awaitable[list[str]]]


@pytest.mark.anyio
@pytest.mark.parametrize("fault", [redis_killed, connections_cut, connections_refused])
async def test_a_fault_mid_play_gets_typed_answers_and_loses_or_sticks_nothing(
    fault: Fault, tmp_path: Path, postgres_url: str, processes: Servers
) -> None:
    with PrivateRedis(tmp_path) as redis:
        nodes = [Node(processes, postgres_url, redis.url) for _ in range(2)]
        urls = [node.url for node in nodes]
        play = Play(await open_tables(urls, seed=1))
        faulting = asyncio.Event()  # while set, a match may stay awake: see Sleepers
        sleepers = Sleepers(postgres_url, play.tables, up=lambda: not faulting.is_set())
        probe = Probe(urls)
        try:
            await probe.open()
            play.start()
            sleepers.start()
            problems = await warmed_up(play.tables, decisions=3, seconds=2 * ANSWER_SECONDS)
            if not problems:
                faulting.set()
                problems += await fault(redis, OwnDatabase(postgres_url), probe)
                faulting.clear()
                problems += await probe.after()
            problems += await afterwards(
                play, urls[0], processes.log, seconds=2 * ANSWER_SECONDS,
                allowed=PASSED_OVER | {"unavailable"}, faults=True, sleepers=sleepers,
            )  # fmt: skip
        finally:
            await play.finish(0)
            await sleepers.stop()
            await probe.close()
            processes.stop_all()  # before their Redis goes
        assert not problems, report(problems, processes.log, f"{fault.__name__}:")
