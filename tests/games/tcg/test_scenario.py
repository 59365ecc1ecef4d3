"""The scenario builder makes exactly the state it is asked for, and that state plays."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardtable.engine import IllegalDecision, Rng, Stat, determinise, view_to_json
from cardtable.games.tcg import TcgRules, TcgState
from cardtable.games.tcg.scenario import events, scenario
from tests.games.tcg.helpers import GAME, act, costs, ids


def test_cards_are_placed_as_asked_with_ids_in_argument_order() -> None:
    state = scenario(
        hands=([3, 5], [1]), decks=([2, 4], [0]), graveyards=([7], [6, 8]), slots=(3, 2)
    )
    # Hands first (seat 0, seat 1), then decks, then graveyards.
    assert ids(state.hands[0]) == [0, 1]
    assert ids(state.hands[1]) == [2]
    assert ids(state.decks[0]) == [3, 4]
    assert ids(state.decks[1]) == [5]
    assert ids(state.graveyards[0]) == [6]
    assert ids(state.graveyards[1]) == [7, 8]
    assert costs(state.hands[0]) == [3, 5]
    assert costs(state.decks[0]) == [2, 4]
    assert costs(state.graveyards[1]) == [6, 8]
    assert [card.owner for card in state.cards] == [0, 0, 1, 0, 0, 1, 0, 1, 1]
    assert all(card.pool == f"p{card.owner}" for card in state.cards)
    assert all(card.key == f"d{card.printed('cost')}" for card in state.cards)
    assert all(card.printed("damage") == card.printed("cost") for card in state.cards)


def test_the_last_deck_entry_is_drawn_first() -> None:
    state = scenario(decks=([], [2, 4, 7]), slots=(1, 1), active=0)
    act(state, 0, "end")
    assert costs(state.hands[1]) == [7]
    assert costs(state.decks[1]) == [2, 4]


def test_heroes_turn_and_bookkeeping() -> None:
    state = scenario(health=(12, 7), slots=(6, 4), mana=(2, 4), active=1, turn=9)
    assert state.heroes[0].life == Stat(30, 12)  # the base stays the starting health
    assert state.heroes[1].life == Stat(30, 7)
    assert state.heroes[0].mana == Stat(6, 2)  # base: slots, value: mana left
    assert state.heroes[1].mana == Stat(4, 4)
    assert (state.active, state.turn, state.version) == (1, 9, 0)
    assert GAME.to_act(state) == 1
    assert state.outcome is None
    assert state.journal == []
    assert not state.queue


def test_defaults_are_a_fresh_empty_table() -> None:
    state = scenario()
    assert [hero.life for hero in state.heroes] == [Stat(30), Stat(30)]
    assert [hero.mana for hero in state.heroes] == [Stat(0), Stat(0)]
    assert state.cards == []
    assert (state.active, state.turn) == (0, 1)


def test_mana_defaults_to_full_slots() -> None:
    state = scenario(slots=(4, 7))
    assert [hero.mana for hero in state.heroes] == [Stat(4, 4), Stat(7, 7)]


def test_pools_list_every_card_of_their_seat() -> None:
    state = scenario(hands=([3, 5], [1]), decks=([2, 4], [0]), graveyards=([3], []))
    assert Counter(state.pools["p0"].manifest) == Counter(["d3", "d5", "d2", "d4", "d3"])
    assert Counter(state.pools["p1"].manifest) == Counter(["d1", "d0"])
    assert all(pool.public for pool in state.pools.values())
    assert state.pools["p0"].owner == 0
    assert state.pools["p1"].owner == 1


def test_a_custom_ruleset_is_used() -> None:
    rules = TcgRules(starting_health=20, hand_limit=2, mana_slot_cap=3)
    state = scenario(hands=([1, 1], []), slots=(3, 0), rules=rules)
    assert state.rules.ruleset == rules
    assert state.heroes[1].life == Stat(20)
    assert state.hands[0].full


@pytest.mark.parametrize("seat", [0, 1, None])
def test_determinisation_is_consistent_with_every_view(seat: int | None) -> None:
    state = scenario(
        hands=([3, 5, 0], [1, 6]),
        decks=([2, 4, 4, 8], [0, 7]),
        graveyards=([3], [2]),
        slots=(4, 3),
        mana=(1, 3),
        turn=7,
    )
    view = GAME.view(state, seat)
    for salt in range(5):
        world = determinise(view, state.rules, Rng(salt))
        assert isinstance(world, TcgState)
        assert view_to_json(GAME.view(world, seat)) == view_to_json(view)
        # Every card of the world belongs to the seat its pool says.
        assert sorted(card.key for card in world.cards) == sorted(c.key for c in state.cards)
        assert all(card.owner == int(card.pool[1:]) for card in world.cards if card.pool)


def test_the_state_plays_on_from_the_scenario() -> None:
    state = scenario(hands=([3, 5], [1]), decks=([2, 4], [0]), health=(30, 4), slots=(5, 4))
    act(state, 0, "play #0")
    assert state.heroes[1].life.value == 1
    act(state, 0, "end")
    assert [event["type"] for event in events(state, None)] == [
        "play",
        "damage",
        "turn_ended",
        "turn_started",
        "draw",
    ]
    assert events(state, None, since=3) == events(state, None)[3:]


def test_determinisation_keeps_the_pools_of_the_view() -> None:
    state = scenario(hands=([3], [1]), decks=([2], [0]))
    view = GAME.view(state, 0)
    world = determinise(view, state.rules, Rng(0))
    assert isinstance(world, TcgState)
    assert GAME.view(world, 0).pools == view.pools


def test_pools_survive_the_state_json_round_trip() -> None:
    state = scenario(hands=([3], [1]), decks=([2], [0]))
    loaded = GAME.state_from_json(GAME.state_to_json(state))
    assert loaded.pools == state.pools


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"hands": ([1, 2, 3, 4, 5, 6], [])}, r"hands\[0\]: 6 cards, but a hand holds at most 5"),
        ({"decks": ([], [100])}, r"decks\[1\]: no card 'd100' in the pool of these rules"),
        ({"graveyards": ([-1], [])}, r"graveyards\[0\]: no card 'd-1' in the pool"),
        ({"hands": ([], ["fire"])}, r"hands\[1\]: no card 'fire' in the pool of these rules"),
        ({"hands": ([], [2.5])}, r"hands\[1\]: a card is an id or a classic cost, got 2\.5"),
        ({"boards": ([1], [])}, r"boards: these rules have no minions"),
        ({"hands": ([1],)}, r"hands: give one entry per seat"),
        ({"health": (0, 30)}, r"health\[0\] is 0: a hero at 0 or below has already lost"),
        ({"slots": (11, 0)}, r"slots\[0\] is 11: slots go from 0 to 10"),
        ({"slots": (3, 3), "mana": (3, 4)}, r"mana\[1\] is 4: it must be 0 to the 3 slot"),
        ({"slots": (3, 3), "mana": (-1, 0)}, r"mana\[0\] is -1"),
        ({"active": 2}, r"active is 2: it must be 0 or 1"),
        ({"turn": -1}, r"turn is -1"),
    ],
)
def test_impossible_numbers_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        scenario(**arguments)  # type: ignore[arg-type]


MINIONS = TcgRules(minions=True)


def built_minions() -> TcgState:
    """Seat 0: #0 (a 3) arrived this turn, #1 (a 4) has attacked, #2 (a 5) took 3 damage;
    seat 1: #3 (a 6) took 5 damage, #4 (a 2) arrived in its owner's last turn."""
    return scenario(
        boards=([3, 4, 5], [6, 2]),
        asleep=([0], [1]),
        attacked=([1], []),
        damaged=({2: 3}, {0: 5}),
        rules=MINIONS,
    )


