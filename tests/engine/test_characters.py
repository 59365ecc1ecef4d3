"""Characters: targets, heroes, damage and healing, and who has fallen."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from cardtable.engine import (
    BattleState,
    Damage,
    Heal,
    Hero,
    InvalidDecision,
    Rng,
    RuleBook,
    Stat,
    Target,
    hero_outcome,
)


def battle(*lives: int) -> BattleState:
    book = RuleBook(game=cast(Any, SimpleNamespace(name="test")), ruleset=None)
    state = BattleState(book, Rng(0), seats=len(lives))
    state.heroes = [Hero(seat, life) for seat, life in enumerate(lives)]
    state.journal = []
    return state


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("p0", Target(seat=0)),
        ("P1", Target(seat=1)),
        (" p12 ", Target(seat=12)),
        ("#0", Target(card=0)),
        ("#345", Target(card=345)),
    ],
)
def test_targets_parse(text: str, target: Target) -> None:
    assert Target.parse(text) == target
    assert Target.parse(target.text()) == target


def test_target_constructors() -> None:
    assert Target.hero(1) == Target(seat=1)
    assert Target.minion(9) == Target(card=9)
    assert (Target.hero(1).text(), Target.minion(9).text()) == ("p1", "#9")


@pytest.mark.parametrize(
    "text", ["", "p", "#", "x1", "p-1", "#x", "p 1", "1", "player 1", "p²", "p" + "9" * 5000]
)
def test_bad_targets_say_how_to_write_one(text: str) -> None:
    with pytest.raises(InvalidDecision, match=r"is not a target: write p0 or p1 for a player"):
        Target.parse(text)


def test_a_hero_dies_at_zero_or_below() -> None:
    hero = Hero(0, 3)
    assert not hero.dead
    hero.life.value = 0
    assert hero.dead
    hero.life.value = -2
    assert hero.dead
    assert Hero.from_json(hero.to_json()).to_json() == hero.to_json()


def test_one_damage_action_hits_several_characters_at_once() -> None:
    state = battle(10, 4)
    hit = Damage([(Target.hero(0), 3), (Target.hero(1), 6)], source=5, reason="blast")
    state.run(hit)
    assert [hero.life.value for hero in state.heroes] == [7, -2]
    assert state.journal is not None
    assert state.journal[-1].event(None) == {
        "type": "damage",
        "reason": "blast",
        "source": 5,
        "hits": [
            {"target": "p0", "amount": 3, "life": 7},
            {"target": "p1", "amount": 6, "life": -2},
        ],
    }


@pytest.mark.parametrize(
    ("life", "amount", "after"), [(5, 3, 8), (9, 5, 10), (10, 1, 10), (12, 3, 12)]
)
def test_healing_never_goes_above_the_base(life: int, amount: int, after: int) -> None:
    state = battle(10)
    state.heroes[0].life.value = life
    heal = Heal(Target.hero(0), amount)
    state.run(heal)
    assert state.heroes[0].life.value == after
    assert state.journal is not None
    assert state.journal[-1].event(1) == {
        "type": "heal",
        "target": "p0",
        "amount": amount,
        "source": None,
        "life": after,
    }


@pytest.mark.parametrize(
    ("lives", "winners"),
    [((5, 5), None), ((0, 5), (1,)), ((5, -1), (0,)), ((0, -3), ()), ((3, 0, 2), (0, 2))],
)
def test_who_has_lost(lives: tuple[int, ...], winners: tuple[int, ...] | None) -> None:
    outcome = hero_outcome(battle(*lives))
    if winners is None:
        assert outcome is None
    else:
        assert outcome is not None
        assert outcome.winners == winners


def test_falling_together_is_a_draw() -> None:
    outcome = hero_outcome(battle(0, -1))
    assert outcome is not None
    assert outcome.is_draw
    assert outcome.reason == "every player fell at once"
    named = hero_outcome(battle(1, 0))
    assert named is not None
    assert named.reason == "player 1 fell to 0 health or below"


def test_a_copied_hero_is_independent() -> None:
    hero = Hero(0, 30, mana=3)
    hero.attack.value = 2
    clone = hero.copy()
    clone.life.value -= 5
    clone.mana.value = 0
    clone.attack.value = 9
    assert (hero.life, hero.mana, hero.attack) == (Stat(30), Stat(3), Stat(0, 2))
