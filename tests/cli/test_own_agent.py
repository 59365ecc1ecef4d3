"""One's own computer player, seated by import path, in every command that seats players."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import invoke

FIRST = "py:tests.agents.own_players:First"


def test_play_seats_an_agent_by_import_path() -> None:
    result = invoke("play", "tcg", "--seats", f"{FIRST},greedy", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "Outcome:" in result.output
    assert f"({FIRST})" in result.output


def test_simulate_counts_it_like_any_other() -> None:
    result = invoke(
        "simulate", "tcg", "--agents", f"{FIRST},greedy", "--games", "6", "--seed", "2", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["agents"] == [FIRST, "greedy"]
    mine = data["by_agent"][0]
    assert mine["name"] == FIRST
    assert mine["won"]["matches"] == 6


def test_ladder_rates_it_among_ours() -> None:
    result = invoke(
        "ladder", "karata", "--agents", "py:tests.agents.own_players:Nth:1,heuristic",
        "--games", "4", "--seed", "1", "--json", "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    ratings = json.loads(result.stdout)["ratings"]
    assert {rating["agent"] for rating in ratings} == {
        "py:tests.agents.own_players:Nth:1", "heuristic"
    }  # fmt: skip


def test_a_tournament_enters_it() -> None:
    result = invoke(
        "tournament", "run", "tcg", "--format", "knockout", "--entrants", "4",
        "--agents", f"{FIRST},greedy", "--seed", "1", "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.output


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["play", "war", "--seats", "py:no_such_module_here:Bot,random"],
         "cannot import no_such_module_here (ModuleNotFoundError"),
        (["simulate", "tcg", "--agents", "py:tests.agents.own_players:Nobody,random"],
         "tests.agents.own_players has no Nobody"),
        (["ladder", "tcg", "--agents", "py:tests.agents.own_players,random"],
         "is not an import path: write py:MODULE:OBJECT"),
    ],
)  # fmt: skip
def test_an_agent_that_cannot_be_loaded_is_refused_in_words(command: list[str], said: str) -> None:
    result = invoke(*command)
    assert result.exit_code != 0
    assert said in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_balance_weighs_cards_with_it() -> None:
    result = invoke(
        "balance", "cards", "--agents", f"{FIRST},greedy", "--games", "4", "--seed", "1",
        "--workers", "1", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["agents"] == [FIRST, "greedy"]
