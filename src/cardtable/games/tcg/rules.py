"""The Kata TCG's rule reactions: how one action leads to the next.

* choosing the first player deals the opening hands, then starts the first turn;
* a turn starts with the mana step (a new slot, up to the cap, and a refill), then a draw;
* a draw from an empty deck makes the drawer bleed 1 health;
* a played card takes effect: an attack deals its damage to its target (the opposing hero
  unless another was chosen; a 0-damage card does nothing), a card drawer draws its cards one
  at a time, a heal restores its owner's health (never above the starting health), a spell
  resolves its effects (``effects.py``); card triggers are card reactions (``triggers.py``);
* a random hit picks its character when it runs, then strikes or heals it;
* a card drawn into a hand takes its owner's waiting discount;
* the end of a turn ends what lasted until then, then starts the opponent's turn;
* a minion's attack makes both fighters hit each other at once (a hero does not hit back);
* a minion at 0 health or below dies and goes to its owner's graveyard;
* after any damage, a hero at 0 health or below loses at once (a check).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.characters import Damage, Heal, Target, hero_outcome
from cardtable.engine.deaths import deaths
from cardtable.engine.reactions import Reaction, reaction
from cardtable.engine.zones import Zone
from cardtable.games.tcg.actions import (
    ChooseFirst,
    DrawCard,
    EndTurn,
    MinionAttack,
    PlayCard,
    StartTurn,
)
from cardtable.games.tcg.decisions import HEAL, MINION
from cardtable.games.tcg.effect_actions import EXPIRES, Expire, RandomHit, UseDiscount
from cardtable.games.tcg.effects import resolve
from cardtable.games.tcg.events import EMPTY, HAND, Drew, PickedAtRandom
from cardtable.games.tcg.state import TcgState


@reaction(ChooseFirst)
def deal_opening_hands(
    state: TcgState, action: ChooseFirst, source: Card | None
) -> list[Action[Any]]:
    rules = state.rules.ruleset
    first = state.active  # the seat the lot just chose
    actions: list[Action[Any]] = []
    for offset in range(state.seats):
        seat = (first + offset) % state.seats
        count = rules.first_hand if offset == 0 else rules.second_hand
        actions.extend(DrawCard(seat) for _ in range(count))
    actions.append(StartTurn(first))
    return actions


@reaction(StartTurn)
def turn_begins(state: TcgState, action: StartTurn, source: Card | None) -> list[Action[Any]]:
    return [DrawCard(action.seat)]


@reaction(DrawCard, told=True)
def bleeding_out(
    state: TcgState, action: DrawCard, source: Card | None, drew: Drew
) -> list[Action[Any]]:
    if drew.result != EMPTY:  # a card was drawn: the deck was not empty
        return []
    return [Damage(((Target.hero(action.seat), 1),), reason="bleeding")]


@reaction(PlayCard)
def card_effect(state: TcgState, action: PlayCard, source: Card | None) -> list[Action[Any]]:
    card = action.card
    seat = action.seat
    mode = action.mode
    kind = getattr(card.definition, "kind", "value")
    if mode == MINION or kind == "minion":
        return []
    if kind == "spell":
        effects = getattr(card.definition, "effects", ())
        return resolve(state, effects, seat=seat, source=card, chosen=action.target)
    if mode == HEAL:
        amount = state.stat(card, "heal")
        return [Heal(Target.hero(seat), amount, source=card.id)] if amount > 0 else []
    draws = state.stat(card, "draw")
    if draws > 0:
        return [DrawCard(seat) for _ in range(draws)]
    damage = state.stat(card, "damage")
    if damage <= 0:
        return []
    target = action.target or Target.hero((seat + 1) % state.seats)
    return [Damage(((target, damage),), source=card.id, reason="card")]


@reaction(MinionAttack)
def combat(state: TcgState, action: MinionAttack, source: Card | None) -> list[Action[Any]]:
    attacker = action.minion
    hits: list[tuple[Target, int]] = []
    strength = state.stat(attacker, "attack")
    if strength > 0:
        hits.append((action.target, strength))
    if action.target.card is not None:
        defender = state.cards[action.target.card]
        back = state.stat(defender, "attack")
        if back > 0:
            hits.append((Target.minion(attacker.id), back))
    return [Damage(hits, source=attacker.id, reason="combat")] if hits else []


@reaction(EndTurn)
def next_turn(state: TcgState, action: EndTurn, source: Card | None) -> list[Action[Any]]:
    following: list[Action[Any]] = [StartTurn((action.seat + 1) % state.seats)]
    if state.components and any(
        component.key.endswith(EXPIRES)
        for components in state.components.values()
        for component in components
    ):
        following.insert(0, Expire())
    return following


@reaction(RandomHit, told=True)
def random_hit(
    state: TcgState, action: RandomHit, source: Card | None, picked: PickedAtRandom
) -> list[Action[Any]]:
    target = Target.parse(picked.target)
    if action.effect == "heal":
        return [Heal(target, action.amount, source=action.source)]
    return [Damage(((target, action.amount),), source=action.source, reason="card")]


@reaction(DrawCard, told=True)
def discount_drawn(
    state: TcgState, action: DrawCard, source: Card | None, drew: Drew
) -> list[Action[Any]]:
    seat = action.seat
    if drew.result != HAND or drew.card is None or not state.discounts[seat]:
        return []  # nothing drawn, the card overloaded, or no discount waiting
    return [UseDiscount(seat, state.cards[drew.card.id])]


def _graveyard(state: TcgState, card: Card) -> Zone:
    owner = card.owner if card.owner is not None else 0
    return state.graveyards[owner]


RULES: tuple[Reaction, ...] = (
    deal_opening_hands,
    turn_begins,
    bleeding_out,
    card_effect,
    combat,
    next_turn,
    random_hit,
)

MINION_RULES: tuple[Reaction, ...] = (deaths(_graveyard),)
"""Rules that only matter with minions on."""

DISCOUNT_RULES: tuple[Reaction, ...] = (discount_drawn,)
"""Rules that only matter when a card of the pool makes drawn cards cheaper."""


@reaction(Damage)
def heroes_fall(state: TcgState, action: Damage, source: Card | None) -> None:
    """A check, run right after any damage: a hero at 0 health or below loses at once."""
    for hero in state.heroes:
        if hero.life.value <= 0:
            state.outcome = hero_outcome(state)
            return


CHECKS: tuple[Reaction, ...] = (heroes_fall,)
