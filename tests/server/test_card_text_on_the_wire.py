"""Each view says what its cards do, in words made from the cards' definitions, with only the
ways of playing them the room's rules allow; protocol 5 is sent views as before."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.helpers import bearer, create, server
from tests.server.wire import sockets


def started_tcg(client: TestClient, **ruleset: Any) -> tuple[str, str, str]:
    """A started Kata TCG between ann (seat 0) and bo (seat 1) under ``ruleset``."""
    created = create(client, game="tcg", ruleset=ruleset)
    room = created["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "bo"}).json()
    started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
    assert started.status_code == 200, started.text
    return room, created["token"], joined["token"]


def hand(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = view["view"]["zones"][f"hand:{seat}"]["cards"]
    return cards


def test_classic_cards_say_only_their_damage_when_healing_and_minions_are_off(
    database_url: str,
) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, _ = started_tcg(client)
        ann = connect(f"/ws/rooms/{room}", "ann")
        ann.hello(ann_token)
        view = ann.view_from(0)
    texts = view["card_text"]
    cards = hand(view, 0)
    assert cards
    assert {str(card["id"]) for card in cards} <= set(texts)
    for card in cards:
        damage = card["stats"]["damage"]
        assert texts[str(card["id"])] == f"Deal {damage} damage to the enemy hero."


def test_with_healing_and_minions_on_every_way_to_play_is_said(database_url: str) -> None:
    with server(database_url) as client, sockets(client) as connect:
        room, ann_token, _ = started_tcg(client, healing=True, minions=True)
        ann = connect(f"/ws/rooms/{room}", "ann")
        ann.hello(ann_token)
        view = ann.view_from(0)
    for card in hand(view, 0):
        value = card["stats"]["damage"]
        said = view["card_text"][str(card["id"])]
        assert said.startswith(f"Deal {value} damage to an enemy"), said
        article = "an" if value == 8 else "a"
        assert said.endswith(f"or play it as {article} {value}/{max(value, 1)} minion."), said
        assert (f"heal yourself {value}" in said) == (value > 0), said


def test_legends_spells_say_what_they_do_and_the_opponent_is_told_nothing_hidden(
    database_url: str,
) -> None:
    with server(database_url) as client, sockets(client) as connect:
        sets = client.get("/api/games/tcg/sets").json()
        legends = next(found for found in sets if found["name"] == "legends")
        room, ann_token, bo_token = started_tcg(client, **legends["ruleset"])
        ann, bo = connect(f"/ws/rooms/{room}", "ann"), connect(f"/ws/rooms/{room}", "bo")
        ann.hello(ann_token)
        bo.hello(bo_token, protocol=5)
        mine, theirs = ann.view_from(0), bo.view_from(0)
    texts = mine["card_text"]
    for card in hand(mine, 0):
        said = texts[str(card["id"])]
        assert said.startswith(("Spell: ", "Minion ", "Deal ")), said
        assert "0/0" not in said
    assert set(texts) == {str(card["id"]) for card in hand(mine, 0)}  # no card of bo's hand
    assert "card_text" not in theirs  # protocol 5: as before
