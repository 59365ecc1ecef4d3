"""Karata's words beyond its own events (each event class words itself, see
:mod:`~cardtable.games.karata.events`; a timeout is told as ``KarataGame.timed_out_words``
says): how cards and counts are written in a log line.

>>> card_labels(["AH", "10S"], ascii_only=False), plural(1, "card"), plural(3, "card")
('A♥ 10♠', '1 card', '3 cards')
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import card_label


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}{'s' * (count != 1)}"


def card_labels(keys: Sequence[str], ascii_only: bool) -> str:
    """Cards by their labels, a space between (``A♥ 10♠``)."""
    return " ".join(card_label(key, ascii_only=ascii_only) for key in keys)
