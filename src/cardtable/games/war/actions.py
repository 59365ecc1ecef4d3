"""War's actions. Each changes one thing and returns the event that says what everybody saw
(:mod:`cardtable.games.war.events`); rule reactions (``rules.py``) chain them, reading the
state, never what an action did. The events are made with their fields in order, not by
keyword: simulations make thousands a second (see :func:`~cardtable.engine.events.event`).
A battle runs:

``StartBattle`` → one ``TurnCard`` per player (their decisions) → ``ResolveRound`` → either
``TakeTrick`` (one player wins the table) or ``StartWar`` (the tied players turn again) → ...
→ ``Leave`` for each player left without cards → ``TakeStock`` → the next ``StartBattle``.

``ResolveRound`` and ``TakeStock`` change nothing and show nothing: they are there for the
rules to react to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.cards import blocks, round_robin
from cardtable.engine.actions import Action, Event
from cardtable.engine.cards import Card
from cardtable.games.war.events import (
    BattleBegun,
    Dealt,
    DroppedOut,
    Reason,
    Shuffled,
    TableSetAside,
    TookTable,
    Turned,
    WarBegun,
    WarCardFace,
    WentOut,
)
from cardtable.games.war.state import Entry, LastBattle, Played, WarState

NO_CARDS: Final = "no cards"
CONCEDED: Final = "conceded"


def card_face(card: Card) -> WarCardFace:
    """A face-up card in events: what is printed on it (made once, kept on the card)."""
    return card.face(_face)


def _face(card: Card) -> WarCardFace:
    definition = card.definition
    return WarCardFace(
        id=card.id, key=definition.key, name=definition.name, strength=card.printed("strength")
    )


class ShuffleDeck(Action[WarState]):
    """Shuffle the deck with the match's generator."""

    __slots__ = ()

    def execute(self, state: WarState) -> Shuffled:
        state.deck.shuffle(state.rng)
        return Shuffled(zone="deck")


class Deal(Action[WarState]):
    """Deal the whole deck from the top into the players' piles, face down: one card at a
    time from seat 0 (each on top of its pile), or each seat's block in one go."""

    __slots__ = ()

    def execute(self, state: WarState) -> Dealt:
        dealing = state.rules.ruleset.dealing
        order = state.deck.cards[::-1]
        hands = (
            blocks(order, state.seats) if dealing == "blocks" else round_robin(order, state.seats)
        )
        state.deck.cards.clear()
        for pile, hand in zip(state.piles, hands, strict=True):
            # Dealt one at a time, the first card ends up at the bottom; a block taken in one
            # go keeps its order, its first card on top.
            pile.cards.extend(reversed(hand) if dealing == "blocks" else hand)
        return Dealt(dealing=dealing, counts=[len(hand) for hand in hands])


class StartBattle(Action[WarState]):
    """A new battle: every player still in the match with cards turns one."""

    __slots__ = ()

    def execute(self, state: WarState) -> BattleBegun:
        state.turn += 1
        piles = state.piles
        seats = [seat for seat in state.playing if piles[seat].cards]
        state.contenders = seats[:]
        state.to_turn = seats[:]
        state.rounds = [[]]
        return BattleBegun(state.turn, seats)


