"""Hidden information never reaches anyone who may not see it.

Whole matches of every game are played through the server: one WebSocket per seat (clients
answering each view with a seeded choice among its legal decisions, or computer players) and
one spectator, each keeping every message it was sent. The stored record is then replayed
with the engine, and every message is held against it: each view and event is exactly what
the engine gives that seat (or spectator), no message names a card the receiver could not
see at that moment (its raw JSON text is scanned for card ids, keys and names), spectators
get spectators' views only, and each event stream arrives whole, in order, once.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.engine.match import Match
from cardtable.engine.record import Record
from cardtable.games import find, names
from tests.server.helpers import bearer, create, server
from tests.server.wire import Knowledge, Recorder, Viewer, leaks, sockets

Choose = Callable[[random.Random, list[str]], str]


def any_legal(rng: random.Random, legal: list[str]) -> str:
    return rng.choice(legal)


def eager(rng: random.Random, legal: list[str]) -> str:
    """A card when one may be played (random Karata matches can last thousands of turns)."""
    plays = [text for text in legal if text.split()[0] not in ("pick", "pass", "concede")]
    return rng.choice(plays or legal)


@dataclass(frozen=True)
class Case:
    id: str
    game: str
    ruleset: dict[str, Any]
    agents: dict[int, str]
    """The seats computer players hold (the rest are open seats, joined by clients)."""
    choose: Choose = any_legal


SMALL_TCG = {"starting_health": 12, "first_hand": 1, "second_hand": 2}

CASES = [
    Case("war-short-deck", "war", {"suits": 1, "ranks": 6, "turn_limit": 40}, {}),
    Case("tcg-small", "tcg", SMALL_TCG, {}),
    Case(
        "tcg-healing-minions",
        "tcg",
        {"starting_health": 12, "healing": True, "minions": True},
        {1: "greedy"},
    ),
    Case("karata-3-players", "karata", {"players": 3}, {2: "heuristic"}, eager),
]


def test_every_registered_game_is_played() -> None:
    assert {case.game for case in CASES} == set(names())


@dataclass
class Played:
    match: str
    record: Record
    recorders: dict[Viewer, Recorder]


def play(client: TestClient, case: Case, rng: random.Random) -> Played:
    """One whole match of ``case`` through the server, every connection recording."""
    game = find(case.game)
    count = game.seats(game.load_ruleset(case.ruleset))
    seats = [
        {"kind": "agent", "agent": case.agents[seat]} if seat in case.agents else {"kind": "open"}
        for seat in range(count)
    ]
    created = create(client, game=case.game, ruleset=case.ruleset, seats=seats, name="seat0")
    room = created["room"]["id"]
    tokens: dict[int, str] = {0: created["token"]}
    for seat in range(1, count):
        if seat not in case.agents:
            joined = client.post(f"/api/rooms/{room}/join", json={"name": f"seat{seat}"})
            assert joined.status_code == 200, joined.text
            tokens[seat] = joined.json()["token"]
    with sockets(client) as open_socket:

        def connect(name: str) -> Recorder:
            return open_socket(f"/ws/rooms/{room}", name)

        players = {seat: connect(f"seat {seat}") for seat in tokens}
        spectator = connect("spectator")
        for seat, player in players.items():
            welcome = player.hello(tokens[seat])
            assert (welcome["type"], welcome["seat"], welcome["role"]) == (
                "welcome",
                seat,
                "player",
            )
        welcome = spectator.hello(None)
        assert (welcome["type"], welcome["seat"], welcome["role"]) == ("welcome", None, "spectator")
        for recorder in (*players.values(), spectator):
            recorder.answer(None)  # the pong comes once the server is done with the hello
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        # The spectator's views keep time: when a client's seat is to act, it decides.
        clock = spectator.view_from(0)
        while clock["outcome"] is None:
            seat = clock["to_act"]
            if seat in players:
                view = players[seat].view_from(clock["version"])
                assert view["version"] == clock["version"], (view, clock)
                decision = case.choose(rng, [legal["text"] for legal in view["legal"]])
                players[seat].send(
                    {"type": "decide", "decision": decision, "version": view["version"]}
                )
            clock = spectator.view_from(clock["version"] + 1)
        for player in players.values():
            assert player.view_from(clock["version"])["outcome"] is not None
    answer = client.get(f"/api/matches/{clock['match']}/record")
    assert answer.status_code == 200, answer.text
    record = Record.from_json(answer.json())
    recorders: dict[Viewer, Recorder] = {None: spectator}
    for seat, player in players.items():
        recorders[seat] = player
    return Played(clock["match"], record, recorders)


def parts(message: dict[str, Any], raw: str) -> list[tuple[dict[str, Any], str]]:
    """A message as the parts to check, each with its text: a view of protocol 2 that carries
    events is checked as an ``events`` message (each event against what the seat knew when it
    happened) followed by the view itself."""
    if message["type"] != "view" or not message.get("new_events"):
        return [(message, raw)]
    inside = message["new_events"]
    events = {
        "type": "events",
        "match": message["match"],
        "first": message["events"] - len(inside),
        "events": inside,
    }
    view = {key: value for key, value in message.items() if key != "new_events"}
    return [(events, json.dumps(events)), (view, json.dumps(view))]


def problems(played: Played, knowledge: Knowledge, viewer: Viewer) -> list[str]:
    """Everything wrong with what ``viewer``'s connection received."""
    who = "the spectator" if viewer is None else f"seat {viewer}"
    found: list[str] = []
    held = 0  # events of the stream received so far
    received = [
        (number, message, raw)
        for number, whole in enumerate(played.recorders[viewer].received)
        for message, raw in parts(json.loads(whole), whole)
    ]
    for number, message, raw in received:
        where = f"{who}, message {number} ({message['type']})"
        kind = message["type"]
        for leak in leaks(raw, knowledge.secrets_of(viewer, message)):
            found.append(f"{where} shows {leak}, hidden from {who}: {raw[:300]}")
        if kind == "error":
            found.append(f"{where}: {raw}")
        elif kind == "events":
            if message["match"] != played.match or message["first"] != held:
                found.append(f"{where} starts at {message['first']}, {held} held: {raw[:200]}")
            first = message["first"]
            expected = knowledge.streams[viewer][first : first + len(message["events"])]
            if message["events"] != expected:
                found.append(f"{where}: {message['events']} where the engine has {expected}")
            held = first + len(message["events"])
        elif kind == "view":
            expected = knowledge.steps[message["version"]].views[viewer]
            got = {key: message[key] for key in expected}
            if got != expected or message["match"] != played.match:
                found.append(f"{where} differs from the engine's: {got} != {expected}")
            if message["events"] != held:
                found.append(f"{where} counts {message['events']} events; {held} came before it")
            if viewer is None and (message["seat"], message["view"]["seat"]) != (None, None):
                found.append(f"{where} is not a spectator's view")
        elif kind == "welcome" and message["seat"] != viewer:
            found.append(f"{where}: {raw}")
    if held != len(knowledge.streams[viewer]):
        found.append(f"{who} received {held} events of {len(knowledge.streams[viewer])}")
    return found


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_every_message_shows_each_connection_only_what_it_may_see(
    sqlite_url: str, case: Case
) -> None:
    with server(sqlite_url, lease_seconds=1.5) as client:
        played = play(client, case, random.Random(case.id))
    knowledge = Knowledge.of(played.record)
    assert played.record.outcome is not None
    assert len(knowledge.steps) == len(played.record.decisions) + 1
    found = [
        problem for viewer in played.recorders for problem in problems(played, knowledge, viewer)
    ]
    seed = f"(match seed {played.record.seed}, {len(played.record.decisions)} decisions)"
    assert not found, f"{seed}\n" + "\n".join(found[:20])


