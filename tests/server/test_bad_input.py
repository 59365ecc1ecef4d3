"""Bad input of every kind gets a typed refusal, and changes nothing.

On the WebSocket each refusal is an ``error`` message with the right code, a plain sentence
and, where the server can tell, the type of message it answers; the match (its version and
its stored record), the room and the chat are as they were, and the connection goes on, or
is closed where the protocol page says so. On the REST lobby each refusal is a problem
document with a fitting status.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import pytest
from starlette.testclient import TestClient

from cardtable.engine.decisions import Decision
from cardtable.engine.errors import DecisionError
from cardtable.engine.match import Match
from cardtable.engine.record import Record
from cardtable.games import find
from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.limits import MAX_CHAT_CHARS, MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from cardtable.server.live import LiveMatch
from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.wire import Closed, Recorder, errors, sockets

SMALL_TCG = {"starting_health": 12, "first_hand": 1, "second_hand": 2}


def plain(sentence: object) -> str:
    """A sentence for a person: text, not a dump of a data structure or a traceback."""
    assert isinstance(sentence, str), sentence
    assert sentence.strip(), sentence
    assert sentence[0] not in "[{", sentence
    for machine in ("Traceback", "pydantic", "ValidationError"):
        assert machine not in sentence, sentence
    return sentence


def refusal(
    messages: list[dict[str, Any]], code: ErrorCode, refers_to: str | None
) -> dict[str, Any]:
    """The one error among ``messages``: ``code``, answering ``refers_to``; nothing else of
    the match or the chat came with it."""
    found = errors(messages)
    assert len(found) == 1, messages
    error = found[0]
    assert set(error) == {"type", "code", "message", "refers_to", "refusal", "penalised"}, error
    assert (error["code"], error["refers_to"]) == (code.value, refers_to), error
    assert error["penalised"] is False, error  # nothing was taken
    if code not in (ErrorCode.ILLEGAL_DECISION, ErrorCode.NOT_YOUR_TURN, ErrorCode.MATCH_OVER):
        assert error["refusal"] is None, error  # no rule refused it: the message was wrong
    plain(error["message"])
    assert not [m for m in messages if m["type"] in ("view", "events", "chat")], messages
    return error


class Answer(Protocol):
    """An HTTP response, as the test client gives it."""

    @property
    def status_code(self) -> int: ...
    @property
    def text(self) -> str: ...
    def json(self) -> Any: ...


def problem(answer: Answer, status: int, code: str) -> str:
    """The REST refusal's sentence, after checking its status and problem document."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"code", "message", "refusal", "field"}, body
    assert body["code"] == code, body
    return plain(body["message"])


# -- a match with two people and a spectator ---------------------------------------------------


@dataclass
class Table:
    client: TestClient
    room: str
    host_token: str
    tokens: dict[int, str]
    connections: dict[int | None, Recorder] = field(default_factory=dict)

    @property
    def match(self) -> str:
        found = self.client.get(f"/api/rooms/{self.room}").json()["match"]
        assert isinstance(found, str)
        return found

    def snapshot(self) -> tuple[Any, ...]:
        """The match and the room as the lobby shows them."""
        room = self.client.get(f"/api/rooms/{self.room}").json()
        matches = self.client.get(f"/api/rooms/{self.room}/matches").json()
        return room, matches


@contextmanager
def table(client: TestClient, game: str = "tcg", ruleset: Any = None) -> Iterator[Table]:
    """A started match between two clients (seats 0 and 1), watched by a spectator."""
    created = create(
        client,
        game=game,
        ruleset=SMALL_TCG if ruleset is None else ruleset,
        seats=[{"kind": "open"}, {"kind": "open"}],
    )
    room = created["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"})
    assert joined.status_code == 200, joined.text
    tokens = {0: created["token"], 1: joined.json()["token"]}
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    seated = Table(client, room, created["host_token"], tokens)
    with sockets(client) as connect:
        for seat, token in [*tokens.items(), (None, None)]:
            connection = connect(f"/ws/rooms/{room}", f"seat {seat}")
            assert connection.hello(token)["type"] == "welcome"
            connection.view_from(0)
            connection.answer(None)
            seated.connections[seat] = connection
        yield seated


