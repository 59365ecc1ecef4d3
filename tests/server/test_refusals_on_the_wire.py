"""Protocol 4 over the real server: legal decisions as objects, why each held card waits, and
the rule's code beside the protocol's own in every refused (or fined) decision; a client of
protocol 3 is still sent texts and neither new field."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import bearer, create, server
from tests.server.wire import Recorder, sockets

TCG = {"first_hand": 5}
KARATA_FINES = {"fine": 1}


def two_people(client: Any, game: str, ruleset: dict[str, Any]) -> tuple[str, list[str]]:
    """A started room of ``game`` with two people; its id and the seats' tokens."""
    created = create(client, game=game, ruleset=ruleset)
    room = created["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return room, [created["token"], joined["token"]]


def decide(text: str, version: int) -> dict[str, Any]:
    return {"type": "decide", "decision": text, "version": version}


def the_error(recorder: Recorder, message: dict[str, Any]) -> dict[str, Any]:
    (error,) = [m for m in recorder.answer(message) if m["type"] == "error"]
    return error


def test_each_protocol_is_sent_its_own_legal_decisions_and_refusals(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, tokens = two_people(client, "tcg", TCG)
        new, old = connect(f"/ws/rooms/{room}", "4"), connect(f"/ws/rooms/{room}", "3")
        assert new.hello(tokens[0], protocol=4)["protocol"] == 4
        assert old.hello(tokens[1], protocol=3)["protocol"] == 3
        checked: set[int] = set()
        version = 0
        while checked != {3, 4}:
            views = {4: new.view_from(version), 3: old.view_from(version)}
            actor = views[4]["to_act"]
            recorder, protocol = (new, 4) if actor == 0 else (old, 3)
            view = views[protocol]
            if protocol == 4:
                assert all(set(legal) == {"kind", "text", "cards", "targets", "mode", "details"}
                           for legal in view["legal"])  # fmt: skip
                end = [legal for legal in view["legal"] if legal["kind"] == "end"]
                assert end == [{"kind": "end", "text": "end", "cards": [], "targets": [],
                                "mode": None, "details": {}}]  # fmt: skip
                plays = [legal for legal in view["legal"] if legal["kind"] == "play"]
                assert all(legal["text"] == f"play #{legal['cards'][0]}" for legal in plays)
                waiting = view["unplayable"]
                assert waiting, "some card of a first hand costs more than one mana"
                assert {item["code"] for item in waiting} == {"cannot_afford"}
                card = waiting[0]["card"]
                error = the_error(recorder, decide(f"play #{card}", view["version"]))
                assert (error["code"], error["refusal"], error["penalised"]) == (
                    "illegal_decision", "cannot_afford", False
                )  # fmt: skip
                assert error["message"] == waiting[0]["reason"]
                stale = the_error(recorder, decide("end", view["version"] + 5))
                assert (stale["code"], stale["refusal"]) == ("stale_version", None)
                other = the_error(old, decide("end", view["version"]))
                assert other["code"] == "not_your_turn"
                assert "refusal" not in other  # protocol 3 has no such field
            else:
                assert "end" in view["legal"]
                assert all(isinstance(legal, str) for legal in view["legal"])
                assert "unplayable" not in view
                mine = {card["id"] for card in view["view"]["zones"]["hand:1"]["cards"]}
                playable = {int(text.split()[1][1:]) for text in view["legal"] if "#" in text}
                card = min(mine - playable)
                error = the_error(recorder, decide(f"play #{card}", view["version"]))
                assert error["code"] == "illegal_decision"
                assert error.keys() == {"type", "code", "message", "refers_to"}
                not_yours = the_error(new, decide("end", view["version"]))
                assert (not_yours["code"], not_yours["refusal"]) == (
                    "not_your_turn", "not_your_turn"
                )  # fmt: skip
            checked.add(protocol)
            recorder.answer(decide("end", view["version"]))
            version = view["version"] + 1


def test_a_fined_decision_says_so_and_names_the_rule_it_broke(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, tokens = two_people(client, "karata", KARATA_FINES)
        seats = [connect(f"/ws/rooms/{room}", "seat 0"), connect(f"/ws/rooms/{room}", "seat 1")]
        for recorder, token in zip(seats, tokens, strict=True):
            recorder.hello(token)
        for _ in range(20):  # until the seat to act holds a card that does not follow
            view = seats[0].view_from(0)
            actor = view["to_act"]
            view = seats[actor].view_from(view["version"])
            if view["unplayable"]:
                break
            seats[actor].answer(decide("pass", view["version"]))
            seats[0].view_from(view["version"] + 1)
        else:
            raise AssertionError("no seat ever held a card it could not play")
        waiting = view["unplayable"][0]
        hand = view["view"]["zones"][f"hand:{actor}"]["cards"]
        (key,) = [card["key"] for card in hand if card["id"] == waiting["card"]]
        answered = seats[actor].answer(decide(f"play {key}", view["version"]))
        (error,) = [m for m in answered if m["type"] == "error"]
        assert (error["code"], error["refusal"], error["penalised"]) == (
            "illegal_decision", waiting["code"], True
        )  # fmt: skip
        assert error["message"] == f"{waiting['reason']} (the rules penalised it)"
        assert seats[actor].view_from(view["version"] + 1)["version"] == view["version"] + 1


def test_bad_rules_over_rest_name_their_code_and_field(database_url: str) -> None:
    with server(database_url) as client:
        too_many = client.post("/api/rooms", json={"name": "ann", "game": "war",
                                                   "ruleset": {"players": 99}})  # fmt: skip
        assert too_many.status_code == 422, too_many.text
        body = too_many.json()
        assert (body["code"], body["refusal"], body["field"]) == (
            "bad_rules", "out_of_range", "players"
        )  # fmt: skip
        unknown = client.post("/api/rooms", json={"name": "ann", "game": "tcg",
                                                  "ruleset": {"manna": 3}})  # fmt: skip
        body = unknown.json()
        assert (unknown.status_code, body["refusal"], body["field"]) == (
            422, "unknown_field", "manna"
        )  # fmt: skip
        fine = client.post("/api/rooms", json={"name": "ann", "game": "war"})
        assert fine.status_code == 201, fine.text
