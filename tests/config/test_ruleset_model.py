"""The ruleset base model: frozen, keyword-only, strict, with errors a player can read."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field

from cardtable.config import RulesetModel
from cardtable.engine import RulesetError


class Example(RulesetModel):
    """A ruleset with one field of every kind."""

    players: int = Field(2, ge=1, le=6, description="How many players sit down.")
    name: str = Field("table", min_length=1, description="A name.")
    jokers: bool = Field(False, description="Play with jokers.")
    deck: tuple[int, ...] = Field((1, 2), min_length=1, max_length=3, description="Cards.")
    dealing: Literal["round", "block"] = Field("round", description="How cards are dealt.")
    ratio: float = Field(0.5, gt=0, lt=1, description="A share.")


def test_defaults_and_json() -> None:
    rules = Example()
    assert rules.to_json() == {
        "players": 2,
        "name": "table",
        "jokers": False,
        "deck": [1, 2],
        "dealing": "round",
        "ratio": 0.5,
    }
    assert Example.from_json(rules.to_json()) == rules


def test_fields_are_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        Example(3)  # type: ignore[call-arg]
    rules = Example(players=3)
    with pytest.raises(ValueError, match="frozen"):
        rules.players = 4  # type: ignore[misc]


def test_a_changed_copy_is_validated() -> None:
    rules = Example()
    assert rules.changed(players=5).players == 5
    assert rules.players == 2
    with pytest.raises(RulesetError, match=r"players: must be at most 6 \(got 9\)"):
        rules.changed(players=9)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"players": 0}, r"^players: must be at least 1 \(got 0\)$"),
        ({"players": 7}, r"^players: must be at most 6 \(got 7\)$"),
        ({"players": "2"}, r"^players: must be a whole number \(got '2'\)$"),
        ({"players": 2.0}, r"^players: must be a whole number"),
        ({"jokers": 1}, r"^jokers: must be true or false \(got 1\)$"),
        ({"jokers": "yes"}, r"^jokers: must be true or false"),
        ({"name": 5}, r"^name: must be text \(got 5\)$"),
        ({"deck": 5}, r"^deck: must be a list \(got 5\)$"),
        ({"deck": []}, r"^deck: needs at least 1 item"),
        ({"deck": [1, 2, 3, 4]}, r"^deck: holds at most 3 item"),
        ({"deck": [1, "x"]}, r"^deck\.1: must be a whole number"),
        ({"dealing": "spiral"}, r"^dealing: must be one of 'round' or 'block' \(got 'spiral'\)$"),
        ({"ratio": 0}, r"^ratio: must be more than 0"),
        ({"ratio": 1}, r"^ratio: must be less than 1"),
        ({"seats": 2}, r"^seats: is not a rule of this game \(its rules are: dealing, deck, "),
    ],
)
def test_every_kind_of_mistake_reads_plainly(data: dict[str, object], reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        Example.from_json(data)


def test_data_that_is_not_plain_is_refused() -> None:
    with pytest.raises(RulesetError, match="the rules hold a value that is not plain data"):
        Example.from_json({"players": object()})


def test_the_schema_describes_every_field() -> None:
    schema = Example.json_schema()
    properties = schema["properties"]
    assert set(properties) == set(Example.model_fields)
    assert properties["players"]["description"] == "How many players sit down."
    assert properties["players"]["default"] == 2
    assert (properties["players"]["minimum"], properties["players"]["maximum"]) == (1, 6)
