"""From version 4 the public data names the cards everybody saw go into the hidden deck: the
special cards buried at the opening (kept all match) and the pile's cards last shuffled back
(replaced at each shuffle). Older versions' public data is as it was."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import Match, RecordError
from cardtable.games.karata import KarataRules
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act, last_of, pile
from tests.jsondata import arr, obj


def test_the_special_cards_turned_up_at_the_opening_stay_named() -> None:
    match: Match[Any] = Match(GAME, KarataRules(), seed=0)
    (turned,) = [event for event in match.events(None, 0) if event["type"] == "turn_up"]
    buried = [obj(face)["key"] for face in arr(turned["buried"])]
    assert buried == ["2D"]  # turned up, put under the deck: hidden, but everybody saw it
    public = match.view(1).public
    assert (public["buried"], public["recycled"]) == ({"cards": buried}, {"cards": []})
    match.decide(0, "pass")
    assert match.view(None).public["buried"] == {"cards": buried}


def test_version_3_names_neither() -> None:
    match: Match[Any] = Match(GAME.at_version(3), KarataRules(), seed=0)
    assert set(match.view(None).public) == {"direction", "request", "bomb", "declared", "out"}
    assert match.state.buried == ["2D"]  # kept, but not public: the hashes stay


def test_each_shuffle_back_names_the_cards_it_took_from_the_pile() -> None:
    state = scenario(hands=[["9H", "4C"], ["5H", "6C"]], pile=["7H", "9S", "3D"], deck=["10C"])
    act(state, 0, "pass")  # picks the deck's last card
    assert state.public()["recycled"] == {"cards": []}
    act(state, 1, "pass")  # the deck is empty: the pile but its top goes back first
    assert last_of(state, "pick")["recycled"] == 2
    assert state.public()["recycled"] == {"cards": ["3D", "9S"]}  # bottom of the pile first
    assert pile(state) == ["7H"]
    act(state, 0, "turn 9H")
    act(state, 1, "turn 5H")
    act(state, 0, "pass")  # picks the deck's last card
    act(state, 1, "pass")
    assert state.public()["recycled"] == {"cards": ["7H", "9H"]}  # replaced, not added to


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (["2D"], "karata buried: expected an object"),
        ({"cards": "2D"}, "karata buried cards"),
        ({"cards": ["2D", "XX"]}, "'XX' is not a card"),
        ({"cards": ["2D", "2D"]}, "a card is named twice"),
        ({"cards": ["2D"] * 55}, "a card is named twice"),
    ],
)
def test_a_state_that_names_cards_badly_does_not_load(value: object, problem: str) -> None:
    data = GAME.state_to_json(Match(GAME, KarataRules(), seed=0).state)
    assert isinstance(data["public"], dict)
    data["public"]["buried"] = value  # type: ignore[assignment]
    with pytest.raises(RecordError, match=problem):
        GAME.state_from_json(data)


def test_a_state_of_version_4_round_trips_its_names() -> None:
    state = Match(GAME, KarataRules(), seed=0).state
    loaded = GAME.state_from_json(GAME.state_to_json(state))
    assert (loaded.buried, loaded.recycled) == (["2D"], [])
