"""Card set and deck files: each error has its code, the field, the line and the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable.engine import RulesetError
from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.cardsets import load_set, parse_set
from cardtable.games.tcg.decks import (
    Deck,
    add_cards,
    check_deck,
    load_deck,
    parse_counts,
    remove_cards,
    save_deck,
    with_seat_deck,
)
from cardtable.games.tcg.options import OPTIONS

Where = tuple[str, str | None, int | None, str | None]

SPARK = """name = "Sparks"
deck = ["spark"]

[[cards]]
id = "spark"
name = "Spark"
cost = 1
damage = 2
"""

GOOD = """name = "Bolts"
set = "kata"

[cards]
bolt = 4
d1 = 4
d2 = 4
d3 = 4
scout = 2
wall = 2
"""


def where(error: RulesetError) -> Where:
    return error.code, error.field, error.line, error.file


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (SPARK.replace("cost = 1", "cost = -1"), ("out_of_range", "cards.0.cost", 4, "s.toml")),
        (SPARK.replace("cost = 1", 'cost = "one"'), ("wrong_type", "cards.0.cost", 4, "s.toml")),
        (SPARK + '\n[[cards]]\nid = "x"\n', ("missing_field", "cards.1.name", 10, "s.toml")),
        (SPARK.replace("damage = 2", "dmg = 2"), ("unknown_field", "cards.0.dmg", 4, "s.toml")),
        (SPARK.replace('id = "spark"', 'id = "Spark!"'), ("bad_value", "cards.0.id", 4, "s.toml")),
        (
            SPARK.replace("damage = 2", "damage = 2\ndraw = 1"),
            ("bad_value", "cards.0", 4, "s.toml"),
        ),
        (SPARK.replace('name = "Sparks"\n', ""), ("missing_field", "name", None, "s.toml")),
        ("colour = 1\n" + SPARK, ("unknown_field", "colour", 1, "s.toml")),
        (SPARK + SPARK[SPARK.index("[[cards]]") :], ("duplicate_card", "cards.1.id", 9, "s.toml")),
        (SPARK.replace('["spark"]', '["spark", "ember"]'), ("unknown_card", "deck", 2, "s.toml")),
        (SPARK + "cost = \n", ("bad_toml", None, 9, "s.toml")),
    ],
)
def test_a_card_set_file_error(text: str, expected: Where) -> None:
    with pytest.raises(RulesetError) as info:
        parse_set(text, source="s.toml")
    assert where(info.value) == expected


def test_the_first_of_a_card_s_problems_is_described() -> None:
    text = SPARK.replace("cost = 1", "cost = -1").replace("damage = 2", "damage = 200")
    with pytest.raises(RulesetError) as info:
        parse_set(text, source="s.toml")
    assert info.value.reason.splitlines() == [
        "s.toml, line 4 (card 'spark'): cost: must be at least 0 (got -1)",
        "s.toml, line 4 (card 'spark'): damage: must be at most 99 (got 200)",
    ]
    assert where(info.value) == ("out_of_range", "cards.0.cost", 4, "s.toml")


def test_card_sets_that_are_not_there(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as info:
        load_set("zoo")
    assert where(info.value) == ("unknown_set", None, None, None)
    missing = tmp_path / "zoo.toml"
    with pytest.raises(RulesetError) as info:
        load_set(missing)
    assert where(info.value) == ("unreadable_file", None, None, str(missing))


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (GOOD.replace("bolt = 4", "blot = 4"), ("unknown_card", "cards.blot", 5)),
        (GOOD.replace("bolt = 4\nd1 = 4", "bolt = 5\nd1 = 3"), ("deck_rules", "cards.bolt", 5)),
        (GOOD.replace("wall = 2", "wall = 1"), ("deck_rules", "cards", 4)),
        (GOOD.replace("d1 = 4", "d1 = 0"), ("out_of_range", "cards.d1", 6)),
        (GOOD.replace("d1 = 4", 'd1 = "four"'), ("wrong_type", "cards.d1", 6)),
        (GOOD.replace('set = "kata"', 'set = "zoo"'), ("unknown_set", "set", 2)),
        (GOOD.replace('set = "kata"', 'set = " "'), ("bad_value", "set", 2)),
        (GOOD.replace('set = "kata"', "set = 3"), ("wrong_type", "set", 2)),
        (GOOD.replace('set = "kata"\n', ""), ("missing_field", "set", None)),
        ("colour = 1\n" + GOOD, ("unknown_field", "colour", 1)),
        ('name = "x"\nset = "kata"\n', ("missing_field", "cards", None)),
        ('name = "x"\nset = "kata"\n[cards]\n', ("out_of_range", "cards", 3)),
        ('name = "x"\nset = "kata"\ncards = 4\n', ("wrong_type", "cards", 3)),
        (GOOD.replace('"Bolts"', "3"), ("wrong_type", "name", 1)),
        (GOOD.replace('"Bolts"', '"Bolts\\nand walls"'), ("bad_value", "name", 1)),
        (GOOD.replace("bolt = 4", "bolt = "), ("bad_toml", None, 5)),
    ],
)
def test_a_deck_file_error(tmp_path: Path, text: str, expected: tuple[str, str, int]) -> None:
    path = write(tmp_path, text)
    with pytest.raises(RulesetError) as info:
        load_deck(path)
    assert where(info.value) == (*expected, str(path))


def test_a_token_in_a_deck_file() -> None:
    deck = Deck(name="x", set="legends", counts=(("skeleton", 1),))
    text = 'set = "legends"\n[cards]\nskeleton = 1\n'
    with pytest.raises(RulesetError) as info:
        check_deck(deck, load_set("legends"), TcgRules(), text=text, source="d.toml", file="d.toml")
    assert info.value.reason == (
        "d.toml, line 3: 'skeleton' is a token: only effects make it, decks cannot hold it"
    )
    assert where(info.value) == ("deck_rules", "cards.skeleton", 3, "d.toml")


def test_deck_files_that_cannot_be_read_or_written(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as info:
        load_deck(tmp_path / "none.toml")
    assert where(info.value) == ("unreadable_file", None, None, str(tmp_path / "none.toml"))
    with pytest.raises(RulesetError) as info:
        load_deck(tmp_path)
    assert where(info.value) == ("unreadable_file", None, None, str(tmp_path))
    target = tmp_path / "missing" / "deck.toml"
    with pytest.raises(RulesetError) as info:
        save_deck(Deck(name="x", set="kata", counts=(("bolt", 1),)), target)
    assert where(info.value) == ("unwritable_file", None, None, str(target))


def test_the_deck_option_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("wall = 2", "wall = 1"))
    with pytest.raises(RulesetError) as info:
        OPTIONS["deck"].apply(TcgRules(), str(path))
    assert where(info.value) == ("deck_rules", "cards", 4, str(path))


def test_a_deck_sent_as_data_is_no_file() -> None:
    rules = TcgRules.from_json({"deck": ["d0", "d1", "d2", "d3", "d4"], "deck_size": 5})
    with pytest.raises(RulesetError) as info:
        with_seat_deck(rules, 1, {"set": "classic", "cards": {"dragon": 4, "d1": 1}})
    assert info.value.reason == "your deck: no card 'dragon' in the room's set"
    assert where(info.value) == ("unknown_card", "cards.dragon", None, None)
    with pytest.raises(RulesetError) as info:
        with_seat_deck(rules, 1, {"set": "classic", "cards": {"d1": 2}})
    assert where(info.value) == ("deck_rules", "cards", None, None)
    with pytest.raises(RulesetError) as info:
        with_seat_deck(rules, 2, {"set": "classic", "cards": {"d1": 5}})
    assert where(info.value) == ("out_of_range", None, None, None)


def test_building_a_deck_a_card_at_a_time() -> None:
    kata, rules, roomy = load_set("kata"), TcgRules(), TcgRules(copies_limit=20)
    deck = Deck(name="x", set="kata", counts=(("bolt", 4),))
    cases: list[tuple[Callable[[], object], tuple[str, str | None]]] = [
        (lambda: add_cards(deck, kata, rules, "bolt"), ("deck_rules", "cards.bolt")),
        (lambda: add_cards(deck, kata, rules, "blot"), ("unknown_card", "cards.blot")),
        (lambda: add_cards(deck, kata, rules, "d1", 0), ("out_of_range", None)),
        (lambda: add_cards(deck, kata, roomy, "d1", 17), ("deck_rules", "cards")),
        (lambda: remove_cards(deck, "wall"), ("unknown_card", "cards.wall")),
        (lambda: remove_cards(deck, "bolt", 5), ("out_of_range", "cards.bolt")),
        (lambda: parse_counts("bolt"), ("bad_value", None)),
        (lambda: parse_counts("bolt=1,bolt=2"), ("bad_value", "cards.bolt")),
        (lambda: parse_counts("bolt=0"), ("out_of_range", "cards.bolt")),
    ]
    for build, expected in cases:
        with pytest.raises(RulesetError) as info:
            build()
        assert (info.value.code, info.value.field) == expected, info.value.reason
