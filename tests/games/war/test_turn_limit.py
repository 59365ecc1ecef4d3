"""The turn limit: after that many battles, the most cards win; ties share."""

from __future__ import annotations

from cardtable.engine import Match
from cardtable.games.war import WarRules
from cardtable.games.war.scenario import scenario
from tests.games.war.helpers import GAME, play_round, sizes


def test_at_the_turn_limit_the_most_cards_win() -> None:
    rules = WarRules(players=3, turn_limit=5)
    state = scenario(piles=[["AH", "2C", "3C"], ["KS", "4D"], ["QD", "5S"]], rules=rules, battle=5)
    play_round(state)
    assert state.turn == 5
    assert sizes(state) == [5, 1, 1]
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert (state.outcome.code, state.outcome.seats) == ("turn_limit", (0,))
    assert state.outcome.reason == "the turn limit was reached and player 0 held the most cards"
    assert GAME.to_act(state) is None


def test_players_tied_for_the_most_cards_share_the_win() -> None:
    rules = WarRules(players=3, turn_limit=2)
    state = scenario(
        piles=[["AH", "2C", "3C"], ["KS", "4D", "5D"], ["QD", "5S"]], rules=rules, battle=2
    )
    play_round(state)
    assert sizes(state) == [5, 2, 1]
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    tied = scenario(piles=[["2H", "AC", "3C"], ["KS", "4D"]], rules=WarRules(turn_limit=1))
    play_round(tied)
    assert sizes(tied) == [2, 3]
    assert tied.outcome is not None
    assert tied.outcome.winners == (1,)
    even = scenario(piles=[["2H", "AC", "3C"], ["KS", "4D", "9D"]], rules=WarRules(turn_limit=1))
    play_round(even)
    assert sizes(even) == [2, 4]
    shared = scenario(piles=[["2H", "AC", "3C", "7C"], ["KS", "4D"]], rules=WarRules(turn_limit=1))
    play_round(shared)
    assert sizes(shared) == [3, 3]
    assert shared.outcome is not None
    assert shared.outcome.winners == (0, 1)
    assert (shared.outcome.code, shared.outcome.seats) == ("turn_limit", (0, 1))


def test_the_limit_counts_battles_not_decisions() -> None:
    state = scenario(
        piles=[["9H", "2C", "AC", "3C"], ["9S", "3D", "KC", "4C"]], rules=WarRules(turn_limit=1)
    )
    play_round(state)
    assert state.outcome is None
    play_round(state)
    assert state.outcome is not None
    assert state.turn == 1


def test_every_match_ends_by_the_turn_limit() -> None:
    rules = WarRules(turn_limit=7)
    for seed in range(5):
        match = Match(GAME, rules, seed)
        while not match.over:
            seat = match.to_act
            assert seat is not None
            match.decide(seat, "turn")
        assert match.state.turn <= 7
        assert match.outcome is not None
