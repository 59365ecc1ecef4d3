"""The WebSocket protocol fuzzed against a real ``cardtable serve``, in a room with a match on.

Messages drawn by Hypothesis from the protocol's JSON Schema (valid ones, near misses, any JSON
at all), then hand-written hostile frames (binary, invalid UTF-8, deep nesting, huge numbers,
lone surrogates, oversized, wrong and unknown types), wrong hellos and floods, go over a real
socket to a real server process: once on SQLite, once on PostgreSQL with Redis fan-out.

What must hold:

* every refusal is an ``error`` with a code the protocol page documents, and for a message the
  protocol's own reader refuses, exactly the code it gives;
* the server closes a connection only where the protocol page says so (a wrong hello, a
  flood; and the WebSocket standard's own closes of a text frame that is not UTF-8, 1007, and
  of a frame past the WebSocket layer's limit);
* the server's log holds no traceback;
* the room's match still works: the seat to act makes a legal decision, and it is taken.

Each set-up is one test that goes through every part and then lists all that went wrong (one
server process a test, however pytest-xdist spreads them). The budget is fixed: a set number
of examples, drawn the same way every run, and no shrinking.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cardtable.protocol import ErrorCode, ProtocolError, read_client
from cardtable.protocol.limits import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from tests import services
from tests.protocol.strategies import ANY_JSON, ANY_TEXT, near_miss, valid
from tests.server.processes import Served, servers

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
FUZZ = settings(
    max_examples=250,
    deadline=None,
    database=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""A fixed budget, drawn the same way every run (a second or two a set-up)."""
RECEIVE_SECONDS = 10.0
POLICY_VIOLATION = 1008
SMALL_TCG = {"starting_health": 30, "first_hand": 1, "second_hand": 2}
"""A Kata TCG match that no handful of stray decisions can finish."""
FLOOD_RATE = 5
"""Messages a second the flood test's server allows (bursts of three seconds' worth)."""
_nonces = itertools.count(7_000_000_000_000)


def documented_codes() -> set[str]:
    """The error codes in docs/protocol.md's table of errors."""
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE))


class Closed(Exception):
    """The server closed the connection (``code`` ``None``: without a closing frame)."""

    def __init__(self, closed: ConnectionClosed) -> None:
        frame = closed.rcvd
        self.code = None if frame is None else frame.code
        super().__init__(f"closed with code {self.code}: {'' if frame is None else frame.reason}")


class Wire:
    """One connection to a room, over a real socket."""

    def __init__(self, server: Served, room: str) -> None:
        self._stack = ExitStack()
        self.socket: ClientConnection = self._stack.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}", open_timeout=10)
        )
        self.view: dict[str, Any] | None = None
        self.received: list[dict[str, Any]] = []

    def close(self) -> None:
        self._stack.close()

    def send(self, data: str | bytes | list[str], *, text: bool | None = None) -> None:
        """Send ``data`` in one frame (a list: one message, a frame for each part)."""
        try:
            self.socket.send(data, text=text)
        except ConnectionClosed as closed:
            raise Closed(closed) from None

    def receive(self) -> dict[str, Any]:
        try:
            raw = self.socket.recv(timeout=RECEIVE_SECONDS)
        except ConnectionClosed as closed:
            raise Closed(closed) from None
        assert isinstance(raw, str), f"the server sent a binary frame: {raw!r}"
        message: dict[str, Any] = json.loads(raw)
        self.received.append(message)
        if message["type"] == "view":
            self.view = message
        return message

    def closed(self) -> Closed | None:
        """How the server closed this connection, once every message before was read;
        ``None``: it is still open (nothing came for :data:`RECEIVE_SECONDS`)."""
        while True:
            try:
                self.receive()
            except Closed as closed:
                return closed
            except TimeoutError:
                return None

    def hello(self, token: str | None) -> dict[str, Any]:
        """Say hello; the welcome (or the error that refused it)."""
        self.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token}))
        while True:
            message = self.receive()
            if message["type"] in ("welcome", "error"):
                return message

    def view_from(self, version: int) -> dict[str, Any]:
        """The latest view if it is of at least ``version``, else the first such to come."""
        while self.view is None or self.view["version"] < version:
            self.receive()
        return self.view

    def exchange(self, data: str | bytes | None, *, text: bool | None = None) -> list[str]:
        """Send ``data`` (if any), then a ping; the codes of the errors that came before the
        pong (the server answers a connection's messages in order: that is every answer to
        ``data``), each checked to be documented and a plain sentence."""
        nonce = next(_nonces)
        if data is not None:
            self.send(data, text=text)
        self.send(json.dumps({"type": "ping", "nonce": nonce}))
        codes: list[str] = []
        while (message := self.receive()) != {"type": "pong", "nonce": nonce}:
            if message["type"] == "error":
                codes.append(plain_error(message))
        return codes


