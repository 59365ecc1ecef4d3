"""The High Card example, installed as a plug-in, gets every extra it declares, with no change
to cardtable: its own terminal board, computer player, opponent model for the search player,
research encoding (PettingZoo's API test) and browser table, served by the real server."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from pettingzoo.test import api_test

from cardtable import extensions
from cardtable.agents import agent_names, make_agent, parse_seats
from cardtable.agents.models import model_for
from cardtable.agents.registry import default_agent
from cardtable.cli.render import board_for
from cardtable.engine import Match, Rng
from cardtable.envs import env
from cardtable.games import find
from cardtable.server.plugin_tables import table_url
from cardtable.server.web import SECURITY_HEADERS
from cardtable.simulation import simulate
from tests import highcard
from tests.cli.helpers import TIMEOUT, invoke
from tests.envs.test_aec import DICT_OBSERVATIONS
from tests.server.helpers import server


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with highcard.registered(monkeypatch):
        yield


def test_every_extra_it_declares_is_found_without_a_problem(installed: None) -> None:
    game = find("highcard")
    assert type(board_for(game)).__name__ == "HighCardBoard"
    assert agent_names(game) == ["random", "ismcts", "strongest"]
    assert default_agent(game) == "strongest"
    assert model_for(game, game.default_ruleset()) is not None
    assert table_url("highcard") == "/plugins/highcard/table.js"
    assert extensions.every_problem() == {}


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
def test_its_research_environment_uses_its_own_encoding_and_passes_the_api_test(
    installed: None,
) -> None:
    table = env("highcard", {"players": 3, "hand_size": 4})
    assert type(table.encoding).__module__ == "highcard.encoding"
    api_test(table, num_cycles=200)


def test_its_player_and_the_search_player_with_its_model_play_it(installed: None) -> None:
    game = find("highcard")
    strongest = make_agent(parse_seats("strongest")[0], game, Rng(1))
    match = Match(game, game.default_ruleset(), seed=2)
    view, legal = match.view(0), match.legal(0)
    held = {card.id: card.stat("strength") for card in view.cards("hand:0")}
    assert len(set(held.values())) > 1  # a hand where the choice matters
    chosen = strongest.decide(view, legal)
    assert held[chosen.card] == max(held.values())  # type: ignore[attr-defined]
    result = simulate(
        game, game.default_ruleset(), parse_seats("strongest,ismcts:20"), games=4, seed=1
    )
    assert len(result.matches) == 4


def test_the_server_serves_its_table_under_the_clients_policy(
    installed: None, tmp_path: Path
) -> None:
    with server(f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}") as client:
        info = client.get("/api/games/highcard").json()
        assert info["table"] == "/plugins/highcard/table.js"
        assert client.get("/api/games/war").json()["table"] is None
        served = client.get(info["table"])
        assert served.status_code == 200
        assert served.headers["content-type"].startswith("text/javascript")
        assert (
            served.headers["content-security-policy"]
            == (SECURITY_HEADERS["Content-Security-Policy"])
        )
        source = (highcard.SOURCE / "highcard" / "web" / "table.js").read_bytes()
        assert served.content == source
        for path in ("/plugins/highcard/__init__.py", "/plugins/highcard/..%2F..%2Fgame.py",
                     "/plugins/highcard/nothing.js", "/plugins/war/table.js",
                     "/plugins/highcard/.hidden.js"):  # fmt: skip
            refused = client.get(path)
            assert refused.status_code == 404, path
            assert refused.json()["code"] == "not_found", path


def test_a_new_process_finds_every_extra_through_real_entry_points(tmp_path: Path) -> None:
    env = highcard.install(tmp_path)
    played = subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "highcard", "--seats", "strongest,random",
         "--seed", "3"],
        env=env, capture_output=True, text=True, encoding="utf-8", timeout=TIMEOUT, check=False,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert played.stderr == ""
    assert "High Card · trick" in played.stdout  # its own board, not the generic one
    assert "Outcome:" in played.stdout
    listed = subprocess.run(
        [sys.executable, "-m", "cardtable", "games"], env={**env, "COLUMNS": "200"},
        capture_output=True, text=True, encoding="utf-8", timeout=TIMEOUT, check=False,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr == ""
    lines = listed.stdout.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("highcard"))
    assert lines[at + 1].strip() == (
        "its own: board, players strongest, opponent model, encoding, table"
    ), lines[at : at + 2]


def test_games_says_which_extra_a_plugin_failed_to_bring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = [
        EntryPoint("highcard", "highcard.board:NoSuchBoard", "cardtable.boards"),
        EntryPoint("sharp", "json:dumps", "cardtable.agents"),
    ]
    with highcard.registered(monkeypatch, also=broken):
        result = invoke("games")
    assert result.exit_code == 0
    assert "the cardtable.boards entry 'highcard' is installed but it failed to load" in (
        result.stderr
    )
    assert "the cardtable.agents entry 'sharp' is installed but json:dumps is not a" in (
        result.stderr
    )
