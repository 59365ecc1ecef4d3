"""Card effects turned into actions: the only place the vocabulary gets its meaning.

:func:`resolve` takes a card's effects, who plays them, the card and the chosen target, and
returns ordinary actions (damage, healing, draws, summons, enchantments...) for the queue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.characters import Damage, Heal, Target
from cardtable.engine.tokens import CreateCard
from cardtable.games.tcg.actions import DrawCard
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.effect_actions import Discount, Enchant, RandomHit, Summon
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.targets import characters, on_board
from cardtable.games.tcg.vocabulary import Effect


def resolve(
    state: TcgState,
    effects: Sequence[Effect],
    *,
    seat: int,
    source: Card,
    chosen: Target | None = None,
) -> list[Action[Any]]:
    """The actions ``effects`` of card ``source``, played by ``seat``, queue."""
    actions: list[Action[Any]] = []
    for effect in effects:
        actions.extend(_one(state, effect, seat, source, chosen))
    return actions


def _aimed(
    state: TcgState, effect: Effect, seat: int, source: Card, chosen: Target | None
) -> list[Target]:
    target = effect.target
    if target == "chosen":
        return [chosen] if chosen is not None else []
    if target == "self":
        return [Target.minion(source.id)] if on_board(state, source) else []
    if target == "own_hero":
        return [Target.hero(seat)]
    if target == "enemy_hero":
        return [Target.hero(1 - seat)]
    if target == "all":
        return characters(state, seat, effect.filter, source=source)
    return []


def _one(
    state: TcgState, effect: Effect, seat: int, source: Card, chosen: Target | None
) -> list[Action[Any]]:
    do = effect.do
    if do == "draw":
        return [DrawCard(seat) for _ in range(effect.count)]
    if do == "summon":
        made = state.rules.card(effect.card)
        assert isinstance(made, TcgCard)
        return [Summon(seat, made) for _ in range(effect.count)]
    if do == "give":
        made = state.rules.card(effect.card)
        whom = seat if effect.who == "self" else 1 - seat
        return [CreateCard(made, state.hands[whom], owner=whom) for _ in range(effect.count)]
    if do == "discount":
        return [Discount(seat, effect.amount)]
    if effect.target == "random":
        return [
            RandomHit(seat, do, effect.filter, effect.amount, source.id)
            for _ in range(effect.count)
        ]
    targets = _aimed(state, effect, seat, source, chosen)
    if do == "damage":
        if not targets or effect.amount <= 0:
            return []
        return [Damage([(t, effect.amount) for t in targets], source=source.id, reason="card")]
    if do == "heal":
        return [Heal(t, effect.amount, source=source.id) for t in targets if effect.amount > 0]
    # A buff changes minions (a chosen or matched hero is left alone).
    return [
        Enchant(state.cards[t.card], effect.stat, effect.amount, effect.until)
        for t in targets
        if t.card is not None
    ]
