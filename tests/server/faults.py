"""Helpers of the crash-safety and fault tests: the faults, the players, and the checks after.

* faults: :class:`Node` (a server process's place, killed and started again on its port),
  :class:`PrivateRedis` (a ``redis-server`` of the test's own), :class:`OwnDatabase` (the test's
  own PostgreSQL database, its connections cut or refused); never the machine's shared services;
* players: :class:`Table`, a room whose seats are all :class:`RecordingBot` s, which play over the
  real protocol (the reference client's :class:`~cardtable.client.Seat`) and remember what they
  sent and what they saw, so that a test knows which decisions were *acknowledged* (their
  sender saw a view of a later version); live rooms of every game, and correspondence rooms
  (:data:`CORRESPONDENCE_PLANS`) whose seats are signed-up accounts' (the bots play them
  through their seat tokens, so that their matches sleep on every turn and each decision
  wakes them, through whichever process the bot uses);
* checks: :func:`record_problems` (every acknowledged decision stored once, every match over,
  every record replays), :func:`stuck_rooms`, :func:`log_problems` (tracebacks and 5xx answers),
  :func:`stuck_tables` (what is stuck, when the bots do not finish in time),
  :class:`Sleepers` (the stored rows of correspondence matches, watched while the bots play:
  none asleep with a decision pending, none awake for long with nobody putting it to sleep)
  and :func:`sleeping_rematches` (a correspondence room's new match sleeps, its person told).

Every wait is bounded; what a check finds is returned as sentences, for one assertion to show.

>>> log_problems('INFO: "POST /api/rooms HTTP/1.1" 503 Service Unavailable')
[]
>>> log_problems('INFO: "POST /api/rooms/x/join HTTP/1.1" 500 Internal Server Error')
['a 5xx answer: INFO: "POST /api/rooms/x/join HTTP/1.1" 500 Internal Server Error']
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import asyncpg
import httpx2
from sqlalchemy.engine import make_url
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardtable.agents import make_agent, parse_seats
from cardtable.client import (
    ClientError,
    Seat,
    Unreachable,
    decisions_from,
    socket_url,
    view_from_json,
)
from cardtable.engine import JsonObject, Match
from cardtable.engine.errors import RecordError
from cardtable.engine.record import Record
from cardtable.engine.rng import Rng
from cardtable.engine.ruleset import Ruleset
from cardtable.games import find
from cardtable.protocol import messages as wire
from cardtable.protocol.limits import PROTOCOL_VERSION
from cardtable.protocol.lobby import RoomKind
from tests import services
from tests.server.helpers import SHORT_WAR
from tests.server.processes import Served, Servers, free_port

RECONNECT_DELAYS = (0.1, 0.2, 0.4, *(0.5,) * 60)
"""A bot's waits before each attempt to reconnect: about half a minute, for a restart."""
REMATCH_SECONDS = 30.0
"""How long a table keeps asking for its rematch (a room waits for its match's end to be
stored, by the restarted process or another)."""
RETRIED = frozenset({"unavailable", "too_many", "internal"})
"""Refusals of a decision after which a bot waits and sends it again."""
PASSED_OVER = frozenset({"stale_version", "not_your_turn"})
"""Refusals a bot lets go (a decision sent again after a reconnection, already taken)."""


# -- faults -----------------------------------------------------------------------------------


class Node:
    """The place of one ``cardtable serve`` process: a port, served by a process that can be
    SIGKILLed and started again on the same port (clients come back to the same address)."""

    def __init__(self, processes: Servers, database: str, redis: str | None = None) -> None:
        self._processes = processes
        self.database = database
        self.redis = redis
        self.served: Served = processes.start(database, redis=redis)
        self.port = self.served.port
        self.url = self.served.url

    def kill(self) -> None:
        self.served.kill()

    def restart(self) -> None:
        """Start a new process on the same port (blocking: call it in a thread in a test)."""
        self.served = self._processes.start(self.database, port=self.port, redis=self.redis)


