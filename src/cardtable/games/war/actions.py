"""War's actions. Each changes one thing; rule reactions (``rules.py``) chain them.

Events show what everybody saw at the table: the cards turned face up, and of the cards put
face down, piled up or set aside only how many. A battle runs:

``StartBattle`` → one ``TurnCard`` per player (their decisions) → ``ResolveRound`` → either
``TakeTrick`` (one player wins the table) or ``StartWar`` (the tied players turn again) → ...
→ ``Leave`` for each player left without cards → ``TakeStock`` → the next ``StartBattle``.
"""

from __future__ import annotations

from cardtable.cards import blocks, round_robin
from cardtable.engine.actions import Action, Event
from cardtable.engine.cards import Card
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.games.war.state import Entry, LastBattle, Played, WarState

NO_CARDS = "no cards"
CONCEDED = "conceded"


def card_face(card: Card) -> JsonObject:
    """A face-up card in events: what is printed on it."""
    definition = card.definition
    return {
        "id": card.id,
        "key": definition.key,
        "name": definition.name,
        "strength": card.printed("strength"),
    }


class ShuffleDeck(Action[WarState]):
    """Shuffle the deck with the match's generator."""

    __slots__ = ()

    def execute(self, state: WarState) -> None:
        state.deck.shuffle(state.rng)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "shuffle", "zone": "deck"}


class Deal(Action[WarState]):
    """Deal the whole deck from the top into the players' piles, face down: one card at a
    time from seat 0 (each on top of its pile), or each seat's block in one go."""

    __slots__ = ("counts", "dealing")

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.dealing = ""

    def execute(self, state: WarState) -> None:
        self.dealing = dealing = state.rules.ruleset.dealing
        order = state.deck.cards[::-1]
        hands = (
            blocks(order, state.seats) if dealing == "blocks" else round_robin(order, state.seats)
        )
        state.deck.cards.clear()
        for pile, hand in zip(state.piles, hands, strict=True):
            # Dealt one at a time, the first card ends up at the bottom; a block taken in one
            # go keeps its order, its first card on top.
            pile.cards.extend(reversed(hand) if dealing == "blocks" else hand)
        self.counts = [len(hand) for hand in hands]

    def event(self, seat: int | None) -> JsonObject | None:
        counts: list[JsonValue] = list(self.counts)
        return {"type": "deal", "dealing": self.dealing, "counts": counts}


class StartBattle(Action[WarState]):
    """A new battle: every player still in the match with cards turns one."""

    __slots__ = ("number", "seats")

    def __init__(self) -> None:
        self.number = 0
        self.seats: list[int] = []

    def execute(self, state: WarState) -> None:
        state.turn += 1
        self.number = state.turn
        piles = state.piles
        self.seats = [seat for seat in state.playing if piles[seat].cards]
        state.contenders = self.seats[:]
        state.to_turn = self.seats[:]
        state.rounds = [[]]

    def event(self, seat: int | None) -> JsonObject | None:
        seats: list[JsonValue] = list(self.seats)
        return {"type": "battle", "number": self.number, "seats": seats}


class TurnCard(Action[WarState]):
    """A player's decision: in a war, first put down the face-down cards the ruleset asks for
    (as far as the pile goes); then turn the top card face up, if any is left."""

    __slots__ = ("card", "down", "round", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.round = 0
        self.down = 0
        self.card: Card | None = None

    def execute(self, state: WarState) -> None:
        seat = self.seat
        pile = state.piles[seat].cards
        self.round = number = len(state.rounds) - 1
        if number > 0:
            self.down = down = min(state.rules.ruleset.face_down, len(pile))
            face_down = state.downs[seat].cards
            for _ in range(down):
                face_down.append(pile.pop())
        if pile:
            self.card = card = pile.pop()
            state.ups[seat].cards.append(card)
        state.rounds[-1].append(Entry(seat, self.down, 0 if self.card is None else 1))
        state.to_turn.remove(seat)

    def event(self, seat: int | None) -> JsonObject | None:
        card = self.card
        return {
            "type": "turn",
            "seat": self.seat,
            "round": self.round,
            "down": self.down,
            "card": None if card is None else card_face(card),
        }


class DropOut(Event[WarState]):
    """A contender could not turn a card face up and drops out of the war (their cards on
    the table stay there for the winner)."""

    __slots__ = ("round", "seat")

    def __init__(self, seat: int, number: int) -> None:
        self.seat = seat
        self.round = number

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "dropped", "seat": self.seat, "round": self.round}


WINNER = "winner"
WAR = "war"
NOBODY_LEFT = "nobody"


