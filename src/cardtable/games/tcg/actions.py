"""The Kata TCG's actions. Each changes one thing; rule reactions (``rules.py``) chain them.

Events are rendered for a seat with hidden cards left out: a card drawn into a hand shows its
face to the seats that can see that hand; everything else in this game is public.
"""

from __future__ import annotations

from cardtable.engine.actions import Action, Event
from cardtable.engine.cards import Card
from cardtable.engine.characters import SHIELD, Target
from cardtable.engine.json import JsonObject
from cardtable.engine.stats import Stat
from cardtable.engine.zones import Zone
from cardtable.games.tcg.decisions import MINION
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


def card_json(card: Card) -> JsonObject:
    """A card's face in events: what is printed on it (views show current values)."""
    definition = card.definition
    face: JsonObject = {"id": card.id, "key": definition.key, "name": definition.name}
    for stat in ("cost", "damage", "heal", "attack", "health", "draw"):
        face[stat] = card.printed(stat)
    return face


def valid_target(state: TcgState, seat: int, target: Target, filter: str = "enemy") -> bool:
    """Whether ``target`` is a character ``filter`` names for ``seat`` (by default one it may
    attack: the opposing hero, or a minion on the opposing board)."""
    return target in characters(state, seat, filter)


class ShuffleDeck(Action[TcgState]):
    """Shuffle a seat's deck with the match's generator."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: TcgState) -> None:
        state.deck(self.seat).shuffle(state.rng)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "shuffle", "zone": f"deck:{self.seat}"}


class ChooseFirst(Action[TcgState]):
    """Choose the starting player at random."""

    __slots__ = ("first",)

    def __init__(self) -> None:
        self.first = -1

    def execute(self, state: TcgState) -> None:
        self.first = state.rng.below(state.seats)
        state.active = self.first

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "first_player", "seat": self.first}


class StartTurn(Action[TcgState]):
    """A seat's turn begins: the turn counter advances, then the mana step (one more mana
    slot, up to the cap, and every slot full) and the seat's minions wake and may attack
    again. The draw follows as its own action."""

    __slots__ = ("seat", "slots")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.slots = 0

    def execute(self, state: TcgState) -> None:
        state.turn += 1
        state.active = seat = self.seat
        mana = state.heroes[seat].mana
        slots = mana.base + 1
        cap = state.rules.ruleset.mana_slot_cap
        mana.base = mana.value = self.slots = slots if slots <= cap else cap
        if state.boards:
            for minion in state.boards[seat].cards:
                for name in (AWAKE, ATTACKS):
                    stat = state.tracked(minion, name)
                    assert stat is not None
                    stat.value = stat.base

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "turn_started", "seat": self.seat, "slots": self.slots, "mana": self.slots}


HAND = "hand"
OVERLOAD = "overload"
EMPTY = "empty"


class DrawCard(Action[TcgState]):
    """Draw the top card: into the hand, or to the graveyard when the hand is full (overload);
    from an empty deck nothing is drawn and a rule reaction makes the seat bleed.

    The event shows the card to the seats that can see where it went (the drawer's hand, or
    the graveyard on an overload), as the zones declare."""

    __slots__ = ("card", "destination", "result", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.card: Card | None = None
        self.destination: Zone | None = None
        self.result = ""

    def execute(self, state: TcgState) -> None:
        deck = state.decks[self.seat]
        if not deck.cards:
            self.result = EMPTY
            return
        card = self.card = deck.pop()
        hand = state.hands[self.seat]
        destination: Zone
        if hand.capacity is not None and len(hand.cards) >= hand.capacity:
            self.result = OVERLOAD
            destination = state.graveyards[self.seat]
        else:
            self.result = HAND
            destination = hand
        destination.add(card)
        self.destination = destination

    def event(self, seat: int | None) -> JsonObject | None:
        shown: JsonObject = {"type": "draw", "seat": self.seat, "result": self.result}
        card, destination = self.card, self.destination
        if card is not None and destination is not None and destination.visible_to(seat):
            shown["card"] = card_json(card)
        return shown


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

    def execute(self, state: TcgState) -> None:
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

    def event(self, seat: int | None) -> JsonObject | None:
        return {
            "type": "play",
            "seat": self.seat,
            "card": card_json(self.card),
            "mode": self.mode or _own_way(self.card),
            "target": None if self.target is None else self.target.text(),
        }


def _own_way(card: Card) -> str:
    """How a card played in its own way is announced: attack, draw, spell or minion."""
    kind = getattr(card.definition, "kind", "value")
    if kind != "value":
        return str(kind)
    return "draw" if card.printed("draw") else "attack"


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

    def execute(self, state: TcgState) -> None:
        attacks = state.tracked(self.minion, ATTACKS)
        assert attacks is not None
        attacks.value -= 1

    def event(self, seat: int | None) -> JsonObject | None:
        return {
            "type": "attack",
            "seat": self.seat,
            "minion": self.minion.id,
            "target": self.target.text(),
        }


class EndTurn(Event[TcgState]):
    """The active seat ends its turn."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "turn_ended", "seat": self.seat}