class PrivateRedis:
    """A ``redis-server`` of the test's own on a free port, without persistence, which the test
    kills and starts again at will (the machine's shared Redis is never touched)."""

    START_SECONDS = 10.0

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            services.leave_out(
                "redis-server",
                "redis-server is not installed",
                "Install Redis's server (apt-get install redis-server) to run them.",
            )
        self._binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._folder = folder
        self.log = folder / f"redis-{self.port}.log"
        self._process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> PrivateRedis:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.kill()

    def start(self) -> None:
        command = [
            self._binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no", "--dir", str(self._folder),
        ]  # fmt: skip
        with self.log.open("ab") as output:
            self._process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.START_SECONDS
        while not self.answers():
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                tail = self.log.read_text(errors="replace")[-2000:]
                raise AssertionError(f"redis-server did not start on {self.port}: {tail}")
            time.sleep(0.05)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL: Redis gone at once, as when its machine dies."""
        if self._process is not None:
            if self._process.poll() is None:
                self._process.send_signal(signal.SIGKILL)
            self._process.wait(10)
            self._process = None


class OwnDatabase:
    """The test's own PostgreSQL database (the ``postgres_url`` fixture's), its connections cut
    or refused for a while; no other database is touched, and PostgreSQL keeps running."""

    def __init__(self, url: str) -> None:
        name = make_url(url).database or ""
        if not name.startswith("cardtable_test_"):  # never a database others use
            raise ValueError(f"{name!r} is not a test's own database")
        self.name = name

    async def _admin(self, sql: str, *args: object) -> Any:
        connection = await asyncpg.connect(services.POSTGRES)
        try:
            return await connection.fetchval(sql, *args)
        finally:
            await connection.close()

    async def cut(self) -> int:
        """Terminate every connection to the database; how many there were."""
        ended = await self._admin(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1",
            self.name,
        )
        return int(ended)

    async def refuse(self) -> None:
        """Refuse new connections to the database, and end those it has."""
        await self._admin(f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS false')
        await self.cut()

    async def allow(self) -> None:
        await self._admin(f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS true')


# -- REST -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answer:
    """A REST answer; ``status`` is ``None`` when none came (refused, reset, timed out)."""

    status: int | None
    body: Any = None
    headers: Mapping[str, str] | None = None
    text: str = ""

    @property
    def code(self) -> str | None:
        """The problem document's code, if the body is one."""
        return self.body.get("code") if isinstance(self.body, dict) else None

    def unavailable(self) -> str | None:
        """``None`` when this is the documented outage answer: 503, a problem document with
        code ``unavailable`` and a sentence, and a ``Retry-After`` of whole seconds; else what
        is wrong with it."""
        retry = (self.headers or {}).get("retry-after", "")
        if self.status != 503 or self.code != "unavailable":
            return f"not a 503 unavailable: {self.status} {self.text[:300]!r}"
        if not isinstance(self.body.get("message"), str) or not self.body["message"]:
            return f"a 503 without a sentence: {self.text[:300]!r}"
        if not retry.isdigit() or int(retry) < 1:
            return f"a 503 whose Retry-After is {retry!r}, not a number of seconds"
        return None


async def rest(
    method: str,
    url: str,
    path: str,
    body: JsonObject | None = None,
    token: str | None = None,
    session: str | None = None,
) -> Answer:
    """One REST call (no retry); ``session``: signed in with that session's token."""
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    if session is not None:
        headers["X-Cardtable-Session"] = session
    try:
        async with httpx2.AsyncClient(base_url=url, timeout=10) as client:
            response = await client.request(method, path, json=body, headers=headers)
    except httpx2.HTTPError as error:
        return Answer(None, text=f"{type(error).__name__}: {error}")
    try:
        data = response.json()
    except ValueError:
        data = None
    return Answer(response.status_code, data, dict(response.headers), response.text)


async def ok(
    method: str,
    url: str,
    path: str,
    body: JsonObject | None = None,
    token: str | None = None,
    session: str | None = None,
) -> Any:
    """The body of a REST call that must succeed."""
    answer = await rest(method, url, path, body, token, session)
    assert answer.status is not None, (method, path, answer)
    assert answer.status < 300, (method, path, answer)
    return answer.body


Raw = dict[str, Any]
"""A server message as JSON."""


class RawSocket:
    """A bare WebSocket client of a room, to see exactly what the server sends and how it
    closes (the reference client would reconnect, or refuse a code it does not know)."""

    def __init__(self, socket: ClientConnection) -> None:
        self._socket = socket
        self.view: Raw | None = None
        """The latest view."""
        self.closed: str | None = None
        """How the server closed the connection (``None`` while it is open)."""

    @classmethod
    async def open(cls, url: str, room: str, token: str | None) -> RawSocket:
        """Connect and say hello (the answers are read with :meth:`until`)."""
        socket = await connect(socket_url(url, room), open_timeout=10, proxy=None)
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "token": token, "last_event": 0}
        await socket.send(json.dumps(hello))
        return cls(socket)

    async def send(self, message: Raw) -> None:
        await self._socket.send(json.dumps(message))

    async def decide(self, text: str, version: int) -> None:
        await self.send({"type": "decide", "decision": text, "version": version})

    async def until(self, wanted: Callable[[Raw], bool], seconds: float) -> Raw | None:
        """The first message ``wanted`` takes, within ``seconds``; ``None`` if the time ran out
        or the connection closed (then :attr:`closed` says how)."""
        deadline = time.monotonic() + seconds
        while self.closed is None:
            try:
                raw = await asyncio.wait_for(self._socket.recv(), deadline - time.monotonic())
            except TimeoutError:
                return None
            except ConnectionClosed as error:
                self.closed = f"closed with {error.rcvd.code if error.rcvd else 'no close frame'}"
                return None
            message: Raw = json.loads(raw)
            if message.get("type") == "view":
                self.view = message
            if wanted(message):
                return message
        return None

    async def close(self) -> None:
        await self._socket.close()


# -- players ----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Plan:
    """A game as the bots play it, with rules short enough that every match ends soon."""

    game: str
    ruleset: JsonObject
    agent: str
    """The computer player that chooses for the bots (from the view alone)."""
    concede_at: int | None = None
    """From this version on, the seat to act concedes: for rules without an end of their own
    (a room's disconnect rules never act: they wait longer than a test lasts)."""
    kind: RoomKind = "live"
    """A live room, or a correspondence one (its seats signed-up accounts')."""
    turn_seconds: int | None = None
    """A correspondence room's deadline per turn (``None``: its default, a day); nobody
    misses one in a test (an hour at least)."""
    rated: bool = False
    """A rated room (its seats signed-up accounts', its rules a rated ruleset's): each match
    it finishes moves both people's ratings once (see :func:`rating_problems`)."""

    @cached_property
    def rules(self) -> Ruleset:
        rules: Ruleset = find(self.game).load_ruleset(self.ruleset)
        return rules


