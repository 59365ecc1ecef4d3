"""Karata's events, each declared once: its JSON, what each seat sees of it and its line in
a match's log (see :mod:`cardtable.engine.events`). Karata's actions return them.

Events show what the table saw: every card played, how many cards each player picked (the
cards themselves to the picker only) and how many went back into the deck. What everybody saw
go into the hidden deck stays named in the public data from version 4 (``buried`` and
``recycled``, see :mod:`~cardtable.games.karata.state`), so no event names a card its reader
can no longer see.

>>> from cardtable.engine.wording import Names
>>> names = Names(["Ann", "Bob"].__getitem__)
>>> nine = KarataCardFace(id=9, key="9D", name="Nine of Diamonds")
>>> picked = Picked(seat=0, count=1, reason="bomb", recycled=0, cards=[nine])
>>> picked.event(1)
{'type': 'pick', 'seat': 0, 'count': 1, 'reason': 'bomb', 'recycled': 0}
>>> picked.words(names), Picked.from_json(picked.event(1)).words(names)
('Ann picks 1 card for the bomb: 9♦', 'Ann picks 1 card for the bomb')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Self

from cardtable.cards import card_label
from cardtable.engine.cards import Card
from cardtable.engine.events import EventShape, Shape, event
from cardtable.engine.wording import Names
from cardtable.games.karata.turns import request_words
from cardtable.games.karata.words import card_labels, plural

PassReason = Literal["pass", "bomb"]
"""Why a player passing picks: one card, or a bomb's count."""
PickReason = Literal["pass", "bomb", "question", "fine"]
"""Why a player picks: a pass, a bomb, an unanswered question, a fine."""
FineFor = Literal["turn", "declaration"]
"""What a fine was for: an invalid turn, or an invalid last-card declaration."""


@dataclass(frozen=True, slots=True)
class KarataCardFace(Shape):
    """A card everybody saw (or, in a pick, its picker)."""

    id: int
    key: str
    name: str


def face_of(card: Card) -> KarataCardFace:
    """The face of ``card``, as an event shows it (made once, kept on the card)."""
    return card.face(_face)


def _face(card: Card) -> KarataCardFace:
    definition = card.definition
    return KarataCardFace(id=card.id, key=definition.key, name=definition.name)


@event
class Shuffled(EventShape):
    """A zone (the deck) was shuffled."""

    kind = "shuffle"
    zone: str

    def words(self, names: Names) -> str:
        return "The deck is shuffled"


@event
class Dealt(EventShape):
    """Each player was dealt ``count`` cards."""

    kind = "deal"
    count: int

    def words(self, names: Names) -> str:
        return f"Each player is dealt {plural(self.count, 'card')}"


@event
class TurnedUp(EventShape):
    """The pile starts on ``card``; the special cards turned up before it (``buried``) went to
    the bottom of the deck."""

    kind = "turn_up"
    card: KarataCardFace
    buried: list[KarataCardFace]

    def words(self, names: Names) -> str:
        top = card_label(self.card.key, ascii_only=names.ascii_only)
        if not self.buried:
            return f"The pile starts on {top}"
        shown = card_labels([card.key for card in self.buried], names.ascii_only)
        return f"Turned up {shown}: special, so under the deck; the pile starts on {top}"


@event
class StarterChosen(EventShape):
    """``seat`` plays the first turn."""

    kind = "starter"
    seat: int

    def words(self, names: Names) -> str:
        return f"{names.seat(self.seat)} starts"


@event
class PutDown(EventShape):
    """A player added a card to the turn they are building."""

    kind = "play"
    seat: int
    card: KarataCardFace

    def words(self, names: Names) -> str:
        shown = card_label(self.card.key, ascii_only=names.ascii_only)
        return f"{names.seat(self.seat)} puts down {shown}"


@event
class TurnFinished(EventShape):
    """A turn took effect: its ``cards`` went onto the pile. ``request`` is the new request
    (empty: none made), ``last`` a last-card declaration, ``bomb`` what the next player must
    pick, ``unanswered`` a closing question, ``again`` another turn for the same player.

    >>> TurnFinished(
    ...     seat=1, cards=["AH", "AS"], request="9S", last=False, bomb=0, unanswered=False,
    ...     jumps=0, kings=0, again=False, won=False,
    ... ).words(Names(["Ann", "Bob"].__getitem__))
    'Bob plays A♥ A♠: asks for the Nine of Spades'
    """

    kind = "finish"
    seat: int
    cards: list[str]
    request: str
    last: bool
    bomb: int
    unanswered: bool
    jumps: int
    kings: int
    again: bool
    won: bool

    def words(self, names: Names) -> str:
        clauses = []
        if self.request:
            clauses.append(f"asks for {request_words(self.request)}")
        if self.bomb:
            clauses.append(f"the next player must pick {self.bomb} (or counter or block)")
        if self.unanswered:
            clauses.append("leaves a question unanswered")
        if self.jumps:
            clauses.append(f"jumps {plural(self.jumps, 'player')}")
        kings = self.kings
        if kings % 2:
            clauses.append("kicks back (play turns around)")
        elif kings and self.again:
            clauses.append(f"{kings} Kings (plays again)")
        elif kings:
            clauses.append(f"{kings} Kings (the direction stays)")
        if self.last:
            clauses.append("declares last card (niko kadi!)")
        text = f"{names.seat(self.seat)} plays {card_labels(self.cards, names.ascii_only)}"
        if clauses:
            text += ": " + ", ".join(clauses)
        return text + (" and wins the match!" if self.won else "")