def plain_error(message: dict[str, Any]) -> str:
    """The code of an ``error`` message, after checking it is documented and its sentence is
    one a person can read."""
    assert message["code"] in documented_codes(), f"an undocumented code: {message}"
    sentence = message["message"]
    assert sentence.strip(), message
    for machine in ("Traceback", "pydantic", "ValidationError"):
        assert machine not in sentence, message
    code: str = message["code"]
    return code


def _policy(ending: Closed | None) -> bool:
    """Whether the server closed for a policy violation (1008), as the protocol page says."""
    return ending is not None and ending.code == POLICY_VIOLATION


# -- a live room on a real server ---------------------------------------------------------------


@dataclass
class Live:
    """A server process, and a room of it where a match between seats 0 and 1 is on."""

    server: Served
    room: str
    tokens: dict[int, str]
    problems: list[str] = field(default_factory=list)
    """What went wrong, part by part."""

    def wire(self, seat: int | None = 0) -> Wire:
        """A connection of ``seat`` (``None``: a spectator), welcomed and shown the match."""
        wire = Wire(self.server, self.room)
        welcome = wire.hello(None if seat is None else self.tokens[seat])
        assert welcome["type"] == "welcome", welcome
        wire.view_from(0)
        return wire

    def check(self, part: str, case: str, passed: bool, detail: object) -> None:
        if not passed:
            self.problems.append(f"{part}, {case}: {detail}")

    def still_works(self) -> None:
        """The seat to act makes a legal decision, and it is taken (its sender sees the next
        version); the server's log holds no traceback. Then every problem is reported."""
        try:
            watcher = self.wire(None)
            seat = watcher.view_from(0)["to_act"]
            watcher.close()
            acting = self.wire(seat)
            view = acting.view_from(0)
            decision = {
                "type": "decide",
                "decision": view["legal"][0]["text"],
                "version": view["version"],
            }
            self.check("afterwards", "a legal decision", not acting.exchange(json.dumps(decision)),
                       acting.received[-3:])  # fmt: skip
            acting.view_from(view["version"] + 1)
            acting.close()
        except (AssertionError, Closed, TimeoutError) as error:
            self.problems.append(f"afterwards, the match does not work: {error!r}")
        log = self.server.log.read_text(encoding="utf-8", errors="replace")
        self.check("the server's log", "no traceback", "Traceback" not in log, _tracebacks(log))
        assert not self.problems, "\n".join(self.problems)


def _tracebacks(log: str) -> str:
    """The tracebacks in ``log``, each with the line before it."""
    lines = log.splitlines()
    found = []
    for at, line in enumerate(lines):
        if line.startswith("Traceback"):
            end = next((n for n in range(at + 1, len(lines)) if lines[n][:1] != " "), at)
            found.append("\n".join(lines[max(0, at - 1) : end + 1]))
    return "\n---\n".join(found)


def _live(server: Served, game: str, ruleset: dict[str, Any]) -> Live:
    seats = [{"kind": "open"}, {"kind": "open"}]
    body = {"name": "ann", "game": game, "ruleset": ruleset, "seats": seats}
    created = server.post("/api/rooms", body)
    room = created["room"]["id"]
    joined = server.post(f"/api/rooms/{room}/join", {"name": "bob"})
    server.post(f"/api/rooms/{room}/start", {}, token=created["host_token"])
    return Live(server, room, {0: created["token"], 1: joined["token"]})


@pytest.fixture(params=["sqlite", "postgresql+redis"])
def live(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Live]:
    """A real server (SQLite; or PostgreSQL with Redis fan-out) with a match on."""
    database, redis, dropped = f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}", None, None
    if request.param != "sqlite":
        services.need("PostgreSQL", services.POSTGRES)
        services.need("Redis", services.REDIS)
        dropped = f"cardtable_fuzz_{os.getpid()}"
        database, redis = services.create_database(dropped), services.REDIS
    try:
        with servers(tmp_path / "serve.log") as started:
            yield _live(started.start(database, redis=redis), "tcg", SMALL_TCG)
    finally:
        if dropped is not None:
            services.drop_database(dropped)


# -- what is sent ---------------------------------------------------------------------------------


def local_code(raw: str) -> str | None:
    """The code the protocol's own reader refuses ``raw`` with; ``None``: it reads it."""
    try:
        read_client(raw)
    except ProtocolError as refused:
        return refused.code.value
    return None