PLANS = (
    Plan(game="war", ruleset=SHORT_WAR, agent="random"),
    Plan(game="tcg", ruleset={"starting_health": 12, "first_hand": 1, "second_hand": 2},
         agent="greedy", concede_at=100),
    Plan(game="tcg", ruleset={"starting_health": 10, "minions": True, "healing": True},
         agent="greedy", concede_at=100),
    Plan(game="karata", ruleset={"hand_size": 3}, agent="heuristic", concede_at=100),
    Plan(game="karata", ruleset={"players": 3, "hand_size": 3}, agent="heuristic",
         concede_at=100),
)  # fmt: skip
"""Every game with choices, and War; two seats and three."""

CORRESPONDENCE_PLANS = (
    Plan(game="karata", ruleset={"hand_size": 3}, agent="heuristic", concede_at=100,
         kind="correspondence", turn_seconds=3600),
    Plan(game="tcg", ruleset={"starting_health": 12, "first_hand": 1, "second_hand": 2},
         agent="greedy", concede_at=100, kind="correspondence"),
)  # fmt: skip
"""Correspondence rooms of Karata (an hour a turn: its match wakes at the deadline) and of the
Kata TCG (a day: it wakes for the reminder an hour before), two people each (the same two at
every table)."""
RATED_PLANS = (Plan(game="karata", ruleset={}, agent="heuristic", concede_at=100, rated=True),)
"""A rated room of Karata's standard rules, between the same two people as the
correspondence tables: whatever is killed, each match it finishes is rated exactly once."""
CORRESPONDENCE_PACE = 0.1
"""The most a bot at a correspondence table waits before deciding, in seconds: slower than at
a live one, so that its match is seen asleep between turns."""
PASSWORD = "correct horse battery staple"


@dataclass(frozen=True, slots=True)
class Sent:
    """A decision a bot sent: on which match, at which version, from which seat."""

    match: str
    version: int
    seat: int
    text: str


class RecordingBot:
    """One seat of a :class:`Table`, played to the end of the table's last match.

    The choice at a version is the same whenever it is made (the computer player is seeded
    by the match, the version and the seat), so a decision sent again after a reconnection
    is the same decision.
    """

    def __init__(self, table: Table, index: int, token: str, url: str, seed: int) -> None:
        self.table = table
        self.index = index
        self.token = token
        self.url = url
        self.seed = seed
        self.sent: list[Sent] = []
        self.seen: dict[str, int] = {}
        """The highest version of each match seen in a view."""
        self.errors: list[wire.ErrorMessage] = []
        self.view: wire.ViewMessage | None = None
        self.heard_at = time.monotonic()
        self.client: Seat | None = None
        self.failure: str | None = None
        self._decided: tuple[str, int, int] | None = None
        self._pace = random.Random(seed)

    def acknowledged(self) -> set[Sent]:
        """The decisions sent whose sender then saw a view of a later version."""
        return {sent for sent in self.sent if self.seen.get(sent.match, -1) > sent.version}

    def choose(self, view: wire.ViewMessage) -> str:
        plan = self.table.plan
        if plan.concede_at is not None and view.version >= plan.concede_at:
            return "concede"
        key = f"{self.seed}:{view.match}:{view.version}:{self.index}".encode()
        game = find(plan.game)
        agent = make_agent(parse_seats(plan.agent)[0], game, Rng(_number(key)))
        agent.sit(game, plan.rules)
        texts = [decision.text for decision in view.legal]
        legal = decisions_from(game, self.index, texts, view.default)
        return agent.decide(view_from_json(view.view), legal).text()

    async def run(self) -> None:
        try:
            await self._play()
        except ClientError as error:
            self.failure = f"{type(error).__name__}: {error}"
        except Exception:  # a bug of the test's own: say where
            self.failure = traceback.format_exc()

    async def _play(self) -> None:
        client = self.client = Seat(
            self.url, self.table.room, self.token, reconnect_delays=RECONNECT_DELAYS
        )
        for delay in (*RECONNECT_DELAYS, None):  # its process may be killed as it connects
            try:
                await client.connect()
                break
            except Unreachable:
                if delay is None:
                    raise
                await asyncio.sleep(delay)
        pending: asyncio.Future[wire.ServerMessage | None] | None = None
        try:
            while not self._may_leave():
                if pending is None:
                    pending = asyncio.ensure_future(client.receive())
                done = asyncio.ensure_future(self.table.done.wait())
                either: list[asyncio.Future[Any]] = [pending, done]
                await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
                done.cancel()
                if pending.done():
                    message, pending = pending.result(), None
                    if message is None:
                        return
                    self.heard_at = time.monotonic()
                    await self._take(client, message)
        finally:
            if pending is not None:
                pending.cancel()
            await client.close()

    def _may_leave(self) -> bool:
        view = self.view
        return (
            self.table.done.is_set()
            and view is not None
            and view.outcome is not None
            and view.match == self.table.last_match
        )

    async def _take(self, client: Seat, message: wire.ServerMessage) -> None:
        if isinstance(message, wire.ViewMessage):
            self.seen[message.match] = max(message.version, self.seen.get(message.match, -1))
            self.view = message
            if message.outcome is not None:
                if self.index == 0:
                    await self.table.ended(message.match)
            elif self._decided != (message.match, message.version, client.reconnects):
                await self._decide(client, message)
        elif isinstance(message, wire.ErrorMessage):
            self.errors.append(message)
            if message.refers_to == "decide" and message.code.value in RETRIED:
                await asyncio.sleep(0.3)
                if self.view is not None and self.view.outcome is None:
                    await self._decide(client, self.view)

    async def _decide(self, client: Seat, view: wire.ViewMessage) -> None:
        if view.to_act != self.index or view.seat != self.index:
            return
        await asyncio.sleep(self._pace.uniform(0, self.table.pace))
        text = self.choose(view)
        self.sent.append(Sent(view.match, view.version, self.index, text))
        await client.decide(text, view.version)
        self._decided = (view.match, view.version, client.reconnects)

    def describe(self) -> str:
        view, client = self.view, self.client
        shown = (
            "no view"
            if view is None
            else (
                f"last view: match {view.match} version {view.version}, to act {view.to_act}, "
                f"{'over' if view.outcome is not None else 'going on'}"
            )
        )
        errors = [f"{error.code.value} ({error.refers_to})" for error in self.errors[-5:]]
        return (
            f"seat {self.index} at {self.url}: {shown}; heard nothing for "
            f"{time.monotonic() - self.heard_at:.1f} s; sent {len(self.sent)}; reconnected "
            f"{client.reconnects if client else 0} times; last errors {errors}"
            + (f"; FAILED: {self.failure}" if self.failure else "")
        )


