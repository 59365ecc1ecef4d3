"""The engine's small family of typed errors.

Every error a user can cause carries a ``reason`` written for a player, not a programmer; a
refused decision carries a stable ``code`` beside it, for programs (see
:data:`ENGINE_REFUSAL_CODES` and each game's ``refusal_codes``)::

    >>> err = IllegalDecision(
    ...     "you cannot afford that card: it costs 5, you have 3 mana", code="cannot_afford"
    ... )
    >>> err.reason, err.code
    ('you cannot afford that card: it costs 5, you have 3 mana', 'cannot_afford')
    >>> InvalidDecision("'xyz' is not a decision").code
    'invalid_decision'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

ENGINE_REFUSAL_CODES: Mapping[str, str] = {
    "invalid_decision": "the text or shape is not a decision of this game",
    "unknown_decision": "a decision of a kind this game does not have (another game's)",
    "match_over": "the match is over",
    "match_stopped": "the match stopped after an error and takes no more decisions",
    "no_such_seat": "the match has no such seat",
    "out_of_match": "the seat has left the match (conceded, or knocked out)",
    "not_your_turn": "another seat is to decide now",
    "no_such_card": "the decision names a card that no card of this match is",
    "not_your_card": (
        "the card named is not where the decision needs it (not in your hand, not one of "
        "your minions)"
    ),
    "no_default": "the seat has nothing to decide, so no time of its can run out",
    "timer_only": "only the server's turn timer may make a timeout, never a player",
    "illegal_decision": (
        "refused by a game that names no code of its own (the conformance suite asks every "
        "game to name one)"
    ),
}
"""The refusal codes of the engine, shared by every game, each with its meaning. A game's own
codes are its ``refusal_codes``; :attr:`Game.all_refusal_codes
<cardtable.engine.game.Game.all_refusal_codes>` gives both."""


class CardtableError(Exception):
    """Base of every error cardtable raises on purpose."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DecisionError(CardtableError):
    """A decision was refused; the state is unchanged. ``code`` says which refusal it is, for
    programs: one of :data:`ENGINE_REFUSAL_CODES` or of the game's ``refusal_codes`` (without
    one, the class's ``default_code``)."""

    default_code: ClassVar[str] = "illegal_decision"

    def __init__(self, reason: str, *, code: str | None = None) -> None:
        super().__init__(reason)
        self.code = code if code is not None else self.default_code

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep the code when the error crosses processes (the code is keyword-only).
        return (_rebuild, (type(self), self.reason, self.code))


def _rebuild(kind: type[DecisionError], reason: str, code: str) -> DecisionError:
    return kind(reason, code=code)


class InvalidDecision(DecisionError):
    """The decision's text or shape is not a decision of this game (a typo, an unknown word)."""

    default_code = "invalid_decision"


class IllegalDecision(DecisionError):
    """A well-formed decision that the rules do not allow now (not your turn, too expensive...)."""


RULESET_ERROR_CODES: Mapping[str, str] = {
    "unreadable_file": "the file is not there, is a folder, cannot be read or is not text",
    "unwritable_file": "the file cannot be written",
    "bad_toml": "the file is not valid TOML (or holds values Python cannot hold)",
    "wrong_game": "a rules file written for another game",
    "unknown_field": "a key or field the format (or the game's rules) does not have",
    "missing_field": "a field that must be given is not",
    "wrong_type": "a value of the wrong kind: text for a number, a number for a list...",
    "out_of_range": "a number, a count or a length outside what the field allows",
    "bad_value": (
        "a value the field does not take (not one of its choices, not of its form), or values "
        "that do not fit together; also the code of a RulesetError raised without one"
    ),
    "unknown_set": "a card set that is neither one of cardtable's nor a set file",
    "unknown_card": "a card id that the card set or the pool does not have",
    "duplicate_card": "two cards of one pool or set with the same id",
    "deck_rules": (
        "a deck that breaks the deck-building limits: its size, copies of one card, a token "
        "or a minion card where none may go"
    ),
}
"""The codes of :class:`RulesetError`, each with its meaning: a closed set that programs may
rely on (front ends, the REST problem documents, tests)."""


class RulesetError(CardtableError, ValueError):
    """A ruleset (or a rules, card set or deck file) holds values the game cannot be played
    with. It is a ``ValueError`` too, as pydantic's errors are: code that catches those around
    building a ruleset in Python keeps working.

    Beside the ``reason`` a person reads, it says for programs what is wrong and where:
    ``code`` (one of :data:`RULESET_ERROR_CODES`), ``field`` (the dotted path of the offending
    field, such as ``cards.3.cost``, or None), ``line`` (the 1-based line of the file, where
    known) and ``file`` (the file's path, when the rules came from one). When several things
    are wrong, the reason names them all, one a line, and the attributes describe the first::

        >>> err = RulesetError(
        ...     "house.toml, line 3: players: must be at least 1 (got 0)",
        ...     code="out_of_range", field="players", line=3, file="house.toml",
        ... )
        >>> err.code, err.field, err.line, err.file
        ('out_of_range', 'players', 3, 'house.toml')
        >>> RulesetError("these rules cannot be played").code
        'bad_value'
    """

    default_code: ClassVar[str] = "bad_value"

    def __init__(
        self,
        reason: str,
        *,
        code: str | None = None,
        field: str | None = None,
        line: int | None = None,
        file: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.code = code if code is not None else self.default_code
        self.field = field
        self.line = line
        self.file = file

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep every attribute when the error crosses processes (they are keyword-only).
        return (
            _rebuild_ruleset_error,
            (type(self), self.reason, self.code, self.field, self.line, self.file),
        )


def _rebuild_ruleset_error(
    kind: type[RulesetError],
    reason: str,
    code: str,
    field: str | None,
    line: int | None,
    file: str | None,
) -> RulesetError:
    return kind(reason, code=code, field=field, line=line, file=file)


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