def to_act(played: Table) -> tuple[int, dict[str, Any]]:
    """The seat to act and its latest view (read up to the match's present version)."""
    version = played.client.get(f"/api/matches/{played.match}").json()["version"]
    view = played.connections[None].view_from(version)
    seat = view["to_act"]
    return seat, played.connections[seat].view_from(version)


def decide(text: object, version: object, **extra: Any) -> dict[str, Any]:
    return {"type": "decide", "decision": text, "version": version, **extra}


def say(connection: Recorder, text: str) -> dict[str, Any]:
    """Say ``text`` in the room's chat; the line as the room got it."""
    connection.send({"type": "chat", "text": text})
    heard = connection.until(lambda m: m["type"] in ("chat", "error"))[-1]
    assert (heard["type"], heard.get("text")) == ("chat", text), heard
    return heard


def test_bad_messages_get_typed_errors_and_change_nothing(database_url: str) -> None:
    with server(database_url) as client, table(client) as played:
        seat, view = to_act(played)
        other = 1 - seat
        acting, waiting = played.connections[seat], played.connections[other]
        version = view["version"]
        legal = view["legal"][0]["text"]
        first_chat = say(acting, "first")
        for connection in (waiting, played.connections[None]):
            connection.until(lambda m: m["type"] == "chat")
        before = played.snapshot()

        cases: list[tuple[str, ErrorCode, str | None, str]] = [
            ("{not json", ErrorCode.BAD_MESSAGE, None, "not valid JSON"),
            ("[1, 2]", ErrorCode.BAD_MESSAGE, None, "JSON object"),
            ('"decide"', ErrorCode.BAD_MESSAGE, None, "JSON object"),
            ('{"decision": "end"}', ErrorCode.BAD_MESSAGE, None, "no type"),
            ('{"type": "dance"}', ErrorCode.UNKNOWN_TYPE, None, "decide"),
            ('{"type": 7}', ErrorCode.UNKNOWN_TYPE, None, "decide"),
            (json.dumps({"type": "decide", "decision": legal}), ErrorCode.BAD_MESSAGE,
             "decide", "'version'"),
            (json.dumps(decide(legal, version, extra=1)), ErrorCode.BAD_MESSAGE, "decide",
             "'extra'"),
            (json.dumps(decide(legal, version, seat=other)), ErrorCode.BAD_MESSAGE, "decide",
             "'seat'"),
            (json.dumps(decide(legal, str(version))), ErrorCode.BAD_MESSAGE, "decide",
             "'version'"),
            (json.dumps(decide(legal, -1)), ErrorCode.BAD_MESSAGE, "decide", "'version'"),
            (json.dumps(decide(7, version)), ErrorCode.BAD_MESSAGE, "decide", "'decision'"),
            (json.dumps(decide("", version)), ErrorCode.BAD_MESSAGE, "decide", "'decision'"),
            (json.dumps({"type": "chat", "text": 5}), ErrorCode.BAD_MESSAGE, "chat", "'text'"),
            (json.dumps({"type": "ping", "nonce": 2**60}), ErrorCode.BAD_MESSAGE, "ping",
             "'nonce'"),
            (json.dumps({"type": "ping", "nonce": 1.5}), ErrorCode.BAD_MESSAGE, "ping",
             "'nonce'"),
            (json.dumps({"type": "chat", "text": "x" * MAX_MESSAGE_BYTES}), ErrorCode.TOO_LARGE,
             None, str(MAX_MESSAGE_BYTES)),
            (json.dumps({"type": "chat", "text": "x" * (MAX_CHAT_CHARS + 1)}),
             ErrorCode.CHAT_TOO_LONG, "chat", str(MAX_CHAT_CHARS)),
            (json.dumps({"type": "chat", "text": " \t\r\n \x07\x1b\u202e\u2066 "}),
             ErrorCode.CHAT_EMPTY, "chat", ""),
            (json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "token": None}),
             ErrorCode.BAD_MESSAGE, "hello", "hello"),
        ]  # fmt: skip
        for raw, code, refers_to, words in cases:
            error = refusal(acting.answer(raw), code, refers_to)
            assert words in error["message"], (raw[:80], error)
        binary = acting.socket
        binary.send_bytes(b"\xff\xfe{")
        refusal(acting.answer(None), ErrorCode.BAD_MESSAGE, None)

        # Decisions the match must refuse, each with the engine's reason where it has one.
        refused: list[tuple[int, int, str, str]] = []  # version, seat, decision, message
        error = refusal(waiting.answer(decide(legal, version)), ErrorCode.NOT_YOUR_TURN, "decide")
        assert f"player {seat}" in error["message"], error
        for text in ("dance wildly", "play #9999", "attack"):
            error = refusal(acting.answer(decide(text, version)), ErrorCode.ILLEGAL_DECISION,
                            "decide")  # fmt: skip
            refused.append((version, seat, text, error["message"]))
        error = refusal(acting.answer(decide(legal, version + 1)), ErrorCode.STALE_VERSION,
                        "decide")  # fmt: skip
        refusal(played.connections[None].answer(decide(legal, version)), ErrorCode.NOT_SEATED,
                "decide")  # fmt: skip
        assert played.snapshot() == before

        # The connection is still usable: the very decision, made right, is taken.
        acting.send(decide(legal, version))
        assert acting.view_from(version + 1)["version"] == version + 1
        error = refusal(acting.answer(decide(legal, version)), ErrorCode.STALE_VERSION, "decide")
        assert str(version) in error["message"], error
        second_chat = say(acting, "second")
        assert second_chat["id"] == first_chat["id"] + 1, (first_chat, second_chat)

        # Once the match is over, no decision is taken.
        conceded = client.post(
            f"/api/rooms/{played.room}/concede", headers=bearer(played.tokens[0])
        )
        assert conceded.status_code == 200, conceded.text
        final = acting.until(lambda m: m["type"] == "view" and m["outcome"] is not None)[-1]
        error = refusal(acting.answer(decide("end", final["version"])), ErrorCode.MATCH_OVER,
                        "decide")  # fmt: skip
        info = client.get(f"/api/matches/{played.match}").json()
        assert info["status"] == "finished"
        assert info["version"] == final["version"] == version + 2

        # The record holds the two decisions taken, and nothing refused.
        answer = client.get(f"/api/matches/{played.match}/record")
        record = Record.from_json(answer.json())
        assert record.decisions == ((seat, legal), (0, "concede"))
        game = find(record.game)
        for at, who, text, message in refused:
            match: Match[Any] = Match.replay(game, record, upto=at)
            with pytest.raises(DecisionError) as reason:
                match.verify(who, text)
            assert reason.value.reason in message, (text, message)

        # A newcomer sees the chat as it was: the two lines said, nothing refused.
        with sockets(client) as connect:
            newcomer = connect(f"/ws/rooms/{played.room}", "newcomer")
            newcomer.hello(None)
            lines = [m["text"] for m in newcomer.answer(None) if m["type"] == "chat"]
            assert lines == ["first", "second"]


