"""The engine's small family of typed errors.

Every error a user can cause carries a ``reason`` written for a player, not a programmer::

    >>> err = IllegalDecision("you cannot afford that card: it costs 5, you have 3 mana")
    >>> err.reason
    'you cannot afford that card: it costs 5, you have 3 mana'
"""

from __future__ import annotations


class CardtableError(Exception):
    """Base of every error cardtable raises on purpose."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DecisionError(CardtableError):
    """A decision was refused; the state is unchanged."""


class InvalidDecision(DecisionError):
    """The decision's text or shape is not a decision of this game (a typo, an unknown word)."""


class IllegalDecision(DecisionError):
    """A well-formed decision that the rules do not allow now (not your turn, too expensive...)."""


class RulesetError(CardtableError):
    """A ruleset (or a rules file) holds values the game cannot be played with."""


class RecordError(CardtableError):
    """A match record (or a saved state) cannot be read or does not replay."""


class RunawayReactions(CardtableError):
    """Processing the action queue exceeded the step bound: reactions keep triggering each other."""


class UnknownGame(CardtableError):
    """No game is registered under the requested name."""


def quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message, shortened when it is long.

    >>> quoted("play #12"), quoted("x" * 100, limit=8)
    ("'play #12'", "'xxxxxxxx…' (100 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}…' ({len(text)} characters)".replace("'…'", "…'", 1)
