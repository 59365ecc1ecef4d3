"""Cards written as data: every effect, target and trigger of the vocabulary, with exact cards."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable.agents import Agent, GreedyAgent, RandomAgent
from cardtable.engine import Rng, RulesetError
from cardtable.engine.actions import Fizzled
from cardtable.games.tcg import CardSpec, TcgRules, TcgState, load_set
from cardtable.games.tcg.actions import MinionAttack, PlayCard
from cardtable.games.tcg.scenario import PerSeat, events, scenario
from cardtable.simulation import agent_rng, play_match
from tests.games.tcg.helpers import GAME, act, costs, ids, life

LEGENDS = load_set("legends")
RULES = TcgRules(minions=True, cards=LEGENDS.cards, decks=(LEGENDS.deck, LEGENDS.deck))


def game(
    *,
    hands: PerSeat = ((), ()),
    decks: PerSeat = ((), ()),
    boards: PerSeat = ((), ()),
    health: tuple[int, int] | None = None,
    slots: tuple[int, int] = (10, 0),
    seed: int = 0,
    rules: TcgRules = RULES,
) -> TcgState:
    """A Legends scenario: seat 0 to play, with 10 mana unless said otherwise."""
    return scenario(
        hands=hands, decks=decks, boards=boards, health=health, slots=slots, seed=seed, rules=rules
    )


def kinds(state: TcgState) -> list[object]:
    return [event["type"] for event in events(state, None)]


# -- effects ------------------------------------------------------------------------------


def test_a_spell_deals_damage_to_the_chosen_character() -> None:
    state = game(hands=(["fireball"], []), boards=([], ["shieldbearer", "berserker"]))
    act(state, 0, "play #0 @p1")
    assert life(state, 1) == 24
    assert ids(state.graveyards[0]) == [0]


def test_a_shield_absorbs_the_first_hit_only() -> None:
    state = game(hands=(["fireball", "fireball"], []), boards=([], ["shieldbearer"]))
    bearer = state.cards[2]
    act(state, 0, "play #0 @#2")
    assert state.stat(bearer, "life") == 3
    assert state.stat(bearer, "shield") == 0
    hits = [e["hits"] for e in events(state, None) if e["type"] == "damage"]
    assert hits == [[{"target": "#2", "amount": 6, "life": 3, "shielded": True}]]
    act(state, 0, "play #1 @#2")
    assert ids(state.graveyards[1]) == [2]


def test_damage_to_all_hits_every_match_at_once() -> None:
    state = game(hands=(["blizzard"], []), boards=(["skeleton"], ["skeleton", "berserker"]))
    act(state, 0, "play #0")
    assert ids(state.boards[0]) == [1]  # friendly minions are spared
    assert ids(state.graveyards[1]) == [2]
    assert state.stat(state.cards[3], "life") == 2
    damage = [e for e in events(state, None) if e["type"] == "damage"]
    assert len(damage) == 1  # one blow, several characters


def test_random_damage_picks_each_target_when_it_strikes() -> None:
    state = game(hands=(["arcane-volley"], []), boards=([], ["skeleton"]), seed=5)
    act(state, 0, "play #0")
    picks = [e["target"] for e in events(state, None) if e["type"] == "random_target"]
    assert len(picks) == 3
    assert set(picks) <= {"p1", "#1"}
    hits_on_skeleton = picks.count("#1")
    assert life(state, 1) == 30 - (3 - hits_on_skeleton)
    again = game(hands=(["arcane-volley"], []), boards=([], ["skeleton"]), seed=5)
    act(again, 0, "play #0")
    assert events(again, None) == events(state, None)  # the match's generator decides


def test_healing_is_capped_and_can_be_aimed() -> None:
    state = game(hands=(["healing-light", "drain"], []), health=(22, 30))
    act(state, 0, "play #0 @p0")
    assert life(state, 0) == 27
    act(state, 0, "play #1 @p1")
    assert (life(state, 0), life(state, 1)) == (29, 28)


def test_buffs_change_attack_health_and_shield() -> None:
    state = game(hands=(["blessing", "rally"], []), boards=(["skeleton"], []))
    skeleton = state.cards[2]
    act(state, 0, "play #0 @#2")
    assert (state.stat(skeleton, "attack"), state.stat(skeleton, "shield")) == (2, 1)
    act(state, 0, "play #1")
    assert (state.stat(skeleton, "attack"), state.stat(skeleton, "life")) == (3, 2)
    assert state.tracked(skeleton, "life") is not None


def test_a_buff_until_the_end_of_the_turn_goes_at_its_end() -> None:
    rules = RULES.changed(decks=[LEGENDS.deck, LEGENDS.deck])
    state = game(
        hands=(["frenzy"], []), boards=(["skeleton"], []), decks=([], ["fireball"]), rules=rules
    )
    act(state, 0, "play #0 @#2")
    assert state.stat(state.cards[2], "attack") == 4
    act(state, 0, "end")
    assert state.stat(state.cards[2], "attack") == 1
    assert "expired" in kinds(state)


def test_giving_cards_makes_tokens_in_the_opponents_hand() -> None:
    state = game(hands=(["gift-of-burden"], ["fireball"] * 4), rules=RULES)
    act(state, 0, "play #0")
    assert [card.key for card in state.hands[1].cards][-1] == "burden"
    assert len(state.hands[1]) == 5  # the second Burden finds the hand full
    created = [e for e in events(state, None) if e["type"] == "card_created"]
    assert len(created) == 1
    assert "fizzled" in kinds(state)
    assert state.pools["p1"].manifest.count("burden") == 1  # the pool knows what it holds


def test_a_discount_makes_the_next_drawn_card_cheaper() -> None:
    state = game(hands=(["planning"], []), decks=(["fireball"], []))
    act(state, 0, "play #0")
    fireball = state.cards[1]
    assert fireball in state.hands[0].cards
    assert state.stat(fireball, "cost") == 2
    assert state.discounts == [0, 0]


# -- triggers -----------------------------------------------------------------------------


def test_a_when_played_trigger_uses_the_chosen_target() -> None:
    state = game(hands=(["sniper"], []), boards=([], ["berserker"]))
    assert GAME.parse("play #0") not in GAME.legal(state, 0).moves
    act(state, 0, "play #0 @#1")
    assert state.stat(state.cards[1], "life") == 2
    assert ids(state.boards[0]) == [0]


def test_a_when_played_trigger_without_a_target_still_lets_the_minion_come() -> None:
    state = game(hands=(["sniper"], []))
    act(state, 0, "play #0")
    assert ids(state.boards[0]) == [0]


def test_a_death_trigger_summons_tokens() -> None:
    state = game(hands=(["fireball"], []), boards=([], ["necromancer"]))
    act(state, 0, "play #0 @#1")
    assert [card.key for card in state.boards[1].cards] == ["skeleton", "skeleton"]
    assert kinds(state).count("card_created") == 2


def test_start_and_end_of_turn_triggers() -> None:
    state = game(
        boards=(["priestess", "scout-master"], []),
        decks=(["d1", "d1"], ["d1", "d1"]),
        health=(20, 30),
        rules=RULES.changed(
            cards=[c.model_dump() for c in (*LEGENDS.cards, *load_set("classic").cards)]
        ),
    )
    act(state, 0, "end")
    assert life(state, 0) == 22  # the Priestess at the end of its owner's turn
    act(state, 1, "end")
    assert costs(state.hands[0]) == [1, 1]  # the turn's draw and the Scout Master's


def test_a_damaged_trigger_fires_only_when_it_really_hurts() -> None:
    state = game(hands=(["fireball"], []), boards=(["shieldbearer"], ["berserker"]))
    act(state, 0, "attack #1 @#2")  # 1 damage to the Berserker: +2 attack
    berserker = state.cards[2]
    assert state.stat(berserker, "attack") == 4
    shielded = game(boards=(["berserker"], ["shieldbearer"]), rules=RULES)
    shielded.active = 1
    act(shielded, 1, "attack #1 @#0")
    assert shielded.stat(shielded.cards[0], "attack") == 2 + 2  # hurt by the bearer's 1
    assert shielded.stat(shielded.cards[1], "life") == 3  # the bearer's shield took the blow


def test_a_spell_cast_trigger_grows_its_minion() -> None:
    state = game(
        hands=(["planning", "fireball"], []), boards=(["apprentice"], []), decks=(["fireball"], [])
    )
    apprentice = state.cards[3]
    act(state, 0, "play #0")
    act(state, 0, "play #1 @p1")
    assert state.stat(apprentice, "attack") == 1 + 2


# -- cards as data --------------------------------------------------------------------------


def test_a_brand_new_card_needs_only_data(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        """name = "Mine"
deck = ["vampire", "vampire", "vampire", "vampire"]