def test_text_that_is_not_unicode_is_refused_and_changes_nothing(database_url: str) -> None:
    """A lone surrogate (half of a UTF-16 pair, written as a JSON escape) is no character:
    whatever field holds it, the message is refused as ``bad_message`` saying so, the reply
    is readable JSON, and nothing is stored; a whole pair is an ordinary character."""
    with server(database_url) as client, table(client) as played:
        seat, view = to_act(played)
        acting = played.connections[seat]
        version, legal = view["version"], view["legal"][0]["text"]
        before = played.snapshot()
        lone = ["\ud800", "a\udfffb", "\udbff\udbff", "ok\ud83d"]  # json.dumps: escapes
        for text in lone:
            cases: list[tuple[dict[str, Any], ErrorCode, str | None]] = [
                ({"type": "chat", "text": text}, ErrorCode.BAD_MESSAGE, "chat"),
                (decide(text, version), ErrorCode.BAD_MESSAGE, "decide"),
                (decide(legal, text), ErrorCode.BAD_MESSAGE, "decide"),
                ({"type": "ping", "nonce": 1, text: 1}, ErrorCode.BAD_MESSAGE, "ping"),
                ({"type": text}, ErrorCode.UNKNOWN_TYPE, None),
                ({"type": "hello", "protocol": PROTOCOL_VERSION, "token": text},
                 ErrorCode.BAD_MESSAGE, "hello"),
            ]  # fmt: skip
            for message, code, refers_to in cases:
                error = refusal(acting.answer(json.dumps(message)), code, refers_to)
                if message["type"] == "chat":
                    assert "lone surrogate" in error["message"], error
        assert played.snapshot() == before
        # A pair, which json.dumps writes as two escapes, is one character, said as it was.
        assert say(acting, "\U0001f600")["text"] == "\U0001f600"
        # The match goes on: the legal decision is taken.
        acting.send(decide(legal, version))
        assert acting.view_from(version + 1)["version"] == version + 1


