"""The small commands and the error boundary: games, rules, --version, bad arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable
from cardtable.engine import Record
from tests.cli.helpers import invoke


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"cardtable {cardtable.__version__}"


def test_no_command_shows_help() -> None:
    result = invoke()
    assert "play" in result.output
    assert "replay" in result.output


def test_games_lists_the_registered_games() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert "tcg" in result.output
    assert "Kata TCG" in result.output
    assert "duel" in result.output


def test_rules_prints_the_rules_document() -> None:
    result = invoke("rules", "tcg")
    assert result.exit_code == 0
    assert "Kata TCG" in result.output
    assert "Bleeding out" in result.output
    assert "\x1b[" not in result.output


def test_rules_schema_is_json_with_every_field() -> None:
    result = invoke("rules", "tcg", "--schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    fields = schema["properties"]
    for name in (
        "starting_health",
        "mana_slot_cap",
        "hand_limit",
        "decks",
        "cards",
        "first_hand",
        "second_hand",
        "healing",
        "minions",
    ):
        assert name in fields
    assert fields["starting_health"]["default"] == 30
    assert fields["starting_health"]["minimum"] == 1


@pytest.mark.parametrize(
    "command", [["rules", "chess"], ["play", "chess"], ["rules", "", "--schema"]]
)
def test_an_unknown_game_is_a_usage_error(command: list[str]) -> None:
    result = invoke(*command)
    assert result.exit_code == 2
    assert "error: no game is called" in result.stderr
    assert "tcg" in result.stderr
    assert "Traceback" not in result.output


def test_a_bad_rules_file_names_the_file_and_line(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('game = "tcg"\nhand_limit = 5\nstarting_health = 0\n', encoding="utf-8")
    result = invoke("play", "tcg", "--rules", str(rules), "--seats", "random,random")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")
    assert "house.toml, line 3" in result.stderr
    assert "starting_health" in result.stderr
    assert "Traceback" not in result.output


def test_a_missing_rules_file_is_an_error(tmp_path: Path) -> None:
    result = invoke("play", "tcg", "--rules", str(tmp_path / "nope.toml"))
    assert result.exit_code == 1
    assert "nope.toml" in result.stderr


def test_house_rules_are_played(tmp_path: Path) -> None:
    rules = tmp_path / "short.toml"
    rules.write_text(
        'starting_health = 3\ndeck_size = 4\ndeck = ["d1", "d2", "d3", "d4"]\n', encoding="utf-8"
    )
    result = invoke("play", "tcg", "--rules", str(rules), "--seats", "greedy,greedy", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "/3" in result.output
    assert "Outcome:" in result.output


def test_an_unknown_player_is_a_usage_error() -> None:
    result = invoke("play", "tcg", "--seats", "human,wizard")
    assert result.exit_code == 2
    assert "error: no player called 'wizard'" in result.stderr
    assert "greedy" in result.stderr


def test_a_malformed_seat_list_is_a_usage_error() -> None:
    result = invoke("play", "tcg", "--seats", "human,,greedy")
    assert result.exit_code == 2
    assert "error:" in result.stderr


def test_the_wrong_number_of_seats_is_a_usage_error() -> None:
    result = invoke("play", "tcg", "--seats", "greedy,greedy,random")
    assert result.exit_code == 2
    assert "needs 2 seats, got 3" in result.stderr


def test_the_seats_set_the_number_of_players_when_nothing_else_does(tmp_path: Path) -> None:
    path = tmp_path / "karata.json"
    seats = "heuristic,random,heuristic"
    result = invoke("play", "karata", "--seats", seats, "--seed", "1", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert Record.load(path).ruleset["players"] == 3
    # a short War: a whole deck's War prints thousands of boards (minutes under coverage)
    four = "random,random,random,random"
    result = invoke("play", "war", "--seats", four, "--seed", "1", "--turn-limit", "20")
    assert result.exit_code == 0, result.output
    assert "player 3 (random)" in result.output


def test_seats_that_disagree_with_the_players_asked_for_are_refused(tmp_path: Path) -> None:
    result = invoke("play", "karata", "--players", "2", "--seats", "random,random,random")
    assert result.exit_code == 2
    assert "needs 2 seats, got 3" in result.stderr
    rules = tmp_path / "house.toml"
    rules.write_text('game = "karata"\nplayers = 4\n', encoding="utf-8")
    result = invoke("play", "karata", "--rules", str(rules), "--seats", "random,random")
    assert result.exit_code == 2
    assert "needs 4 seats, got 2" in result.stderr
    result = invoke("play", "karata", "--seats", "random,random,random,random,random")
    assert result.exit_code != 0
    assert "5 players, but these rules allow at most 4" in result.stderr


def test_a_negative_delay_is_refused_by_typer() -> None:
    result = invoke("play", "tcg", "--delay", "-1")
    assert result.exit_code == 2


def test_a_save_path_that_cannot_be_written_is_refused_before_playing(tmp_path: Path) -> None:
    result = invoke("play", "tcg", "--save", str(tmp_path / "nowhere" / "match.json"))
    assert result.exit_code == 2
    assert "there is no folder" in result.stderr
    assert "Your hand" not in result.output
    result = invoke("play", "tcg", "--save", str(tmp_path))
    assert result.exit_code == 2
    assert "that is a folder" in result.stderr


def test_schema_prints_every_part_or_one() -> None:
    whole = json.loads(invoke("schema", "tcg").stdout)
    assert sorted(whole) == ["decision", "event", "ruleset", "view"]
    decision = json.loads(invoke("schema", "tcg", "decision").stdout)
    assert {variant["properties"]["type"]["const"] for variant in decision["oneOf"]} == {
        "play",
        "attack",
        "end",
        "concede",
    }


def test_schema_names_the_parts_when_asked_for_a_wrong_one() -> None:
    result = invoke("schema", "tcg", "colour")
    assert result.exit_code == 2
    assert "choose from ruleset, decision, view, event" in result.stderr


@pytest.mark.parametrize("game", ["war", "karata", "tcg"])
def test_an_ascii_only_output_gets_ascii_boards_not_a_traceback(game: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1", "COLUMNS": "80"}
    command = ["play", game, "--seats", "random,random", "--seed", "3"]
    result = subprocess.run(
        [sys.executable, "-m", "cardtable", *command],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode("ascii", "replace")
    assert b"Traceback" not in result.stderr
    assert b"Outcome:" in result.stdout
    result.stdout.decode("ascii")  # nothing but ASCII