class Table:
    """A room of one :class:`Plan` whose seats are all :class:`RecordingBot` s; after each
    match, every seat accepts a rematch, until ``stop`` is set."""

    def __init__(
        self,
        plan: Plan,
        room: str,
        seats: Sequence[tuple[str, str]],
        stop: asyncio.Event,
        *,
        seed: int,
        pace: float,
        sessions: Sequence[str] = (),
    ) -> None:
        """``seats``: each seat's token and the URL of the process its bot uses;
        ``sessions``: at a correspondence table, each seat's person's session token."""
        self.plan = plan
        self.sessions = list(sessions)
        self.room = room
        self.stop = stop
        self.pace = pace
        """The most a bot waits before deciding, in seconds."""
        self.done = asyncio.Event()
        self.last_match: str | None = None
        self.problems: list[str] = []
        self.unanswered: list[str] = []
        """REST calls that got no answer at all (expected only while a process is dead)."""
        self.bots = [
            RecordingBot(self, index, token, url, seed * 100 + index)
            for index, (token, url) in enumerate(seats)
        ]

    @property
    def name(self) -> str:
        kind = "" if self.plan.kind == "live" else f", {self.plan.kind}"
        return f"room {self.room} ({self.plan.game} {self.plan.ruleset}{kind})"

    async def ended(self, match: str) -> None:
        """Seat 0 saw ``match`` end: a rematch (every seat accepts it, one after the other),
        or the table is done."""
        if self.last_match == match:
            return
        self.last_match = match
        if self.stop.is_set():
            self.done.set()
            return
        path = f"/api/rooms/{self.room}/rematch"
        deadline = time.monotonic() + REMATCH_SECONDS
        waiting = list(self.bots)  # every seat accepts: the last acceptance starts it
        while waiting and time.monotonic() < deadline:
            bot = waiting[0]
            answer = await rest("POST", bot.url, path, token=bot.token)
            if answer.status is not None and answer.status < 300:
                waiting.pop(0)
                continue
            if answer.status is None:
                self.unanswered.append(f"POST {path}: {answer.text}")
            elif answer.code == "room_closed":  # taken already, or the room is not over yet
                matches = await rest("GET", bot.url, f"/api/rooms/{self.room}/matches")
                if isinstance(matches.body, list) and matches.body[-1]["id"] != match:
                    return
            elif answer.status != 503:
                self.problems.append(f"{self.name}: the rematch was refused: {answer.text}")
                self.done.set()
                return
            await asyncio.sleep(_retry_after(answer))
        if waiting:
            self.problems.append(
                f"{self.name}: no rematch after match {match} in {REMATCH_SECONDS:.0f} s "
                f"(the room stays playing without a live match?)"
            )
            self.done.set()


async def open_table(
    plan: Plan,
    urls: Sequence[str],
    stop: asyncio.Event,
    *,
    seed: int,
    pace: float = 0.05,
    sessions: Sequence[str] = (),
) -> Table:
    """A room of ``plan`` created on ``urls[0]``, every seat taken (seat ``i`` through
    ``urls[i % len(urls)]``, where its bot plays) and its match started. A correspondence
    room's seat ``i`` is taken by the person signed in with ``sessions[i]``."""
    body: JsonObject = {
        "game": plan.game,
        "ruleset": plan.ruleset,
        "name": "bot0",
        "disconnect": {"policy": "forfeit" if plan.rated else "agent", "wait_seconds": 600},
        "rated": plan.rated,
    }
    if plan.kind == "correspondence":
        body["kind"] = plan.kind
        if plan.turn_seconds is not None:
            body["turn_seconds"] = plan.turn_seconds
    session = sessions[0] if sessions else None
    created = await ok("POST", urls[0], "/api/rooms", body, session=session)
    room = created["room"]["id"]
    seats = [(str(created["token"]), urls[0])]
    for index in range(1, len(created["room"]["seats"])):
        url = urls[index % len(urls)]
        session = sessions[index] if sessions else None
        path = f"/api/rooms/{room}/join"
        joined = await ok("POST", url, path, {"name": f"bot{index}"}, session=session)
        seats.append((str(joined["token"]), url))
    await ok("POST", urls[0], f"/api/rooms/{room}/start", token=str(created["host_token"]))
    return Table(plan, room, seats, stop, seed=seed, pace=pace, sessions=sessions)