def test_minions_can_be_built_asleep_having_attacked_or_damaged() -> None:
    state = built_minions()
    numbers = [
        {name: state.stat(minion, name) for name in ("awake", "attacks", "life")}
        for minion in state.cards
    ]
    assert numbers == [
        {"awake": 0, "attacks": 0, "life": 3},  # newly arrived: asleep
        {"awake": 1, "attacks": 0, "life": 4},  # awake, but its attack is spent
        {"awake": 1, "attacks": 1, "life": 2},  # ready, hurt
        {"awake": 1, "attacks": 1, "life": 1},
        {"awake": 0, "attacks": 0, "life": 2},
    ]
    assert state.stat(state.cards[2], "health") == 5  # the card's health is as printed
    legal = GAME.legal(state, 0).moves
    assert {move.text() for move in legal} == {
        "attack #2 @p1",
        "attack #2 @#3",
        "attack #2 @#4",
        "end",
    }
    with pytest.raises(IllegalDecision, match="Damage 3 is asleep"):
        GAME.decide(state, 0, GAME.parse_decision("attack #0 @p1"))
    with pytest.raises(IllegalDecision, match="Damage 4 has already attacked this turn"):
        GAME.decide(state, 0, GAME.parse_decision("attack #1 @p1"))
    act(state, 0, "attack #2 @#3")  # 5 into the hurt 6: it dies; 6 back kills ours
    assert ids(state.boards[0]) == [0, 1]
    assert ids(state.boards[1]) == [4]