class ResolveRound(Action[WarState]):
    """Everyone in the round has turned: the single highest card wins the table; a tie at the
    top starts a war among the tied players; when no contender turned a card up, the winner is
    drawn by lot among everyone who entered the round (players who left the match aside)."""

    __slots__ = ("by_lot", "result", "seats")

    def __init__(self) -> None:
        self.result = ""
        self.seats: list[int] = []
        self.by_lot = False

    def execute(self, state: WarState) -> None:
        out = state.out
        entries = [entry for entry in state.rounds[-1] if entry.seat not in out]
        best = 0
        tied: list[int] = []
        for entry in entries:
            if not entry.up:
                continue
            strength = state.ups[entry.seat].cards[-1].printed("strength")
            if strength > best:
                best, tied = strength, [entry.seat]
            elif strength == best:
                tied.append(entry.seat)
        if len(tied) > 1:
            self.result, self.seats = WAR, sorted(tied)
        elif tied:
            self.result, self.seats = WINNER, tied
        elif entries:
            entered = sorted(entry.seat for entry in entries)
            self.result, self.by_lot = WINNER, True
            self.seats = [entered[state.rng.below(len(entered))]]
        else:
            self.result = NOBODY_LEFT


class StartWar(Action[WarState]):
    """A tie at the top: the tied players fight a war round while the others wait. A tied
    player with no cards left drops out of it at once."""

    __slots__ = ("dropped", "round", "seats")

    def __init__(self, seats: list[int]) -> None:
        self.seats = seats
        self.round = 0
        self.dropped: list[int] = []

    def execute(self, state: WarState) -> None:
        self.round = len(state.rounds)
        entries: list[Entry] = []
        state.rounds.append(entries)
        state.contenders = self.seats[:]
        piles = state.piles
        state.to_turn = [seat for seat in self.seats if piles[seat].cards]
        self.dropped = [seat for seat in self.seats if not piles[seat].cards]
        entries.extend(Entry(seat, 0, 0) for seat in self.dropped)

    def event(self, seat: int | None) -> JsonObject | None:
        seats: list[JsonValue] = list(self.seats)
        return {"type": "war", "round": self.round, "seats": seats}


class TakeTrick(Action[WarState]):
    """The winner takes every card on the table, the waiting players' included, and puts them
    under their pile: in the order they were played (the first played will be the first of
    them to be turned again), or shuffled with the match's generator."""

    __slots__ = ("by_lot", "count", "seat")

    def __init__(self, seat: int, *, by_lot: bool = False) -> None:
        self.seat = seat
        self.by_lot = by_lot
        self.count = 0

    def execute(self, state: WarState) -> None:
        packet = gather(state, self.seat)
        if state.rules.ruleset.won_cards == "shuffled":
            state.rng.shuffle(packet)
        pile = state.piles[self.seat].cards
        pile[0:0] = packet[::-1]
        self.count = len(packet)

    def event(self, seat: int | None) -> JsonObject | None:
        return {
            "type": "won",
            "seat": self.seat,
            "cards": self.count,
            "by": "lot" if self.by_lot else "rank",
        }


class SetAsideTable(Action[WarState]):
    """Every contender of the round has left the match: the cards on the table are set aside."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    def execute(self, state: WarState) -> None:
        packet = gather(state, None)
        state.aside.cards.extend(packet)
        self.count = len(packet)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "set_aside", "cards": self.count}


def gather(state: WarState, winner: int | None) -> list[Card]:
    """Take every card off the table in the order it was played; the battle is over, and
    becomes the last battle."""
    taken: dict[int, tuple[int, int]] = {}
    packet: list[Card] = []
    rounds: list[tuple[Played, ...]] = []
    for entries in state.rounds:
        played: list[Played] = []
        for seat, down, up in entries:
            downs, ups = taken.get(seat, (0, 0))
            packet.extend(state.downs[seat].cards[downs : downs + down])
            turned = state.ups[seat].cards[ups : ups + up]
            packet.extend(turned)
            taken[seat] = (downs + down, ups + up)
            played.append(Played(seat, down, turned[0].key if turned else None))
        rounds.append(tuple(played))
    state.last = LastBattle(state.turn, tuple(rounds), winner, len(packet))
    for zone in (*state.downs, *state.ups):
        zone.cards.clear()
    state.rounds = []
    state.contenders = []
    state.to_turn = []
    return packet


class Leave(Action[WarState]):
    """A player is out of the match: they have no cards left, or they conceded (then their
    pile is set aside; their cards already on the table stay there for the winner)."""

    __slots__ = ("count", "reason", "seat")

    def __init__(self, seat: int, reason: str) -> None:
        self.seat = seat
        self.reason = reason
        self.count = 0

    def can_execute(self, state: WarState) -> bool:
        return self.seat not in state.out

    def execute(self, state: WarState) -> None:
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
        self.count = len(pile)
        state.aside.cards.extend(pile)
        pile.clear()

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "out", "seat": self.seat, "reason": self.reason, "set_aside": self.count}


class TakeStock(Event[WarState]):
    """After each battle: the checks decide whether the match is over (one player left, or
    the turn limit reached); if not, the next battle starts."""

    __slots__ = ()
