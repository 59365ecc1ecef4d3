"""The Kata TCG's variations: healing, minions, card drawers, cost and effect apart."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardtable.agents import Agent, CautiousAgent, GreedyAgent, PlannerAgent, RandomAgent
from cardtable.engine import Decision, IllegalDecision, Rng, Target
from cardtable.games.tcg import Attack, Play, TcgRules, TcgState, load_set
from cardtable.games.tcg.actions import ATTACKS, AWAKE
from cardtable.games.tcg.cardspec import CardSpec
from cardtable.games.tcg.scenario import events, scenario
from cardtable.simulation import agent_rng, play_match
from tests.games.tcg.helpers import GAME, act, costs, ids, life, mana, snapshot

HEALING = TcgRules(healing=True)
MINIONS = TcgRules(minions=True)
KATA = load_set("kata")
KATA_RULES = TcgRules(cards=KATA.cards, decks=(KATA.deck, KATA.deck))
ALL = TcgRules(healing=True, minions=True, cards=KATA.cards, decks=(KATA.deck, KATA.deck))


def refused(state: TcgState, seat: int, text: str, reason: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalDecision, match=reason):
        GAME.decide(state, seat, GAME.parse_decision(text))
    assert snapshot(state) == before


# -- healing ------------------------------------------------------------------------------


def test_a_card_heals_its_owner_by_its_value() -> None:
    state = scenario(hands=([5], []), health=(20, 30), slots=(6, 0), rules=HEALING)
    act(state, 0, "play #0 heal")
    assert life(state, 0) == 25
    assert life(state, 1) == 30
    assert mana(state, 0) == (6, 1)
    assert ids(state.graveyards[0]) == [0]


def test_healing_never_goes_above_the_starting_health() -> None:
    state = scenario(hands=([8], []), health=(27, 30), slots=(8, 0), rules=HEALING)
    act(state, 0, "play #0 heal")
    assert life(state, 0) == 30
    heal = [event for event in events(state, None) if event["type"] == "heal"]
    assert heal == [{"type": "heal", "target": "p0", "amount": 8, "source": 0, "life": 30}]


def test_healing_is_offered_only_when_the_rules_have_it() -> None:
    state = scenario(hands=([0, 3], []), slots=(3, 0), rules=HEALING)
    assert set(GAME.legal(state, 0).moves) == {
        Play(0),
        Play(0, "heal"),
        Play(1),
        Play(1, "heal"),
        GAME.parse("end"),
    }
    core = scenario(hands=([3], []), slots=(3, 0))
    refused(core, 0, "play #0 heal", "these rules have no healing")


def test_a_0_cost_card_heals_0() -> None:
    """The kata: any card may heal its owner by its mana cost; a 0 card heals 0, just as its
    attack deals 0. It is paid for (nothing), leaves the hand and restores nothing."""
    state = scenario(hands=([0, 3], []), health=(25, 30), slots=(3, 0), rules=HEALING)
    act(state, 0, "play #0 heal")
    assert life(state, 0) == 25
    assert mana(state, 0) == (3, 3)
    assert ids(state.hands[0]) == [1]
    assert ids(state.graveyards[0]) == [0]
    shown = [event["type"] for event in events(state, None)]
    assert shown == ["play"]
    assert events(state, None)[0]["mode"] == "heal"


def test_a_card_whose_heal_value_is_0_heals_0() -> None:
    spark = CardSpec.model_validate({"id": "spark", "name": "Spark", "cost": 1, "damage": 2})
    rules = TcgRules(healing=True, cards=(*KATA.cards, spark), decks=(KATA.deck, KATA.deck))
    state = scenario(hands=(["spark", "scout"], []), health=(25, 30), slots=(2, 0), rules=rules)
    assert {Play(0, "heal"), Play(1, "heal")} <= set(GAME.legal(state, 0).moves)
    act(state, 0, "play #0 heal")
    assert (life(state, 0), life(state, 1), mana(state, 0)) == (25, 30, (2, 1))
    act(state, 0, "play #1 heal")  # a drawer played as a heal draws nothing
    assert (life(state, 0), mana(state, 0), ids(state.hands[0])) == (25, (2, 0), [])


def test_the_kata_players_heal_only_with_cards_that_heal() -> None:
    state = scenario(hands=([0, 2], []), health=(5, 30), slots=(2, 0), rules=HEALING)
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    for agent in (CautiousAgent, PlannerAgent):
        assert agent(Rng(0)).decide(view, legal) == Play(1, "heal")
    nothing = scenario(hands=([0], []), health=(5, 30), slots=(2, 0), rules=HEALING)
    view, legal = GAME.view(nothing, 0), GAME.legal(nothing, 0)
    assert CautiousAgent(Rng(0)).decide(view, legal) == Play(0)


# -- minions ------------------------------------------------------------------------------


def test_a_minion_arrives_asleep_with_its_values() -> None:
    state = scenario(hands=([3, 0], []), slots=(3, 0), rules=MINIONS)
    act(state, 0, "play #0 minion")
    act(state, 0, "play #1 minion")
    assert ids(state.boards[0]) == [0, 1]
    three, zero = state.cards[0], state.cards[1]
    assert (state.stat(three, "attack"), state.stat(three, "life")) == (3, 3)
    assert (state.stat(zero, "attack"), state.stat(zero, "life")) == (0, 1)  # a 0 card: 0/1
    assert state.stat(three, "awake") == 0
    refused(state, 0, "attack #0 @p1", "Damage 3 is asleep")
    assert mana(state, 0) == (3, 0)
    assert life(state, 1) == 30


def test_a_fourth_minion_is_refused_before_anything_is_paid() -> None:
    state = scenario(hands=([1], []), boards=([1, 2, 3], []), slots=(5, 0), rules=MINIONS)
    refused(state, 0, "play #0 minion", "your board is full: at most 3 minions")
    assert Play(0, "minion") not in GAME.legal(state, 0).moves
    assert mana(state, 0) == (5, 5)


def test_a_minion_wakes_on_its_owners_next_turn_and_attacks_once() -> None:
    state = scenario(hands=([2], []), decks=([0, 0], [0, 0]), slots=(2, 0), rules=MINIONS)
    act(state, 0, "play #0 minion")
    act(state, 0, "end")
    act(state, 1, "end")
    minion = state.cards[0]
    assert (state.stat(minion, AWAKE), state.stat(minion, ATTACKS)) == (1, 1)
    act(state, 0, "attack #0 @p1")
    assert life(state, 1) == 28
    refused(state, 0, "attack #0 @p1", "has already attacked this turn")
    act(state, 0, "end")
    act(state, 1, "end")
    act(state, 0, "attack #0 @p1")
    assert life(state, 1) == 26


def test_minions_fight_each_other_at_the_same_time() -> None:
    state = scenario(boards=([3], [2]), rules=MINIONS)
    ours, theirs = 0, 1
    act(state, 0, f"attack #{ours} @#{theirs}")
    assert ids(state.graveyards[1]) == [theirs]  # 2 health, hit for 3
    assert ids(state.boards[0]) == [ours]
    assert state.stat(state.cards[ours], "life") == 1  # hit back for 2 at the same time
    blows = [event for event in events(state, None) if event["type"] == "damage"]
    assert blows == [
        {
            "type": "damage",
            "reason": "combat",
            "source": ours,
            "hits": [
                {"target": f"#{theirs}", "amount": 3, "life": -1},
                {"target": f"#{ours}", "amount": 2, "life": 1},
            ],
        }
    ]


def test_two_minions_can_kill_each_other() -> None:
    state = scenario(boards=([3], [4]), rules=MINIONS)
    act(state, 0, "attack #0 @#1")
    assert ids(state.graveyards[0]) == [0]
    assert ids(state.boards[1]) == [1]
    assert state.stat(state.cards[1], "life") == 1


def test_a_sleeping_minion_still_defends_itself() -> None:
    state = scenario(hands=([], [2]), boards=([3], []), slots=(0, 2), active=1, rules=MINIONS)
    act(state, 1, "play #0 minion")
    act(state, 1, "end")
    # Seat 0 attacks the minion that arrived last turn: it is asleep, but it hits back.
    act(state, 0, "attack #1 @#0")
    assert ids(state.graveyards[1]) == [0]
    assert state.stat(state.cards[1], "life") == 1


def test_an_attack_card_at_a_minion_takes_no_retaliation() -> None:
    state = scenario(hands=([2], []), boards=([], [5]), slots=(2, 0), rules=MINIONS)
    act(state, 0, "play #0 @#1")
    assert state.stat(state.cards[1], "life") == 3
    assert life(state, 0) == 30
    assert ids(state.graveyards[0]) == [0]


def test_an_attack_card_names_its_target_when_there_are_minions() -> None:
    state = scenario(hands=([2, 0], []), boards=([4], [5]), slots=(2, 0), rules=MINIONS)
    moves = set(GAME.legal(state, 0).moves)
    assert {Play(0, "", Target.hero(1)), Play(0, "", Target.minion(3)), Play(1)} <= moves
    assert {Attack(2, Target.hero(1)), Attack(2, Target.minion(3))} <= moves
    refused(state, 0, "play #0", r"choose what Damage 2 attacks: @p1 or one of their minions")
    refused(state, 0, "play #0 @p0", r"p0 cannot be attacked: choose the opposing hero")
    refused(state, 0, "play #0 @#2", r"#2 cannot be attacked")
    refused(state, 0, "play #1 @p1", "Damage 0 played this way takes no target")
    refused(state, 0, "attack #3 @p1", "#3 is not one of your minions")


def test_a_minion_at_zero_health_goes_to_its_owners_graveyard() -> None:
    state = scenario(hands=([4], []), boards=([], [4]), slots=(4, 0), rules=MINIONS)
    act(state, 0, "play #0 @#1")
    assert ids(state.graveyards[1]) == [1]
    assert state.boards[1].cards == []
    died = [event for event in events(state, None) if event["type"] == "died"]
    assert died == [{"type": "died", "card": 1, "origin": "board:1", "destination": "graveyard:1"}]


def test_minion_mode_is_refused_without_the_variation() -> None:
    state = scenario(hands=([1], []), slots=(1, 0))
    refused(state, 0, "play #0 minion", "these rules have no minions")
    refused(state, 0, "attack #0 @p1", "these rules have no minions")


# -- card drawers and cards whose cost and effect differ ----------------------------------


def test_a_card_drawer_draws_its_cards_one_at_a_time() -> None:
    state = scenario(
        hands=(["scholar"], []), decks=(["d1", "d2", "d3"], []), slots=(3, 0), rules=KATA_RULES
    )
    act(state, 0, "play #0")
    assert costs(state.hands[0]) == [3, 2]
    assert life(state, 1) == 30  # a drawer deals no damage
    assert mana(state, 0) == (3, 0)


def test_drawing_from_a_short_deck_bleeds_for_each_missing_card() -> None:
    state = scenario(hands=(["library"], []), decks=(["d1"], []), slots=(5, 0), rules=KATA_RULES)
    act(state, 0, "play #0")
    assert costs(state.hands[0]) == [1]
    assert life(state, 0) == 28  # three draws from a one-card deck: two bleed
    bleeding = [e for e in events(state, None) if e["type"] == "damage"]
    assert [e["reason"] for e in bleeding] == ["bleeding", "bleeding"]


def test_drawing_into_a_full_hand_discards_the_overflow() -> None:
    state = scenario(
        hands=(["scholar", "d1", "d1", "d1", "d1"], []),
        decks=(["d5", "d6", "d7"], []),
        slots=(3, 0),
        rules=KATA_RULES,
    )
    act(state, 0, "play #0")  # the hand has room for one
    assert costs(state.hands[0]) == [1, 1, 1, 1, 7]
    assert costs(state.graveyards[0]) == [0 + 3, 6]  # the scholar, then the overflow
    assert life(state, 0) == 30


def test_cost_and_effect_can_differ() -> None:
    state = scenario(hands=(["bolt", "mend"], []), health=(20, 30), slots=(3, 0), rules=ALL)
    act(state, 0, "play #0 @p1")  # Bolt: cost 1, deals 3
    assert (life(state, 1), mana(state, 0)) == (27, (3, 2))
    act(state, 0, "play #1 heal")  # Mend: cost 2, heals 6
    assert (life(state, 0), mana(state, 0)) == (26, (3, 0))


def test_greedy_aims_its_cards_and_its_minions_at_the_hero() -> None:
    state = scenario(hands=([2, 3], []), boards=([4], [5]), slots=(3, 0), rules=MINIONS)
    greedy = GreedyAgent(Rng(1))

    def decide() -> Decision:
        return greedy.decide(GAME.view(state, 0), GAME.legal(state, 0))

    assert decide() == Play(1, "", Target.hero(1))  # the 3 deals the most
    act(state, 0, decide().text())
    assert decide() == Attack(2, Target.hero(1))
    act(state, 0, decide().text())
    assert life(state, 1) == 30 - 3 - 4
    assert decide() == GAME.parse("end")


def test_every_variation_together_plays_to_the_end() -> None:
    pairings: list[tuple[Callable[[Rng], Agent], ...]] = [
        (RandomAgent, RandomAgent),
        (GreedyAgent, RandomAgent),
    ]
    for seed in range(6):
        for kinds in pairings:
            agents = [kind(agent_rng(seed, seat)) for seat, kind in enumerate(kinds)]
            match = play_match(GAME, ALL, agents, seed)
            assert match.over
