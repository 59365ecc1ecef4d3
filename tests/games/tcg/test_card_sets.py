"""Card set files: TOML, validated when loaded, with errors that name the file, the line and
the card."""

from __future__ import annotations

import pytest

from cardtable.engine import RulesetError
from cardtable.games.tcg.cardsets import parse_set

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
