"""Zones: where cards lie, and who may see them.

Every zone declares its visibility, so views, redacted event streams and determinisation
all follow from one declaration:

* ``PUBLIC``: everyone sees the cards (graveyard, board, a discard pile).
* ``OWNER``: only the owning seat sees them (a hand).
* ``NOBODY``: no one sees them, not even the owner (a shuffled deck).

Hidden cards also name a *pool*: the cards a seat cannot tell apart. Determinisation re-deals
the unseen cards of a pool among the zones of that pool that the seat cannot see.

>>> deck = Stack("deck:0", owner=0, visibility=NOBODY, pool="p0")
>>> deck.visible_to(0), Hand("hand:0", owner=0, capacity=5).visible_to(0)
(False, True)
"""

from __future__ import annotations

from typing import ClassVar, Final

from cardtable.engine.cards import Card
from cardtable.engine.rng import Rng

PUBLIC: Final = "public"
OWNER: Final = "owner"
NOBODY: Final = "nobody"
VISIBILITIES: Final = (PUBLIC, OWNER, NOBODY)


class ZoneFull(Exception):
    """A card was added to a zone at its capacity (a rules bug: check ``full`` first)."""


class Zone:
    """An ordered collection of cards with an owner and a visibility.

    ``cards[-1]`` is the top for stacks and the newest card for hands.
    """

    __slots__ = ("name", "owner", "visibility", "pool", "cards", "capacity")
    kind: ClassVar[str] = "zone"

    def __init__(
        self,
        name: str,
        *,
        owner: int | None = None,
        visibility: str = PUBLIC,
        pool: str | None = None,
        capacity: int | None = None,
    ) -> None:
        if visibility not in VISIBILITIES:
            raise ValueError(f"unknown visibility {visibility!r}")
        if visibility == OWNER and owner is None:
            raise ValueError(f"zone {name!r}: an owner-only zone needs an owner")
        self.name = name
        self.owner = owner
        self.visibility = visibility
        self.pool = pool
        self.capacity = capacity
        self.cards: list[Card] = []

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` for a spectator) may see the cards in this zone."""
        if self.visibility == PUBLIC:
            return True
        return self.visibility == OWNER and seat is not None and seat == self.owner

    @property
    def full(self) -> bool:
        return self.capacity is not None and len(self.cards) >= self.capacity

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def add(self, card: Card) -> None:
        """Put ``card`` on top (or at the end)."""
        if self.capacity is not None and len(self.cards) >= self.capacity:
            raise ZoneFull(f"{self.name} already holds {self.capacity} cards")
        self.cards.append(card)

    def remove(self, card: Card) -> None:
        """Take ``card`` out of this zone (``ValueError`` when it is not here)."""
        cards = self.cards
        if cards and cards[-1] is card:
            cards.pop()
            return
        try:
            cards.remove(card)
        except ValueError:
            raise ValueError(f"{card!r} is not in {self.name}") from None

    def copy(self) -> Zone:
        """The same zone holding the same cards, in a list of its own."""
        clone = object.__new__(type(self))
        clone.name = self.name
        clone.owner = self.owner
        clone.visibility = self.visibility
        clone.pool = self.pool
        clone.capacity = self.capacity
        clone.cards = self.cards[:]
        return clone

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, {len(self.cards)} cards)"


class Stack(Zone):
    """An ordered stack: a deck, a draw pile, a graveyard. The top is the end of the list."""

    __slots__ = ()
    kind = "stack"

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    def pop(self) -> Card:
        """Take the top card (``IndexError`` when empty)."""
        return self.cards.pop()

    def add_bottom(self, card: Card) -> None:
        """Put ``card`` at the bottom."""
        if self.capacity is not None and len(self.cards) >= self.capacity:
            raise ZoneFull(f"{self.name} already holds {self.capacity} cards")
        self.cards.insert(0, card)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.cards)


class Hand(Zone):
    """A hand: a bounded list, seen by its owner only (unless declared otherwise)."""

    __slots__ = ()
    kind = "hand"

    def __init__(
        self,
        name: str,
        *,
        owner: int,
        capacity: int | None = None,
        visibility: str = OWNER,
        pool: str | None = None,
    ) -> None:
        super().__init__(name, owner=owner, visibility=visibility, pool=pool, capacity=capacity)


class Board(Zone):
    """A board of fixed slots; the list holds the occupied slots in order of arrival."""

    __slots__ = ()
    kind = "board"