[[cards]]
id = "vampire"
name = "Vampire"
cost = 1
kind = "minion"
attack = 2
health = 2
triggers = [
    { when = "played", effects = [{ do = "heal", amount = 3, target = "own_hero" }] },
    { when = "damaged", effects = [{ do = "damage", amount = 1, target = "enemy_hero" }] },
]
""",
        encoding="utf-8",
    )
    mine = load_set(path)
    rules = TcgRules(minions=True, cards=mine.cards, decks=(mine.deck, mine.deck), deck_size=4)
    state = scenario(
        hands=(["vampire"], []),
        decks=([], ["vampire"]),
        boards=([], ["vampire"]),
        health=(20, 30),
        slots=(1, 0),
        rules=rules,
    )
    act(state, 0, "play #0")
    assert life(state, 0) == 23
    act(state, 0, "end")  # the new vampire sleeps; the opponent's attacks it
    act(state, 1, "attack #2 @#0")
    assert life(state, 1) == 29  # seat 0's vampire was hurt: 1 damage to seat 1's hero
    assert life(state, 0) == 22  # ...and seat 1's vampire too: 1 damage to seat 0's hero


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ({"kind": "spell", "effects": [{"do": "zap", "amount": 1, "target": "chosen"}]}, r"do"),
        ({"kind": "spell", "effects": [{"do": "summon"}]}, "a summon effect names the card"),
        ({"kind": "spell", "effects": [{"do": "damage", "amount": 2}]}, "needs a target"),
        (
            {
                "kind": "spell",
                "effects": [{"do": "buff", "stat": "attack", "amount": 1, "target": "own_hero"}],
            },
            "buffs change minions",
        ),
        (
            {
                "kind": "minion",
                "health": 1,
                "triggers": [
                    {"when": "dies", "effects": [{"do": "damage", "amount": 1, "target": "chosen"}]}
                ],
            },
            "cannot ask a player to choose",
        ),
        ({"kind": "spell"}, "a spell needs effects"),
        ({"kind": "minion", "effects": [{"do": "draw"}]}, "only spells have effects"),
    ],
)
def test_a_card_that_makes_no_sense_is_refused(card: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        CardSpec.model_validate({"id": "x", "name": "X", "cost": 1, **card})


def test_a_pool_must_hold_what_its_cards_make_and_keep_tokens_out_of_decks() -> None:
    necro = LEGENDS.card("necromancer")
    with pytest.raises(RulesetError, match="makes 'skeleton', which is not in the pool"):
        TcgRules.from_json(
            {
                "minions": True,
                "cards": [necro.model_dump()],
                "deck": ["necromancer"] * 4,
                "deck_size": 4,
                "copies_limit": 4,
            }
        )
    with pytest.raises(RulesetError, match="holds 'skeleton', a token only effects make"):
        TcgRules.from_json(
            {**RULES.to_json(), "decks": [["skeleton"] * 4 + list(LEGENDS.deck[4:])] * 2}
        )
    with pytest.raises(RulesetError, match="holds the minion 'apprentice': switch minions on"):
        TcgRules.from_json({**RULES.to_json(), "minions": False})


def test_accepted_plays_and_attacks_never_fizzle() -> None:
    pairings: list[tuple[Callable[[Rng], Agent], ...]] = [
        (RandomAgent, RandomAgent),
        (GreedyAgent, RandomAgent),
    ]
    for seed in range(8):
        for kinds_of in pairings:
            agents = [kind(agent_rng(seed, seat)) for seat, kind in enumerate(kinds_of)]
            match = play_match(GAME, RULES, agents, seed)
            assert match.over
            journal = match.state.journal or []
            fizzled = [entry.action for entry in journal if isinstance(entry, Fizzled)]
            assert not [a for a in fizzled if isinstance(a, PlayCard | MinionAttack)]
