"""The Kata TCG's events, each declared once (see :mod:`cardtable.engine.events`): the action
that makes one returns it, and its class gives its JSON, what each seat sees of it and its
line in a match's log.

Cards are named when the reader was shown them (a minion by the name it was played with),
else by id: ``card #12``. Everything in this game is public but a card drawn into a hand:
only the seats that see the hand (its owner) see its face (:class:`Drew`).

>>> from cardtable.engine.wording import Names
>>> names = Names(["Ann", "Bob"].__getitem__, {12: "Fire Imp"})
>>> Attacked(seat=0, minion=12, target="p1").words(names)
"Ann's Fire Imp attacks Bob"
>>> Enchanted(card=13, stat="attack", amount=2, until="turn_end").words(names)
'card #13 gets +2 attack until the end of the turn'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from cardtable.engine.cards import Card
from cardtable.engine.events import EventShape, Shape, event, unsaid
from cardtable.engine.wording import Names, character
from cardtable.engine.zones import Zone

HAND: Final = "hand"
OVERLOAD: Final = "overload"
EMPTY: Final = "empty"
DrawResult = Literal["hand", "overload", "empty"]
"""Where a drawn card went: into the hand, to the graveyard (the hand was full), or nowhere
(the deck was empty)."""
PlayMode = Literal["attack", "draw", "heal", "minion", "spell"]
"""How a card was played (see :class:`Played`)."""


@dataclass(frozen=True, slots=True)
class CardFace(Shape):
    """What is printed on a card."""

    id: int
    key: str
    name: str
    cost: int
    damage: int
    heal: int
    attack: int
    health: int
    draw: int


def face_of(card: Card) -> CardFace:
    """The face of ``card`` in events: what is printed on it (views show current values),
    made once and kept on the card."""
    return card.face(_face)


def _face(card: Card) -> CardFace:
    printed = card.printed
    return CardFace(
        id=card.id,
        key=card.key,
        name=card.definition.name,
        cost=printed("cost"),
        damage=printed("damage"),
        heal=printed("heal"),
        attack=printed("attack"),
        health=printed("health"),
        draw=printed("draw"),
    )


@event
class Shuffled(EventShape):
    """A deck (``zone``) was shuffled: left out of a log."""

    kind = "shuffle"
    zone: str

    def words(self, names: Names) -> None:
        return None


@event
class FirstChosen(EventShape):
    """The starting player was drawn by lot."""

    kind = "first_player"
    seat: int

    def words(self, names: Names) -> str:
        return f"{names.seat(self.seat)} goes first"


@event
class TurnStarted(EventShape):
    """A turn began and its mana step is done: ``slots`` slots, all full (``mana``)."""

    kind = "turn_started"
    seat: int
    slots: int
    mana: int

    def words(self, names: Names) -> str:
        return f"-- {names.seat(self.seat)}'s turn, {self.mana} mana --"


@event
class Drew(EventShape):
    """``result``: hand, overload (the card went to the graveyard) or empty (bleeding).
    ``card`` is shown to the seats that see where it went: the drawer (a hand is its
    owner's), and everyone on an overload."""

    kind = "draw"
    seat: int
    result: DrawResult
    card: CardFace | None = None
    zone: Zone | None = unsaid(default=None)
    """The zone the card went to (what decides who sees the card)."""

    def for_seat(self, seat: int | None) -> Drew:
        """The card only for the seats that see the zone it went to (as it is declared when
        the event is read)."""
        zone = self.zone
        if self.card is None or zone is None or zone.visible_to(seat):
            return self
        return Drew(seat=self.seat, result=self.result)

    def words(self, names: Names) -> str:
        who = names.seat(self.seat)
        if self.result == EMPTY:
            return f"{who} has no card left to draw"
        name = "a card" if self.card is None else self.card.name
        if self.result == OVERLOAD:
            return f"{who}'s hand is full: {name} goes to the graveyard"
        return f"{who} draws {name}"


@event
class Played(EventShape):
    """A card was played: as an attack (on ``target``), to draw, as a heal or as a minion."""

    kind = "play"
    seat: int
    card: CardFace
    mode: PlayMode
    target: str | None

    def words(self, names: Names) -> str:
        who, name = names.seat(self.seat), self.card.name
        if self.mode == "minion":
            return f"{who} plays {name} as a minion"
        if self.mode == "heal":
            return f"{who} plays {name} to heal"
        if self.target is not None:
            return f"{who} plays {name} at {character(self.target, names)}"
        return f"{who} plays {name}"


@event
class Attacked(EventShape):
    """A minion attacked ``target`` (the blows follow as a damage event)."""

    kind = "attack"
    seat: int
    minion: int
    target: str

    def words(self, names: Names) -> str:
        minion = names.card(self.minion)
        return f"{names.seat(self.seat)}'s {minion} attacks {character(self.target, names)}"


@event
class TurnEnded(EventShape):
    """The active seat ended its turn."""

    kind = "turn_ended"
    seat: int

    def words(self, names: Names) -> str:
        return f"{names.seat(self.seat)} ends the turn"


@event
class Enchanted(EventShape):
    """A minion's (or a card's) stat changed; ``until`` is ``turn_end`` for a passing buff."""

    kind = "enchant"
    card: int
    stat: str
    amount: int
    until: str | None

    def words(self, names: Names) -> str:
        change = f"+{self.amount}" if self.amount >= 0 else str(self.amount)
        text = f"{names.card(self.card)} gets {change} {self.stat}"
        return text + (" until the end of the turn" if self.until == "turn_end" else "")


@event
class PickedAtRandom(EventShape):
    """A random effect of card ``source`` picked its character."""

    kind = "random_target"
    seat: int
    source: int
    target: str

    def words(self, names: Names) -> str:
        source, picked = names.card(self.source), character(self.target, names)
        return f"{names.seat(self.seat)}'s {source} picks {picked} at random"


@event
class Discounted(EventShape):
    """``seat``'s next drawn card will cost ``amount`` less."""

    kind = "discount"
    seat: int
    amount: int

    def words(self, names: Names) -> str:
        return f"{names.seat(self.seat)}'s next card drawn costs {self.amount} less"


@event
class DiscountUsed(EventShape):
    """A card drawn into ``seat``'s hand took the discount (which card stays hidden)."""

    kind = "discount_used"
    seat: int
    amount: int

    def words(self, names: Names) -> str:
        return f"the card {names.seat(self.seat)} draws costs {self.amount} less"


@event
class Expired(EventShape):
    """Changes that lasted until the end of the turn went, from these cards."""

    kind = "expired"
    cards: list[int]

    def words(self, names: Names) -> str:
        return "the changes that lasted this turn wear off"


TCG_EVENTS: tuple[type[EventShape], ...] = (
    Shuffled,
    FirstChosen,
    TurnStarted,
    Drew,
    Played,
    Attacked,
    TurnEnded,
    Enchanted,
    PickedAtRandom,
    Discounted,
    DiscountUsed,
    Expired,
)
"""The Kata TCG's own events (the game's ``event_types``); the engine's (damage, heals,
deaths, made cards...) are the engine's."""
