"""What a seat believes of the others' hands, and worlds dealt to agree with it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.engine import Rng, View, determinise, view_to_json
from cardtable.games.karata import KarataRules, KarataState
from cardtable.games.karata.beliefs import BLOCKING, KarataBeliefs
from cardtable.games.karata.history import playable
from cardtable.games.karata.scenario import scenario
from cardtable.games.karata.turns import Table
from tests.games.karata.helpers import GAME, act

THREE = KarataRules(players=3)
ON_7H = playable(Table(top="7H"), THREE)


class Seat:
    """Seat 0 watching a scenario: it observes its view at each of its decisions."""

    def __init__(self, state: KarataState, rules: KarataRules = THREE) -> None:
        self.state = state
        self.beliefs = KarataBeliefs(rules, seat=0)
        self.beliefs.observe(self.view())

    def view(self) -> View[Any]:
        return GAME.view(self.state, 0)

    def decides(self, text: str) -> None:
        act(self.state, 0, text)
        self.beliefs.chose(GAME.parse_decision(text))

    def looks(self) -> View[Any]:
        seen = self.view()
        self.beliefs.observe(seen)
        return seen


def watched(pick: str = "8H") -> Seat:
    """Seat 1 holds no heart, no Seven, no Ace and no Joker: it picks ``pick`` on the Seven of
    Hearts."""
    state = scenario(
        hands=[["5C", "6C"], ["4S", "5S", "9D", "10C"], ["7D", "9S"]],
        pile=["7H"],
        deck=["KC", pick, "QS", "6D", "4H", "5D", "10S", "9C", "AD", "2C", "3S", "JH", "RJ"],
        rules=THREE,
    )
    seat = Seat(state)
    seat.decides("pass")  # picks KC
    act(state, 1, "pass")  # picks the card given
    act(state, 2, "turn 7D")
    return seat


def test_a_player_who_picked_on_the_seven_of_hearts_holds_none_of_what_fits_it() -> None:
    seat = watched()
    seat.looks()
    assert seat.beliefs.layers[1] == [(4, ON_7H), (1, frozenset())]
    assert seat.beliefs.layers[2] == [(1, frozenset())]


def test_worlds_deal_that_player_no_heart_no_seven_no_ace_nor_joker_but_for_its_pick() -> None:
    seat = watched()
    view = seat.looks()
    uniform_breaks = 0
    for salt in range(60):
        world = determinise(view, seat.state.rules, Rng(salt), dealer=seat.beliefs)
        assert isinstance(world, KarataState)
        assert view_to_json(GAME.view(world, 0)) == view_to_json(view)
        hand = world.zones["hand:1"].cards
        assert len(hand) == 5
        assert sum(1 for card in hand if card.key in ON_7H) <= 1
        free = determinise(view, seat.state.rules, Rng(salt))
        uniform_breaks += sum(1 for c in free.zones["hand:1"].cards if c.key in ON_7H) > 1
    assert uniform_breaks > 0  # a uniform deal would often give it two such cards or more


def test_a_card_it_plays_leaves_the_oldest_hand_it_may_come_from() -> None:
    seat = watched()
    seat.looks()
    seat.decides("pass")  # picks QS
    act(seat.state, 1, "turn 9D")  # one of the cards held on the Seven of Hearts
    act(seat.state, 2, "pass")  # one card: it might have kept a playable one
    seat.looks()
    assert seat.beliefs.layers[1] == [(3, ON_7H), (1, frozenset())]
    assert seat.beliefs.layers[2] == [(2, frozenset())]


def test_a_card_it_could_have_played_then_came_from_what_it_picked_since() -> None:
    seat = watched("7C")
    state = seat.state
    seat.looks()
    seat.decides("pass")
    act(state, 1, "turn 7C")  # a Seven: not one of the four it held on the Seven of Hearts
    act(state, 2, "pass")
    seat.looks()
    assert seat.beliefs.layers[1] == [(4, ON_7H)]


def test_a_second_pass_adds_to_every_layer_the_player_holds() -> None:
    state = scenario(
        hands=[["5C", "6C"], ["4S", "5S", "9C", "10C"], ["7D", "9S"]],
        pile=["7H"],
        deck=["KC", "8H", "QS", "6D", "4H", "5D", "10S", "9D", "AD", "2C", "3S", "JH", "RJ"],
        rules=THREE,
    )
    seat = Seat(state)
    seat.decides("pass")
    act(state, 1, "pass")  # picks 8H
    act(state, 2, "turn 7D")
    seat.looks()
    seat.decides("pass")
    act(state, 1, "pass")  # held five on the Seven of Diamonds; picks 6D
    act(state, 2, "pass")
    seat.looks()
    on_7d = playable(Table(top="7D"), THREE)
    assert seat.beliefs.layers[1] == [(4, ON_7H | on_7d), (1, on_7d), (1, frozenset())]


def test_a_card_no_layer_may_hold_proves_the_belief_wrong() -> None:
    """A player that picks while holding the Seven of Spades on the Seven of Hearts (not the
    heuristic player) and plays two Sevens later: its hand is free again."""
    state = scenario(
        hands=[["5C", "6C"], ["7S", "7C", "9D", "10C"], ["7D", "9S", "4D"]],
        pile=["7H"],
        deck=["KC", "8H", "QS", "6D", "4H", "5D", "10S", "9C", "AD", "2C", "3S", "JH", "RJ"],
        rules=THREE,
    )
    seat = Seat(state)
    seat.decides("pass")
    act(state, 1, "pass")  # it could have played: it picks 8H
    act(state, 2, "turn 7D")
    seat.looks()
    assert seat.beliefs.layers[1] == [(4, ON_7H), (1, frozenset())]
    seat.decides("pass")
    act(state, 1, "turn 7S 7C")
    act(state, 2, "pass")
    seat.looks()
    assert seat.beliefs.layers[1] == [(3, frozenset())]


def declared(rules: KarataRules = THREE) -> Seat:
    """Seat 1 plays the Nine of Diamonds and declares last card, holding two cards; seat 2,
    which cannot declare with a King, plays the Nine of Spades without."""
    state = scenario(
        hands=[["5C", "6C"], ["9D", "4S", "5H"], ["9S", "KD", "6D"]],
        pile=["9C"],
        deck=["8H", "QS", "6S", "4H", "5D", "10S", "7C", "AD", "2C", "3S", "JH", "RJ", "AS"],
        rules=rules,
    )
    seat = Seat(state, rules)
    seat.decides("pass")  # picks 8H
    act(state, 1, "turn 9D last")
    act(state, 2, "turn 9S")
    return seat


def test_a_player_who_declared_last_card_held_no_ace_bomb_jack_nor_king() -> None:
    seat = declared()
    view = seat.looks()
    assert view.public["declared"] == [False, True, False]
    assert seat.beliefs.layers[1] == [(2, BLOCKING)]
    assert seat.beliefs.layers[2] == [(2, frozenset())]
    assert {"AS", "2C", "3S", "RJ", "JH", "KD"} <= BLOCKING
    assert not BLOCKING & {"4S", "5H", "9D", "QS", "10S", "7C"}
    blocked = 0
    for salt in range(60):
        world = determinise(view, seat.state.rules, Rng(salt), dealer=seat.beliefs)
        assert isinstance(world, KarataState)
        assert view_to_json(GAME.view(world, 0)) == view_to_json(view)
        assert not BLOCKING & {card.key for card in world.zones["hand:1"].cards}
        free = determinise(view, seat.state.rules, Rng(salt))
        blocked += bool(BLOCKING & {card.key for card in free.zones["hand:1"].cards})
    assert blocked > 0  # a uniform deal would often give it a card it could not declare with


def test_cards_picked_after_declaring_are_free() -> None:
    seat = declared()
    seat.looks()
    seat.decides("pass")  # picks QS
    act(seat.state, 1, "pass")  # it ends its declaration and picks 6S
    act(seat.state, 2, "pass")
    seat.looks()
    on_9s = playable(Table(top="9S"), THREE)
    assert seat.beliefs.layers[1] == [(2, BLOCKING | on_9s), (1, frozenset())]


def test_without_the_last_card_check_a_declaration_tells_nothing() -> None:
    seat = declared(KarataRules(players=3, last_card_check=False))
    seat.looks()
    assert seat.beliefs.layers[1] == [(2, frozenset())]


def test_constraints_nothing_can_meet_give_way_to_a_free_deal() -> None:
    """Every unseen card is a heart: a player that picked on the Seven of Hearts is dealt
    hearts all the same, and the world stays true to the view."""
    state = scenario(
        hands=[["5C", "6C"], ["4H", "5H", "6H"], ["7D", "9H"]],
        pile=["7H"],
        deck=["8H", "9C", "10H", "JH", "QH", "KH", "2H", "3H"],
        rules=THREE,
    )
    seat = Seat(state)
    seat.decides("pass")  # picks 8H
    act(state, 1, "pass")  # picks 9C
    act(state, 2, "turn 7D")
    view = seat.looks()
    assert seat.beliefs.layers[1][0] == (3, ON_7H)
    for salt in range(10):
        world = determinise(view, state.rules, Rng(salt), dealer=seat.beliefs)
        assert isinstance(world, KarataState)
        assert view_to_json(GAME.view(world, 0)) == view_to_json(view)
        unseen = Counter(view.unseen("deck").elements())
        dealt = Counter(
            card.key for name in ("deck", "hand:1", "hand:2") for card in world.zones[name].cards
        )
        assert dealt == unseen
        assert len(world.zones["hand:1"].cards) == 4


def test_the_same_views_and_generator_deal_the_same_worlds() -> None:
    seat = watched()
    view = seat.looks()
    one = determinise(view, seat.state.rules, Rng(3), dealer=seat.beliefs)
    two = determinise(view, seat.state.rules, Rng(3), dealer=seat.beliefs)
    assert isinstance(one, KarataState)
    assert isinstance(two, KarataState)
    assert GAME.state_to_json(one) == GAME.state_to_json(two)


def test_with_fines_a_fine_looks_like_a_pass_so_nothing_is_inferred() -> None:
    book = GAME.rulebook(KarataRules(players=3, fine=1))
    assert GAME.search_hints.beliefs(book, 0) is None
    assert isinstance(GAME.search_hints.beliefs(GAME.rulebook(THREE), 0), KarataBeliefs)
