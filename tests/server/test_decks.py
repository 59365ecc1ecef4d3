"""Players bring their own decks to a Kata TCG room: checked when they sit down, played
in the match (its record keeps them), refused with the reason when the rules forbid them."""

from __future__ import annotations

from collections import Counter

from cardtable.engine import Record
from tests.jsondata import strs
from tests.server.helpers import bearer, create, server

LOW = {"name": "Low", "set": "classic", "cards": {"d1": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 4}}
HIGH = {"name": "High", "set": "classic",
        "cards": {"d0": 2, "d3": 2, "d4": 4, "d6": 4, "d7": 4, "d8": 4}}  # fmt: skip


def test_each_player_plays_the_deck_they_brought(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="tcg", deck=LOW)
        room = created["room"]["id"]
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "bo", "deck": HIGH})
        assert joined.status_code == 200, joined.text
        started = client.post(f"/api/rooms/{room}/start", headers=bearer(created["host_token"]))
        assert started.status_code == 200, started.text
        gave_up = client.post(f"/api/rooms/{room}/concede", headers=bearer(created["token"]))
        assert gave_up.status_code == 200, gave_up.text
        match_id = client.get(f"/api/rooms/{room}/matches").json()[0]["id"]
        record = Record.from_json(client.get(f"/api/matches/{match_id}/record").json())
        decks = record.ruleset["decks"]
        assert isinstance(decks, list)
        assert [Counter(strs(deck)) for deck in decks] == [LOW["cards"], HIGH["cards"]]


def test_a_deck_the_rules_forbid_is_refused_with_the_reason_and_the_seat_stays_open(
    sqlite_url: str,
) -> None:
    with server(sqlite_url) as client:
        created = create(client, game="tcg")
        room = created["room"]["id"]
        short = {**LOW, "cards": {"d1": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 3}}
        too_many = {**LOW, "cards": {"d1": 5, "d2": 4, "d3": 4, "d4": 4, "d5": 3}}
        unknown = {**LOW, "cards": {"dragon": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 4}}
        for deck, reason in (
            (short, "the deck holds 19 cards; a deck holds exactly 20 (add 1 more)"),
            (too_many, "5 copies of 'd1'; at most 4 are allowed"),
            (unknown, "dragon"),
            ({"cards": {"d1": 20}}, "set must name the card set"),
        ):
            refused = client.post(f"/api/rooms/{room}/join", json={"name": "bo", "deck": deck})
            assert refused.status_code == 422, refused.text
            problem = refused.json()
            assert problem["code"] == "bad_deck"
            assert reason in problem["message"]
        seats = client.get(f"/api/rooms/{room}").json()["seats"]
        assert [seat["kind"] for seat in seats] == ["guest", "open"]


def test_games_without_decks_and_hosts_who_only_watch_bring_none(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        war = client.post("/api/rooms", json={"name": "ann", "game": "war", "deck": LOW})
        assert war.status_code == 422
        assert war.json()["code"] == "bad_deck"
        assert "War is played without decks" in war.json()["message"]
        watching = client.post(
            "/api/rooms", json={"name": "ann", "game": "tcg", "host_seat": None, "deck": LOW}
        )
        assert watching.status_code == 422
        assert "only watches" in watching.json()["message"]
        assert client.get("/api/rooms").json() == []