async def sign_up(url: str, username: str) -> str:
    """A new account's session token (as a program holds it)."""
    body: JsonObject = {"username": username, "password": PASSWORD, "token": True}
    return str((await ok("POST", url, "/api/accounts", body))["token"])


async def open_tables(
    urls: Sequence[str], *, seed: int, copies: int = 1, correspondence: bool = True
) -> list[Table]:
    """``copies`` tables of every :data:`PLANS` plan, and (``correspondence``) of every
    :data:`CORRESPONDENCE_PLANS` plan, sharing one ``stop``; the seats of each spread over
    ``urls``, seat 0 of successive tables on successive ones. The correspondence tables' seats
    are two people's, who sign up first (on ``urls[0]``: fewer than its sign-ups at once)."""
    stop = asyncio.Event()
    tables = []
    plans = PLANS + (CORRESPONDENCE_PLANS + RATED_PLANS if correspondence else ())
    people: list[str] = []
    if correspondence:
        people = [await sign_up(urls[0], f"pen{seed}x{index}") for index in range(2)]
    for number, plan in enumerate(plans * copies):
        turned = [*urls[number % len(urls) :], *urls[: number % len(urls)]]
        live = plan.kind == "live"
        tables.append(
            await open_table(
                plan,
                turned,
                stop,
                seed=seed * 1000 + number,
                pace=0.05 if live else CORRESPONDENCE_PACE,
                sessions=people if plan.rated or not live else (),
            )
        )
    return tables


class Play:
    """The bots of ``tables`` playing, from :meth:`start` until :meth:`finish`."""

    def __init__(self, tables: Sequence[Table]) -> None:
        self.tables = tables
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(bot.run()) for table in self.tables for bot in table.bots
        ]

    async def finish(self, seconds: float) -> list[str]:
        """Stop the tables (each finishes its match) and wait for their bots, at most
        ``seconds``; what is stuck (and the bots that failed)."""
        for table in self.tables:
            table.stop.set()
        if not self._tasks:
            return []
        _, waiting = await asyncio.wait(self._tasks, timeout=seconds)
        stuck = stuck_tables(self.tables)
        for task in waiting:
            task.cancel()
        if waiting:  # let them close their connections
            await asyncio.wait(waiting, timeout=10)
        self._tasks = []
        return stuck


async def warmed_up(tables: Sequence[Table], decisions: int, seconds: float) -> list[str]:
    """Wait until every table's bots had ``decisions`` decisions acknowledged, at most
    ``seconds``; what is stuck if they did not."""
    deadline = time.monotonic() + seconds
    while any(sum(len(bot.acknowledged()) for bot in table.bots) < decisions for table in tables):
        if time.monotonic() > deadline:
            return ["the bots did not get going:", *stuck_tables(tables)]
        await asyncio.sleep(0.1)
    return []


# -- checks -----------------------------------------------------------------------------------


def stuck_tables(tables: Sequence[Table]) -> list[str]:
    """What each table that is not done is waiting for, seat by seat."""
    found = []
    for table in tables:
        if table.done.is_set() and all(bot.failure is None for bot in table.bots):
            continue
        found.append(f"{table.name} did not finish; last match {table.last_match}:")
        found += [f"    {bot.describe()}" for bot in table.bots]
    return found


SETTLING_SECONDS = 15.0
"""How long a match whose last decision is stored may take to be marked finished (when a
process died in between, by whichever process takes its lease)."""


async def settled(url: str, room: str) -> list[Any]:
    """The room's matches, once none is being played any more (or as they are after
    :data:`SETTLING_SECONDS`)."""
    deadline = time.monotonic() + SETTLING_SECONDS
    while True:
        matches: list[Any] = await ok("GET", url, f"/api/rooms/{room}/matches")
        if all(info["status"] == "finished" for info in matches) or time.monotonic() > deadline:
            return matches
        await asyncio.sleep(0.5)


async def record_problems(url: str, tables: Sequence[Table]) -> list[str]:
    """Every match of every table finished, its record replays to its stored final hash, every
    decision a bot saw acknowledged is stored once at its version, and every stored decision
    was sent by its seat at that version (none applied twice, none from elsewhere)."""
    problems = []
    for table in tables:
        sent = {sent for bot in table.bots for sent in bot.sent}
        acknowledged = {sent for bot in table.bots for sent in bot.acknowledged()}
        for info in await settled(url, table.room):
            match = info["id"]
            where = f"{table.name}, match {match}"
            if info["status"] != "finished" or info["outcome"] is None:
                problems.append(f"{where} never finished (at version {info['version']})")
                continue
            record = Record.from_json(await ok("GET", url, f"/api/matches/{match}/record"))
            try:
                replayed = Match.replay(find(table.plan.game), record, check=False)
            except RecordError as error:
                problems.append(f"{where}: the record does not replay: {error}")
                continue
            if replayed.hash() != record.final_hash:
                problems.append(f"{where}: the record does not replay to its final hash")
            stored = list(record.decisions)
            for version, (seat, text) in enumerate(stored):
                if Sent(match, version, seat, text) not in sent:
                    problems.append(
                        f"{where}: decision {version} (seat {seat}: {text!r}) was stored but "
                        "never sent at that version"
                    )
            for ack in sorted(acknowledged, key=lambda sent: sent.version):
                if ack.match == match and stored[ack.version : ack.version + 1] != [
                    (ack.seat, ack.text)
                ]:
                    problems.append(f"{where}: the acknowledged decision {ack} is not stored")
    return problems


