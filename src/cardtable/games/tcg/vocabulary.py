"""The small, named vocabulary cards are written in: effects, targets, filters, triggers.

An **effect** does one thing (``damage``, ``heal``, ``draw``, ``summon``, ``buff``, ``give``,
``discount``) to a **target**: nothing in particular (``none``), the character the player
chose (``chosen``), the card itself (``self``), a hero (``own_hero``, ``enemy_hero``), every
character matching a **filter** (``all``) or ``count`` random ones (``random``). A **trigger**
runs effects when something happens to or around its card (``played``, ``dies``,
``turn_start``, ``turn_end``, ``damaged``, ``spell_cast``).

>>> Effect(do="damage", amount=3, target="chosen", filter="enemy").text()
'deal 3 damage to a chosen enemy character'
>>> Trigger(when="dies", effects=(Effect(do="summon", card="skeleton", count=2),)).text()
'when it dies: summon 2 skeleton'
"""

from __future__ import annotations

from dataclasses import dataclass

EFFECTS = ("damage", "heal", "draw", "summon", "buff", "give", "discount")
TARGETS = ("none", "chosen", "self", "own_hero", "enemy_hero", "all", "random")
FILTERS = (
    "any",
    "enemy",
    "friendly",
    "minion",
    "enemy_minion",
    "friendly_minion",
    "other_friendly_minion",
    "hero",
)
WHEN = ("played", "dies", "turn_start", "turn_end", "damaged", "spell_cast")
UNTIL = ("", "turn_end")
KINDS = ("value", "spell", "minion")
"""A card's kind: ``value`` cards (the kata's) are worth a number in every way they can be
played; ``spell`` cards resolve their effects; ``minion`` cards go to the board."""

_FILTER_WORDS = {
    "any": "character",
    "enemy": "enemy character",
    "friendly": "friendly character",
    "minion": "minion",
    "enemy_minion": "enemy minion",
    "friendly_minion": "friendly minion",
    "other_friendly_minion": "other friendly minion",
    "hero": "hero",
}
_WHEN_WORDS = {
    "played": "when played",
    "dies": "when it dies",
    "turn_start": "at the start of your turn",
    "turn_end": "at the end of your turn",
    "damaged": "whenever it is damaged",
    "spell_cast": "whenever you cast a spell",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Effect:
    """One thing a card does. Fields an effect does not use keep their defaults."""

    do: str
    amount: int = 0
    target: str = "none"
    filter: str = "any"
    count: int = 1
    card: str = ""
    stat: str = ""
    who: str = "self"
    until: str = ""

    def text(self) -> str:
        """The effect in words, as a card's text would put it."""
        aim = _aim(self)
        if self.do == "damage":
            return f"deal {self.amount} damage to {aim}"
        if self.do == "heal":
            return f"heal {aim} by {self.amount}"
        if self.do == "draw":
            return f"draw {self.count} card{'s' if self.count != 1 else ''}"
        if self.do == "summon":
            return f"summon {self.count} {self.card}"
        if self.do == "buff":
            sign = "+" if self.amount >= 0 else ""
            when = " until the end of the turn" if self.until else ""
            return f"give {aim} {sign}{self.amount} {self.stat}{when}"
        if self.do == "give":
            whom = "your opponent" if self.who == "opponent" else "you"
            return f"give {whom} {self.count} {self.card}"
        return f"your next drawn card costs {self.amount} less"


@dataclass(frozen=True, slots=True, kw_only=True)
class Trigger:
    """Effects that run when ``when`` happens; ``filter`` says whose damage counts for
    ``damaged`` (``self`` by default)."""

    when: str
    effects: tuple[Effect, ...]
    filter: str = "self"

    def text(self) -> str:
        return f"{_WHEN_WORDS[self.when]}: " + "; ".join(e.text() for e in self.effects)


def _aim(effect: Effect) -> str:
    noun = _FILTER_WORDS.get(effect.filter, effect.filter)
    if effect.target == "chosen":
        return f"a chosen {noun}"
    if effect.target == "self":
        return "itself"
    if effect.target == "own_hero":
        return "your hero"
    if effect.target == "enemy_hero":
        return "the enemy hero"
    if effect.target == "all":
        return f"every {noun}"
    if effect.target == "random":
        return f"{effect.count} random {noun}{'s' if effect.count != 1 else ''}"
    return "nothing"
