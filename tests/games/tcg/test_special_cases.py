"""Bleeding out (drawing from an empty deck) and overload (drawing into a full hand)."""

from __future__ import annotations

from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.scenario import events, scenario
from tests.games.tcg.helpers import GAME, act, classic_face, costs, ids, life


def test_an_empty_deck_deals_one_damage_instead_of_a_card() -> None:
    state = scenario(hands=([], [2]), decks=([], []), slots=(1, 1), active=0)
    act(state, 0, "end")
    assert life(state, 1) == 29
    assert life(state, 0) == 30
    assert costs(state.hands[1]) == [2]
    assert state.outcome is None
    assert GAME.to_act(state) == 1
    shown = events(state, None)
    assert shown[-2:] == [
        {"type": "draw", "seat": 1, "result": "empty"},
        {
            "type": "damage",
            "reason": "bleeding",
            "source": None,
            "hits": [{"target": "p1", "amount": 1, "life": 29}],
        },
    ]


def test_bleeding_repeats_every_turn() -> None:
    state = scenario(health=(30, 30), active=0)
    lives = []
    for _ in range(6):
        act(state, state.active, "end")
        lives.append((life(state, 0), life(state, 1)))
    # Seat 1 bleeds on turns 2, 4, 6; seat 0 on turns 3, 5, 7.
    assert lives == [(30, 29), (29, 29), (29, 28), (28, 28), (28, 27), (27, 27)]


def test_bleeding_starts_only_when_the_deck_runs_out() -> None:
    state = scenario(decks=([], [5]), active=0)
    act(state, 0, "end")  # seat 1 draws its last card
    act(state, 1, "end")  # seat 0 bleeds
    act(state, 0, "end")  # seat 1 bleeds now
    assert (life(state, 0), life(state, 1)) == (29, 29)
    assert costs(state.hands[1]) == [5]


def test_bleeding_to_exactly_zero_loses() -> None:
    state = scenario(health=(30, 1), active=0)
    act(state, 0, "end")
    assert life(state, 1) == 0
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert GAME.to_act(state) is None


def test_a_player_can_bleed_out_on_their_own_turn_and_lose() -> None:
    # The draw comes after the slot and the refill, and kills at once.
    state = scenario(health=(1, 30), decks=([], [3]), active=1)
    act(state, 1, "end")
    assert state.outcome is not None
    assert state.outcome.winners == (1,)
    assert life(state, 0) == 0


def test_a_card_drawn_into_a_full_hand_goes_to_the_graveyard() -> None:
    state = scenario(hands=([], [1, 2, 3, 4, 5]), decks=([], [6, 7]), active=0)
    act(state, 0, "end")
    assert costs(state.hands[1]) == [1, 2, 3, 4, 5]
    assert costs(state.graveyards[1]) == [7]
    assert costs(state.decks[1]) == [6]
    overloaded = state.graveyards[1].cards[0]
    shown = classic_face(overloaded.id, 7)
    draw = {"type": "draw", "seat": 1, "result": "overload", "card": shown}
    # The discarded card is public: the opponent and spectators see it too.
    for seat in (0, 1, None):
        assert events(state, seat)[-1] == draw


def test_a_fifth_card_is_kept() -> None:
    state = scenario(hands=([], [1, 2, 3, 4]), decks=([], [6, 7]), active=0)
    act(state, 0, "end")
    assert costs(state.hands[1]) == [1, 2, 3, 4, 7]
    assert len(state.graveyards[1]) == 0
    assert events(state, 0)[-1] == {"type": "draw", "seat": 1, "result": "hand"}


def test_playing_a_dud_makes_room_against_overload() -> None:
    state = scenario(hands=([0, 1, 2, 3, 4], []), decks=([8], []), slots=(0, 0), active=0)
    act(state, 0, "play #0")
    act(state, 0, "end")
    act(state, 1, "end")
    assert costs(state.hands[0]) == [1, 2, 3, 4, 8]
    assert ids(state.graveyards[0]) == [0]


def test_the_hand_limit_is_a_rule() -> None:
    rules = TcgRules(hand_limit=2)
    state = scenario(hands=([], [1, 2]), decks=([], [3]), rules=rules, active=0)
    act(state, 0, "end")
    assert costs(state.hands[1]) == [1, 2]
    assert costs(state.graveyards[1]) == [3]