def test_a_match_through_postgresql_leaks_nothing_either(database_url: str) -> None:
    case = CASES[1]
    with server(database_url, lease_seconds=1.5) as client:
        played = play(client, case, random.Random(case.id))
    knowledge = Knowledge.of(played.record)
    found = [
        problem for viewer in played.recorders for problem in problems(played, knowledge, viewer)
    ]
    assert not found, "\n".join(found[:20])


# -- the scanner catches leaks ----------------------------------------------------------------


def small_tcg_match(seed: int = 3, **rules: Any) -> Knowledge:
    game = find("tcg")
    ruleset = game.load_ruleset({**SMALL_TCG, **rules})
    match: Match[Any] = Match(game, ruleset, seed, seats=("a", "b"))
    rng = random.Random(seed)
    while not match.over:
        seat = match.to_act
        assert seat is not None
        match.decide(seat, rng.choice(match.legal(seat).moves))
    return Knowledge.of(match.record())


def test_the_scanner_finds_another_seats_hand_in_a_view() -> None:
    knowledge = small_tcg_match()
    caught = 0
    for version, step in enumerate(knowledge.steps):
        mine, theirs = step.views[0], step.views[1]
        assert leaks(json.dumps(mine), knowledge.secrets_of_view(0, version)) == []
        hand = theirs["view"]["zones"]["hand:1"]["cards"]
        found = leaks(json.dumps(theirs), knowledge.secrets_of_view(0, version))
        assert {f"card #{card['id']}" for card in hand} <= set(found)
        caught += bool(hand)
        doctored = json.loads(json.dumps(mine))
        doctored["view"]["public"] = {"note": hand}  # one card of it, slipped in anywhere
        assert bool(leaks(json.dumps(doctored), knowledge.secrets_of_view(0, version))) == bool(
            hand
        )
    assert caught > 0


def test_the_scanner_finds_an_opponents_drawn_card_in_an_event() -> None:
    knowledge = small_tcg_match()
    caught = 0
    for index, event in enumerate(knowledge.streams[1]):
        if event["type"] != "draw" or event["seat"] != 1 or event.get("result") != "hand":
            continue  # (a card drawn past the hand's limit is burnt in public)
        message = {"type": "events", "match": "m", "first": index, "events": [event]}
        theirs = knowledge.secrets_of_events(1, index, 1)
        assert leaks(json.dumps(message), theirs) == []
        step = knowledge.step_of_event(1, index)
        first = knowledge.steps[step - 1].events[0] if step else 0
        mine = knowledge.secrets_of_events(0, first, 1)
        assert f"card #{event['card']['id']}" in leaks(json.dumps(message), mine)
        caught += 1
    assert caught > 0


def test_the_scanner_finds_names_keys_and_decisions_nobody_showed_a_spectator() -> None:
    knowledge = small_tcg_match(open_decklists=False)  # open lists name every card to all
    secrets = knowledge.secrets_of_match(None)
    assert secrets.words, "some cards must stay unseen by a spectator for this test to mean much"
    word = min(secrets.words)
    assert leaks(json.dumps({"type": "chat", "text": f"I hold {word}!"}), secrets) == [repr(word)]
    assert leaks(json.dumps({"type": "chat", "text": "I hold nothing"}), secrets) == []
    hidden = min(secrets.ids)
    legal = {"type": "view", "legal": [f"play #{hidden} @p1"]}
    assert leaks(json.dumps(legal), secrets) == [f"card #{hidden}"]
