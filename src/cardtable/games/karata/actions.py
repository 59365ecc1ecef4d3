"""Karata's actions. Each changes one thing; rule reactions (``rules.py``) chain them.

A match opens with ``ShuffleDeck`` → ``Deal`` → ``TurnUp`` → ``ChooseStarter``. A turn is
``StageCard`` for each card played, then ``FinishTurn`` (the cards go to the pile and the turn
takes effect) → ``PickUp`` when it ended on an unanswered question → ``Advance``; or
``Passing`` → ``PickUp`` → ``Advance``. With fines on, an invalid turn is ``ReturnStaged`` →
``Fined`` → ``PickUp`` (the fine, and a pending bomb) → ``Advance``.

Events show what the table saw: every card played, how many cards each player picked (the
cards themselves to the picker only) and how many went back into the deck. What everybody saw
go into the hidden deck stays named in the public data from version 4 (``buried`` and
``recycled``, see :mod:`~cardtable.games.karata.state`), so no event names a card its reader
can no longer see.
"""

from __future__ import annotations

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.games.karata.cards import special
from cardtable.games.karata.outcomes import DECK_RAN_OUT, LEFT
from cardtable.games.karata.state import KarataState
from cardtable.games.karata.turns import Settled, settle, wins

QUESTION = "question"
BOMB = "bomb"
PASSED = "pass"
FINE = "fine"


def face_of(card: Card) -> JsonObject:
    """A face-up card in events."""
    definition = card.definition
    return {"id": card.id, "key": definition.key, "name": definition.name}


class ShuffleDeck(Action[KarataState]):
    """Shuffle the deck with the match's generator."""

    __slots__ = ()

    def execute(self, state: KarataState) -> None:
        state.deck.shuffle(state.rng)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "shuffle", "zone": "deck"}


class Deal(Action[KarataState]):
    """Deal ``hand_size`` cards to each player, one at a time from the first seat."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    def execute(self, state: KarataState) -> None:
        self.count = count = state.rules.ruleset.hand_size
        for _ in range(count):
            for seat in state.playing:
                state.hands[seat].add(state.deck.pop())

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "deal", "count": self.count}


class TurnUp(Action[KarataState]):
    """Turn up the pile's first card; a special card goes to the bottom of the deck and the
    next is turned, until a plain card lies face up. Each card is turned once at most: when
    the deck holds no plain card at all, the last one turned stays up (it acts on nobody)."""

    __slots__ = ("buried", "card")

    def __init__(self) -> None:
        self.buried: list[Card] = []
        self.card: Card | None = None

    def execute(self, state: KarataState) -> None:
        deck = state.deck
        card = deck.pop()
        for _ in range(len(deck.cards)):  # every card of the deck is turned once at most
            if not special(card.key):
                break
            self.buried.append(card)
            deck.add_bottom(card)
            card = deck.pop()
        state.pile.add(card)
        self.card = card
        state.buried = [buried.key for buried in self.buried]  # public from version 4

    def event(self, seat: int | None) -> JsonObject | None:
        assert self.card is not None
        buried: list[JsonValue] = [face_of(card) for card in self.buried]
        return {"type": "turn_up", "card": face_of(self.card), "buried": buried}


class ChooseStarter(Action[KarataState]):
    """The first seat starts, or (``random_start``) a seat drawn with the match's generator."""

    __slots__ = ("seat",)

    def __init__(self) -> None:
        self.seat = 0

    def execute(self, state: KarataState) -> None:
        if state.rules.ruleset.random_start:
            self.seat = state.rng.below(state.seats)
        state.active = self.seat
        state.turn = 1

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "starter", "seat": self.seat}


class StageCard(Action[KarataState]):
    """``seat`` adds ``card`` from their hand to the turn they are building."""

    __slots__ = ("card", "seat")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card

    def execute(self, state: KarataState) -> None:
        state.hands[self.seat].remove(self.card)
        state.play.add(self.card)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "play", "seat": self.seat, "card": face_of(self.card)}


class FinishTurn(Action[KarataState]):
    """The turn being built takes effect: its cards go onto the pile, the request, the bomb
    and the direction change, and ``seat`` declares last card or not (``last``)."""

    __slots__ = ("cards", "last", "request", "seat", "settled", "won")

    def __init__(self, seat: int, request: str = "", last: bool = False) -> None:
        self.seat = seat
        self.request = request
        self.last = last
        self.cards: tuple[str, ...] = ()
        self.settled: Settled | None = None
        self.won = False

    def execute(self, state: KarataState) -> None:
        rules = state.rules.ruleset
        self.cards = cards = state.staged()
        self.settled = settled = settle(cards, state.table(), rules)
        for card in state.play.cards:
            state.pile.add(card)
        state.play.cards.clear()
        state.request = self.request or settled.request
        state.bomb = settled.bomb
        if settled.kings % 2:
            state.direction = -state.direction
        self.won = wins(cards, state.hand_keys(self.seat), state.declared[self.seat])
        state.declared[self.seat] = self.last

    def event(self, seat: int | None) -> JsonObject | None:
        settled = self.settled
        assert settled is not None
        cards: list[JsonValue] = list(self.cards)
        return {
            "type": "finish",
            "seat": self.seat,
            "cards": cards,
            "request": self.request,
            "last": self.last,
            "bomb": settled.bomb,
            "unanswered": settled.unanswered,
            "jumps": settled.jumps,
            "kings": settled.kings,
            "again": settled.again,
            "won": self.won,
        }


