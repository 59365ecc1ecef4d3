"""Ruleset errors speak in types: a code, the field, the line and the file beside the sentence,
whether the rules come from a rules file, from JSON or are built in Python."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import Field, ValidationError

from cardtable.config import RulesetModel, load_rules_file, parse_rules_text
from cardtable.config.ruleset import PYDANTIC_CODES
from cardtable.engine import RulesetError
from cardtable.engine.errors import RULESET_ERROR_CODES
from cardtable.games import find, rules_from_text
from cardtable.games.karata.config import KarataRules
from cardtable.games.tcg.config import DEFAULT_DECK, TcgRules
from cardtable.games.war.config import WarRules

SOURCES = Path(__file__).parents[2] / "src" / "cardtable"


class Rules(RulesetModel):
    players: int = Field(2, ge=1, description="Players.")
    deck: tuple[int, ...] = Field((1, 2, 3), min_length=1, description="Cards.")


def where(error: RulesetError) -> tuple[str, str | None, int | None, str | None]:
    return error.code, error.field, error.line, error.file


def test_the_attributes_are_keyword_only_and_optional() -> None:
    error = RulesetError("no")
    assert where(error) == ("bad_value", None, None, None)
    assert error.reason == "no"
    with pytest.raises(TypeError):
        RulesetError("no", "bad_toml")  # type: ignore[call-arg]


def test_every_attribute_survives_pickling() -> None:
    error = RulesetError(
        "house.toml, line 3: players: must be at least 1 (got 0)",
        code="out_of_range",
        field="players",
        line=3,
        file="house.toml",
    )
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is RulesetError
    assert copy.reason == error.reason
    assert str(copy) == str(error)
    assert where(copy) == ("out_of_range", "players", 3, "house.toml")


def test_the_codes_form_a_closed_documented_set() -> None:
    assert set(PYDANTIC_CODES.values()) <= set(RULESET_ERROR_CODES)
    assert all(meaning for meaning in RULESET_ERROR_CODES.values())
    used: set[str] = set()
    for path in SOURCES.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "RulesetError(" in text and path.name != "errors.py":  # codes of ruleset errors
            used |= set(re.findall(r'code="([a-z_]+)"', text))
        used |= set(re.findall(r'refuse\(\s*"([a-z_]+)"', text))
    assert len(used) >= 10, used
    assert used <= set(RULESET_ERROR_CODES), used - set(RULESET_ERROR_CODES)


@pytest.mark.parametrize(
    ("build", "code", "field"),
    [
        (lambda: TcgRules(mana_limit=-3), "unknown_field", "mana_limit"),  # type: ignore[call-arg]
        (lambda: TcgRules(starting_health=0), "out_of_range", "starting_health"),
        (lambda: TcgRules(minions="yes"), "wrong_type", "minions"),  # type: ignore[arg-type]
        (lambda: TcgRules(first_hand=25), "out_of_range", "first_hand"),
        (lambda: TcgRules(deck_size=3), "deck_rules", "decks.0"),
        (lambda: TcgRules(decks=(DEFAULT_DECK, ("zz",) * 20)), "unknown_card", "decks.1"),
        (lambda: TcgRules().changed(hand_limit=99), "out_of_range", "hand_limit"),
        (lambda: WarRules(players=99), "out_of_range", "players"),
        (lambda: WarRules(dealing="spiral"), "bad_value", "dealing"),  # type: ignore[arg-type]
        (lambda: WarRules(players=3, dealing="blocks"), "bad_value", "dealing"),
        (lambda: WarRules(suits=40, ranks=40), "out_of_range", None),
        (lambda: KarataRules(bogus=1), "unknown_field", "bogus"),  # type: ignore[call-arg]
        (lambda: KarataRules(players=5), "out_of_range", "players"),
        (lambda: KarataRules(players=6, max_players=6, hand_size=8), "out_of_range", "hand_size"),
    ],
)
def test_a_ruleset_built_in_python_raises_a_ruleset_error(
    build: Callable[[], object], code: str, field: str | None
) -> None:
    with pytest.raises(RulesetError) as info:
        build()
    assert (info.value.code, info.value.field) == (code, field)
    assert (info.value.line, info.value.file) == (None, None)
    assert isinstance(info.value, ValueError)  # as pydantic's own errors were


def test_built_in_python_the_reason_reads_as_from_json() -> None:
    with pytest.raises(RulesetError) as built:
        WarRules(players=99)
    with pytest.raises(RulesetError) as read:
        WarRules.from_json({"players": 99})
    assert built.value.reason == read.value.reason == "players: must be at most 64 (got 99)"
    assert where(built.value) == where(read.value) == ("out_of_range", "players", None, None)


def test_pydantic_s_own_ways_in_are_untouched() -> None:
    """model_validate keeps pydantic's error (it is pydantic's API), and validation does not
    go through the Python constructor: JSON lists still stand for tuples."""
    with pytest.raises(ValidationError):
        WarRules.model_validate({"players": 99})
    assert Rules.model_validate_json('{"deck": [4, 5]}').deck == (4, 5)
    assert Rules.from_json({"deck": [4, 5]}) == Rules(deck=(4, 5))
    rules = TcgRules()
    assert rules.model_copy(update={"minions": True}).minions


def test_deck_and_decks_together_name_the_shorthand() -> None:
    with pytest.raises(RulesetError) as info:
        TcgRules.from_json({"deck": ["d1"] * 20, "decks": [["d1"] * 20] * 2})
    assert info.value.reason == "give either deck (for both seats) or decks, not both"
    assert where(info.value) == ("bad_value", "deck", None, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\n\nplayers = 0\n", ("out_of_range", "players", 3, "house.toml")),
        ("deck = [1]\n  players = 'x'\n", ("wrong_type", "players", 2, "house.toml")),
        ("deck = [1, -2, 'x']\n", ("wrong_type", "deck.2", 1, "house.toml")),
        ("deck = []\n", ("out_of_range", "deck", 1, "house.toml")),
        ("players = 2\ncolour = 1\n", ("unknown_field", "colour", 2, "house.toml")),
        ("[section]\nplayers = 1\n", ("unknown_field", "section", 1, "house.toml")),
        ('game = "demo"\n\ngame = "x"\n', ("bad_toml", None, 3, "house.toml")),
        ("players = 2\ndeck = [1,\n  2\n", ("bad_toml", None, 3, "house.toml")),
        ("players = 1979-05-27\n", ("wrong_type", None, None, "house.toml")),
        ("players = " + "[" * 100_000 + "\n", ("bad_toml", None, None, "house.toml")),
        ('\ngame = "war"\n', ("wrong_game", "game", 2, "house.toml")),
    ],
)
def test_a_rules_file_error_has_its_code_field_and_line(
    text: str, expected: tuple[str, str | None, int | None, str | None]
) -> None:
    with pytest.raises(RulesetError) as info:
        parse_rules_text(text, Rules, game="demo", source="house.toml")
    assert where(info.value) == expected


def test_the_first_of_several_problems_is_the_one_described() -> None:
    with pytest.raises(RulesetError) as info:
        parse_rules_text("players = 0\ndeck = []\n", Rules, game="demo", source="h.toml")
    assert len(info.value.reason.splitlines()) == 2
    assert where(info.value) == ("out_of_range", "players", 1, "h.toml")


def test_a_rules_file_on_disk_is_named(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    with pytest.raises(RulesetError) as info:
        load_rules_file(path, Rules, game="demo")
    assert where(info.value) == ("unreadable_file", None, None, str(path))
    path.write_text("# house rules\nplayers = -3\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_rules_file(path, Rules, game="demo")
    assert where(info.value) == ("out_of_range", "players", 2, str(path))


def test_a_game_s_own_check_in_a_rules_file_names_its_field_and_line() -> None:
    text = "starting_health = 20\ndeck_size = 10\n"
    with pytest.raises(RulesetError) as info:
        rules_from_text(find("tcg"), text, source="short.toml")
    assert info.value.reason == (
        "short.toml: deck 0 holds 20 cards; a deck holds exactly 10 (deck_size)"
    )
    assert where(info.value) == ("deck_rules", "decks.0", None, "short.toml")
    text = 'decks = [["d1", "d1"], ["d1", "d2"]]\ndeck_size = 2\nfirst_hand = 3\n'
    with pytest.raises(RulesetError) as info:
        rules_from_text(find("tcg"), text, source="short.toml")
    assert info.value.reason == (
        "short.toml, line 3: first_hand (3) cannot be larger than the deck (2 cards)"
    )
    assert where(info.value) == ("out_of_range", "first_hand", 3, "short.toml")
    with pytest.raises(RulesetError) as info:
        rules_from_text(find("karata"), "players = 3\nhand_size = 20\n", source="k.toml")
    assert where(info.value) == ("out_of_range", "hand_size", 2, "k.toml")


def test_the_readme_lists_every_code() -> None:
    readme = (SOURCES.parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**When a file is wrong.**") :]
    section = section[: section.index("**Decks.**")]
    assert re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE) == list(RULESET_ERROR_CODES)
