"""The Kata TCG's actions. Each changes one thing and returns its event (``events.py``: a
card drawn shows its face to the seats that see where it went; everything else in this game
is public); rule reactions (``rules.py``) chain them. The events are made with their fields
in order, not by keyword: simulations make thousands a second (see
:func:`~cardtable.engine.events.event`).
"""

from __future__ import annotations

from typing import Any, cast

from cardtable.engine.actions import Action, Event
from cardtable.engine.cards import Card
from cardtable.engine.characters import SHIELD, Target
from cardtable.engine.stats import Stat
from cardtable.games.tcg.decisions import MINION
from cardtable.games.tcg.events import (
    EMPTY,
    HAND,
    OVERLOAD,
    Attacked,
    Drew,
    FirstChosen,
    Played,
    PlayMode,
    Shuffled,
    TurnEnded,
    TurnStarted,
    face_of,
)
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.targets import characters

LIFE = "life"
AWAKE = "awake"
ATTACKS = "attacks"
"""Tracked stats of a minion: its health, whether it is awake (1) or sleeping (0) and how many
attacks it has left this turn (and ``shield`` while it has one)."""


def arrive(state: TcgState, card: Card) -> None:
    """Start tracking what a minion on the board needs: health, sleep, attacks, shield."""
    health = max(state.total(card, "health"), 1)
    state.track(card, LIFE, Stat(health))
    state.track(card, AWAKE, Stat(1, 0))
    state.track(card, ATTACKS, Stat(1, 0))
    shield = state.total(card, SHIELD)
    if shield > 0:
        state.track(card, SHIELD, Stat(shield))


def valid_target(state: TcgState, seat: int, target: Target, filter: str = "enemy") -> bool:
    """Whether ``target`` is a character ``filter`` names for ``seat`` (by default one it may
    attack: the opposing hero, or a minion on the opposing board)."""
    return target in characters(state, seat, filter)


class ShuffleDeck(Action[TcgState]):
    """Shuffle a seat's deck with the match's generator."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: TcgState) -> Shuffled:
        deck = state.deck(self.seat)
        deck.shuffle(state.rng)
        return Shuffled(zone=deck.name)


class ChooseFirst(Action[TcgState]):
    """Choose the starting player at random."""

    __slots__ = ()

    def execute(self, state: TcgState) -> FirstChosen:
        state.active = first = state.rng.below(state.seats)
        return FirstChosen(seat=first)


class StartTurn(Action[TcgState]):
    """A seat's turn begins: the turn counter advances, then the mana step (one more mana
    slot, up to the cap, and every slot full) and the seat's minions wake and may attack
    again. The draw follows as its own action."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: TcgState) -> TurnStarted:
        state.turn += 1
        state.active = seat = self.seat
        mana = state.heroes[seat].mana
        slots = mana.base + 1
        cap = state.rules.ruleset.mana_slot_cap
        mana.base = mana.value = slots = slots if slots <= cap else cap
        if state.boards:
            for minion in state.boards[seat].cards:
                for name in (AWAKE, ATTACKS):
                    stat = state.tracked(minion, name)
                    assert stat is not None
                    stat.value = stat.base
        return TurnStarted(seat, slots, slots)


class DrawCard(Action[TcgState]):
    """Draw the top card: into the hand, or to the graveyard when the hand is full (overload);
    from an empty deck nothing is drawn and a rule reaction makes the seat bleed.

    The event shows the card to the seats that can see where it went (the drawer's hand, or
    the graveyard on an overload), and tells the rules that follow a draw (bleeding, a waiting
    discount) what was drawn."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: TcgState) -> Drew:
        seat = self.seat
        deck = state.decks[seat]
        if not deck.cards:
            return Drew(seat, EMPTY)
        card = deck.pop()
        hand = state.hands[seat]
        if hand.capacity is not None and len(hand.cards) >= hand.capacity:
            graveyard = state.graveyards[seat]
            graveyard.add(card)
            return Drew(seat, OVERLOAD, face_of(card), graveyard)
        hand.add(card)
        return Drew(seat, HAND, face_of(card), hand)


class PlayCard(Action[TcgState]):
    """Pay a card's cost and take it from the hand: to the board as a sleeping minion, or to
    the graveyard (its effect, an attack, a heal or draws, follows as a reaction)."""

    __slots__ = ("card", "cost", "mode", "seat", "summons", "target")

    def __init__(self, seat: int, card: Card, mode: str = "", target: Target | None = None) -> None:
        self.seat = seat
        self.card = card
        self.mode = mode
        self.target = target
        self.cost = 0
        self.summons = mode == MINION or getattr(card.definition, "kind", "") == "minion"
        """Whether the card goes to the board (played as a minion, or a minion card)."""

    def can_execute(self, state: TcgState) -> bool:
        card = self.card
        cost = state.stat(card, "cost")
        self.cost = cost = cost if cost > 0 else 0
        if cost > state.heroes[self.seat].mana.value or card not in state.hands[self.seat].cards:
            return False
        if self.summons and state.boards[self.seat].full:
            return False
        if self.target is None:
            return True
        chooses = getattr(card.definition, "chooses", None)
        return valid_target(state, self.seat, self.target, chooses or "enemy")

    def execute(self, state: TcgState) -> Played:
        """Runs right after a successful ``can_execute``, which priced the card."""
        card = self.card
        seat = self.seat
        state.heroes[seat].mana.value -= self.cost
        state.hands[seat].remove(card)
        if self.summons:
            state.boards[seat].add(card)
            arrive(state, card)
        else:
            state.graveyards[seat].add(card)
        target = self.target
        played_as = _announced(self.mode, card)
        return Played(seat, face_of(card), played_as, None if target is None else target.text())


def _announced(mode: str, card: Card) -> PlayMode:
    """How a card played in ``mode`` is announced: a heal or a minion as chosen, else in its
    own way (attack, draw, spell or minion)."""
    if mode:
        return cast(PlayMode, mode)
    definition: Any = card.definition  # a TcgCard, read unchecked: the hot path
    if definition.kind != "value":
        return cast(PlayMode, definition.kind)
    return "draw" if definition.draw else "attack"


class MinionAttack(Action[TcgState]):
    """A ready minion attacks: it spends its attack for the turn; the blows follow as a
    reaction (minion against minion: both at once)."""

    __slots__ = ("minion", "seat", "target")

    def __init__(self, seat: int, minion: Card, target: Target) -> None:
        self.seat = seat
        self.minion = minion
        self.target = target

    def can_execute(self, state: TcgState) -> bool:
        minion = self.minion
        awake, attacks = state.tracked(minion, AWAKE), state.tracked(minion, ATTACKS)
        return (
            minion in state.boards[self.seat].cards
            and awake is not None
            and awake.value > 0
            and attacks is not None
            and attacks.value > 0
            and valid_target(state, self.seat, self.target)
        )

    def execute(self, state: TcgState) -> Attacked:
        attacks = state.tracked(self.minion, ATTACKS)
        assert attacks is not None
        attacks.value -= 1
        return Attacked(self.seat, self.minion.id, self.target.text())


class EndTurn(Event[TcgState]):
    """The active seat ends its turn."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: TcgState) -> TurnEnded:
        """Changes nothing: the announcement, for the rules and cards that follow it."""
        return TurnEnded(self.seat)
