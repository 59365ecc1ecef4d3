"""Karata under every house rule, start to finish in the terminal, from its options alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.engine import Match, Record
from cardtable.games import find
from cardtable.games.karata import KarataRules
from tests.cli.helpers import invoke

KARATA = find("karata")

OPTIONS: list[tuple[str, list[str], KarataRules]] = [
    ("usual", [], KarataRules()),
    (
        "six players",
        ["--players", "6", "--max-players", "6"],
        KarataRules(players=6, max_players=6),
    ),
    ("bigger hands", ["--hand-size", "7"], KarataRules(hand_size=7)),
    ("random starter", ["--random-start", "yes"], KarataRules(random_start=True)),
    (
        "bomb counts",
        ["--pick-two", "3", "--pick-three", "4", "--pick-joker", "6"],
        KarataRules(pick_two=3, pick_three=4, pick_joker=6),
    ),
    ("cumulative bombs", ["--cumulative-bombs", "yes"], KarataRules(cumulative_bombs=True)),
    ("anything answers", ["--anything-answers", "yes"], KarataRules(anything_answers=True)),
    ("no last-card check", ["--last-card-check", "no"], KarataRules(last_card_check=False)),
    ("fine of one", ["--fine", "1"], KarataRules(fine=1)),
    ("fine of two", ["--fine", "2"], KarataRules(fine=2)),
]


@pytest.mark.parametrize(
    ("options", "expected"),
    [(options, expected) for _, options, expected in OPTIONS],
    ids=[name for name, _, _ in OPTIONS],
)
def test_computer_players_finish_a_match_under_each_option(
    options: list[str], expected: KarataRules, tmp_path: Path
) -> None:
    path = tmp_path / "karata.json"
    seats = ",".join((["heuristic", "random"] * 3)[: expected.players])
    result = invoke(
        "play", "karata", "--seats", seats, "--seed", "4", "--save", str(path), *options
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert re.search(r"Outcome: (player \d \(\w+\) won|Nobody won)", result.output), result.output
    record = Record.load(path)
    assert KARATA.load_ruleset(record.ruleset) == expected
    assert Match.replay(KARATA, record).over


def test_a_person_who_always_passes_plays_on_until_the_computer_wins() -> None:
    result = invoke(
        "play", "karata", "--seats", "human,heuristic", "--seed", "2", input="pass\n" * 400
    )
    assert "Traceback" not in result.output
    assert "Outcome:" in result.output, result.output[-2000:]


def test_rules_that_do_not_fit_are_refused_in_words() -> None:
    result = invoke("play", "karata", "--players", "5")
    assert result.exit_code != 0
    assert "at most 4" in result.output
    assert "Traceback" not in result.output
    result = invoke("play", "karata", "--fine", "3")
    assert result.exit_code != 0
    assert "fine" in result.output
    assert "Traceback" not in result.output
