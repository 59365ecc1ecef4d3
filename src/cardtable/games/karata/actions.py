"""Karata's actions. Each changes one thing and returns the event that says what happened (see
:mod:`~cardtable.games.karata.events`); rule reactions (``rules.py``) chain them.

A match opens with ``ShuffleDeck`` → ``Deal`` → ``TurnUp`` → ``ChooseStarter``. A turn is
``StageCard`` for each card played, then ``FinishTurn`` (the cards go to the pile and the turn
takes effect) → ``PickUp`` when it ended on an unanswered question → ``Advance``; or
``Passing`` → ``PickUp`` → ``Advance``. With fines on, an invalid turn is ``ReturnStaged`` →
``Fined`` → ``PickUp`` (the fine, and a pending bomb) → ``Advance``.

An action keeps only what it was given: what follows it reads the state, or those inputs. The
events of every turn are made with their fields in order, not by keyword: simulations make
thousands a second (see :func:`~cardtable.engine.events.event`).
"""

from __future__ import annotations

from typing import Final

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.games.karata.cards import special
from cardtable.games.karata.events import (
    Dealt,
    FineFor,
    FineImposed,
    LeftTable,
    NextTurn,
    PassReason,
    Picked,
    PickReason,
    PutDown,
    Shuffled,
    StarterChosen,
    TakenBack,
    TurnedUp,
    TurnFinished,
    TurnPassed,
    face_of,
)
from cardtable.games.karata.outcomes import DECK_RAN_OUT, LEFT, PLAYED_OUT
from cardtable.games.karata.state import DECK, KarataState
from cardtable.games.karata.turns import settle, wins

QUESTION: Final = "question"
BOMB: Final = "bomb"
PASSED: Final = "pass"
FINE: Final = "fine"


class ShuffleDeck(Action[KarataState]):
    """Shuffle the deck with the match's generator."""

    __slots__ = ()

    def execute(self, state: KarataState) -> Shuffled:
        state.deck.shuffle(state.rng)
        return Shuffled(zone=DECK)


class Deal(Action[KarataState]):
    """Deal ``hand_size`` cards to each player, one at a time from the first seat."""

    __slots__ = ()

    def execute(self, state: KarataState) -> Dealt:
        count = state.rules.ruleset.hand_size
        for _ in range(count):
            for seat in state.playing:
                state.hands[seat].add(state.deck.pop())
        return Dealt(count=count)


class TurnUp(Action[KarataState]):
    """Turn up the pile's first card; a special card goes to the bottom of the deck and the
    next is turned, until a plain card lies face up. Each card is turned once at most: when
    the deck holds no plain card at all, the last one turned stays up (it acts on nobody)."""

    __slots__ = ()

    def execute(self, state: KarataState) -> TurnedUp:
        deck = state.deck
        buried: list[Card] = []
        card = deck.pop()
        for _ in range(len(deck.cards)):  # every card of the deck is turned once at most
            if not special(card.key):
                break
            buried.append(card)
            deck.add_bottom(card)
            card = deck.pop()
        state.pile.add(card)
        state.buried = [turned.key for turned in buried]  # public from version 4
        return TurnedUp(card=face_of(card), buried=[face_of(turned) for turned in buried])


class ChooseStarter(Action[KarataState]):
    """The first seat starts, or (``random_start``) a seat drawn with the match's generator."""

    __slots__ = ()

    def execute(self, state: KarataState) -> StarterChosen:
        seat = state.rng.below(state.seats) if state.rules.ruleset.random_start else 0
        state.active = seat
        state.turn = 1
        return StarterChosen(seat=seat)


class StageCard(Action[KarataState]):
    """``seat`` adds ``card`` from their hand to the turn they are building."""

    __slots__ = ("card", "seat")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card

    def execute(self, state: KarataState) -> PutDown:
        state.hands[self.seat].remove(self.card)
        state.play.add(self.card)
        return PutDown(self.seat, face_of(self.card))


class FinishTurn(Action[KarataState]):
    """The turn being built, ``cards`` (the keys staged, in the order played), takes effect:
    its cards go onto the pile, the request, the bomb and the direction change, and ``seat``
    declares last card or not (``last``). A turn that wins ends the match."""

    __slots__ = ("cards", "last", "request", "seat")

    def __init__(
        self, seat: int, cards: tuple[str, ...], request: str = "", last: bool = False
    ) -> None:
        self.seat = seat
        self.cards = cards
        self.request = request
        self.last = last

    def execute(self, state: KarataState) -> TurnFinished:
        seat, cards = self.seat, self.cards
        settled = settle(cards, state.table(), state.rules.ruleset)
        for card in state.play.cards:
            state.pile.add(card)
        state.play.cards.clear()
        state.request = self.request or settled.request
        state.bomb = settled.bomb
        if settled.kings % 2:
            state.direction = -state.direction
        won = wins(cards, state.hand_keys(seat), state.declared[seat])
        state.declared[seat] = self.last
        if won:
            state.outcome = PLAYED_OUT.outcome(winners=(seat,), seats=(seat,))
        return TurnFinished(
            seat=seat,
            cards=list(cards),
            request=self.request,
            last=self.last,
            bomb=settled.bomb,
            unanswered=settled.unanswered,
            jumps=settled.jumps,
            kings=settled.kings,
            again=settled.again,
            won=won,
        )


def passing_pick(state: KarataState) -> tuple[int, PassReason]:
    """What the player to act picks when passing: the pending bomb's count, or one card."""
    return (state.bomb, BOMB) if state.bomb else (1, PASSED)