ANSWERS_TO_VALID: dict[str, set[str]] = {
    "hello": {ErrorCode.BAD_MESSAGE.value},  # hello comes once
    "decide": {"not_your_turn", "stale_version", "illegal_decision", "match_over", "too_many"},
    "chat": {ErrorCode.TOO_MANY.value},
    "ping": set(),
    "auto": {"not_your_seat", "no_auto_play", "too_many"},  # another seat; a game with choices
    "pace": {ErrorCode.TOO_MANY.value},
}
"""The refusals a message the protocol reads may still get, by its type."""

MESSAGES = st.one_of(
    valid("ClientMessage"),
    near_miss("ClientMessage"),
    st.dictionaries(st.sampled_from(["type", "decision", "version", "text"]) | ANY_TEXT, ANY_JSON),
    ANY_JSON,
)


def _deep(depth: int) -> str:
    return '{"type": "ping", "nonce": ' + "[" * depth + "]" * depth + "}"


HOSTILE: list[tuple[str, str | bytes, str]] = [
    ("binary JSON", b'{"type": "ping", "nonce": 1}', "bad_message"),
    ("binary garbage", b"\x00\xff\xfe\x80", "bad_message"),
    ("binary invalid UTF-8", b'{"type": "chat", "text": "\xc3\x28"}', "bad_message"),
    ("a binary mebibyte", b"x" * 2**20, "bad_message"),
    ("empty text", "", "bad_message"),
    ("not JSON", "{type: ping}", "bad_message"),
    ("JSON null", "null", "bad_message"),
    ("a list", "[1, 2, 3]", "bad_message"),
    ("a deep list", "[" * (MAX_MESSAGE_BYTES - 10), "bad_message"),
    ("deep inside", _deep(5000), "bad_message"),
    ("deep objects", '{"a":' * 2500 + "1" + "}" * 2500, "bad_message"),
    ("a huge number", '{"type": "ping", "nonce": ' + "9" * 5000 + "}", "bad_message"),
    ("a huge version", '{"type": "decide", "decision": "end", "version": 1' + "0" * 400 + "}",
     "stale_version"),
    ("a float past the largest", '{"type": "ping", "nonce": 1e400}', "bad_message"),
    ("NaN", '{"type": "ping", "nonce": NaN}', "bad_message"),
    ("minus zero", '{"type": "ping", "nonce": -0.0}', "bad_message"),
    ("a lone surrogate in chat", '{"type": "chat", "text": "\\ud800"}', "bad_message"),
    ("a lone surrogate decision", '{"type": "decide", "decision": "\\udfff", "version": 0}',
     "bad_message"),
    ("a lone surrogate type", '{"type": "\\udbff"}', "unknown_type"),
    ("a lone surrogate key", '{"type": "ping", "\\ud800": 1}', "bad_message"),
    ("a version as text", '{"type": "decide", "decision": "end", "version": "0"}',
     "bad_message"),
    ("a true nonce", '{"type": "ping", "nonce": true}', "bad_message"),
    ("a number type", '{"type": 3}', "unknown_type"),
    ("a null type", '{"type": null}', "bad_message"),
    ("an unknown type", '{"type": "dance"}', "unknown_type"),
    ("a server's type", '{"type": "welcome"}', "unknown_type"),
    ("a shouted type", '{"type": "PING"}', "unknown_type"),
    ("two types", '{"type": "ping", "type": "dance"}', "unknown_type"),
    ("just over the limit", json.dumps({"type": "chat", "text": "x" * MAX_MESSAGE_BYTES}),
     "too_large"),
    ("a mebibyte", "x" * 2**20, "too_large"),
    ("over the limit in UTF-8", json.dumps({"type": "chat", "text": "é" * 9000},
                                           ensure_ascii=False), "too_large"),
    ("NUL in chat", '{"type": "chat", "text": "\\u0000"}', "chat_empty"),
    ("hello again", json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "token": "é"}),
     "bad_message"),
]  # fmt: skip
"""Frames a hostile client sends after its hello, each with the code it must be answered."""


def _hello(token: object, protocol: object = PROTOCOL_VERSION, **extra: object) -> str:
    return json.dumps({"type": "hello", "protocol": protocol, "token": token, **extra})


