"""The Kata TCG's rule reactions: how one action leads to the next.

* choosing the first player deals the opening hands, then starts the first turn;
* a turn starts with the mana step (a new slot, up to the cap, and a refill), then a draw;
* a draw from an empty deck makes the drawer bleed 1 health;
* a played card deals its damage to the opponent (a 0-damage card does nothing);
* the end of a turn starts the opponent's;
* after any damage, a hero at 0 health or below has lost, at once.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.characters import Damage, Target, hero_outcome
from cardtable.engine.reactions import Reaction, reaction
from cardtable.games.tcg.actions import (
    EMPTY,
    ChooseFirst,
    DrawCard,
    EndTurn,
    PlayCard,
    StartTurn,
)
from cardtable.games.tcg.state import TcgState


@reaction(ChooseFirst)
def deal_opening_hands(
    state: TcgState, action: ChooseFirst, source: Card | None
) -> list[Action[Any]]:
    rules = state.rules.ruleset
    first = action.first
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


@reaction(DrawCard)
def bleeding_out(state: TcgState, action: DrawCard, source: Card | None) -> list[Action[Any]]:
    if action.result != EMPTY:
        return []
    return [Damage(((Target.hero(action.seat), 1),), reason="bleeding")]


@reaction(PlayCard)
def card_effect(state: TcgState, action: PlayCard, source: Card | None) -> list[Action[Any]]:
    card = action.card
    damage = state.stat(card, "damage")
    if damage <= 0:
        return []
    opponent = (action.seat + 1) % state.seats
    return [Damage(((Target.hero(opponent), damage),), source=card.id, reason="card")]


@reaction(EndTurn)
def next_turn(state: TcgState, action: EndTurn, source: Card | None) -> list[Action[Any]]:
    return [StartTurn((action.seat + 1) % state.seats)]


RULES: tuple[Reaction, ...] = (
    deal_opening_hands,
    turn_begins,
    bleeding_out,
    card_effect,
    next_turn,
)


@reaction(Damage)
def heroes_fall(state: TcgState, action: Damage, source: Card | None) -> None:
    """A check, run right after any damage: a hero at 0 health or below loses at once."""
    for hero in state.heroes:
        if hero.life.value <= 0:
            state.outcome = hero_outcome(state)
            return


CHECKS: tuple[Reaction, ...] = (heroes_fall,)