async def rating_problems(url: str, tables: Sequence[Table]) -> list[str]:
    """Every finished match of the rated tables moved each of its people's ratings exactly
    once: each person's history holds each such match once, and nothing else, and their
    rating counts as many matches."""
    rated = [table for table in tables if table.plan.rated]
    if not rated:
        return []
    problems = []
    finished = sorted(
        [
            info["id"]
            for table in rated
            for info in await settled(url, table.room)
            if info["status"] == "finished" and info["version"] > 0
        ]
    )
    for session in dict.fromkeys(rated[0].sessions):
        username = (await ok("GET", url, "/api/session", session=session))["account"]["username"]
        shown = await ok("GET", url, f"/api/accounts/{username}/ratings")
        entries = [
            r for r in shown["ratings"] if (r["game"], r["rated"]) == ("karata", "standard-2")
        ]
        history = sorted(p["match"] for entry in entries for p in entry["history"])
        counted = sum(entry["matches"] for entry in entries)
        if history != finished or counted != len(finished):
            problems.append(
                f"{username}'s ratings count {counted} matches and their history holds "
                f"{history}, where the rated tables finished {finished}"
            )
    return problems


async def stuck_rooms(url: str, tables: Sequence[Table]) -> list[str]:
    """Rooms that are not as a finished room should be: over (no room "playing" without a
    live match), and a rematch starts a new live match."""
    problems = []
    for table in tables:
        room = await ok("GET", url, f"/api/rooms/{table.room}")
        matches = await ok("GET", url, f"/api/rooms/{table.room}/matches")
        if room["status"] != "finished":
            live = [info["id"] for info in matches if info["status"] == "playing"]
            problems.append(f"{table.name} is {room['status']!r} with live matches {live}")
            continue
        for bot in table.bots:  # each accepts; the last acceptance starts it
            path = f"/api/rooms/{table.room}/rematch"
            answer = await rest("POST", url, path, token=bot.token)
            if answer.status != 200:
                break
        after = await ok("GET", url, f"/api/rooms/{table.room}/matches")
        if answer.status != 200 or len(after) != len(matches) + 1:
            problems.append(f"{table.name}: no rematch possible: {answer.status} {answer.text}")
        elif after[-1]["status"] != "playing":
            problems.append(f"{table.name}: the rematch did not start: {after[-1]}")
    return problems


STALL_SECONDS = 10.0
"""How long a correspondence match may be seen awake at one version, counted while every
server process is up and the watcher reads storage, before it is reported as awake with
nobody putting it to sleep: a person's turn sleeps as soon as its driver has set the turn's
timer and told the person; a match whose driver died is another process's once its lease
(2 s) has run out; a restarted process sweeps at once."""
WATCH_SECONDS = 0.1
"""Seconds between two looks at the stored rows of the correspondence matches."""
REMATCH_SLEEPS_SECONDS = 15.0
"""How long a correspondence room's new match may take to be asleep, its person told."""


@dataclass(frozen=True, slots=True)
class Stored:
    """A correspondence match's row as storage holds it (what a runner decides by)."""

    id: str
    room: str
    version: int
    status: str
    wake_at: float | None
    lease_owner: str | None
    timer: JsonObject | None

    @property
    def asleep(self) -> bool:
        return self.status == "live" and self.wake_at is not None


def stored_row(row: Sequence[Any]) -> Stored:
    """A row as read from the database (id, room, version, status, wake time, lease owner,
    timer: the timer as JSON text, or as read)."""
    timer = json.loads(row[6]) if isinstance(row[6], str) else row[6]
    return Stored(
        id=row[0], room=row[1], version=row[2], status=row[3], wake_at=row[4],
        lease_owner=row[5], timer=timer,
    )  # fmt: skip


