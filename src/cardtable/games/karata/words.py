"""Karata's words beyond its own events (each event class words itself, see
:mod:`~cardtable.games.karata.events`): the engine's ``timed_out`` event told in Karata's
terms, and how cards and counts are written in a log line.

>>> from cardtable.engine.wording import Names
>>> names = Names(["Ann", "Bob"].__getitem__)
>>> timed_out({"type": "timed_out", "seat": 1, "decision": "pass"}, names)
'Bob ran out of time; they passed'
>>> card_labels(["AH", "10S"], ascii_only=False), plural(1, "card"), plural(3, "card")
('A♥ 10♠', '1 card', '3 cards')
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import card_label
from cardtable.engine import wording
from cardtable.engine.json import JsonObject
from cardtable.engine.wording import Names


def timed_out(event: JsonObject, names: Names) -> str:
    """A ``timed_out`` event: the player passed, or their turn under way was finished."""
    passed = event.get("decision") == "pass"
    return wording.timed_out(
        event, names, "they passed" if passed else "their turn was finished for them"
    )


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}{'s' * (count != 1)}"


def card_labels(keys: Sequence[str], ascii_only: bool) -> str:
    """Cards by their labels, a space between (``A♥ 10♠``)."""
    return " ".join(card_label(key, ascii_only=ascii_only) for key in keys)