def test_names_and_passwords_that_are_not_unicode_are_refused_naming_the_field(
    sqlite_url: str,
) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR, password="sesame")
        room = created["room"]["id"]
        before = client.get(f"/api/rooms/{room}").json()
        json_body = {"Content-Type": "application/json"}
        for path, body, named in [
            ("/api/rooms", {"name": "ann\ud800", "game": "war"}, "name"),
            ("/api/rooms", {"name": "ann", "game": "war", "password": "\udfff"}, "password"),
            (f"/api/rooms/{room}/join", {"name": "\udbffbob", "password": "sesame"}, "name"),
            (f"/api/rooms/{room}/join", {"name": "bob", "password": "sesame\ud800"},
             "password"),
            (f"/api/rooms/{room}/watch", {"password": "\ud83d"}, "password"),
        ]:  # fmt: skip
            answer = client.post(path, content=json.dumps(body), headers=json_body)
            message = problem(answer, 422, "bad_message")
            assert f"The field '{named}' is not valid: it holds a lone surrogate" in message
        assert client.get(f"/api/rooms/{room}").json() == before
        assert [listed["id"] for listed in client.get("/api/rooms").json()] == [room]


# -- refusals that end the connection -----------------------------------------------------


def closed_after(error: dict[str, Any], connection: Recorder, code: ErrorCode) -> str:
    """``error`` is the refusal ``code`` of a hello, and the server then closed the socket."""
    refers_to = "ping" if code is ErrorCode.HELLO_FIRST else "hello"
    assert error["type"] == "error", error
    assert (error["code"], error["refers_to"]) == (code.value, refers_to), error
    with pytest.raises(Closed) as closed:
        connection.receive()
    assert closed.value.code == 1008
    return plain(error["message"])