WRONG_HELLOS: list[tuple[str, str | bytes, str]] = [
    ("ping first", json.dumps({"type": "ping", "nonce": 1}), "hello_first"),
    ("decide first", json.dumps({"type": "decide", "decision": "end", "version": 0}),
     "hello_first"),
    ("chat first", json.dumps({"type": "chat", "text": "hi"}), "hello_first"),
    ("garbage first", "{hello", "bad_message"),
    ("binary first", _hello(None).encode(), "bad_message"),
    ("an unknown type first", json.dumps({"type": "dance"}), "unknown_type"),
    ("a non-ASCII token", _hello("é"), "bad_token"),
    ("an emoji token", _hello("\U0001f600" * 3), "bad_token"),
    ("a lone surrogate token", _hello("\ud800"), "bad_message"),
    ("a NUL token", _hello("\x00"), "bad_token"),
    ("a token too long", _hello("t" * 257), "bad_message"),
    ("an unknown token", _hello("no such token"), "bad_token"),
    ("a future protocol", _hello(None, protocol=99), "protocol_version"),
    ("a hello with a seat", _hello(None, seat=1), "bad_message"),
]  # fmt: skip
"""First messages that are not a good hello, each with its code; the server then closes."""

STANDARD_CLOSES: list[tuple[str, bytes, set[int | None]]] = [
    ("a text frame that is not UTF-8", b'{"type": "ping", "nonce": "\xff"}', {1007}),
    # The close frame may be lost while the frame is still being sent: closed, any way.
    ("a frame past the WebSocket layer's 16 MiB", b"x" * (17 * 2**20), {1009, None}),
]
"""Frames the WebSocket layer itself refuses (RFC 6455), and how it closes."""


# -- the tests ------------------------------------------------------------------------------------


def test_a_live_room_takes_whatever_comes_over_its_socket(live: Live) -> None:
    wire = live.wire(0)

    @FUZZ
    @given(MESSAGES)
    def answered(message: Any) -> None:
        raw = json.dumps(message)
        expected = local_code(raw)
        codes = wire.exchange(raw)
        if expected is not None:
            assert codes == [expected], (message, codes)
        else:
            assert len(codes) <= 1, (message, codes)
            assert set(codes) <= ANSWERS_TO_VALID[message["type"]], (message, codes)

    try:
        answered()
    except (AssertionError, Closed) as error:
        live.problems.append(f"messages from the schema: {error}")
        wire = live.wire(0)

    for name, data, code in HOSTILE:
        try:
            codes = wire.exchange(data)
        except Closed as closed:
            live.check("hostile frames", name, False, closed)
            wire = live.wire(0)
            continue
        live.check("hostile frames", name, codes == [code], f"{codes}, not [{code!r}]")
    wire.send(['{"type": "ping", ', '"nonce": 5}'])  # one message in two frames
    live.check("hostile frames", "a fragmented message", wire.receive()["type"] == "pong", "")
    wire.close()

    for name, first, code in WRONG_HELLOS:
        stranger = Wire(live.server, live.room)
        stranger.send(first)
        try:
            answer = stranger.receive()
            refused = answer["type"] == "error" and plain_error(answer) == code
            live.check("wrong hellos", name, refused, f"{answer}, not {code!r}")
            ending = stranger.closed()
            live.check("wrong hellos", name, _policy(ending), ending or "not closed")
        except Closed as closed:
            live.check("wrong hellos", name, False, f"{closed} before any answer")
        stranger.close()

    for name, frame, endings in STANDARD_CLOSES:
        doomed = live.wire(0)
        try:
            doomed.exchange(frame, text=True)
            live.check("frames the WebSocket refuses", name, False, "the connection went on")
        except Closed as closed:
            live.check("frames the WebSocket refuses", name, closed.code in endings, closed)
        doomed.close()

    live.still_works()


FLOODS: list[tuple[str, str | bytes]] = [
    ("pings", json.dumps({"type": "ping", "nonce": 1})),
    ("garbage", "{not json"),
    ("binary frames", b'{"type": "ping", "nonce": 1}'),
]


def test_a_flood_is_slowed_down_then_closed(tmp_path: Path) -> None:
    """'A connection whose messages keep coming after that, 20 refused in a row, is closed
    (WebSocket code 1008, policy violation).'"""
    with servers(tmp_path / "serve.log") as started:
        server = started.start(
            f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}",
            extra=("--messages-per-second", str(FLOOD_RATE)),
        )
        live = _live(server, "war", {"suits": 1, "ranks": 6})
        for name, frame in FLOODS:
            wire = live.wire(0)
            try:
                for _ in range(500):
                    wire.send(frame)
            except Closed:
                pass  # closed before all went: the answers sent before are still to be read
            ending = wire.closed()
            live.check("floods", name, _policy(ending), ending or "not closed")
            slowed = [m for m in wire.received if m.get("code") == ErrorCode.TOO_MANY.value]
            live.check("floods", name, bool(slowed), f"no too_many: {wire.received[-2:]}")
            wire.close()
        live.still_works()
