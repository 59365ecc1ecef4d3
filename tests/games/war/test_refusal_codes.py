"""Every refusal of War carries its code beside its sentence, and the rules page lists each code
the game declares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from cardtable.engine import ENGINE_REFUSAL_CODES, Decision, IllegalDecision
from cardtable.games.war import WarRules, WarState
from cardtable.games.war.scenario import scenario
from tests.games.war.helpers import GAME, turn


@dataclass(frozen=True, slots=True)
class Shout(Decision):
    """A decision of some other game."""

    kind: ClassVar[str] = "shout"

    def text(self) -> str:
        return "shout"


def refusal(state: WarState, seat: int, text: str) -> IllegalDecision:
    before = GAME.state_to_json(state)
    with pytest.raises(IllegalDecision) as caught:
        GAME.decide(state, seat, GAME.parse_decision(text))
    assert GAME.state_to_json(state) == before
    return caught.value


def test_turning_out_of_order_or_twice_is_refused_with_its_code() -> None:
    state = scenario(piles=[["5H", "2H"], ["5S", "3S"], ["9D", "4D"]])
    assert refusal(state, 1, "turn").code == "not_your_turn"
    turn(state, 0)
    assert refusal(state, 0, "turn").code == "already_turned"


def test_a_player_outside_a_war_waits_with_its_code() -> None:
    rules = WarRules(players=3, face_down=0)
    state = scenario(piles=[["5H", "2H"], ["5S", "3S"], ["4D", "6D"]], rules=rules)
    for seat in range(3):
        turn(state, seat)
    assert state.contenders == [0, 1]  # a war between the two Fives
    assert refusal(state, 2, "turn").code == "not_in_round"


def test_a_player_out_of_the_match_is_refused_as_out() -> None:
    state = scenario(piles=[["5H", "2H"], ["5S", "3S"], []])
    assert refusal(state, 2, "turn").code == "out_of_match"
    assert refusal(state, 2, "concede").code == "out_of_match"


def test_another_games_decision_is_unknown() -> None:
    state = scenario(piles=[["5H"], ["5S"]])
    with pytest.raises(IllegalDecision) as caught:
        GAME.decide(state, 0, Shout())
    assert caught.value.code == "unknown_decision"


def test_the_rules_page_lists_every_code_of_the_game() -> None:
    text = GAME.rules_text()
    for code in GAME.refusal_codes:
        assert f"`{code}`" in text, f"the rules page does not list {code}"
    assert not set(GAME.refusal_codes) & set(ENGINE_REFUSAL_CODES)