class Sleepers:
    """The stored rows of the correspondence tables' matches, looked at every
    :data:`WATCH_SECONDS` while the bots play, straight from the database.

    What must never be seen: a match asleep whose timer is not for its current version (asleep
    with a decision pending: appending a decision wakes a match, and a match is put to sleep
    only at the version its timer is for), or asleep with a lease; nor a live match awake at
    one version for :data:`STALL_SECONDS` while ``up`` says every process is up and its
    services answer (awake with nobody driving it). What must be seen: matches asleep, and
    decisions that woke them (a later version stored after one seen asleep)."""

    def __init__(self, database: str, tables: Sequence[Table], up: Callable[[], bool]) -> None:
        self.url = make_url(database)
        self.tables = [table for table in tables if table.plan.kind == "correspondence"]
        self.up = up
        self.problems: list[str] = []
        self.asleep: set[tuple[str, int]] = set()
        """The (match, version) pairs seen asleep."""
        self.woken: set[tuple[str, int]] = set()
        """The (match, version) pairs seen asleep and then moved on (a decision woke them)."""
        self.drivers: set[str] = set()
        """The processes seen holding the lease of an awake correspondence match."""
        self.looks = 0
        self._slept: dict[str, int] = {}
        self._awake: dict[str, tuple[int, float]] = {}
        self._clock = 0.0
        """Seconds counted while every process was up (the stall's clock)."""
        self._postgres: asyncpg.Connection | None = None
        self._sqlite: sqlite3.Connection | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch(), name="sleepers")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            # A read cancelled on a connection the fault cut may end in asyncpg's own error.
            with contextlib.suppress(asyncio.CancelledError, asyncpg.InternalClientError):
                await self._task
            self._task = None
        if self._postgres is not None:
            with contextlib.suppress(Exception):
                await self._postgres.close()
            self._postgres = None
        if self._sqlite is not None:
            self._sqlite.close()
            self._sqlite = None

    async def read(self) -> list[Stored]:
        """The rows of every match of the correspondence tables."""
        rooms = [table.room for table in self.tables]
        columns = "id, room_id, version, status, wake_at, lease_owner, timer"
        if self.url.get_backend_name() == "sqlite":
            if self._sqlite is None:
                self._sqlite = sqlite3.connect(
                    self.url.database or "", timeout=5, check_same_thread=False
                )
            marks = ", ".join("?" for _ in rooms)
            sql = f"SELECT {columns} FROM matches WHERE room_id IN ({marks})"
            opened = self._sqlite
            found: list[Any] = await asyncio.to_thread(
                lambda: opened.execute(sql, rooms).fetchall()
            )
        else:
            if self._postgres is None:
                plain = self.url.set(drivername="postgresql")
                self._postgres = await asyncpg.connect(
                    plain.render_as_string(hide_password=False), timeout=5
                )
            sql = f"SELECT {columns} FROM matches WHERE room_id = ANY($1::text[])"
            found = list(await self._postgres.fetch(sql, rooms, timeout=5))
        return [stored_row(row) for row in found]

    async def _watch(self) -> None:
        counted: float | None = None
        while True:
            up = self.up()
            try:
                rows: list[Stored] | None = await self.read()
            except (
                OSError,
                TimeoutError,
                asyncpg.PostgresError,
                asyncpg.InterfaceError,
                asyncpg.InternalClientError,  # a connection cut in the middle of a read
                sqlite3.Error,
            ):
                rows = None  # the database is away (a fault): look again
                if self._postgres is not None:
                    with contextlib.suppress(Exception):
                        self._postgres.terminate()
                    self._postgres = None
            now = time.monotonic()
            if counted is not None and up and rows is not None:
                self._clock += now - counted
            counted = now if up and rows is not None else None
            if rows is not None:
                self.look(rows)
            await asyncio.sleep(WATCH_SECONDS)

    def look(self, rows: Sequence[Stored]) -> None:
        """Take one look at every correspondence match's row."""
        self.looks += 1
        for row in rows:
            slept = self._slept.get(row.id)
            if slept is not None and (row.version > slept or row.status != "live"):
                self.woken.add((row.id, slept))
                del self._slept[row.id]
            if row.status != "live":
                self._awake.pop(row.id, None)
                continue
            where = f"match {row.id} (room {row.room}) at version {row.version}"
            if row.asleep:
                self.asleep.add((row.id, row.version))
                self._slept[row.id] = row.version
                self._awake.pop(row.id, None)
                timer = row.timer or {}
                if timer.get("version") != row.version:
                    self._problem(f"{where} is asleep with a decision pending: timer {timer}")
                if row.lease_owner is not None:
                    self._problem(f"{where} is asleep and leased by {row.lease_owner}")
                continue
            if row.lease_owner is not None:
                self.drivers.add(row.lease_owner)
            seen = self._awake.get(row.id)
            if seen is None or seen[0] != row.version:
                self._awake[row.id] = (row.version, self._clock)
            elif self._clock - seen[1] > STALL_SECONDS:
                self._problem(
                    f"{where} is awake with nobody putting it to sleep for over "
                    f"{STALL_SECONDS:.0f} s of every process up (lease: {row.lease_owner}, "
                    f"timer {row.timer})"
                )

    def _problem(self, text: str) -> None:
        if text not in self.problems:
            self.problems.append(text)

    def missed(self) -> list[str]:
        """What was never seen: each table's matches asleep, and woken by a decision sent
        through each process's address."""
        problems = []
        if not self.looks:
            problems.append("the correspondence matches' rows were never read")
        through: dict[str, str] = {}
        for table in self.tables:
            woken = {(match, version) for match, version in self.woken}
            for bot in table.bots:
                for sent in bot.sent:
                    if (sent.match, sent.version) in woken:
                        through[bot.url] = f"{sent.match}@{sent.version}"
            matches = {sent.match for bot in table.bots for sent in bot.sent}
            if not any(match in matches for match, _ in self.woken):
                problems.append(
                    f"{table.name}: no match was seen woken by a decision (seen asleep "
                    f"{sum(match in matches for match, _ in self.asleep)} times)"
                )
        urls = {bot.url for table in self.tables for bot in table.bots}
        problems += [
            f"no decision sent through {url} was seen waking a sleeping match"
            for url in sorted(urls - set(through))
        ]
        return problems

    def summary(self) -> str:
        return (
            f"correspondence: {len(self.asleep)} turns seen asleep, {len(self.woken)} seen "
            f"woken by a decision, {len(self.drivers)} processes seen driving, "
            f"{self.looks} looks"
        )

    async def rematches_sleep(self, url: str) -> list[str]:
        """Each correspondence table's newest match (a rematch :func:`stuck_rooms` started)
        falls asleep at its first turn within :data:`REMATCH_SLEEPS_SECONDS`, the person to
        act told (``your_turn`` in their inbox, for that match)."""
        problems = []
        deadline = time.monotonic() + REMATCH_SLEEPS_SECONDS
        for table in self.tables:
            match = (await ok("GET", url, f"/api/rooms/{table.room}/matches"))[-1]["id"]
            while True:
                row = next((row for row in await self.read() if row.id == match), None)
                timer = row.timer if row is not None else None
                seat = timer.get("seat") if timer else None
                told = False
                if row is not None and row.asleep and isinstance(seat, int):
                    inbox = await ok("GET", url, "/api/notifications", session=table.sessions[seat])
                    told = any(
                        notice["kind"] == "your_turn" and notice["data"].get("match") == match
                        for notice in inbox["notifications"]
                    )
                if told:
                    break
                if time.monotonic() > deadline:
                    problems.append(
                        f"{table.name}: its new match {match} is not asleep with its person "
                        f"told: {row}"
                    )
                    break
                await asyncio.sleep(0.2)
        return problems


