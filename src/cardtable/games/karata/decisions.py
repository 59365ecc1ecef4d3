"""Karata's decisions and their canonical text.

A turn is built a card at a time, then finished; or given whole:

* ``play 7H``: add a card from your hand to your turn (cards by rank and suit letter:
  ``10S``, ``QD``, ``AS``; ``BJ`` and ``RJ`` for the jokers).
* ``finish``: end your turn; ``finish ask H`` asks for a suit, ``finish ask 9S`` for a card
  (when your Aces make a request); ``last`` at the end also declares last card.
* ``pass``: play nothing and pick (one card, or the pending bomb's count).
* ``turn 7H 7S ask H last``: a whole turn in one decision.

A suit may be named in full (``finish ask hearts``); cards in a turn take their short forms.

>>> Finish("S", last=True).text(), parse("Finish  ASK spades last") == Finish("S", True)
('finish ask S last', True)
>>> parse("turn 7h 7s ask 9s").text()
'turn 7H 7S ask 9S'
>>> parse("play 1H")
Traceback (most recent call last):
...
cardtable.engine.errors.InvalidDecision: '1H' is not a card: write a rank and a suit letter \
(7H, 10S, QD, AS) or BJ/RJ for a joker
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from cardtable.cards import CardTextError, parse_card, parse_suit
from cardtable.engine.decisions import NAMES_CARD, Decision
from cardtable.engine.errors import InvalidDecision, quoted


@dataclass(frozen=True, slots=True)
class Play(Decision):
    """Add ``card`` (its key) from your hand to the turn you are building."""

    kind: ClassVar[str] = "play"
    card: str = field(metadata=NAMES_CARD)

    def text(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Finish(Decision):
    """End your turn; ``request`` is a suit letter or a card's key when your Aces ask for one;
    ``last`` declares last card."""

    kind: ClassVar[str] = "finish"
    request: str = ""
    last: bool = False

    def text(self) -> str:
        return " ".join(["finish", *_tail(self.request, self.last)])


@dataclass(frozen=True, slots=True)
class Pass(Decision):
    """Play nothing and pick: one card, or the count of the bomb pending on you."""

    kind: ClassVar[str] = "pass"

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Turn(Decision):
    """A whole turn at once: ``cards`` in order, then finish with ``request`` and ``last``."""

    kind: ClassVar[str] = "turn"
    cards: tuple[str, ...] = field(metadata=NAMES_CARD)
    request: str = ""
    last: bool = False

    def text(self) -> str:
        return " ".join(["turn", *self.cards, *_tail(self.request, self.last)])


PASS = Pass()
FINISH = Finish()


def _tail(request: str, last: bool) -> list[str]:
    words = []
    if request:
        words += ["ask", request]
    if last:
        words.append("last")
    return words


def card_key(word: str) -> str:
    """The key of the card ``word`` names (``InvalidDecision`` when it names none)."""
    try:
        return parse_card(word).text
    except CardTextError:
        raise InvalidDecision(
            f"{quoted(word)} is not a card: write a rank and a suit letter (7H, 10S, QD, AS) "
            "or BJ/RJ for a joker"
        ) from None


def request_key(word: str) -> str:
    """A suit letter (from ``H`` or ``hearts``) or a card's key."""
    try:
        return parse_suit(word).letter
    except CardTextError:
        pass
    try:
        return parse_card(word).text
    except CardTextError:
        raise InvalidDecision(
            f"{quoted(word)} is neither a suit nor a card: ask for a suit (hearts or H) or a "
            "card (9S)"
        ) from None


def _request_and_last(words: list[str]) -> tuple[str, bool]:
    last = bool(words) and words[-1] == "last"
    if last:
        words = words[:-1]
    if not words:
        return "", last
    if words[0] != "ask" or len(words) < 2:
        raise InvalidDecision(
            f"{quoted(' '.join(words))}: after the cards, write ask and a suit or card, "
            "then last to declare last card"
        )
    return request_key(" ".join(words[1:])), last


def _keyword(word: str) -> str:
    lowered = word.lower()
    return lowered if lowered in ("ask", "last") else word


def parse(text: str) -> Decision:
    """A Karata decision from its text (see the module's documentation)."""
    words = text.strip().split()
    if not words:
        raise InvalidDecision("write play CARD, finish, pass or turn CARDS (or concede)")
    verb, rest = words[0].lower(), [_keyword(word) for word in words[1:]]
    if verb == "pass" and not rest:
        return PASS
    if verb == "play" and len(rest) == 1:
        return Play(card_key(rest[0]))
    if verb == "finish":
        request, last = _request_and_last(rest)
        return Finish(request, last)
    if verb == "turn" and rest:
        cut = next(
            (i for i, word in enumerate(rest) if word in ("ask", "last")),
            len(rest),
        )
        cards = tuple(card_key(word) for word in rest[:cut])
        if not cards:
            raise InvalidDecision("a whole turn names its cards first: turn 7H 7S")
        request, last = _request_and_last(rest[cut:])
        return Turn(cards, request, last)
    raise InvalidDecision(
        f"{quoted(text.strip())} is not a Karata decision: write play CARD, finish "
        "[ask SUIT|CARD] [last], pass, or turn CARDS [ask ...] [last]"
    )
