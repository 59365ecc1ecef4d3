"""The scenario builder: exact piles, and clear errors for impossible ones."""

from __future__ import annotations

import pytest

from cardtable.games.war import WarRules
from cardtable.games.war.scenario import scenario
from tests.games.war.helpers import top_first


def test_piles_are_laid_out_top_first_with_ids_in_order() -> None:
    state = scenario(piles=[["AH", 5], [5, "2C"]])
    assert top_first(state.piles[0]) == ["AH", "6C"]
    assert top_first(state.piles[1]) == ["6D", "2C"]
    assert [card.id for card in reversed(state.piles[0].cards)] == [0, 1]
    assert state.pools["deck"].manifest == ("AH", "6C", "6D", "2C")
    assert state.turn == 1
    assert state.to_turn == [0, 1]


def test_a_later_battle_number() -> None:
    assert scenario(piles=[["AH"], ["KH"]], battle=40).turn == 40


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        ({"piles": [["AH"]], "rules": WarRules()}, r"give one pile per seat \(2 players\), got 1"),
        ({"piles": [["AH"], ["AH"]]}, "AH is laid out twice"),
        ({"piles": [["AH"], ["ZZ"]]}, r"piles\[1\]: 'ZZ' is not a playing card"),
        ({"piles": [["AH"], ["BJ"]]}, r"the ruleset's deck has no 'BJ'"),
        ({"piles": [["AM"], ["2C"]]}, r"the ruleset's deck has no 'AM'"),
        ({"piles": [[1, 1, 1, 1], [1]]}, r"piles\[1\]: no card of strength 1 is left"),
        ({"piles": [[14], [1]]}, r"no card of strength 14"),
        ({"piles": [[1.5], [1]]}, r"a card is its text or its strength, got 1.5"),
        ({"piles": [["AH"], ["KH"]], "battle": 0}, "battles are numbered from 1"),
    ],
)
def test_impossible_piles_say_what_is_wrong(arguments: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        scenario(**arguments)  # type: ignore[arg-type]
