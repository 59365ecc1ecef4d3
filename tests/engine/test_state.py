"""The state: zones, cards with sequential ids, moves, and independent copies."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from cardtable.engine import (
    NOBODY,
    CardDef,
    Hand,
    Match,
    Pool,
    Rng,
    RuleBook,
    Stack,
    State,
    ZoneFull,
)
from cardtable.games.tcg import TcgGame, TcgRules
from cardtable.games.tcg.scenario import scenario

CARD = CardDef(key="x", name="X")


def bare_state() -> State:
    book = RuleBook(game=cast(Any, SimpleNamespace(name="test")), ruleset=None)
    return State(book, Rng(0), seats=2)


def test_cards_get_sequential_ids_in_the_order_they_are_made() -> None:
    state = bare_state()
    deck = state.add_zone(Stack("deck", owner=0, visibility=NOBODY, pool="p0"))
    pile = state.add_zone(Stack("pile"))
    state.create_cards([CARD, CARD], deck, owner=0, pool="p0")
    single = state.create_card(CARD, pile, owner=None)
    state.create_cards([CARD], deck, owner=1)
    assert [card.id for card in state.cards] == [0, 1, 2, 3]
    assert state.next_id == 4
    assert single is state.card(2)
    assert [state.zone_of(card).name for card in state.cards] == ["deck", "deck", "pile", "deck"]
    assert [card.owner for card in state.cards] == [0, 0, None, 1]
    assert [card.pool for card in state.cards] == ["p0", "p0", None, None]
    assert [card.id for card in deck.cards] == [0, 1, 3]


def test_zone_names_are_unique() -> None:
    state = bare_state()
    state.add_zone(Stack("deck"))
    with pytest.raises(ValueError, match="zone 'deck' exists already"):
        state.add_zone(Stack("deck"))


def test_creating_too_many_cards_for_a_zone_is_refused() -> None:
    state = bare_state()
    hand = state.add_zone(Hand("hand", owner=0, capacity=2))
    with pytest.raises(ZoneFull, match="hand holds at most 2 cards; 0 \\+ 3 do not fit"):
        state.create_cards([CARD, CARD, CARD], hand, owner=0)
    assert state.cards == []
    assert hand.cards == []


def test_moving_a_card_updates_both_zones() -> None:
    state = bare_state()
    deck = state.add_zone(Stack("deck"))
    hand = state.add_zone(Hand("hand", owner=0))
    state.create_cards([CARD, CARD, CARD], deck, owner=0)
    state.move(state.cards[1], hand)
    assert [card.id for card in deck.cards] == [0, 2]
    assert [card.id for card in hand.cards] == [1]
    assert state.zone_of(state.cards[1]) is hand


def test_hidden_cards_are_those_a_seat_cannot_see() -> None:
    state = scenario(hands=([1, 2], [3]), decks=([4], [5, 6]), graveyards=([7], []))
    hidden_from_0 = sorted(card.printed("cost") for card in state.hidden_cards(0))
    assert hidden_from_0 == [3, 4, 5, 6]
    hidden_from_all = sorted(card.printed("cost") for card in state.hidden_cards(None))
    assert hidden_from_all == [1, 2, 3, 4, 5, 6]


def test_a_copy_is_independent_of_the_original() -> None:
    state = scenario(hands=([1, 2], [3]), decks=([4], [5]), slots=(2, 2))
    state.rng.below(10)
    clone = state.copy()
    assert clone.journal is None
    assert clone.rng == state.rng
    game = TcgGame()
    game.decide(clone, 0, game.parse_decision("play #1"))
    game.decide(clone, 0, game.parse_decision("end"))
    assert [card.id for card in state.hands[0].cards] == [0, 1]
    assert state.zone_of(state.cards[1]).name == "hand:0"
    assert state.heroes[0].mana.value == 2
    assert state.heroes[1].life.value == 30
    assert (state.active, state.turn, state.version) == (0, 1, 0)
    assert clone.hands[1] is clone.zones["hand:1"]  # the game's own zone lists follow
    assert len(clone.hands[1]) == 2
    clone.rng.below(10)
    assert clone.rng != state.rng


def test_a_state_with_queued_actions_cannot_be_copied() -> None:
    state = scenario()
    state.enqueue(*TcgGame().plan(state, 0, TcgGame().parse_decision("end")))
    with pytest.raises(RuntimeError, match="while actions are queued"):
        state.copy()


def test_replacing_a_pool_in_one_match_leaves_the_others_alone() -> None:
    game = TcgGame()
    rules = TcgRules(starting_health=777)  # a ruleset of its own: its template is this test's
    first = Match(game, rules, seed=1).state
    manifest = first.pools["p1"].manifest
    first.pools["p1"] = Pool(name="p1", owner=1, manifest=manifest, public=False)
    second = Match(game, rules, seed=2).state
    assert second.pools["p1"].public
