"""The server serves the browser client at its root, beside the lobby and the WebSocket."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.server.web import WEB_ROOT
from tests.server.helpers import bearer, create, server
from tests.server.test_rooms_life import finished_war


def test_the_root_is_the_client_with_a_strict_policy(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        page = client.get("/")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert '<script type="module" src="js/main.js">' in page.text
        policy = page.headers["content-security-policy"]
        assert "script-src 'self'" in policy
        assert "unsafe" not in policy
        script = client.get("/js/main.js")
        assert script.status_code == 200
        assert "javascript" in script.headers["content-type"]
        assert client.get("/style.css").headers["content-type"].startswith("text/css")


def test_the_lobby_and_the_docs_keep_their_routes(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        assert [game["name"] for game in client.get("/api/games").json()] == [
            "tcg",
            "war",
            "karata",
        ]
        assert client.get("/docs").status_code == 200
        assert client.get("/api/nothing-here").status_code == 404
        assert client.get("/no-such-file.js").status_code == 404


@pytest.mark.parametrize(
    ("game", "own"), [("tcg", "greedy"), ("karata", "heuristic"), ("war", "random")]
)
def test_each_game_lists_its_computer_players(sqlite_url: str, game: str, own: str) -> None:
    with server(sqlite_url) as client:
        agents = client.get(f"/api/games/{game}/agents").json()
        assert agents[0] == own
        assert "ismcts:hard" in agents
        assert "ismcts" not in agents
        refused = client.get("/api/games/chess/agents")
        assert refused.status_code == 404
        assert refused.json()["code"] == "unknown_game"


def test_finished_matches_are_listed_for_replays_and_live_ones_are_not(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        assert client.get("/api/matches").json() == []
        room, created, last = finished_war(client)
        listed = client.get("/api/matches").json()
        assert [match["id"] for match in listed] == [last["match"]]
        assert listed[0]["status"] == "finished"
        client.post(f"/api/rooms/{room}/rematch", headers=bearer(created["token"]))
        assert [match["id"] for match in client.get("/api/matches").json()] == [last["match"]]
        assert client.get("/api/matches", params={"game": "karata"}).json() == []
        assert client.get("/api/matches", params={"limit": 0}).status_code == 422


def test_card_sets_are_listed_as_ruleset_fields_a_room_accepts(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        sets = client.get("/api/games/tcg/sets").json()
        assert [(s["name"], s["title"]) for s in sets] == [
            ("classic", "Classic"),
            ("kata", "Kata"),
            ("legends", "Legends"),
        ]
        assert {s["option"] for s in sets} == {"cards"}  # what the game's option offers
        assert sets[0]["ruleset"] == {}  # the classic set is the default pool
        legends = sets[2]["ruleset"]
        assert legends["minions"] is True
        assert {card["id"] for card in legends["cards"]} >= set(legends["decks"][0])
        room = create(client, game="tcg", ruleset=legends)["room"]["id"]
        ruleset = client.get(f"/api/rooms/{room}/ruleset").json()
        assert ruleset["cards"] == legends["cards"]
        assert ruleset["deck_size"] == 20
        assert ruleset["copies_limit"] == 4
        assert client.get("/api/games/war/sets").json() == []
        assert client.get("/api/games/chess/sets").json()["code"] == "unknown_game"
        assert client.get("/api/rooms/nowhere/ruleset").status_code == 404


def _modules() -> list[Path]:
    return sorted(WEB_ROOT.rglob("*.js"))


def test_every_module_imported_is_shipped() -> None:
    """No build step: an import that names a missing file would only fail in a browser."""
    assert _modules()
    for module in _modules():
        for target in re.findall(r'^import .* from "(\.[^"]+)";$', module.read_text(), re.M):
            assert (module.parent / target).resolve().is_file(), f"{module.name} imports {target}"


def test_no_module_writes_markup_from_strings() -> None:
    """Names, chat and the rules are text: nothing sets innerHTML or writes HTML."""
    for module in [*_modules(), WEB_ROOT / "index.html"]:
        text = module.read_text()
        risks = ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", " onclick=")
        for risky in risks:
            assert risky not in text, f"{module.name} uses {risky}"


def test_presets_and_computer_players_are_listed_for_a_lobby(sqlite_url: str) -> None:
    with server(sqlite_url) as client:
        war = client.get("/api/games/war/presets").json()
        assert [preset["name"] for preset in war] == ["quick", "full"]
        quick = war[0]["ruleset"]
        assert (quick["ranks"], quick["won_cards"], quick["turn_limit"]) == (7, "shuffled", 100)
        room = create(client, game="war", ruleset=quick)["room"]["id"]  # a room takes it whole
        assert client.get(f"/api/rooms/{room}/ruleset").json() == quick
        tcg = client.get("/api/games/tcg/presets").json()
        assert [preset["name"] for preset in tcg] == ["quick"]
        assert tcg[0]["ruleset"] == client.get("/api/games/tcg").json()["default_ruleset"]
        players = client.get("/api/games/tcg/computer-players").json()
        assert players[0] == {"name": "greedy", "title": "Greedy"}
        assert {"name": "ismcts:hard", "title": "ISMCTS (hard)"} in players
        assert [p["name"] for p in players] == client.get("/api/games/tcg/agents").json()
        for route in ("presets", "computer-players"):
            unknown = client.get(f"/api/games/chess/{route}")
            assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_game")
