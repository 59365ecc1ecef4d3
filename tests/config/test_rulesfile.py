"""Rules files: TOML, one key per ruleset field; errors name the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import Field

from cardtable.config import RulesetModel, load_rules_file, parse_rules_text
from cardtable.engine import RulesetError


class Rules(RulesetModel):
    players: int = Field(2, ge=1, description="Players.")
    deck: tuple[int, ...] = Field((1, 2, 3), min_length=1, description="Cards.")


def test_keys_left_out_keep_their_defaults() -> None:
    assert parse_rules_text("", Rules, game="demo") == Rules()
    assert parse_rules_text("players = 4\n", Rules, game="demo") == Rules(players=4)
    assert parse_rules_text('game = "demo"\ndeck = [5]\n', Rules, game="demo") == Rules(deck=(5,))


def test_the_file_may_not_be_for_another_game() -> None:
    with pytest.raises(
        RulesetError, match=r"^house\.toml: these are rules for 'war', not for 'demo'"
    ):
        parse_rules_text('game = "war"\n', Rules, game="demo", source="house.toml")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("\n\nplayers = 0\n", r"^house\.toml, line 3: players: must be at least 1 \(got 0\)$"),
        ("deck = [1]\n  players = 'x'\n", r"^house\.toml, line 2: players: must be a whole"),
        ("deck = [1, -2, 'x']\n", r"^house\.toml, line 1: deck\.2: must be a whole number"),
        ("colour = 1\n", r"^house\.toml, line 1: colour: is not a rule of this game"),
        ("players = \n", r"^house\.toml: not valid TOML"),
        (
            "players = 2\ndeck = [1,\n  2\n",
            r"^house\.toml: not valid TOML: .* \(at line 3, where the file ends\)$",
        ),
        ("[section]\nplayers = 1\n", r"^house\.toml, line 1: section: is not a rule of this game"),
    ],
)
def test_errors_name_the_file_and_the_line(text: str, reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        parse_rules_text(text, Rules, game="demo", source="house.toml")


def test_several_errors_each_get_their_line() -> None:
    with pytest.raises(RulesetError) as info:
        parse_rules_text("players = 0\ndeck = []\n", Rules, game="demo", source="h.toml")
    assert info.value.reason.splitlines() == [
        "h.toml, line 1: players: must be at least 1 (got 0)",
        "h.toml, line 2: deck: needs at least 1 item(s) (got [])",
    ]


@pytest.mark.parametrize(
    "text",
    ["players = " + "7" * 5000 + "\n", "players = " + "[" * 100_000 + "\n"],
    ids=["a-number-too-long", "nesting-too-deep"],
)
def test_values_python_cannot_read_name_the_file(text: str) -> None:
    with pytest.raises(RulesetError, match=r"^house\.toml: values this program cannot read"):
        parse_rules_text(text, Rules, game="demo", source="house.toml")


def test_dates_are_not_rules() -> None:
    with pytest.raises(RulesetError, match="rules files hold numbers, text, booleans and lists"):
        parse_rules_text("players = 1979-05-27\n", Rules, game="demo")


def test_a_date_in_a_rules_file_names_the_file() -> None:
    with pytest.raises(RulesetError, match=r"^house\.toml"):
        parse_rules_text("players = 1979-05-27\n", Rules, game="demo", source="house.toml")


def test_a_rules_file_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text("players = 3\n", encoding="utf-8")
    assert load_rules_file(path, Rules, game="demo") == Rules(players=3)
    path.write_text("players = -3\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"house\.toml, line 1: players: must be at least 1"):
        load_rules_file(path, Rules, game="demo")


def test_a_missing_or_binary_rules_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"nowhere\.toml: no such rules file"):
        load_rules_file(tmp_path / "nowhere.toml", Rules, game="demo")
    binary = tmp_path / "noise.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RulesetError, match=r"noise\.toml: not a text file"):
        load_rules_file(binary, Rules, game="demo")
    with pytest.raises(RulesetError, match="cannot read it"):
        load_rules_file(tmp_path, Rules, game="demo")