class Passing(Action[KarataState]):
    """``seat`` plays nothing: they will pick the pending bomb's count, or one card (see
    :func:`passing_pick`; the bomb stays pending until its pick takes it). A pass ends any
    last-card declaration; an active request stays for the next player."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: KarataState) -> TurnPassed:
        count, reason = passing_pick(state)
        state.declared[self.seat] = False
        return TurnPassed(self.seat, count, reason)


class ReturnStaged(Action[KarataState]):
    """The cards of an invalid turn go back to ``seat``'s hand, in the order played."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: KarataState) -> TakenBack:
        cards = state.play.cards[:]
        for card in cards:
            state.hands[self.seat].add(card)
        state.play.cards.clear()
        return TakenBack(seat=self.seat, cards=[face_of(card) for card in cards])


TURN: Final = "turn"
DECLARATION: Final = "declaration"


class Fined(Action[KarataState]):
    """With fines on, ``seat`` is fined ``fine`` cards for breaking the rule ``reason``, whose
    refusal code is ``code`` (kept on the action, for programs; the event, and so every
    record and log, stays as it was). The penalty queues the picks that follow.

    An invalid turn (``what`` is ``turn``) ends the turn, and a bomb that was pending on the
    player is picked too (the fine's event tells it; the bomb is no longer pending). An
    invalid last-card declaration (``declaration``) leaves the turn's cards played: the turn
    finishes without the declaration.
    """

    __slots__ = ("code", "fine", "reason", "seat", "what")

    def __init__(
        self, seat: int, fine: int, reason: str, what: FineFor = TURN, *, code: str = ""
    ) -> None:
        self.seat = seat
        self.fine = fine
        self.reason = reason
        self.code = code
        self.what = what

    def execute(self, state: KarataState) -> FineImposed:
        bomb = 0
        if self.what == TURN:
            bomb = state.bomb
            state.bomb = 0
            state.declared[self.seat] = False
        return FineImposed(
            seat=self.seat, fine=self.fine, bomb=bomb, what=self.what, reason=self.reason
        )


class PickUp(Action[KarataState]):
    """``seat`` picks ``count`` cards from the deck (a bomb's pick takes the bomb: it is no
    longer pending). When the deck runs short, the pile but its top card is shuffled back
    into it; when even that is not enough, the match ends with no winner."""

    __slots__ = ("count", "reason", "seat")

    def __init__(self, seat: int, count: int, reason: PickReason) -> None:
        self.seat = seat
        self.count = count
        self.reason = reason

    def execute(self, state: KarataState) -> Picked:
        if self.reason == BOMB:
            state.bomb = 0
        deck, hand = state.deck, state.hands[self.seat]
        picked: list[Card] = []
        recycled = 0
        for _ in range(self.count):
            if not deck.cards:
                recycled += _recycle(state)
                if not deck.cards:
                    state.outcome = DECK_RAN_OUT.outcome(winners=())
                    break
            card = deck.pop()
            hand.add(card)
            picked.append(card)
        faces = [face_of(card) for card in picked]
        return Picked(self.seat, len(picked), self.reason, recycled, faces)


def _recycle(state: KarataState) -> int:
    """Shuffle the pile but its top card back into the deck; how many cards went back."""
    pile = state.pile
    if len(pile.cards) < 2:
        return 0
    returned = pile.cards[:-1]
    del pile.cards[:-1]
    state.recycled = [card.key for card in returned]  # public from version 4
    state.deck.cards.extend(returned)
    state.deck.shuffle(state.rng)
    return len(returned)


class Advance(Action[KarataState]):
    """Play moves on from ``seat``: ``steps`` seats in the direction of play (a turn with n
    Jacks moves 1 + n), skipping players who left; ``again`` gives ``seat`` another turn."""

    __slots__ = ("again", "seat", "steps")

    def __init__(self, seat: int, steps: int = 1, again: bool = False) -> None:
        self.seat = seat
        self.steps = steps
        self.again = again

    def can_execute(self, state: KarataState) -> bool:
        return len(state.playing) > 0

    def execute(self, state: KarataState) -> NextTurn:
        to = self.seat if self.again else next_seat(state, self.seat, self.steps)
        state.active = to
        state.turn += 1
        return NextTurn(to, self.again)


def next_seat(state: KarataState, seat: int, steps: int) -> int:
    """The seat ``steps`` places from ``seat`` in the direction of play, counting only the
    players still at the table (``seat`` itself when play comes round to it)."""
    current = seat
    for _ in range(steps):
        current = (current + state.direction) % state.seats
        while current in state.out:
            current = (current + state.direction) % state.seats
    return current


class Leave(Action[KarataState]):
    """``seat`` leaves the table: the turn they were building goes back to their hand and
    their hand under the deck (when it was their turn, play moves on: it stays theirs until
    then). When one player is left, they win."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: KarataState) -> LeftTable:
        hand = state.hands[self.seat]
        if state.active == self.seat:  # their turn ends: what they were building and a bomb go
            hand.cards.extend(state.play.cards)
            state.play.cards.clear()
            state.bomb = 0
        held = len(hand.cards)
        for card in hand.cards:
            state.deck.add_bottom(card)
        hand.cards.clear()
        state.out.append(self.seat)
        state.declared[self.seat] = False
        left = state.playing
        if len(left) == 1:
            state.outcome = LEFT.outcome(winners=(left[0],), seats=(self.seat,))
        return LeftTable(seat=self.seat, cards=held)
