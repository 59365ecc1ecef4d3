"""The server while its fan-out or its storage is away: a decision stored is heard, a
request either completes or changes nothing, and an outage answers ``unavailable``.

The outages here are switched on inside the app (a fan-out and a store that fail while told
to), so that each case is exact; tests/server/test_faults.py takes real Redis and PostgreSQL
servers away.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.protocol.errors import ErrorCode
from cardtable.server import app as app_module
from cardtable.server.fanout import Fanout, FanoutError, Subscription, open_fanout
from cardtable.server.storage import SqlStorage
from cardtable.server.storage.connect import StorageError
from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.wire import Recorder, errors, sockets


class Switch:
    """Whether the part it belongs to is down."""

    def __init__(self) -> None:
        self.down = False


class FailingFanout:
    """A fan-out that refuses to publish while its switch is down (as Redis does when it is
    away, or when the publisher's connection died with it)."""

    def __init__(self, inner: Fanout, switch: Switch) -> None:
        self.inner = inner
        self.switch = switch

    async def publish(self, channel: str, message: str) -> None:
        if self.switch.down:
            raise FanoutError("cannot publish to Redis at redis://test: Connection refused")
        await self.inner.publish(channel, message)

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        async with self.inner.subscribe(channel) as subscription:
            yield subscription

    async def check(self) -> None:
        await self.inner.check()

    async def close(self) -> None:
        await self.inner.close()


class FailingStorage:
    """A store whose every call fails while its switch is down, as a database that went away."""

    def __init__(self, inner: SqlStorage, switch: Switch) -> None:
        self.inner = inner
        self.switch = switch

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if not callable(found) or name == "close":
            return found

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.switch.down:
                raise StorageError("the database failed: connection refused")
            return await found(*args, **kwargs)

        return call


@contextmanager
def faulty_server(
    database_url: str, monkeypatch: pytest.MonkeyPatch, **settings: Any
) -> Iterator[tuple[TestClient, Switch, Switch]]:
    """A server whose fan-out and storage go down when their switches say so."""
    fanout, storage = Switch(), Switch()
    opened = SqlStorage.open

    def failing_fanout(url: str | None) -> FailingFanout:
        return FailingFanout(open_fanout(url), fanout)

    async def failing_storage(url: str, **options: Any) -> FailingStorage:
        return FailingStorage(await opened(url, **options), storage)

    monkeypatch.setattr(app_module, "open_fanout", failing_fanout)
    monkeypatch.setattr(SqlStorage, "open", failing_storage)
    with server(database_url, **settings) as client:
        monkeypatch.undo()
        yield client, fanout, storage


def two_players(client: TestClient) -> tuple[str, str, str]:
    """A started two-person War: the room's id and both seat tokens."""
    created = create(client, game="war", ruleset=SHORT_WAR)
    room = created["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"})
    assert joined.status_code == 200, joined.text
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return room, created["token"], joined.json()["token"]


def decide(player: Recorder, view: dict[str, Any]) -> dict[str, Any]:
    return {"type": "decide", "decision": view["legal"][0], "version": view["version"]}


def test_a_decision_is_heard_while_the_fanout_is_down(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its sender is sent the new view by the process that took it, without an error, and
    the other players hear of it once the fan-out is back, without a decision of theirs."""
    with faulty_server(sqlite_url, monkeypatch) as (client, fanout, _):
        room, ann_token, bob_token = two_players(client)
        with sockets(client) as connect:
            ann = connect(f"/ws/rooms/{room}", "ann")
            bob = connect(f"/ws/rooms/{room}", "bob")
            assert ann.hello(ann_token)["type"] == "welcome"
            assert bob.hello(bob_token)["type"] == "welcome"
            view = ann.until(lambda m: m["type"] == "view")[-1]
            bob.until(lambda m: m["type"] == "view" and m["version"] == view["version"])
            players = {0: ann, 1: bob}
            actor = players[view["to_act"]]
            actor_view = actor.view_from(view["version"])
            fanout.down = True
            answer = actor.answer(decide(actor, actor_view))
            assert not errors(answer), answer
            assert actor.view_from(view["version"] + 1)["version"] == view["version"] + 1
            fanout.down = False
            other = players[1 - view["to_act"]]
            assert other.view_from(view["version"] + 1)["version"] >= view["version"] + 1
        match = client.get(f"/api/rooms/{room}/matches").json()[-1]
        assert match["version"] >= view["version"] + 1


def test_requests_during_a_fanout_outage_complete(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What was stored is answered as done: the seat taken is the caller's, with its token."""
    with faulty_server(sqlite_url, monkeypatch) as (client, fanout, _):
        created = create(client, game="war", ruleset=SHORT_WAR)
        room = created["room"]["id"]
        fanout.down = True
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "bob"})
        assert joined.status_code == 200, joined.text
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        with sockets(client) as connect:
            bob = connect(f"/ws/rooms/{room}", "bob")
            assert bob.hello(joined.json()["token"])["type"] == "welcome"
            chat = bob.answer({"type": "chat", "text": "hello"})
            assert not errors(chat), chat


