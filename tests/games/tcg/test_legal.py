"""The legal decisions: affordable hand cards and ending the turn; conceding; the default."""

from __future__ import annotations

from cardtable.engine import CONCEDE, Concede
from cardtable.games.tcg import End, Play
from cardtable.games.tcg.scenario import scenario
from tests.games.tcg.helpers import GAME, act, life


def test_exactly_the_affordable_hand_cards_and_end() -> None:
    # Hand ids 0..4 cost 0, 2, 5, 3, 4; mana 3.
    state = scenario(hands=([0, 2, 5, 3, 4], [1]), decks=([1], [1]), slots=(5, 1), mana=(3, 1))
    legal = GAME.legal(state, 0)
    assert legal.seat == 0
    assert legal.moves == (Play(0), Play(1), Play(3), End())
    assert legal.options == (*legal.moves, CONCEDE)
    assert legal.can_concede
    assert Play(2) not in legal
    assert Play(4) not in legal
    assert Play(5) not in legal  # the opponent's card
    assert Play(6) not in legal  # a card in the deck


def test_the_legal_moves_are_exactly_the_accepted_ones() -> None:
    state = scenario(hands=([0, 2, 5, 3, 4], [1]), decks=([1], [1]), slots=(5, 1), mana=(3, 1))
    legal = GAME.legal(state, 0)
    candidates = [Play(card.id) for card in state.cards] + [End(), Concede()]
    for decision in candidates:
        assert GAME.can(state, 0, decision) == (decision in legal)
        assert not GAME.can(state, 1, decision) or decision == Concede()


def test_every_legal_move_can_be_made() -> None:
    state = scenario(hands=([0, 2, 1], []), slots=(3, 0))
    for move in GAME.legal(state, 0).options:
        trial = state.copy()
        assert GAME.decide(trial, 0, move) is None


def test_the_legal_moves_shrink_as_mana_is_spent() -> None:
    state = scenario(hands=([1, 2, 3], []), slots=(3, 0))
    act(state, 0, "play #1")
    assert GAME.legal(state, 0).moves == (Play(0), End())
    act(state, 0, "play #0")
    assert GAME.legal(state, 0).moves == (End(),)


def test_with_no_mana_only_duds_and_end() -> None:
    state = scenario(hands=([4, 0, 1], []), slots=(0, 0))
    assert GAME.legal(state, 0).moves == (Play(1), End())


def test_the_default_for_the_active_seat_is_to_end_the_turn() -> None:
    state = scenario(hands=([1], [1]), slots=(1, 1), active=1)
    legal = GAME.legal(state, 1)
    assert legal.default == End()
    assert legal.default in legal.moves
    assert GAME.decide(state, 1, legal.default) is None
    assert state.active == 0


def test_the_waiting_seat_may_only_concede() -> None:
    state = scenario(hands=([1], [1]), slots=(1, 1), active=0)
    legal = GAME.legal(state, 1)
    assert legal.moves == ()
    assert legal.default is None
    assert legal.options == (CONCEDE,)
    assert legal.can_concede
    assert GAME.to_act(state) == 0


def test_legal_decisions_do_not_change_the_state() -> None:
    state = scenario(hands=([1, 2], [1]), slots=(2, 1))
    GAME.legal(state, 0)
    GAME.legal(state, 1)
    assert life(state, 1) == 30
    assert state.version == 0
    assert state.journal == []


def test_every_accepted_decision_advances_the_version() -> None:
    state = scenario(hands=([1, 2], [1]), decks=([], [1]), slots=(3, 1))
    act(state, 0, "play #0")
    act(state, 0, "end")
    assert state.version == 2
