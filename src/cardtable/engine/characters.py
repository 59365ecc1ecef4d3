"""Characters for battle card games: players' heroes and minions, which die at life <= 0.

A :class:`Target` names a character: a seat's hero or a card on a board. Damage and healing
are actions; one :class:`Damage` may hit several characters at once (they are hit together, so
two heroes falling to the same blow is a draw, not a win for whoever was hit second).

>>> Target.parse("p1"), Target.parse("#12").text()
(Target(seat=1, card=None), '#12')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.errors import InvalidDecision, RecordError, quoted
from cardtable.engine.events import DamageEvent, HealEvent, Hit, Shape
from cardtable.engine.json import JsonObject, JsonValue, as_int, as_object
from cardtable.engine.outcome import ALL_FELL, FELL, Outcome
from cardtable.engine.public import public_field
from cardtable.engine.state import State
from cardtable.engine.stats import Stat


@dataclass(frozen=True, slots=True)
class Target:
    """A seat's hero (``seat``) or a character card (``card``, by id)."""

    seat: int | None = None
    card: int | None = None

    @classmethod
    def hero(cls, seat: int) -> Target:
        """The target naming ``seat``'s hero (one shared instance per seat)."""
        try:
            return _HEROES[seat]
        except IndexError:
            _HEROES.extend(cls(seat=index) for index in range(len(_HEROES), seat + 1))
            return _HEROES[seat]

    @classmethod
    def minion(cls, card_id: int) -> Target:
        return cls(card=card_id)

    def text(self) -> str:
        return f"p{self.seat}" if self.seat is not None else f"#{self.card}"

    @classmethod
    def parse(cls, text: str) -> Target:
        """``p0`` for seat 0's hero, ``#12`` for card 12."""
        found = _TARGET.fullmatch(text.strip().lower())
        if found and found.group(1) == "p":
            return cls(seat=int(found.group(2)))
        if found:
            return cls(card=int(found.group(2)))
        raise InvalidDecision(
            f"{quoted(text)} is not a target: write p0 or p1 for a player, #ID for a card"
        )


_HEROES: list[Target] = []
_TARGET = re.compile(r"([p#])([0-9]{1,9})", re.ASCII)


@dataclass(frozen=True, slots=True)
class HeroData(Shape):
    """A hero in JSON: ``life`` is [starting, current]; ``mana`` is [slots, available]."""

    seat: int
    life: list[int]
    mana: list[int]
    attack: list[int]


class Hero:
    """A player as a character: life, a mana pool, and an attack (0 unless armed)."""

    __slots__ = ("seat", "life", "mana", "attack")
    json_shape: ClassVar[type] = HeroData

    def __init__(self, seat: int, life: int, mana: int = 0) -> None:
        self.seat = seat
        self.life = Stat(life)
        self.mana = Stat(mana)
        self.attack = Stat(0)

    @property
    def dead(self) -> bool:
        return self.life.value <= 0

    def copy(self) -> Hero:
        clone = Hero.__new__(Hero)
        clone.seat = self.seat
        clone.life = self.life.copy()
        clone.mana = self.mana.copy()
        clone.attack = self.attack.copy()
        return clone

    def to_json(self) -> JsonObject:
        life, mana, attack = self.life, self.mana, self.attack  # each stat as Stat.to_json
        return {
            "seat": self.seat,
            "life": [life.base, life.value],
            "mana": [mana.base, mana.value],
            "attack": [attack.base, attack.value],
        }

    @classmethod
    def from_json(cls, value: JsonValue) -> Hero:
        data = as_object(value, "hero")
        hero = cls(as_int(data.get("seat"), "hero seat"), 0)
        hero.life = Stat.from_json(data.get("life"))
        hero.mana = Stat.from_json(data.get("mana"))
        hero.attack = Stat.from_json(data.get("attack"))
        return hero


class BattleState(State):
    """A state with one hero per seat: the base of battle card games."""

    heroes: list[Hero] = public_field(factory=list)

    def character(self, target: Target) -> Hero | Card:
        """The hero or card a target names (``IndexError`` for an unknown one)."""
        if target.seat is not None:
            return self.heroes[target.seat]
        assert target.card is not None
        return self.cards[target.card]

    def life(self, target: Target) -> Stat:
        """The life stat of a hero, or the tracked life of a card character."""
        found = self.character(target)
        if isinstance(found, Hero):
            return found.life
        life = self.tracked(found, "life")
        if life is None:
            raise ValueError(f"{found!r} is not a character: it has no tracked life")
        return life

    def check_public(self) -> None:
        if [hero.seat for hero in self.heroes] != list(range(self.seats)):
            raise RecordError(f"heroes: expected one hero per seat, seats 0 to {self.seats - 1}")


SHIELD = "shield"
"""A card character's tracked stat: while above 0, the next hit that would hurt it is absorbed
(and takes one point of shield away)."""


class Damage(Action[BattleState]):
    """Several characters lose life at once. ``reason`` says why (``card``, ``bleeding``...).

    A card character with a shield (a tracked ``shield`` stat above 0) takes nothing from a hit
    and loses one point of shield instead: its event marks that hit ``shielded`` (a reaction
    that must know whether a blow landed is told the event).
    """

    __slots__ = ("hits", "reason", "source")

    def __init__(
        self, hits: Sequence[tuple[Target, int]], *, source: int | None = None, reason: str
    ) -> None:
        self.hits = tuple(hits)
        self.source = source
        self.reason = reason

    def execute(self, state: BattleState) -> DamageEvent:
        hits = []
        for target, amount in self.hits:
            seat = target.seat
            absorbed = False
            if seat is not None:
                life = state.heroes[seat].life
            else:
                life = state.life(target)
                shield = state.tracked(state.cards[target.card or 0], SHIELD)
                if amount > 0 and shield is not None and shield.value > 0:
                    shield.value -= 1
                    absorbed = True
            if not absorbed:
                life.value -= amount
            hits.append(Hit(target.text(), amount, life.value, True if absorbed else None))
        return DamageEvent(self.reason, self.source, hits)


class Heal(Action[BattleState]):
    """A character regains life, never above its base (its starting or full health)."""

    __slots__ = ("target", "amount", "source")

    def __init__(self, target: Target, amount: int, *, source: int | None = None) -> None:
        self.target = target
        self.amount = amount
        self.source = source

    def execute(self, state: BattleState) -> HealEvent:
        life = state.life(self.target)
        life.value = max(life.value, min(life.base, life.value + self.amount))
        return HealEvent(self.target.text(), self.amount, self.source, life.value)


def hero_outcome(state: BattleState) -> Outcome | None:
    """Heroes at life <= 0 have lost: all of them fallen is a draw, otherwise the living win."""
    for hero in state.heroes:
        if hero.life.value <= 0:
            break
    else:
        return None
    fallen = [hero.seat for hero in state.heroes if hero.life.value <= 0]
    living = tuple(hero.seat for hero in state.heroes if hero.life.value > 0)
    if not living:
        return ALL_FELL.outcome(winners=(), seats=fallen)
    return FELL.outcome(winners=living, seats=fallen)