def test_a_wrong_hello_is_refused_and_the_connection_closed(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        other = create(client, game="war", ruleset=SHORT_WAR)
        room = created["room"]["id"]

        @contextmanager
        def connect(room: str = room) -> Iterator[Recorder]:
            with sockets(client) as open_socket:
                yield open_socket(f"/ws/rooms/{room}", "client")

        with connect() as first:
            first.send({"type": "ping", "nonce": 1})
            closed_after(first.receive(), first, ErrorCode.HELLO_FIRST)
        with connect() as wrong_version:
            error = wrong_version.hello(created["token"], protocol=PROTOCOL_VERSION + 1)
            message = closed_after(error, wrong_version, ErrorCode.PROTOCOL_VERSION)
            speaks = f"speaks protocol versions 1, 2, 3, 4, 5, 6, 7, 8, 9 and {PROTOCOL_VERSION};"
            assert speaks in message
        for token in ("no such token", other["token"], other["host_token"], created["host_token"]):
            with connect() as stranger:
                closed_after(stranger.hello(token), stranger, ErrorCode.BAD_TOKEN)
        with connect() as unreadable:
            unreadable.send("{hello")
            error = unreadable.receive()
            assert (error["type"], error["code"]) == ("error", ErrorCode.BAD_MESSAGE.value), error
        with connect("no-such-room") as lost:
            error = lost.hello(created["token"])
            assert error["type"] == "error", error
            assert "room" in plain(error["message"]), error
            with pytest.raises(Closed):
                lost.receive()
        # None of it touched the room.
        assert client.get(f"/api/rooms/{room}").json() == created["room"]


@contextmanager
def flooder(sqlite_url: str, rate: float, pings: int) -> Iterator[Recorder]:
    """A seated connection to a server allowing ``rate`` messages a second, which has just
    sent ``pings`` pings at once."""
    with server(sqlite_url, messages_per_second=rate) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        with sockets(client) as connect:
            connection = connect(f"/ws/rooms/{created['room']['id']}", "flooder")
            assert connection.hello(created["token"])["type"] == "welcome"
            for nonce in range(pings):
                connection.send({"type": "ping", "nonce": nonce})
            yield connection


def test_a_flood_is_slowed_down_and_the_connection_survives(sqlite_url: str) -> None:
    with flooder(sqlite_url, rate=2.0, pings=12) as connection:
        answers: list[dict[str, Any]] = []
        while len(answers) < 12:
            message = connection.receive()
            if message["type"] in ("pong", "error"):
                answers.append(message)
        pongs = [m["nonce"] for m in answers if m["type"] == "pong"]
        slowed = [m for m in answers if m["type"] == "error"]
        # A full bucket lets three seconds' worth (six) through, then two a second.
        assert 6 <= len(pongs) <= 8, answers
        assert pongs == list(range(len(pongs))), answers
        assert {m["code"] for m in slowed} == {ErrorCode.TOO_MANY.value}, slowed
        plain(slowed[0]["message"])
        time.sleep(1.0)
        assert not errors(connection.answer(None))  # it was answered: still connected


def test_a_flood_that_goes_on_closes_the_connection(sqlite_url: str) -> None:
    with flooder(sqlite_url, rate=1.0, pings=40) as connection:
        with pytest.raises(Closed) as closed:
            connection.until(lambda message: False)
        assert closed.value.code == 1008
        slowed = connection.messages("error")
        assert len(slowed) == 19, slowed  # the 20th refusal in a row closes instead
        assert {m["code"] for m in slowed} == {ErrorCode.TOO_MANY.value}


def test_a_failure_of_the_server_is_an_internal_error_that_changes_nothing(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with server(sqlite_url) as client:
        seats = [{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        created = create(client, game="war", ruleset=SHORT_WAR, seats=seats)
        room = created["room"]["id"]
        client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        with sockets(client) as connect:
            connection = connect(f"/ws/rooms/{room}", "ann")
            assert connection.hello(created["token"])["type"] == "welcome"
            view = connection.until(lambda m: m["type"] == "view" and bool(m["legal"]))[-1]
            decide = {
                "type": "decide",
                "decision": view["legal"][0]["text"],
                "version": view["version"],
            }
            working = LiveMatch.decide

            def broken(self: LiveMatch, seat: int, decision: Decision | str) -> None:
                working(self, seat, decision)
                raise RuntimeError("a bug half-way through a decision")

            monkeypatch.setattr(LiveMatch, "decide", broken)
            failed = errors(connection.answer(decide))
            assert [(m["code"], m["refers_to"]) for m in failed] == [("internal", "decide")]
            plain(failed[0]["message"])
            monkeypatch.setattr(LiveMatch, "decide", working)
            # Nothing was stored and the half-made decision was forgotten: it is taken now.
            assert not errors(connection.answer(decide))
            assert connection.view_from(view["version"] + 1)["version"] > view["version"]
        match_id = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        assert client.get(f"/api/matches/{match_id}").json()["version"] >= view["version"] + 1


def test_a_websocket_from_a_foreign_origin_is_refused(sqlite_url: str) -> None:
    with server(sqlite_url, origins=("https://cards.example",)) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        path = f"/ws/rooms/{created['room']['id']}"
        foreign = {"origin": "https://evil.example"}
        with client.websocket_connect(path, headers=foreign) as socket:
            connection = Recorder(socket, "foreign")
            refused = connection.receive()  # told why, then closed
            assert refused["code"] == ErrorCode.FORBIDDEN_ORIGIN.value, refused
            plain(refused["message"])
            with pytest.raises(Closed):
                connection.receive()
        for origin in ("http://testserver", "https://cards.example"):
            with sockets(client) as connect:
                welcome = connect(path, origin, headers={"origin": origin}).hello(created["token"])
                assert welcome["type"] == "welcome"


# -- the lobby -------------------------------------------------------------------------------


def test_unknown_games_and_bad_rulesets_are_refused_naming_the_field(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        message = problem(client.get("/api/games/chess"), 404, "unknown_game")
        assert "chess" in message
        message = problem(client.post("/api/rooms", json={"name": "ann", "game": "chess"}),
                          404, "unknown_game")  # fmt: skip
        assert "chess" in message
        for ruleset, named in [
            ({"suits": 0}, "suits"),
            ({"ranks": "six"}, "ranks"),
            ({"suitz": 2}, "suitz"),
            ({"players": 0}, "players"),
        ]:
            answer = client.post(
                "/api/rooms", json={"name": "ann", "game": "war", "ruleset": ruleset}
            )
            assert named in problem(answer, 422, "bad_rules"), ruleset
        answer = client.post("/api/rooms", json={"name": "ann", "game": "war", "turn_seconds": 4})
        assert problem(answer, 422, "bad_message") == (
            "The field 'turn_seconds' must be at least 5 (got 4)."
        )
        answer = client.post("/api/rooms", json={"name": "ann", "game": "war", "colour": "red"})
        assert "colour" in problem(answer, 422, "bad_message")
        assert client.get("/api/rooms").json() == []


def test_wrong_passwords_are_refused_then_slowed_down(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR, password="sesame")
        room = created["room"]["id"]
        before = client.get(f"/api/rooms/{room}").json()
        for guess in ("open", "SESAME", "sesame "):  # three free failures
            answer = client.post(f"/api/rooms/{room}/join", json={"name": "bob", "password": guess})
            problem(answer, 403, "bad_password")
        # Then each failure makes the next try wait (1 s, 2 s, 4 s...) from the moment it
        # came: a wrong guess that takes the hash longer than the wait is still refused.
        for _ in range(5):
            answer = client.post(f"/api/rooms/{room}/join", json={"name": "bob", "password": "x"})
            if answer.status_code == 429:
                break
            problem(answer, 403, "bad_password")
        problem(answer, 429, "too_many")
        answer = client.post(f"/api/rooms/{room}/join", json={"name": "bob", "password": "sesame"})
        problem(answer, 429, "too_many")  # even the right password waits its turn
        assert int(answer.headers["Retry-After"]) >= 1
        problem(client.post(f"/api/rooms/{room}/watch", json={"password": "sesame"}), 429,
                "too_many")  # fmt: skip
        assert client.get(f"/api/rooms/{room}").json() == before
        time.sleep(float(answer.headers["Retry-After"]))
        answer = client.post(f"/api/rooms/{room}/join", json={"name": "bob", "password": "sesame"})
        assert answer.status_code == 200, answer.text


def test_only_the_host_starts_or_removes_and_a_full_room_takes_nobody(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        room = created["room"]["id"]
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"})
        assert joined.status_code == 200, joined.text
        bob = joined.json()["token"]
        before = client.get(f"/api/rooms/{room}").json()
        problem(client.post(f"/api/rooms/{room}/join", json={"name": "cid"}), 409, "room_full")
        answer = client.post(f"/api/rooms/{room}/join", json={"name": "cid", "seat": 0})
        problem(answer, 409, "room_full")
        for token in (bob, created["token"], None):
            headers = {} if token is None else bearer(token)
            problem(client.post(f"/api/rooms/{room}/start", headers=headers), 403, "forbidden")
            answer = client.post(f"/api/rooms/{room}/seats/1/remove", headers=headers)
            problem(answer, 403, "forbidden")
        assert client.get(f"/api/rooms/{room}").json() == before
        assert client.get(f"/api/rooms/{room}/matches").json() == []


def test_unknown_rooms_and_matches_are_not_found(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        for method, path, code in [
            ("GET", "/api/rooms/no-such-room", "not_found"),
            ("GET", "/api/rooms/no-such-room/matches", "not_found"),
            ("POST", "/api/rooms/no-such-room/join", "not_found"),
            ("POST", "/api/rooms/no-such-room/watch", "not_found"),
            ("POST", "/api/rooms/no-such-room/start", "not_found"),
            ("POST", "/api/rooms/no-such-room/seats/0/remove", "not_found"),
            ("GET", "/api/matches/no-such-match", "no_match"),
            ("GET", "/api/matches/no-such-match/record", "no_match"),
            ("GET", "/api/matches/no-such-match/replay", "no_match"),
        ]:
            body = {"name": "bob"} if path.endswith("/join") else {}
            answer = client.request(method, path, json=body if method == "POST" else None)
            problem(answer, 404, code)


def test_a_hello_to_a_room_that_does_not_exist_is_told_so_and_closed(sqlite_url: str) -> None:
    with server(sqlite_url) as client, sockets(client) as connect:
        connection = connect("/ws/rooms/no-such-room", "lost")
        refused = connection.hello(None)
        assert (refused["code"], refused["refers_to"]) == ("room_closed", "hello")
        assert "no such room" in refused["message"]
        with pytest.raises(Closed):
            connection.receive()


def test_a_binary_frame_is_refused(sqlite_url: str) -> None:
    """'Every message is one WebSocket text frame holding one JSON object.'"""
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR)
        with client.websocket_connect(f"/ws/rooms/{created['room']['id']}") as socket:
            connection = Recorder(socket, "client")
            assert connection.hello(created["token"])["type"] == "welcome"
            socket.send_bytes(b'{"type": "ping", "nonce": 7}')
            answer = connection.until(lambda m: m["type"] in ("pong", "error"))[-1]
            assert answer["type"] == "error", answer
            assert answer["code"] == ErrorCode.BAD_MESSAGE.value


@pytest.mark.parametrize("protocol", [1, PROTOCOL_VERSION])
@pytest.mark.parametrize("attempt", range(3))
def test_a_hello_as_the_match_starts_gets_each_event_once(
    sqlite_url: str, attempt: int, protocol: int
) -> None:
    """'Nothing the client held is sent again, and nothing is skipped.'"""
    with server(sqlite_url) as client:
        created = create(client, game="war", ruleset=SHORT_WAR, seats=[{"kind": "open"},
                         {"kind": "agent", "agent": "random"}])  # fmt: skip
        room = created["room"]["id"]
        with client.websocket_connect(f"/ws/rooms/{room}") as socket:
            spectator = Recorder(socket, "spectator")
            spectator.send({"type": "hello", "protocol": protocol, "token": None, "last_event": 0})
            started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
            assert started.status_code == 200
            spectator.until(lambda m: m["type"] == "view")
            spectator.answer(None)
            firsts = [  # where each batch of events starts: own messages, or inside views
                m["first"] if m["type"] == "events" else m["events"] - len(m["new_events"])
                for m in spectator.messages()
                if m["type"] == "events" or m.get("new_events")
            ]
            assert firsts, "the deal's events came"
            assert firsts == sorted(set(firsts)), spectator.messages()


@pytest.mark.parametrize(
    "path",
    ["/api/matches", "/api/rooms", "/api/rooms?mine=true", "/api/accounts/fox/matches"],
)
@pytest.mark.parametrize("game", ["\x00", "war\x00", "w a r", "x" * 65])
def test_a_game_filter_that_is_no_name_is_refused_not_queried(
    database_url: str, path: str, game: str
) -> None:
    """A NUL character in ``?game=`` once reached PostgreSQL and came back a 500."""
    with server(database_url) as client:
        answer = client.get(path, params={"game": game})
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "bad_message"
        assert "game" in answer.json()["message"], answer.text
        assert client.get(path, params={"game": "war"}).status_code in (200, 404)