@event
class TurnPassed(EventShape):
    """A player played nothing and will pick ``count`` (a bomb's, or one)."""

    kind = "pass"
    seat: int
    count: int
    reason: PassReason

    def words(self, names: Names) -> str:
        if self.reason == "bomb":
            return f"{names.seat(self.seat)} takes the bomb of {self.count}"
        return f"{names.seat(self.seat)} passes"


@event
class TakenBack(EventShape):
    """The cards of an invalid turn went back to their player's hand (a turn of no card
    yet is left out of a log)."""

    kind = "take_back"
    seat: int
    cards: list[KarataCardFace]

    def words(self, names: Names) -> str | None:
        if not self.cards:
            return None
        shown = card_labels([card.key for card in self.cards], names.ascii_only)
        return f"{names.seat(self.seat)} takes back {shown}"


@event
class FineImposed(EventShape):
    """A fine for breaking the rule ``reason``: ``what`` was an invalid turn (which ended it)
    or an invalid last-card declaration; ``bomb`` is a pending bomb picked with it."""

    kind = "fined"
    seat: int
    fine: int
    bomb: int
    what: FineFor
    reason: str

    def words(self, names: Names) -> str:
        who = names.seat(self.seat)
        fine = plural(self.fine, "card")
        reason = self.reason or "a rule was broken"
        if self.what == "declaration":
            return (
                f"{who} is fined {fine} for declaring last card: {reason} "
                "(the turn stands, without the declaration)"
            )
        text = f"{who} is fined {fine} for an invalid turn: {reason}"
        if self.bomb:
            text += f" (and picks the bomb's {self.bomb} too)"
        return text


_PICK_REASONS = {
    "bomb": " for the bomb",
    "question": " for the unanswered question",
    "fine": " as a fine",
}


@event
class Picked(EventShape):
    """A player picked ``count`` cards (``cards``: shown to that player only, left out for
    everyone else); ``recycled`` cards of the pile went back into the deck first."""

    kind = "pick"
    seat: int
    count: int
    reason: PickReason
    recycled: int
    cards: list[KarataCardFace] | None = None

    def for_seat(self, seat: int | None) -> Self:
        """The picker sees the cards; everyone else reads the event without them."""
        if seat == self.seat or self.cards is None:
            return self
        return type(self)(
            seat=self.seat, count=self.count, reason=self.reason, recycled=self.recycled
        )

    def words(self, names: Names) -> str:
        who = names.seat(self.seat)
        text = ""
        if self.recycled:
            shuffled = plural(self.recycled, "card")
            text = f"The pile but its top ({shuffled}) is shuffled into the deck; "
        if self.count == 0:
            return text + f"{who} has no card left to pick"
        text += f"{who} picks {plural(self.count, 'card')}{_PICK_REASONS.get(self.reason, '')}"
        if self.cards:
            text += f": {card_labels([card.key for card in self.cards], names.ascii_only)}"
        return text


@event
class NextTurn(EventShape):
    """It is ``seat``'s turn (``again``: the same player plays another turn)."""

    kind = "next"
    seat: int
    again: bool

    def words(self, names: Names) -> str:
        who = names.seat(self.seat)
        return f"{who} plays again" if self.again else f"-- {who}'s turn --"


@event
class LeftTable(EventShape):
    """A player left the table; their ``cards`` went under the deck."""

    kind = "leave"
    seat: int
    cards: int

    def words(self, names: Names) -> str:
        held = plural(self.cards, "card")
        return f"{names.seat(self.seat)} leaves the table ({held} go under the deck)"


KARATA_EVENTS: tuple[type[EventShape], ...] = (
    Shuffled,
    Dealt,
    TurnedUp,
    StarterChosen,
    PutDown,
    TurnFinished,
    TurnPassed,
    TakenBack,
    FineImposed,
    Picked,
    NextTurn,
    LeftTable,
)
"""Karata's events (the game's ``event_types``)."""
