"""A seat played automatically, over the WebSocket protocol (7): the server turns a person's
War cards until the match ends or they switch it off; only one's own seat, only in a game
without real choices; the room's pace; protocol 6 clients served as before."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any, cast

from starlette.testclient import TestClient

from cardtable.games import find
from cardtable.server.runner import FAST_DELAY, Runner
from tests.server.helpers import SHORT_WAR, bearer, create, server
from tests.server.wire import Recorder, errors, sockets

LONGER_WAR = {**SHORT_WAR, "ranks": 13, "turn_limit": 400}
"""A War that lasts long enough to switch automatic play on and off in it."""


def war_room(
    client: TestClient, bo: str | None = "bo", ruleset: Any = SHORT_WAR
) -> tuple[str, str, str | None]:
    """A started War, ann at seat 0 and at seat 1 ``bo`` (``None``: a computer player)."""
    if bo is None:
        seats = [{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        created = create(client, game="war", ruleset=ruleset, seats=seats)
    else:
        created = create(client, game="war", ruleset=ruleset)
    room = created["room"]["id"]
    bo_token = None
    if bo is not None:
        bo_token = client.post(f"/api/rooms/{room}/join", json={"name": bo}).json()["token"]
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return room, created["token"], bo_token


def seats_of(recorder: Recorder) -> list[dict[str, Any]]:
    """The seats of the latest ``room`` message."""
    seats: list[dict[str, Any]] = recorder.messages("room")[-1]["room"]["seats"]
    return seats


def auto_of(recorder: Recorder, seat: int, on: bool) -> dict[str, Any]:
    """The first ``room`` message that says seat ``seat`` plays automatically (``on``)."""
    return recorder.until(lambda m: m["type"] == "room" and m["room"]["seats"][seat]["auto"] is on)[
        -1
    ]


def final(recorder: Recorder, seconds: float = 60.0) -> dict[str, Any]:
    return recorder.until(lambda m: m["type"] == "view" and m["outcome"] is not None, seconds)[-1]


def test_a_seat_turned_automatically_plays_to_the_end_without_a_decision(
    database_url: str,
) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, _ = war_room(client, bo=None)
        ann = connect(f"/ws/rooms/{room}", "ann")
        ann.hello(ann_token)
        ann.until(lambda m: m["type"] == "presence")
        assert [seat["auto"] for seat in seats_of(ann)] == [False, True]  # the computer's
        assert ann.messages("room")[-1]["room"]["pace"] == "normal"
        assert ann.messages("presence")[-1]["seats"][1]["auto"] is True
        ann.send({"type": "auto", "on": True})
        assert auto_of(ann, 0, on=True)["room"]["seats"][0]["auto"] is True
        last = final(ann)
        sent = [m for m in ann.received if '"decide"' in m]
    assert sent == []  # the server made every one of ann's turns
    assert last["outcome"]["code"] in ("out_of_cards", "turn_limit")
    assert last["outcome_text"]
    assert last["to_act"] is None
    assert last["legal"] == []
    if last["outcome"]["code"] == "turn_limit":
        assert "the turn limit was reached and" in last["outcome_text"]
    with server(database_url) as client:  # the record: ann's turns, each a plain `turn`
        match = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        record = client.get(f"/api/matches/{match}/record").json()
    mine = [text for seat, text in record["decisions"] if seat == 0]
    assert mine
    assert set(mine) == {"turn"}


def test_switched_off_the_server_waits_for_the_seat_again(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, bo_token = war_room(client, ruleset=LONGER_WAR)
        ann, bo = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bo")
        ann.hello(ann_token)
        bo.hello(bo_token)
        assert ann.answer({"type": "auto", "on": True}) is not None
        auto_of(ann, 0, on=True)
        view = bo.view_from(0)
        for _ in range(3):  # bo turns by hand; ann's turns come by themselves
            while view["to_act"] != 1:
                view = bo.view_from(view["version"] + 1)
            bo.send({"type": "decide", "decision": "turn", "version": view["version"]})
            view = bo.view_from(view["version"] + 1)
        ann.send({"type": "auto", "on": False})
        auto_of(ann, 0, on=False)
        time.sleep(0.3)  # any automatic turn under way lands
        bo.answer(None)  # bo reads all that came
        view = bo.view_from(0)
        while view["to_act"] != 0 and view["outcome"] is None:
            if view["to_act"] == 1:
                bo.send({"type": "decide", "decision": "turn", "version": view["version"]})
            view = bo.view_from(view["version"] + 1)
        assert view["to_act"] == 0
        time.sleep(1.0)
        still = ann.answer(None)
        moved = [m for m in still if m["type"] == "view" and m["version"] > view["version"]]
        assert moved == []
        mine = ann.view_from(view["version"])
        assert mine["legal"] != [], (mine, view)  # ann's to turn, by hand
        ann.send({"type": "auto", "on": True})  # and on again: it goes on by itself
        assert ann.view_from(view["version"] + 1)["version"] > view["version"]


def test_only_a_players_own_seat_in_war_and_with_a_yes_or_no(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, _ = war_room(client)
        ann, watcher = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "w")
        ann.hello(ann_token)
        assert watcher.hello(None)["role"] == "spectator"
        refused = errors(watcher.answer({"type": "auto", "on": True}))
        assert [(e["code"], e["refers_to"]) for e in refused] == [("not_seated", "auto")]
        refused = errors(watcher.answer({"type": "pace", "pace": "fast"}))
        assert [e["code"] for e in refused] == ["not_seated"]
        refused = errors(ann.answer({"type": "auto", "on": True, "seat": 1}))
        assert [e["code"] for e in refused] == ["not_your_seat"]
        for wrong in ("yes", 1, None):
            refused = errors(ann.answer({"type": "auto", "on": wrong}))
            assert [e["code"] for e in refused] == ["bad_message"], wrong
        refused = errors(ann.answer({"type": "pace", "pace": "ludicrous"}))
        assert [e["code"] for e in refused] == ["bad_message"]
        refused = errors(ann.answer({"type": "auto", "on": True, "seat": 0}))  # one's own: fine
        assert refused == []
        auto_of(ann, 0, on=True)
        assert seats_of(watcher)[0]["auto"] is True or auto_of(watcher, 0, on=True)

        tcg = create(
            client, game="tcg", seats=[{"kind": "open"}, {"kind": "agent", "agent": "random"}]
        )
        player = connect(f"/ws/rooms/{tcg['room']['id']}", "tcg")
        player.hello(tcg["token"])
        refused = errors(player.answer({"type": "auto", "on": True}))
        assert [e["code"] for e in refused] == ["no_auto_play"]
        assert "real choices" in refused[0]["message"]
        assert find("tcg").auto_play is False
        assert find("karata").auto_play is False
        assert find("war").auto_play is True


def test_the_choice_and_the_pace_outlive_the_connection(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, bo_token = war_room(client)
        ann = connect(f"/ws/rooms/{room}", "ann")
        ann.hello(ann_token)
        ann.send({"type": "pace", "pace": "fast"})
        ann.until(lambda m: m["type"] == "room" and m["room"]["pace"] == "fast")
        ann.send({"type": "auto", "on": True})
        auto_of(ann, 0, on=True)
        ann.socket.close(1000)
    with server(database_url) as client, sockets(client) as connect:  # a new server, even
        again = connect(f"/ws/rooms/{room}", "ann again")
        again.hello(ann_token)
        again.until(lambda m: m["type"] == "room")
        assert [seat["auto"] for seat in seats_of(again)] == [True, False]
        assert again.messages("room")[-1]["room"]["pace"] == "fast"
        listed = client.get(f"/api/rooms/{room}").json()  # the REST lobby: the newest shape
        assert listed["seats"][0]["auto"] is True
        assert listed["pace"] == "fast"
        bo = connect(f"/ws/rooms/{room}", "bo")
        bo.hello(bo_token)
        assert bo.answer({"type": "auto", "on": True}) is not None
        assert final(again)["outcome"] is not None  # both seats turned by the server
        assert [m for m in again.received if '"decide"' in m] == []


def test_leaving_the_seat_ends_its_automatic_play(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        created = create(
            client, game="war", ruleset=SHORT_WAR, seats=[{"kind": "open"}, {"kind": "open"}]
        )
        room = created["room"]["id"]
        bo_token = client.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()["token"]
        bo = connect(f"/ws/rooms/{room}", "bo")
        bo.hello(bo_token)
        bo.send({"type": "auto", "on": True})
        auto_of(bo, 1, on=True)
        left = client.post(f"/api/rooms/{room}/leave", headers=bearer(bo_token))
        assert left.status_code == 200, left.text
        listed = client.get(f"/api/rooms/{room}").json()
        assert listed["seats"][1]["kind"] == "open"
        assert listed["seats"][1]["auto"] is False


def test_protocol_6_is_served_as_before(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, bo_token = war_room(client, bo="bo")
        ann, bo = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bo (6)")
        ann.hello(ann_token)
        assert bo.hello(bo_token, protocol=6)["protocol"] == 6
        bo.until(lambda m: m["type"] == "room")
        bo.until(lambda m: m["type"] == "presence")
        old_room = bo.messages("room")[-1]["room"]
        assert "pace" not in old_room
        assert all("auto" not in seat for seat in old_room["seats"])
        assert all("wins" not in seat for seat in old_room["seats"])  # nor the running score
        assert all("rematch" not in seat for seat in old_room["seats"])  # nor acceptances
        assert "name" not in old_room  # nor the room's name
        assert all("username" in seat for seat in old_room["seats"])
        assert all("auto" not in seat for seat in bo.messages("presence")[-1]["seats"])
        for message in ({"type": "auto", "on": True}, {"type": "pace", "pace": "fast"}):
            refused = errors(bo.answer(message))
            assert [e["code"] for e in refused] == ["unknown_type"]
            assert "in protocol 6" in refused[0]["message"]
            assert "auto" not in refused[0]["message"].split("known types are:")[1]
        ann.send({"type": "auto", "on": True})  # a newer seat's choice: bo sees the room...
        auto_of(ann, 0, on=True)
        changed = bo.until(lambda m: m["type"] == "room")[-1]["room"]
        assert all("auto" not in seat for seat in changed["seats"])  # ...in its own words
        refused = errors(ann.answer({"type": "auto", "on": True, "seat": 1}))
        assert refused[0]["code"] == "not_your_seat"  # the new code, for the new client


def test_the_pace_sets_the_wait_before_automatic_turns_within_agent_delay() -> None:
    def delay(agent_delay: float, pace: str) -> float:
        services = SimpleNamespace(
            clock=lambda: 0.0, config=SimpleNamespace(agent_delay=agent_delay)
        )
        runner = Runner(cast(Any, services))
        try:
            return runner._delay(cast(Any, SimpleNamespace(settings={"pace": pace})))
        finally:
            runner._thinking.shutdown()

    assert delay(0.8, "normal") == 0.8
    assert delay(0.8, "fast") == FAST_DELAY == 0.1
    assert delay(0.0, "normal") == delay(0.0, "fast") == 0.0  # the tests' servers: no wait
    assert delay(0.05, "fast") == 0.05