async def afterwards(
    play: Play,
    url: str,
    log: Path,
    *,
    seconds: float,
    allowed: frozenset[str],
    faults: bool,
    sleepers: Sleepers | None = None,
) -> list[str]:
    """Every check once the play is over (the bots have ``seconds`` to finish): nothing
    stuck, then every record right and no room stuck; no refusal beyond ``allowed`` codes; no
    traceback or 5xx answer in the log. ``faults``: the services had faults, the server
    processes did not die, so no bot may have lost its connection, nor a REST call its answer.
    ``sleepers``: what it saw of the correspondence matches (stopped here), and their
    rematches fall asleep."""
    problems = await play.finish(seconds)
    tables = play.tables
    if sleepers is not None:
        await sleepers.stop()
        problems += sleepers.problems + sleepers.missed()
    if not problems:
        problems += await record_problems(url, tables)
        problems += await rating_problems(url, tables)
        problems += await stuck_rooms(url, tables)
        if sleepers is not None and not problems:
            problems += await sleepers.rematches_sleep(url)
            await sleepers.stop()
    for table in tables:
        problems += table.problems
        for bot in table.bots:
            problems += [
                f"{table.name}, seat {bot.index} was sent {error.code.value} "
                f"({error.refers_to}): {error.message}"
                for error in bot.errors
                if error.code.value not in allowed
            ]
            if faults and bot.client is not None and bot.client.reconnects:
                problems.append(f"{table.name}, seat {bot.index} lost its connection")
        if faults:
            problems += [f"{table.name}: no answer to {call}" for call in table.unanswered]
    return problems + log_problems(log.read_text(encoding="utf-8", errors="replace"))


TRACEBACK = "Traceback (most recent call last)"
SERVER_ERROR = re.compile(r'" 5(?!03)\d\d ')
"""An access-log line of a 5xx answer other than 503 (the outage's answer)."""


LINKS = ("The above exception", "During handling of the above")
"""How Python joins the exceptions of one chain."""


def log_problems(log: str) -> list[str]:
    r"""Tracebacks and 5xx answers in a server's log, each once with its count: a chain of
    exceptions as the line logged with it and its last exception.

    >>> log_problems("sweep failed\nTraceback (most recent call last):\n  File x\nKeyError: 1")
    ["a traceback logged after 'sweep failed': KeyError: 1"]
    """
    lines = log.splitlines()
    found: dict[str, int] = {}
    number = 0
    while number < len(lines):
        line = lines[number]
        if SERVER_ERROR.search(line):
            text = f"a 5xx answer: {line.strip()}"
            number += 1
        elif TRACEBACK in line or (_plain(line) and _next(lines, number + 1).startswith(LINKS)):
            logged = next((text for text in reversed(lines[:number]) if text.strip()), "")
            number, error = _chain(lines, number)
            text = f"a traceback logged after {logged.strip()!r}: {error}"
        else:
            number += 1
            continue
        found[text] = found.get(text, 0) + 1
    return [text if count == 1 else f"{count} times: {text}" for text, count in found.items()]


def _chain(lines: Sequence[str], number: int) -> tuple[int, str]:
    """Where the chain of exceptions starting at ``number`` ends, and its last exception."""
    error = ""
    while number < len(lines):
        if TRACEBACK in lines[number]:
            number += 1
            while number < len(lines) and lines[number].startswith((" ", "\t")):
                number += 1
        error = lines[number] if number < len(lines) else ""
        number += 1
        while number < len(lines) and lines[number].startswith(("(Background", "[SQL", "[par")):
            while not lines[number].rstrip().endswith(("]", ")")) and number + 1 < len(lines):
                number += 1  # an SQL statement over several lines
            number += 1
        number += _blank(lines, number)
        if number >= len(lines) or not lines[number].startswith(LINKS):
            return number, error
        number += 1  # the link, then the next exception of the chain
        number += _blank(lines, number)
    return number, error


def _next(lines: Sequence[str], number: int) -> str:
    """The first line from ``number`` on that is not blank ('' if none)."""
    return next((text for text in lines[number:] if text.strip()), "")


def _blank(lines: Sequence[str], number: int) -> int:
    """How many blank lines start at ``number``."""
    count = 0
    while number + count < len(lines) and not lines[number + count].strip():
        count += 1
    return count


def _plain(line: str) -> bool:
    """A line that can be an exception printed without its traceback."""
    return bool(line.strip()) and not line.startswith((" ", "\t", *LINKS)) and ":" in line


def report(problems: Sequence[str], log: Path, summary: str = "") -> str:
    """The message of a failed test: what went wrong, then the end of the server's log."""
    tail = log.read_text(encoding="utf-8", errors="replace")[-6000:] if log.exists() else ""
    return "\n".join([summary, *problems, "--- the end of the server log ---", tail])


def _number(key: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


def _retry_after(answer: Answer) -> float:
    retry = (answer.headers or {}).get("retry-after", "")
    return min(2.0, float(retry)) if retry.isdigit() else 0.3