def test_a_storage_outage_answers_unavailable_and_changes_nothing(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with faulty_server(sqlite_url, monkeypatch) as (client, _, storage):
        room, ann_token, bob_token = two_players(client)
        with sockets(client) as connect:
            ann = connect(f"/ws/rooms/{room}", "ann")
            bob = connect(f"/ws/rooms/{room}", "bob")
            assert ann.hello(ann_token)["type"] == "welcome"
            assert bob.hello(bob_token)["type"] == "welcome"
            view = ann.until(lambda m: m["type"] == "view")[-1]
            actor = {0: ann, 1: bob}[view["to_act"]]
            actor_view = actor.view_from(view["version"])
            storage.down = True
            for message in (decide(actor, actor_view), {"type": "chat", "text": "hi"}):
                refused = errors(actor.answer(message))
                assert [m["code"] for m in refused] == [ErrorCode.UNAVAILABLE.value], refused
            answer = client.post(f"/api/rooms/{room}/join", json={"name": "cy"})
            assert answer.status_code == 503, answer.text
            assert answer.json()["code"] == "unavailable"
            assert int(answer.headers["Retry-After"]) >= 1
            with sockets(client) as late:
                latecomer = late(f"/ws/rooms/{room}", "late")
                refused_hello = latecomer.hello(ann_token)
                assert refused_hello["code"] == ErrorCode.UNAVAILABLE.value, refused_hello
            storage.down = False
            assert not errors(actor.answer(decide(actor, actor_view)))
            assert actor.view_from(view["version"] + 1)["version"] == view["version"] + 1
        match = client.get(f"/api/rooms/{room}/matches").json()[-1]
        assert match["version"] >= view["version"] + 1


def test_older_clients_hear_an_outage_as_internal(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``unavailable`` is new in protocol 3: a client of version 2 is told ``internal``,
    which it already knows to retry."""
    with faulty_server(sqlite_url, monkeypatch) as (client, _, storage):
        created = create(client, game="war", ruleset=SHORT_WAR)
        with sockets(client) as connect:
            old = connect(f"/ws/rooms/{created['room']['id']}", "old")
            welcome = old.hello(created["token"], protocol=2)
            assert welcome["protocol"] == 2
            old.answer(None)  # answered once the welcome is done
            storage.down = True
            refused = errors(old.answer({"type": "chat", "text": "hi"}))
            assert [m["code"] for m in refused] == [ErrorCode.INTERNAL.value], refused
            storage.down = False


def test_no_view_is_sent_twice(sqlite_url: str) -> None:
    """The sender hears its decision from the process that took it and again through the
    fan-out: it is sent the new view once."""
    with server(sqlite_url) as client:
        room, ann_token, _bob_token = two_players(client)
        with sockets(client) as connect:
            ann = connect(f"/ws/rooms/{room}", "ann")
            assert ann.hello(ann_token)["type"] == "welcome"
            view = ann.until(lambda m: m["type"] == "view")[-1]
            for _ in range(6):
                if view["to_act"] != 0 or view["outcome"] is not None:
                    break
                ann.answer(decide(ann, view))
                view = ann.view_from(view["version"] + 1)
            ann.answer(None)
        versions = [json.loads(text) for text in ann.received]
        seen = [m["version"] for m in versions if m["type"] == "view"]
        assert len(seen) == len(set(seen)), seen
