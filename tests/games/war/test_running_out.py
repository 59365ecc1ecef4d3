"""Running out of cards: dropping out of wars, draws by lot, leaving the match, winning."""

from __future__ import annotations

import pytest

from cardtable.engine import Match
from cardtable.games.war import WarRules
from cardtable.games.war.scenario import events, scenario
from tests.games.war.helpers import GAME, kinds, play_round, sizes, turn


def test_a_player_running_out_in_a_war_drops_out_and_leaves_their_cards() -> None:
    state = scenario(
        piles=[["7H", "2C"], ["7S", "3D", "5S", "9D"], ["7D", "4C", "6C", "QS"]],
        rules=WarRules(players=3),
    )
    play_round(state)
    assert state.to_turn == [0, 1, 2]
    since = len(state.journal or [])
    turn(state, 0)
    shown = events(state, None, since)
    assert shown[0] == {"type": "turn", "seat": 0, "round": 1, "down": 1, "card": None}
    assert shown[1] == {"type": "dropped", "seat": 0, "round": 1}
    assert state.to_turn == [1, 2]
    play_round(state)
    assert sizes(state) == [0, 1, 9]
    assert state.out == [0]
    assert state.rounds == [[]]
    assert state.to_turn == [1, 2]
    assert {"type": "out", "seat": 0, "reason": "no cards", "set_aside": 0} in events(state, None)


def test_a_player_with_no_card_left_for_a_war_drops_out_at_once() -> None:
    state = scenario(
        piles=[["7H"], ["7S", "3D", "5S"], ["7D", "4C", "6C"]], rules=WarRules(players=3)
    )
    play_round(state)
    assert state.contenders == [0, 1, 2]
    assert state.to_turn == [1, 2]
    assert kinds(events(state, None))[-2:] == ["war", "dropped"]
    play_round(state)
    assert sizes(state) == [0, 0, 7]
    assert state.outcome is not None
    assert state.outcome.winners == (2,)
    assert (state.outcome.code, state.outcome.seats) == ("out_of_cards", (1,))
    assert state.outcome.reason == "player 1 ran out of cards"


def _nobody_turns(seed: int) -> tuple[int, list[int]]:
    state = scenario(
        piles=[["9H", "2C"], ["9S", "3D"], ["4D", "5D", "6D"]],
        rules=WarRules(players=3),
        seed=seed,
    )
    play_round(state)
    play_round(state)
    won = [event for event in events(state, None) if event["type"] == "won"]
    assert len(won) == 1
    assert won[0]["by"] == "lot"
    assert won[0]["cards"] == 5
    seat = won[0]["seat"]
    assert isinstance(seat, int)
    return seat, sizes(state)


def test_when_nobody_can_turn_a_card_up_the_winner_is_drawn_by_lot() -> None:
    winners = {_nobody_turns(seed)[0] for seed in range(20)}
    assert winners == {0, 1}
    for seed in range(20):
        seat, counts = _nobody_turns(seed)
        assert _nobody_turns(seed) == (seat, counts)
        assert counts[seat] == 5
        assert counts[2] == 2


def test_the_lot_includes_players_who_dropped_out_with_no_card_at_all() -> None:
    winners = set()
    for seed in range(20):
        state = scenario(piles=[["9H"], ["9S"], ["4D", "5D"]], rules=WarRules(players=3), seed=seed)
        play_round(state)
        assert state.outcome is None
        won = [event for event in events(state, None) if event["type"] == "won"]
        assert won[0]["by"] == "lot"
        winners.add(won[0]["seat"])
    assert winners == {0, 1}


def test_a_war_between_the_last_two_ends_the_match_by_lot() -> None:
    outcomes = set()
    for seed in range(12):
        state = scenario(piles=[["9H", "2C"], ["9S", "3D"]], seed=seed)
        play_round(state)
        play_round(state)
        assert state.outcome is not None
        assert sizes(state) in ([4, 0], [0, 4])
        outcomes.add(state.outcome.winners)
    assert outcomes == {(0,), (1,)}


def test_the_last_player_holding_cards_wins() -> None:
    state = scenario(piles=[["AH"], ["2S"], ["3S"]], rules=WarRules(players=3))
    play_round(state)
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert (state.outcome.code, state.outcome.seats) == ("out_of_cards", (2,))
    assert state.out == [1, 2]
    assert GAME.to_act(state) is None


def test_a_one_player_game_is_won_at_once() -> None:
    match = Match(GAME, WarRules(players=1), seed=3)
    assert match.over
    assert match.outcome is not None
    assert match.outcome.winners == (0,)
    assert (match.outcome.code, match.outcome.seats) == ("alone", ())
    assert match.outcome.reason == "a one-player game is won at once"
    assert len(match.state.piles[0].cards) == 52
    assert match.to_act is None


def test_players_dealt_no_cards_are_out_from_the_start() -> None:
    match = Match(GAME, WarRules(players=5, suits=1, ranks=3), seed=3)
    assert [len(pile.cards) for pile in match.state.piles] == [1, 1, 1, 0, 0]
    assert match.state.out == [3, 4]
    assert match.state.to_turn == [0, 1, 2]
    alone = Match(GAME, WarRules(players=3, suits=1, ranks=1), seed=3)
    assert alone.outcome is not None
    assert alone.outcome.winners == (0,)


@pytest.mark.parametrize("seed", range(4))
def test_a_scenario_with_one_pile_is_over_at_once(seed: int) -> None:
    state = scenario(piles=[[], ["AS"], []], rules=WarRules(players=3), seed=seed)
    assert state.outcome is not None
    assert state.outcome.winners == (1,)
