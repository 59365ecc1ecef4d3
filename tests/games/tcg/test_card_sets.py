"""Card set files: TOML, validated when loaded, with errors that name the file, the line and
the card."""

from __future__ import annotations

import pytest

from cardtable.engine import RulesetError
from cardtable.games import find, rules_from_text
from cardtable.games.tcg.cardsets import builtin_sets, load_set, parse_set

SPARK = """name = "Sparks"
deck = ["spark"]

[[cards]]
id = "spark"
name = "Spark"
cost = 1
damage = 2
"""


def test_a_set_file_loads_its_cards() -> None:
    sparks = parse_set(SPARK, source="sparks.toml")
    assert [card.id for card in sparks.cards] == ["spark"]
    assert sparks.card("spark").damage == 2


def test_an_error_at_the_end_of_a_set_file_names_its_last_line() -> None:
    text = SPARK + 'text = "Deals 2.\n'
    with pytest.raises(RulesetError) as info:
        parse_set(text, source="sparks.toml")
    assert info.value.reason == (
        "sparks.toml: not valid TOML: Illegal character '\\n' (at line 9, column 17)"
    )
    text = SPARK + "triggers = [\n\n"
    with pytest.raises(RulesetError, match=r"\(at line 9, where the file ends\)$") as info:
        parse_set(text, source="sparks.toml")
    assert info.value.reason.startswith("sparks.toml: not valid TOML: ")


BOTH = SPARK.replace("damage = 2\n", "damage = 2\ndraw = 1\n")


def test_a_card_that_both_deals_damage_and_draws_is_refused() -> None:
    """A drawer deals no damage (the kata's card drawers, RULING 4): a card with both numbers
    would silently lose its damage, so its set file is refused, naming the card and both."""
    with pytest.raises(RulesetError) as info:
        parse_set(BOTH, source="sparks.toml")
    assert info.value.reason == (
        "sparks.toml, line 4 (card 'spark'): damage (2) and draw (1) together: a card that "
        "draws deals no damage, so give it one or the other (a spell's damage and draw effects "
        "do both)"
    )


def test_the_value_shorthand_with_a_draw_is_refused_too() -> None:
    text = SPARK.replace("damage = 2\n", "value = 3\ndraw = 2\n")
    with pytest.raises(
        RulesetError,
        match=r"line 4 \(card 'spark'\): damage \(3\) and draw \(2\) together: [^\n]*$",
    ):
        parse_set(text, source="sparks.toml")


def test_a_rules_file_card_with_damage_and_draw_is_refused() -> None:
    text = (
        'game = "tcg"\ndeck_size = 1\nfirst_hand = 1\nsecond_hand = 1\ndeck = ["spark"]\n'
        + BOTH.split("\n\n", 1)[1]
    )
    with pytest.raises(RulesetError) as info:
        rules_from_text(find("tcg"), text, source="house.toml")
    # Named as a set file names it: by its id and the line of its [[cards]] table, and with
    # no word of the pool being too short (pydantic counts only the cards that passed).
    assert info.value.reason == (
        "house.toml, line 6 (card 'spark'): damage (2) and draw (1) together: a card that "
        "draws deals no damage, so give it one or the other (a spell's damage and draw effects "
        "do both)"
    )
    assert "cards: needs at least" not in info.value.reason
    assert (info.value.code, info.value.field, info.value.line) == ("bad_value", "cards.0", 6)
    # A bad second card: its own table's line, not the first table's.
    ember = '[[cards]]\nid = "ember"\nname = "Ember"\ncost = 1\ndamage = 1\n\n'
    text = text.replace("[[cards]]\n", ember + "[[cards]]\n", 1)
    with pytest.raises(RulesetError) as info:
        rules_from_text(find("tcg"), text, source="house.toml")
    assert info.value.reason.splitlines()[0].startswith(
        "house.toml, line 12 (card 'spark'): damage (2) and draw (1) together: "
    )
    assert len(info.value.reason.splitlines()) == 1
    assert (info.value.field, info.value.line) == ("cards.1", 12)


def test_drawers_and_damage_cards_alone_still_load() -> None:
    drawer = SPARK.replace("damage = 2\n", "draw = 1\n")
    assert parse_set(drawer, source="sparks.toml").card("spark").draw == 1
    for name in builtin_sets():
        load_set(name)