class Passing(Action[KarataState]):
    """``seat`` plays nothing: they will pick the pending bomb's count, or one card. A pass
    ends any last-card declaration; an active request stays for the next player."""

    __slots__ = ("count", "reason", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.count = 0
        self.reason = PASSED

    def execute(self, state: KarataState) -> None:
        if state.bomb:
            self.count, self.reason = state.bomb, BOMB
        else:
            self.count, self.reason = 1, PASSED
        state.bomb = 0
        state.declared[self.seat] = False

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "pass", "seat": self.seat, "count": self.count, "reason": self.reason}


class ReturnStaged(Action[KarataState]):
    """The cards of an invalid turn go back to ``seat``'s hand, in the order played."""

    __slots__ = ("cards", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cards: list[Card] = []

    def execute(self, state: KarataState) -> None:
        self.cards = state.play.cards[:]
        for card in self.cards:
            state.hands[self.seat].add(card)
        state.play.cards.clear()

    def event(self, seat: int | None) -> JsonObject | None:
        cards: list[JsonValue] = [face_of(card) for card in self.cards]
        return {"type": "take_back", "seat": self.seat, "cards": cards}


TURN = "turn"
DECLARATION = "declaration"


class Fined(Action[KarataState]):
    """With fines on, ``seat`` picks ``fine`` cards for breaking the rule ``reason``, whose
    refusal code is ``code`` (kept on the action, for programs; the event, and so every
    record and log, stays as it was).

    An invalid turn (``what`` is ``turn``) ends the turn, and a bomb that was pending on the
    player is picked too. An invalid last-card declaration (``declaration``) leaves the turn's
    cards played: the turn finishes without the declaration.
    """

    __slots__ = ("bomb", "code", "fine", "reason", "seat", "what")

    def __init__(
        self, seat: int, fine: int, reason: str, what: str = TURN, *, code: str = ""
    ) -> None:
        self.seat = seat
        self.fine = fine
        self.reason = reason
        self.code = code
        self.what = what
        self.bomb = 0

    def execute(self, state: KarataState) -> None:
        if self.what == TURN:
            self.bomb = state.bomb
            state.bomb = 0
            state.declared[self.seat] = False

    def event(self, seat: int | None) -> JsonObject | None:
        return {
            "type": "fined",
            "seat": self.seat,
            "fine": self.fine,
            "bomb": self.bomb,
            "what": self.what,
            "reason": self.reason,
        }


class PickUp(Action[KarataState]):
    """``seat`` picks ``count`` cards from the deck. When the deck runs short, the pile but its
    top card is shuffled back into it; when even that is not enough, the match ends with no
    winner."""

    __slots__ = ("cards", "count", "reason", "recycled", "seat")

    def __init__(self, seat: int, count: int, reason: str) -> None:
        self.seat = seat
        self.count = count
        self.reason = reason
        self.cards: list[Card] = []
        self.recycled = 0

    def execute(self, state: KarataState) -> None:
        deck, hand = state.deck, state.hands[self.seat]
        for _ in range(self.count):
            if not deck.cards:
                self.recycled += _recycle(state)
                if not deck.cards:
                    state.outcome = DECK_RAN_OUT.outcome(winners=())
                    return
            card = deck.pop()
            hand.add(card)
            self.cards.append(card)

    def event(self, seat: int | None) -> JsonObject | None:
        shown: JsonObject = {
            "type": "pick",
            "seat": self.seat,
            "count": len(self.cards),
            "reason": self.reason,
            "recycled": self.recycled,
        }
        if seat == self.seat:
            cards: list[JsonValue] = [face_of(card) for card in self.cards]
            shown["cards"] = cards
        return shown


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

    __slots__ = ("again", "seat", "steps", "to")

    def __init__(self, seat: int, steps: int = 1, again: bool = False) -> None:
        self.seat = seat
        self.steps = steps
        self.again = again
        self.to = seat

    def can_execute(self, state: KarataState) -> bool:
        return len(state.playing) > 0

    def execute(self, state: KarataState) -> None:
        self.to = self.seat if self.again else next_seat(state, self.seat, self.steps)
        state.active = self.to
        state.turn += 1

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "next", "seat": self.to, "again": self.again}


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
    their hand under the deck. When one player is left, they win."""

    __slots__ = ("active", "cards", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cards = 0
        self.active = False

    def execute(self, state: KarataState) -> None:
        hand = state.hands[self.seat]
        self.active = state.active == self.seat
        if self.active:  # their turn ends: what they were building and a bomb on them go
            hand.cards.extend(state.play.cards)
            state.play.cards.clear()
            state.bomb = 0
        self.cards = len(hand.cards)
        for card in hand.cards:
            state.deck.add_bottom(card)
        hand.cards.clear()
        state.out.append(self.seat)
        state.declared[self.seat] = False
        left = state.playing
        if len(left) == 1:
            state.outcome = LEFT.outcome(winners=(left[0],), seats=(self.seat,))

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "leave", "seat": self.seat, "cards": self.cards}
