"""Card characters (minions) die at life <= 0 and leave for a zone their game names.

Heroes are players: their fall ends the match (see :func:`~engine.characters.hero_outcome`).
A card on a board (a :class:`~engine.zones.Board` zone) with a tracked ``life`` stat is a
character too; after any damage, each hit card still on a board at 0 life or below dies: a
:class:`Died` action moves it to the zone ``resting_place`` chooses (usually its owner's
graveyard). Register the reaction :func:`deaths` returns among a game's rule reactions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.characters import BattleState, Damage
from cardtable.engine.events import DiedEvent
from cardtable.engine.reactions import Reaction, reaction
from cardtable.engine.zones import Board, Zone

RestingPlace = Callable[[Any, Card], Zone]


def board_of(state: BattleState, card: Card) -> Zone | None:
    """The board ``card`` lies on, if it lies on one."""
    for zone in state.zones.values():
        if isinstance(zone, Board) and card in zone.cards:
            return zone
    return None


class Died(Action[BattleState]):
    """A card character at 0 life or below leaves its board for its resting place.

    Checked again right before it runs: a card healed, moved or already dead in the meantime
    does not die (the action fizzles).
    """

    __slots__ = ("board", "card", "destination")

    def __init__(self, card: int, board: str, destination: Zone) -> None:
        self.card = card
        self.board = board
        self.destination = destination

    def can_execute(self, state: BattleState) -> bool:
        card = state.cards[self.card]
        if card not in state.zones[self.board].cards or self.destination.full:
            return False
        life = state.tracked(card, "life")
        return life is not None and life.value <= 0

    def execute(self, state: BattleState) -> DiedEvent:
        card = state.cards[self.card]
        state.zones[self.board].remove(card)
        self.destination.add(card)
        return DiedEvent(card=self.card, origin=self.board, destination=self.destination.name)


def fallen(state: BattleState, action: Damage) -> list[tuple[Card, Zone]]:
    """The cards on a board hit by ``action`` that are now at 0 life or below, in the order
    hit, with their boards."""
    dead: list[tuple[Card, Zone]] = []
    for target, _ in action.hits:
        if target.card is None:
            continue
        card = state.cards[target.card]
        life = state.tracked(card, "life")
        if life is None or life.value > 0 or any(card is seen for seen, _ in dead):
            continue
        board = board_of(state, card)
        if board is not None:
            dead.append((card, board))
    return dead


def deaths(resting_place: RestingPlace) -> Reaction:
    """The rule reaction that makes hit card characters at life <= 0 die."""

    @reaction(Damage, name="card characters die")
    def die(state: BattleState, action: Damage, source: Card | None) -> list[Action[Any]]:
        return [
            Died(card.id, board.name, resting_place(state, card))
            for card, board in fallen(state, action)
        ]

    return die