class TurnCard(Action[WarState]):
    """A player's decision: in a war, first put down the face-down cards the ruleset asks for
    (as far as the pile goes); then turn the top card face up, if any is left. The round's
    entry for the player (:attr:`WarState.rounds`) says what they did."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: WarState) -> Turned:
        seat = self.seat
        pile = state.piles[seat].cards
        number = len(state.rounds) - 1
        down = 0
        if number > 0:
            down = min(state.rules.ruleset.face_down, len(pile))
            face_down = state.downs[seat].cards
            for _ in range(down):
                face_down.append(pile.pop())
        card = None
        if pile:
            card = pile.pop()
            state.ups[seat].cards.append(card)
        state.rounds[-1].append(Entry(seat, down, 0 if card is None else 1))
        state.to_turn.remove(seat)
        face = None if card is None else card_face(card)
        return Turned(seat, number, down, face)


class DropOut(Event[WarState]):
    """A contender could not turn a card face up and drops out of war round ``round`` (their
    cards on the table stay there for the winner)."""

    __slots__ = ("round", "seat")

    def __init__(self, seat: int, number: int) -> None:
        self.seat = seat
        self.round = number

    def execute(self, state: WarState) -> DroppedOut:
        return DroppedOut(self.seat, self.round)


class ResolveRound(Event[WarState]):
    """Everyone in the round has turned: the rules see how it ends (the highest card wins,
    a tie at the top goes to war...: ``rules.round_resolved``)."""

    __slots__ = ()


class StartWar(Action[WarState]):
    """A tie at the top: the tied players fight a war round while the others wait. A tied
    player with no cards left drops out of it at once (entered in the round as having turned
    nothing)."""

    __slots__ = ("seats",)

    def __init__(self, seats: list[int]) -> None:
        self.seats = seats

    def execute(self, state: WarState) -> WarBegun:
        number = len(state.rounds)
        entries: list[Entry] = []
        state.rounds.append(entries)
        state.contenders = self.seats[:]
        piles = state.piles
        state.to_turn = [seat for seat in self.seats if piles[seat].cards]
        entries.extend(Entry(seat, 0, 0) for seat in self.seats if not piles[seat].cards)
        return WarBegun(number, list(self.seats))


class TakeTrick(Action[WarState]):
    """The winner takes every card on the table, the waiting players' included, and puts them
    under their pile: in the order they were played (the first played will be the first of
    them to be turned again), or shuffled with the match's generator. The winner is ``seat``
    (the highest card's player), or when no contender could turn a card up, drawn by lot
    among ``lot`` with the match's generator."""

    __slots__ = ("lot", "seat")

    def __init__(self, seat: int | None = None, *, lot: Sequence[int] = ()) -> None:
        if (seat is None) == (not lot):
            raise ValueError("a trick is taken by a seat or drawn by lot, one of the two")
        self.seat = seat
        self.lot = tuple(lot)

    def execute(self, state: WarState) -> TookTable:
        seat = self.seat
        if seat is None:
            seat = self.lot[state.rng.below(len(self.lot))]
        packet = gather(state, seat)
        if state.rules.ruleset.won_cards == "shuffled":
            state.rng.shuffle(packet)
        pile = state.piles[seat].cards
        pile[0:0] = packet[::-1]
        return TookTable(seat, len(packet), "rank" if self.seat is not None else "lot")


class SetAsideTable(Action[WarState]):
    """Every contender of the round has left the match: the cards on the table are set aside."""

    __slots__ = ()

    def execute(self, state: WarState) -> TableSetAside:
        packet = gather(state, None)
        state.aside.cards.extend(packet)
        return TableSetAside(len(packet))


def gather(state: WarState, winner: int | None) -> list[Card]:
    """Take every card off the table in the order it was played; the battle is over, and
    becomes the last battle."""
    seats = state.seats
    taken_down, taken_up = [0] * seats, [0] * seats
    downs, ups = state.downs, state.ups
    packet: list[Card] = []
    rounds: list[tuple[Played, ...]] = []
    for entries in state.rounds:
        played: list[Played] = []
        for seat, down, up in entries:
            if down:
                first = taken_down[seat]
                taken_down[seat] = first + down
                packet.extend(downs[seat].cards[first : first + down])
            key = None
            if up:
                turned = ups[seat].cards[taken_up[seat]]
                taken_up[seat] += 1
                packet.append(turned)
                key = turned.key
            played.append(Played(seat, down, key))
        rounds.append(tuple(played))
    state.last = LastBattle(state.turn, tuple(rounds), winner, len(packet))
    for zone in downs:
        zone.cards.clear()
    for zone in ups:
        zone.cards.clear()
    state.rounds = []
    state.contenders = []
    state.to_turn = []
    return packet


class Leave(Action[WarState]):
    """A player is out of the match: they have no cards left, or they conceded (then their
    pile is set aside; their cards already on the table stay there for the winner)."""

    __slots__ = ("reason", "seat")

    def __init__(self, seat: int, reason: Reason) -> None:
        self.seat = seat
        self.reason = reason

    def can_execute(self, state: WarState) -> bool:
        return self.seat not in state.out

    def execute(self, state: WarState) -> WentOut:
        seat = self.seat
        state.out.append(seat)
        state.out_at.append(state.turn)
        if self.reason == CONCEDED:
            state.conceded.append(seat)
        if seat in state.to_turn:
            state.to_turn.remove(seat)
        if seat in state.contenders:
            state.contenders.remove(seat)
        pile = state.piles[seat].cards
        count = len(pile)
        state.aside.cards.extend(pile)
        pile.clear()
        return WentOut(seat, self.reason, count)


class TakeStock(Event[WarState]):
    """After each battle: the checks decide whether the match is over (one player left, or
    the turn limit reached); if not, the next battle starts."""

    __slots__ = ()