def board_seen(state: TcgState, seat: int | None) -> list[dict[str, Any]]:
    """Seat 0's minions as ``seat`` sees them in its view's JSON."""
    zone: Any = view_to_json(GAME.view(state, seat))["zones"]
    return list(zone["board:0"]["cards"])


def test_a_newly_arrived_minion_and_one_that_has_attacked_differ_in_state_and_view() -> None:
    state = built_minions()
    played = scenario(hands=([3], []), boards=([4], [6, 2]), slots=(3, 0), rules=MINIONS)
    act(played, 0, "play #0 minion")
    act(played, 0, "attack #1 @p1")
    for seat in (0, 1, None):
        built = {card["id"]: card for card in board_seen(state, seat)}
        assert built[0]["live"]["awake"] == [1, 0]  # asleep
        assert built[0]["live"]["attacks"] == [1, 0]
        assert built[1]["live"]["awake"] == [1, 1]  # awake: it has attacked
        assert built[1]["live"]["attacks"] == [1, 0]
        assert built[2]["live"]["life"] == [5, 2]
        assert built[2]["stats"]["life"] == 2
        by_play = {card["key"]: card for card in board_seen(played, seat)}
        assert by_play["d3"]["live"] == built[0]["live"]  # as if played this turn
        assert by_play["d4"]["live"] == built[1]["live"]  # as if it attacked this turn
    loaded = GAME.state_from_json(GAME.state_to_json(state))
    assert [loaded.stat(card, "awake") for card in loaded.cards] == [0, 1, 1, 1, 0]


def test_built_minions_wake_and_ready_on_their_owners_next_turn() -> None:
    state = built_minions()
    act(state, 0, "end")
    assert state.stat(state.cards[4], "awake") == 1  # seat 1's sleeper woke
    act(state, 1, "end")
    moves = {move.text() for move in GAME.legal(state, 0).moves}
    assert {"attack #0 @p1", "attack #1 @p1", "attack #2 @p1"} <= moves
    assert state.stat(state.cards[2], "life") == 2  # damage stays


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"asleep": ([3], [])}, r"asleep\[0\]: there is no minion 3 on board 0 \(it holds 3\)"),
        ({"attacked": ([], [-1])}, r"attacked\[1\]: there is no minion -1 on board 1"),
        (
            {"asleep": ([1], []), "attacked": ([1], [])},
            r"boards\[0\]: minion 1 cannot be asleep and have attacked: an asleep minion",
        ),
        ({"damaged": ({2: 5}, {})}, r"damaged\[0\]: 5 damage would kill minion 2 \(5 health\)"),
        ({"damaged": ({}, {0: -1})}, r"damaged\[1\]: minion 0 cannot take -1 damage"),
        ({"damaged": ({5: 1}, {})}, r"damaged\[0\]: there is no minion 5 on board 0"),
        ({"asleep": ([0],)}, r"asleep: give one entry per seat"),
    ],
)
def test_impossible_minions_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        scenario(boards=([3, 4, 5], [6]), rules=MINIONS, **arguments)  # type: ignore[arg-type]
