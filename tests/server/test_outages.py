"""The server while its fan-out or its storage is away: a decision stored is heard, a
request either completes or changes nothing, and an outage answers ``unavailable``.

The outages here are switched on inside the app (a fan-out and a store that fail while told
to), so that each case is exact; tests/server/test_faults.py takes real Redis and PostgreSQL
servers away.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from types import FrameType
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.protocol.errors import ErrorCode
from cardtable.server import app as app_module
from cardtable.server import hub as hub_module
from cardtable.server.fanout import Fanout, FanoutError, Subscription, open_fanout
from cardtable.server.notices import Notices
from cardtable.server.notifications.store import NotificationStore
from cardtable.server.storage import SqlStorage
from cardtable.server.storage.connect import StorageError
from tests.server.accounts.seating import services
from tests.server.accounts.test_routes import CHEAP
from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.notifications.test_routes import inbox
from tests.server.test_abandoned import within as soon
from tests.server.test_correspondence import asleep, kinds, play_once, stored, to_act
from tests.server.test_correspondence import duel as correspondence
from tests.server.wire import Recorder, errors, sockets


class Switch:
    """Whether the part it belongs to is down, or about to fail one call."""

    def __init__(self) -> None:
        self.down = False
        self.once: Callable[[str, tuple[Any, ...]], bool] | None = None
        """Which call fails next (given the method's name and arguments); then none."""

    def fails(self, name: str, args: tuple[Any, ...]) -> bool:
        """Whether this call fails: every call while down, and the one call :attr:`once`
        picks."""
        return self.down or self.trips(name, args)

    def trips(self, name: str, args: tuple[Any, ...]) -> bool:
        """Whether this is the one call :attr:`once` picks to fail."""
        if self.once is not None and self.once(name, args):
            self.once = None
            return True
        return False


class FailingFanout:
    """A fan-out that refuses to publish while its switch is down (as Redis does when it is
    away, or when the publisher's connection died with it)."""

    def __init__(self, inner: Fanout, switch: Switch) -> None:
        self.inner = inner
        self.switch = switch

    async def publish(self, channel: str, message: str) -> None:
        if self.switch.fails("publish", (channel, message)):
            raise FanoutError("cannot publish to Redis at redis://test: Connection refused")
        await self.inner.publish(channel, message)

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        if self.switch.trips("subscribe", (channel,)):  # listeners already subscribed stay
            raise FanoutError("cannot subscribe to Redis at redis://test: Connection refused")
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
            if self.switch.fails(name, args):
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
    return {"type": "decide", "decision": view["legal"][0]["text"], "version": view["version"]}


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


def within(function: str) -> bool:
    """Whether the caller runs inside ``function`` (of the server, in this test's thread)."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == function:
            return True
        frame = frame.f_back
    return False


def seated(connect: Callable[[str, str], Recorder], room: str, *tokens: str) -> dict[int, Recorder]:
    """Each seat's player connected to ``room`` and welcomed, by seat."""
    players = {}
    for seat, token in enumerate(tokens):
        players[seat] = connect(f"/ws/rooms/{room}", f"seat {seat}")
        assert players[seat].hello(token)["type"] == "welcome"
    return players


def finish(players: dict[int, Recorder]) -> str:
    """Play the room's match to its end (both seats always pick their first legal decision);
    the match's id."""
    view = players[0].until(lambda m: m["type"] == "view")[-1]
    while view["outcome"] is None:
        actor = players[view["to_act"]]
        actor.answer(decide(actor, actor.view_from(view["version"])))
        view = players[0].view_from(view["version"] + 1)
    assert players[1].view_from(view["version"])["outcome"] is not None
    return str(view["match"])


def accepts_a_rematch(client: TestClient, room: str, token: str) -> None:
    """The seat of ``token`` accepts a rematch, which waits for the other player."""
    accepted = client.post(f"/api/rooms/{room}/rematch", headers=bearer(token))
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["status"] == "finished", accepted.text


def rematch_is_played(client: TestClient, room: str, players: dict[int, Recorder], token: str,
                      first: str) -> None:  # fmt: skip
    """The last player accepts the rematch, which starts: both players are sent its view,
    and each hears the other's decision."""
    rematch = client.post(f"/api/rooms/{room}/rematch", headers=bearer(token))
    assert rematch.status_code == 200, rematch.text
    assert rematch.json()["status"] == "playing", rematch.text
    views = [player.until(lambda m: m["type"] == "view" and m["match"] != first)[-1]
             for player in players.values()]  # fmt: skip
    actor = players[views[0]["to_act"]]
    assert not errors(actor.answer(decide(actor, views[0])))
    for player in players.values():
        assert player.view_from(views[0]["version"] + 1)["match"] == views[0]["match"]


def test_a_rematch_read_while_storage_fails_still_reaches_every_player(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room's news is handled again when storage failed half-way through: a player whose
    view of the new match could not be read the first time is sent it the second."""
    with faulty_server(sqlite_url, monkeypatch) as (client, _, storage):
        room, ann_token, bob_token = two_players(client)
        with sockets(client) as connect:
            players = seated(connect, room, ann_token, bob_token)
            first = finish(players)
            accepts_a_rematch(client, room, bob_token)
            # The first read of the new match inside room_changed fails: of its row when nothing
            # read the match before, else of its decisions (the match's clock, in a task of
            # its own, may have read the row first).
            storage.once = lambda name, args: (
                name in ("match", "decisions") and within("room_changed")
            )
            rematch_is_played(client, room, players, ann_token, first)
            assert storage.once is None, "the read of the new match did not fail"


def test_a_rematch_followed_while_the_fanout_fails_still_reaches_every_player(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Following the new match's channel is tried again until the fan-out takes it: until
    then the room keeps following the old one, and then it hears the new one's decisions."""
    with faulty_server(sqlite_url, monkeypatch) as (client, fanout, _):
        room, ann_token, bob_token = two_players(client)
        with sockets(client) as connect:
            players = seated(connect, room, ann_token, bob_token)
            first = finish(players)
            accepts_a_rematch(client, room, bob_token)
            fanout.once = lambda name, args: (
                name == "subscribe" and args[0].startswith("match:") and within("listen")
            )  # a room hub's listener (the runner's is ``_listen``)
            rematch_is_played(client, room, players, ann_token, first)
            assert fanout.once is None, "following the new match did not fail"


def test_a_notice_lost_with_its_teller_is_made_up_for(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process can die between storing a change and telling it: a room that hears no news
    for a while reads its room and match again, and its players are sent what they missed."""
    with faulty_server(sqlite_url, monkeypatch) as (client, _, _):
        monkeypatch.setattr(hub_module, "HEARTBEAT", 0.1)
        monkeypatch.setattr(hub_module, "QUIET", 0.3)
        room, ann_token, bob_token = two_players(client)
        with sockets(client) as connect:
            players = seated(connect, room, ann_token, bob_token)
            first = finish(players)
            accepts_a_rematch(client, room, bob_token)
            lost: list[str] = []
            tell = Notices.tell

            async def told_by_a_dying_process(self: Notices, channel: str, message: str) -> None:
                if not lost and json.loads(message) == {"kind": "room"}:
                    lost.append(channel)  # stored, and then never told
                    return
                await tell(self, channel, message)

            monkeypatch.setattr(Notices, "tell", told_by_a_dying_process)
            rematch_is_played(client, room, players, ann_token, first)
            assert lost == [f"room:{room}"], lost


# -- correspondence matches, which sleep between turns ---------------------------------------

Duel = tuple[dict[str, str], dict[str, str], Any, Any, str]
"""Two people's correspondence Karata, started (:func:`correspondence`'s answer)."""
LEASES = ("acquire_lease", "acquire_leases", "sleep")
"""The calls a correspondence server's storage may fail (see :func:`people_server`)."""


@contextmanager
def people_server(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, Switch, Switch]]:
    """A server with accounts whose fan-out goes down, and whose storage fails its calls of
    :data:`LEASES`, when their switches say so (the store stays the ``SqlStorage`` accounts
    are kept in: only those methods are switched, for the test's length)."""
    fanout, storage = Switch(), Switch()

    def failing_fanout(url: str | None) -> FailingFanout:
        return FailingFanout(open_fanout(url), fanout)

    def switched(name: str) -> Callable[..., Any]:
        method = getattr(SqlStorage, name)

        async def call(self: SqlStorage, *args: Any) -> Any:
            if storage.fails(name, args):
                raise StorageError("the database failed: connection refused")
            return await method(self, *args)

        return call

    monkeypatch.setattr(app_module, "open_fanout", failing_fanout)
    for name in LEASES:
        monkeypatch.setattr(SqlStorage, name, switched(name))
    with server(database_url, password_hasher=CHEAP) as client:
        yield client, fanout, storage


def woken_and_asleep_again(client: TestClient, connect: Any, duel: Duel) -> dict[str, Any]:
    """The person to act in a sleeping correspondence match makes a decision; it must be
    taken, and the match be asleep again at the next version (its timer set for that turn);
    the view after the decision."""
    ann, bo, created, joined, match = duel
    who, token = [(ann, created["token"]), (bo, joined["token"])][to_act(client, match)]
    socket = connect(f"/ws/rooms/{created['room']['id']}", "to act", headers=who)
    assert socket.hello(token)["type"] == "welcome"
    socket.view_from(0)
    after = play_once(socket)
    assert soon(10, lambda: asleep(client, match) and stored(client, match).version == 1), stored(
        client, match
    )
    timer = stored(client, match).timer
    assert timer is not None
    assert (timer["version"], timer["seat"]) == (1, after["to_act"])
    return after


@pytest.mark.parametrize("failing", ["acquire_lease", "sleep"])
def test_a_sleeping_match_a_decision_woke_is_taken_up_though_storage_failed(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    """Storage fails as the process that took the decision takes the woken match up (the
    next sweep takes it up instead), or as the match is put to sleep again (its driver tries
    again): either way it sleeps at the next turn, the person to act told once."""
    with (
        people_server(sqlite_url, monkeypatch) as (client, _, storage),
        sockets(client) as connect,
    ):  # fmt: skip
        duel = correspondence(client)
        ann, bo, _, _, match = duel
        assert soon(10, lambda: asleep(client, match))
        storage.once = lambda name, args: name == failing and args[0] == match
        after = woken_and_asleep_again(client, connect, duel)
        assert storage.once is None, f"{failing} did not fail"
        waiting = (ann, bo)[after["to_act"]]
        assert kinds(client, waiting).count("your_turn") == 1  # once, whether or not again


def test_a_decision_wakes_a_sleeping_match_while_the_fanout_is_down(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Waking needs no fan-out: the decision, stored, wakes the match in storage, the process
    that took it takes it up, and the person whose turn it is finds it in their inbox."""
    with (
        people_server(sqlite_url, monkeypatch) as (client, fanout, _),
        sockets(client) as connect,
    ):
        duel = correspondence(client)
        ann, bo, _, _, match = duel
        assert soon(10, lambda: asleep(client, match))
        fanout.down = True
        after = woken_and_asleep_again(client, connect, duel)
        waiting = (ann, bo)[after["to_act"]]
        assert kinds(client, waiting).count("your_turn") == 1  # once, whether or not again
        fanout.down = False


def test_a_decision_is_taken_up_at_once_not_at_the_next_sweep(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With sweeps a minute apart, a decision wakes its sleeping match and the process that
    took it takes it up at once: asleep again, at the next turn, within seconds."""
    with (
        server(sqlite_url, password_hasher=CHEAP, lease_seconds=60) as client,
        sockets(client) as connect,
    ):
        duel = correspondence(client)
        assert soon(10, lambda: asleep(client, duel[4]))
        started = time.monotonic()
        woken_and_asleep_again(client, connect, duel)
        assert time.monotonic() - started < 10


def test_a_decision_stored_as_its_match_falls_asleep_is_taken_up_at_once(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person's decision is stored just after the match's driver put it to sleep, before
    that driver's task has ended (its storage call has yet to return): the match is awake,
    and must be taken up at once, as any decision's, not left without a driver until the next
    sweep (a minute here)."""
    raced: list[int] = []
    asleep_for = SqlStorage.sleep

    async def sleep_then_decide(
        self: SqlStorage, match_id: str, owner: str, version: int, until: float
    ) -> bool:
        slept = await asleep_for(self, match_id, owner, version, until)
        if slept and not raced and version == 0:
            raced.append(version)
            matches = services(client).matches
            live = await matches.live(match_id)
            seat = live.to_act
            assert seat is not None
            text = live.match.legal(seat).moves[0].text()
            await matches.submit(match_id, seat, text, version)
        return slept

    monkeypatch.setattr(SqlStorage, "sleep", sleep_then_decide)
    with server(sqlite_url, password_hasher=CHEAP, lease_seconds=60) as client:
        _, _, _, _, match = correspondence(client)
        assert soon(10, lambda: raced == [0])
        assert soon(10, lambda: asleep(client, match) and stored(client, match).version == 1), (
            f"left awake without a driver: {stored(client, match)}"
        )


def test_a_turn_left_untold_while_storage_fails_is_logged_without_a_traceback(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Storage fails as the person to act is told of their turn: the outage is a warning in
    the log, as every outage is, not a traceback (the fault tests find none in a server's
    log), and the turn is told once storage answers again, before the match sleeps."""
    failed: list[str] = []
    add = NotificationStore.add

    async def add_failing(self: NotificationStore, account_id: str, kind: str, *args: Any,
                          **kwargs: Any) -> Any:  # fmt: skip
        if kind == "your_turn" and not failed:
            failed.append(kind)
            raise StorageError("the database failed: connection refused")
        return await add(self, account_id, kind, *args, **kwargs)

    monkeypatch.setattr(NotificationStore, "add", add_failing)
    with caplog.at_level(logging.WARNING), server(sqlite_url, password_hasher=CHEAP) as client:
        ann, bob, _, _, match = correspondence(client)
        assert soon(10, lambda: asleep(client, match))
        told = [n["kind"] for who in (ann, bob) for n in inbox(client, who)["notifications"]]
        assert told == ["your_turn"]  # once, after the outage
    assert failed == ["your_turn"]
    traced = [record.getMessage() for record in caplog.records if record.exc_info]
    assert not traced, traced


def test_a_decision_whose_notice_was_lost_is_found_by_the_matchs_driver(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process stores a person's decision just as this one's driver puts the match to
    sleep, and dies before telling anyone: the match, not put to sleep (its version moved
    on), stays with its driver, which must look again soon, as at a live table, and not wait
    for the turn's deadline (a day) for a notice that never comes."""
    raced: list[int] = []
    asleep_for = SqlStorage.sleep

    async def decided_elsewhere_first(
        self: SqlStorage, match_id: str, owner: str, version: int, until: float
    ) -> bool:
        if not raced and version == 0:
            raced.append(version)
            live = await services(client).matches.live(match_id)
            seat = live.to_act
            assert seat is not None
            text = live.match.legal(seat).moves[0].text()
            await self.append_decision(match_id, version, seat, text, time.time())  # untold
        return await asleep_for(self, match_id, owner, version, until)

    monkeypatch.setattr(SqlStorage, "sleep", decided_elsewhere_first)
    with server(sqlite_url, password_hasher=CHEAP, lease_seconds=3) as client:
        _, _, _, _, match = correspondence(client)
        assert soon(10, lambda: raced == [0])
        assert soon(20, lambda: asleep(client, match) and stored(client, match).version == 1), (
            f"awake, its driver waiting for a notice: {stored(client, match)}"
        )
