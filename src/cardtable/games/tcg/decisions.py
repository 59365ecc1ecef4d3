"""The Kata TCG's decisions and their canonical text.

* ``play #ID``: play a card in its own way: an attack on the opposing hero, or a card
  drawer's draw. With minions on, an attack names its target: ``play #ID @p1`` (the opposing
  hero) or ``play #ID @#ID`` (an opposing minion).
* ``play #ID heal``: play it to heal yourself (healing variation).
* ``play #ID minion``: play it as a minion (minions variation).
* ``attack #ID @p1`` / ``attack #ID @#ID``: a ready minion attacks (minions variation).
* ``end``: end the turn. ``concede`` is every game's.

>>> Play(12).text(), Play(12, target=Target.hero(1)).text(), Play(12, HEAL).text()
('play #12', 'play #12 @p1', 'play #12 heal')
>>> parse("attack #30 @#41") == Attack(30, Target.minion(41))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from cardtable.engine.characters import Target
from cardtable.engine.decisions import NAMES_CARD, NAMES_MODE, NAMES_TARGET, Decision
from cardtable.engine.errors import InvalidDecision, quoted

HEAL = "heal"
MINION = "minion"
MODES = (HEAL, MINION)
"""The ways to play a card besides its own (an attack, or drawing for a card drawer)."""


@dataclass(frozen=True, slots=True)
class Play(Decision):
    """Play card ``card`` from your hand: in its own way (``mode`` empty) or as a heal or a
    minion; ``target`` is the attacked character when the rules let you choose one."""

    kind: ClassVar[str] = "play"
    card: int = field(metadata=NAMES_CARD)
    mode: str = field(default="", metadata=NAMES_MODE)
    target: Target | None = field(default=None, metadata=NAMES_TARGET)

    def text(self) -> str:
        words = [f"play #{self.card}"]
        if self.mode:
            words.append(self.mode)
        if self.target is not None:
            words.append(f"@{self.target.text()}")
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Attack(Decision):
    """Your minion ``minion`` attacks ``target`` (the opposing hero or one of its minions)."""

    kind: ClassVar[str] = "attack"
    minion: int = field(metadata=NAMES_CARD)
    target: Target = field(metadata=NAMES_TARGET)

    def text(self) -> str:
        return f"attack #{self.minion} @{self.target.text()}"


@dataclass(frozen=True, slots=True)
class End(Decision):
    """End your turn."""

    kind: ClassVar[str] = "end"

    def text(self) -> str:
        return "end"


_ID = r"#([0-9]{1,9})"
_TARGET = r"@(p[0-9]{1,9}|#[0-9]{1,9})"
_PLAY = re.compile(rf"play {_ID}(?: ({'|'.join(MODES)}))?(?: {_TARGET})?", re.ASCII)
_ATTACK = re.compile(rf"attack {_ID} {_TARGET}", re.ASCII)
_PLAYS: list[Play] = []
END = End()


def play(card: int) -> Play:
    """The (shared, immutable) decision to play card ``card`` in its own way, untargeted."""
    return plays(card + 1)[card]


def plays(count: int) -> list[Play]:
    """The shared untargeted decisions to play cards ``0 .. count - 1``, indexed by card id."""
    if count <= len(_PLAYS):
        return _PLAYS
    _PLAYS.extend(Play(index) for index in range(len(_PLAYS), count))
    return _PLAYS


def parse(text: str) -> Decision:
    """A Kata TCG decision from its canonical text."""
    word = " ".join(text.strip().lower().split())
    if word == "end":
        return END
    found = _PLAY.fullmatch(word)
    if found:
        target = Target.parse(found.group(3)) if found.group(3) else None
        return Play(int(found.group(1)), found.group(2) or "", target)
    found = _ATTACK.fullmatch(word)
    if found:
        return Attack(int(found.group(1)), Target.parse(found.group(2)))
    raise InvalidDecision(
        f"{quoted(text.strip())} is not a Kata TCG decision: write 'play #ID' (with 'heal', "
        "'minion' or a target such as '@p1' where the rules allow), 'attack #ID @TARGET', "
        "'end' or 'concede'"
    )
