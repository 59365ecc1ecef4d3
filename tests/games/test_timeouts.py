"""A timeout in each game, from a scenario with exact cards: the record keeps it, the log says
the player ran out of time in the game's words, and the seat's default decision follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardtable.engine import Game, IllegalDecision, JsonObject, Match, State, Timeout
from cardtable.engine.wording import Names
from cardtable.games import find
from cardtable.games.karata import scenario as karata
from cardtable.games.schemas import validate_event
from cardtable.games.tcg import scenario as tcg
from cardtable.games.war import scenario as war

NAMES = Names(["Alice", "Bob"].__getitem__)
Events = Callable[[Any, int | None, int], list[JsonObject]]


def time_out(game: Game[Any, Any], state: Any, seat: int, events: Events) -> list[JsonObject]:
    """Time ``seat`` out; the events it made, as a spectator sees them (each checked against
    the game's event schema)."""
    before = len(state.journal or [])
    game.decide(state, seat, Timeout())
    made = events(state, None, before)
    for event in made:
        validate_event(game, event)
    return made


def test_a_tcg_turn_that_runs_out_ends() -> None:
    game = find("tcg")
    state = tcg.scenario(hands=([3, 2], [1]), decks=([4], [5]), slots=(5, 5))
    made = time_out(game, state, 0, tcg.events)
    assert made[0] == {"type": "timed_out", "seat": 0, "decision": "end"}
    assert game.describe_event(made[0], NAMES) == "Alice ran out of time; their turn ended"
    assert [event["type"] for event in made][1] == "turn_ended"
    assert state.active == 1
    assert len(state.hands[0].cards) == 2  # nothing was played for her


def test_a_war_card_is_turned_when_time_runs_out() -> None:
    game = find("war")
    state = war.scenario(piles=[["AH", "2C"], ["KS", "3D"]])
    seat = game.to_act(state)
    assert seat is not None
    made = time_out(game, state, seat, war.events)
    assert made[0] == {"type": "timed_out", "seat": seat, "decision": "turn"}
    assert str(game.describe_event(made[0], NAMES)).endswith(
        "ran out of time; their card was turned for them"
    )
    assert made[1]["type"] == "turn"


def test_a_karata_player_out_of_time_passes_and_picks() -> None:
    game = find("karata")
    state = karata.scenario(hands=[["9H"], ["5C"]], pile=["7S"], deck=["4C", "6C"])
    made = time_out(game, state, 0, karata.events)
    assert made[0] == {"type": "timed_out", "seat": 0, "decision": "pass"}
    assert game.describe_event(made[0], NAMES) == "Alice ran out of time; they passed"
    assert len(state.hand_keys(0)) == 2  # she picked a card
    assert state.active == 1


def test_a_karata_turn_begun_is_finished_when_time_runs_out() -> None:
    game = find("karata")
    state = karata.scenario(hands=[["9H", "9S", "5D"], ["5C"]], pile=["7H"], deck=["4C"])
    game.decide(state, 0, game.parse_decision("play 9H"))
    made = time_out(game, state, 0, karata.events)
    assert str(made[0]["decision"]).startswith("finish")
    assert game.describe_event(made[0], NAMES) == (
        "Alice ran out of time; their turn was finished for them"
    )
    assert state.active == 1


@pytest.mark.parametrize("name", ["tcg", "war", "karata"])
def test_a_timeout_is_kept_by_the_record_and_replays(name: str) -> None:
    game = find(name)
    match: Match[Any] = Match(game, game.default_ruleset(), seed=3)
    for _ in range(3):
        seat = match.to_act
        assert seat is not None
        match.decide(seat, "timeout")
    assert [text for _, text in match.record().decisions] == ["timeout"] * 3
    assert Match.replay(game, match.record()).hash() == match.hash()
    waiting = 1 - match.to_act if match.to_act is not None else 0
    with pytest.raises(IllegalDecision) as refused:
        match.decide(waiting, "timeout")
    assert refused.value.code == "not_your_turn"


def test_the_state_is_unchanged_by_a_refused_timeout() -> None:
    game = find("tcg")
    state: State = tcg.scenario(hands=([3], [1]), slots=(5, 5))
    before = game.state_to_json(state)
    with pytest.raises(IllegalDecision):
        game.decide(state, 1, Timeout())
    assert game.state_to_json(state) == before
