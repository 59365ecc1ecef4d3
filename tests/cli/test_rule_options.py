"""``cardtable play GAME --rule-name VALUE``: any rule of any game from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import Field

from cardtable.cli.errors import UsageProblem
from cardtable.cli.play import rules_from_options
from cardtable.config import RulesetModel
from cardtable.engine import RulesetError
from cardtable.games import find
from cardtable.games.tcg import TcgRules, load_set
from cardtable.games.war import WarRules
from tests.cli.helpers import invoke

WAR = find("war")
TCG = find("tcg")


def test_values_are_read_as_their_fields_types() -> None:
    rules = rules_from_options(
        WAR,
        WarRules(),
        ["--players", "4", "--face-down=0", "--dealing", "blocks", "--won-cards", "shuffled"],
    )
    assert rules == WarRules(players=4, face_down=0, dealing="blocks", won_cards="shuffled")
    tcg = rules_from_options(TCG, TcgRules(), ["--minions", "yes", "--board-size", "2"])
    assert (tcg.minions, tcg.board_size) == (True, 2)
    listed = rules_from_options(TCG, Listed(), ["--costs", "1, 2,3"])
    assert listed.costs == (1, 2, 3)


def test_no_options_leave_the_ruleset_as_it_is() -> None:
    rules = WarRules(players=3)
    assert rules_from_options(WAR, rules, []) is rules


def test_the_last_of_a_repeated_option_counts() -> None:
    assert rules_from_options(WAR, WarRules(), ["--suits", "2", "--suits", "3"]).suits == 3


def test_underscores_are_accepted_too() -> None:
    assert rules_from_options(WAR, WarRules(), ["--face_down", "2"]).face_down == 2


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--players", "0"], r"^players: must be at least 1 \(got 0\)$"),
        (["--face-down", "-1"], r"^face_down: must be at least 0 \(got -1\)$"),
        (["--suits", "four"], r"^suits: must be a whole number \(got 'four'\)$"),
        (["--dealing", "fast"], r"^dealing: must be one of 'round-robin' or 'blocks'"),
        (["--players", "3", "--dealing", "blocks"], "block dealing needs a deck that splits"),
    ],
)
def test_bad_values_are_the_usual_ruleset_errors(args: list[str], reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        rules_from_options(WAR, WarRules(), args)


class Listed(RulesetModel):
    """A ruleset with a list of numbers (no game of ours has one)."""

    costs: tuple[int, ...] = Field((1,), min_length=1)


def test_bad_lists_are_ruleset_errors() -> None:
    with pytest.raises(RulesetError, match=r"costs\.1: must be a whole number \(got 'x'\)"):
        rules_from_options(TCG, Listed(), ["--costs", "1,x"])
    with pytest.raises(RulesetError, match="costs: needs at least 1 item"):
        rules_from_options(TCG, Listed(), ["--costs", ""])


def test_a_card_set_and_deck_files_come_from_the_games_own_options(tmp_path: Path) -> None:
    rules = rules_from_options(TCG, TcgRules(), ["--cards", "legends", "--starting-health", "20"])
    assert rules.minions  # the Legends starter deck holds minions
    assert rules.starting_health == 20
    assert {card.id for card in rules.cards} == {card.id for card in load_set("legends").cards}
    deck = tmp_path / "mine.toml"
    deck.write_text(
        'name = "Mine"\nset = "kata"\n\n[cards]\nbolt = 4\nd1 = 4\nd2 = 4\nd3 = 4\nd4 = 4\n',
        encoding="utf-8",
    )
    played = rules_from_options(TCG, TcgRules(), [f"--deck=1={deck}", "--cards", "kata"])
    assert played.decks[1] == ("bolt",) * 4 + ("d1",) * 4 + ("d2",) * 4 + ("d3",) * 4 + ("d4",) * 4
    assert played.decks[0] == load_set("kata").deck
    alone = rules_from_options(TCG, TcgRules(), ["--deck", str(deck)])  # brings its set along
    assert alone.decks == (played.decks[1], load_set("kata").deck)
    assert alone.cards == played.cards
    with pytest.raises(RulesetError, match="the deck is built from the Kata set, but the match"):
        rules_from_options(TCG, TcgRules(), ["--deck", str(deck), "--cards", "legends"])


def test_fields_that_are_not_plain_values_belong_in_a_rules_file() -> None:
    with pytest.raises(UsageProblem, match="--decks is not a plain value: set it in a rules"):
        rules_from_options(TCG, TcgRules(), ["--decks", "d1"])


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--colour", "red"], "--colour is not an option of play nor a rule of War"),
        (["--players"], "--players needs a value, as in --players VALUE"),
        (["extra"], "unexpected argument 'extra'"),
        (["-p", "3"], "unexpected option '-p'"),
        (["--"], "unexpected option '--'"),
    ],
)
def test_unknown_options_are_usage_problems_listing_the_rules(args: list[str], reason: str) -> None:
    with pytest.raises(UsageProblem, match=reason) as caught:
        rules_from_options(WAR, WarRules(), args)
    if "needs a value" not in reason:
        assert "War's rules are --suits, --ranks, --players, --face-down" in caught.value.reason
        assert "cardtable rules war --schema" in caught.value.reason


def test_on_the_command_line_bad_values_and_unknown_options_give_no_traceback() -> None:
    bad = invoke("play", "war", "--players", "0")
    assert bad.exit_code == 1
    assert bad.stderr.strip() == "error: players: must be at least 1 (got 0)"
    negative = invoke("play", "war", "--face-down", "-1")
    assert negative.exit_code == 1
    assert "face_down: must be at least 0 (got -1)" in negative.stderr
    unknown = invoke("play", "war", "--colour", "red")
    assert unknown.exit_code == 2
    assert "--colour is not an option of play nor a rule of War" in unknown.stderr
    assert "--won-cards" in unknown.stderr
    for result in (bad, negative, unknown):
        assert "Traceback" not in result.output


def test_options_override_a_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('game = "war"\nplayers = 4\nsuits = 1\nranks = 3\n', encoding="utf-8")
    result = invoke(
        "play", "war", "--rules", str(house), "--players", "2", "--seats", "random,random"
    )
    assert result.exit_code == 0, result.output
    assert "random vs random" in result.output
    assert "Outcome:" in result.output


def test_a_tcg_rule_from_the_command_line() -> None:
    result = invoke(
        "play", "tcg", "--starting-health", "3", "--seats", "greedy,greedy", "--seed", "2"
    )
    assert result.exit_code == 0, result.output
    assert "/3" in result.output


def test_without_seats_a_person_meets_the_games_usual_computer_players() -> None:
    war = invoke("play", "war", "--players", "4", "--seed", "1", input="q\ny\n")
    assert "War · human vs random vs random vs random · seed 1" in war.output
    tcg = invoke("play", "tcg", "--seed", "1", input="q\ny\n")
    assert "Kata TCG · human vs greedy · seed 1" in tcg.output
    alone = invoke("play", "war", "--players", "1", "--seed", "1")
    assert alone.exit_code == 0
    assert "War · human · seed 1" in alone.output
    assert "a one-player game is won at once" in alone.output


def test_switches_and_text_fields_of_any_ruleset() -> None:
    from pydantic import Field

    from cardtable.config import RulesetModel

    class Switches(RulesetModel):
        fast: bool = Field(False, description="A switch.")
        name: str = Field("x", description="Some text.")

    assert rules_from_options(WAR, Switches(), ["--fast", "yes", "--name", "y"]) == Switches(
        fast=True, name="y"
    )
    assert rules_from_options(WAR, Switches(fast=True), ["--fast=off"]).fast is False
    with pytest.raises(RulesetError, match=r"^fast: must be true or false \(got 'maybe'\)$"):
        rules_from_options(WAR, Switches(), ["--fast", "maybe"])
