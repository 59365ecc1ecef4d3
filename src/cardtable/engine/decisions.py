"""Decisions: what a seat chooses. The engine turns them into actions.

Every decision has a canonical text form that parses back (``Concede().text() == "concede"``);
records store decisions in that form. The legal decisions of a seat in a state are one object,
:class:`Decisions`, that agents, front ends, the server and tests all ask; nobody re-derives
the rules.

>>> legal = Decisions(seat=0, moves=(), default=None)
>>> Concede() in legal, len(legal), legal.moves
(True, 1, ())

A program that must not parse text reads a decision's :meth:`~Decision.shape`: its kind, the
cards, targets and mode it names (a game marks those fields with :data:`NAMES_CARD`,
:data:`NAMES_TARGET` and :data:`NAMES_MODE`), the rest of
its fields, and its text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from types import MappingProxyType
from typing import ClassVar, Literal, Self, get_args, get_type_hints

from cardtable.engine.json import JsonObject, JsonValue

_ROLE = "cardtable_role"
NAMES_CARD: Mapping[str, str] = MappingProxyType({_ROLE: "card"})
"""Field metadata: the field names a card (its id, or its key in games whose decisions name
cards by key), or a tuple of cards. See :meth:`Decision.shape`::

    >>> @dataclass(frozen=True)
    ... class Swap(Decision):
    ...     kind: ClassVar[str] = "swap"
    ...     cards: tuple[int, ...] = field(metadata=NAMES_CARD)
    ...     slow: bool = False
    ...     def text(self) -> str:
    ...         return "swap " + " ".join(f"#{card}" for card in self.cards)
    >>> Swap((3, 4)).shape().to_json()  # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'swap', 'text': 'swap #3 #4', 'cards': [3, 4], 'targets': [], 'mode': None,
     'details': {'slow': False}}
"""
NAMES_TARGET: Mapping[str, str] = MappingProxyType({_ROLE: "target"})
"""Field metadata: the field names a target (anything with a ``text()``, or text; ``None``
for none)."""
NAMES_MODE: Mapping[str, str] = MappingProxyType({_ROLE: "mode"})
"""Field metadata: the field names how a card is played (text, ``""`` its own way)."""


@dataclass(frozen=True, slots=True)
class DecisionShape:
    """A decision as programs read it: no text to parse.

    ``cards`` are the ids (or keys, in games whose decisions name cards by key) of the cards
    it names, in order; ``targets`` the characters it aims at, in their text form (``p1`` a
    seat's hero, ``#12`` a card); ``mode`` how a card is played (``""`` its own way) or
    ``None`` when the decision has no mode; ``details`` its other fields.
    """

    kind: str
    text: str
    cards: tuple[int | str, ...] = ()
    targets: tuple[str, ...] = ()
    mode: str | None = None
    details: dict[str, JsonValue] = field(default_factory=dict)

    def to_json(self) -> JsonObject:
        return {
            "kind": self.kind,
            "text": self.text,
            "cards": list(self.cards),
            "targets": list(self.targets),
            "mode": self.mode,
            "details": dict(self.details),
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """Base of every game's decisions: frozen, comparable, with a canonical text form and a
    JSON form (``{"type": kind, ...fields}``).

    A decision whose text is its fields in a fixed pattern declares it as ``form``, and gets
    both its :meth:`text` and the reading of that text (:meth:`from_text`) from it: each
    ``{field}`` stands for a number (an ``int`` field) or one word. A decision of another
    text writes its own :meth:`text`, and its game parses it.

    >>> @dataclass(frozen=True)
    ... class Swap(Decision):
    ...     kind: ClassVar[str] = "swap"
    ...     form: ClassVar[str] = "swap #{card} with {seat}"
    ...     card: int
    ...     seat: int
    >>> Swap(7, 1).text(), Swap.from_text("Swap  #7 with 1")
    ('swap #7 with 1', Swap(card=7, seat=1))
    >>> Swap.from_text("swap 7") is None
    True
    """

    kind: ClassVar[str] = "decision"
    form: ClassVar[str] = ""
    """The decision's text with ``{field}`` for each field (``play #{card}``), or empty."""
    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}

    def text(self) -> str:
        if not self.form:
            raise NotImplementedError(f"{type(self).__name__} must define text() or a form")
        return self.form.format(**{item.name: getattr(self, item.name) for item in fields(self)})

    @classmethod
    def from_text(cls, text: str) -> Self | None:
        """The decision ``text`` says in this class's :attr:`form` (spaces and case aside),
        or ``None`` when it says none."""
        known = _FORMS.get(cls)
        if known is None:
            known = _FORMS[cls] = _form(cls)
        pattern, numbers = known
        found = pattern.fullmatch(" ".join(text.lower().split()))
        if found is None:
            return None
        values = found.groupdict()
        return cls(**{name: int(v) if name in numbers else v for name, v in values.items()})

    def to_json(self) -> JsonObject:
        """``{"type": kind, ...fields}``; a field holding a dataclass (a target) is an object."""
        data: JsonObject = {"type": self.kind}
        for item in fields(self):
            value = getattr(self, item.name)
            if is_dataclass(value) and not isinstance(value, type):
                data[item.name] = asdict(value)
            else:
                data[item.name] = value
        return data

    def shape(self) -> DecisionShape:
        """What the decision names, read from its fields (see :data:`NAMES_CARD`)."""
        cards: list[int | str] = []
        targets: list[str] = []
        mode: str | None = None
        details: dict[str, JsonValue] = {}
        for name, role in _roles(type(self)):
            value = getattr(self, name)
            if role == "card":
                cards.extend(value if isinstance(value, tuple) else (value,))
            elif role == "target":
                if value is not None:
                    targets.append(value if isinstance(value, str) else value.text())
            elif role == "mode":
                mode = value
            elif is_dataclass(value) and not isinstance(value, type):
                details[name] = asdict(value)
            else:
                details[name] = list(value) if isinstance(value, tuple) else value
        return DecisionShape(self.kind, self.text(), tuple(cards), tuple(targets), mode, details)

    def named_cards(self) -> tuple[int | str, ...]:
        """The cards the decision names (its shape's ``cards``), found quicker.

        >>> Concede().named_cards()
        ()
        """
        cards: list[int | str] = []
        for name, role in _roles(type(self)):
            if role == "card":
                value = getattr(self, name)
                cards.extend(value if isinstance(value, tuple) else (value,))
        return tuple(cards)

    def __str__(self) -> str:
        return self.text()


_ROLES: dict[type, tuple[tuple[str, str | None], ...]] = {}
_FORMS: dict[type, tuple[re.Pattern[str], frozenset[str]]] = {}


def _form(kind: type[Decision]) -> tuple[re.Pattern[str], frozenset[str]]:
    """The pattern of a decision class's :attr:`~Decision.form`, and which of its fields
    are numbers."""
    if not kind.form:
        raise TypeError(f"{kind.__name__} declares no form")
    hints = get_type_hints(kind)
    numbers = frozenset(name for name, hint in hints.items() if hint is int)
    parts = re.split(r"\{(\w+)\}", kind.form.lower())
    pattern = "".join(
        re.escape(part)
        if index % 2 == 0
        else f"(?P<{part}>[0-9]{{1,9}})"
        if part in numbers
        else f"(?P<{part}>\\S+)"
        for index, part in enumerate(parts)
    )
    return re.compile(pattern), numbers


def _roles(kind: type[Decision]) -> tuple[tuple[str, str | None], ...]:
    """Each field of decision class ``kind`` with what it names (``None``: a detail), read
    once per class."""
    found = _ROLES.get(kind)
    if found is None:
        found = _ROLES[kind] = tuple((item.name, item.metadata.get(_ROLE)) for item in fields(kind))
    return found


@dataclass(frozen=True, slots=True)
class Concede(Decision):
    """Give up the match. Legal for every seat still playing, at any time."""

    kind: ClassVar[str] = "concede"

    def text(self) -> str:
        return "concede"


CONCEDE = Concede()


TimeoutThen = Literal["default", "forfeit", "agent"]
"""What a timeout does after the event that says time ran out: make the seat's default
decision, forfeit the match for the seat (a concession), or nothing more, the seat being
handed to a computer player who decides next (the server's room says which)."""
TIMEOUT_THENS: tuple[TimeoutThen, ...] = get_args(TimeoutThen)


@dataclass(frozen=True, slots=True)
class Timeout(Decision):
    """The seat to act ran out of time, which an event says (``timed_out``), then what
    ``then`` says happens: its default decision is made for it, it forfeits, or its seat is
    handed to a computer player. A server's turn timer makes it, never a player; it is no
    option of :class:`Decisions`, and records keep it like any decision.

    >>> Timeout().text(), Timeout("forfeit").text(), Timeout() in Decisions(0, (), None)
    ('timeout', 'timeout forfeit', False)
    """

    then: TimeoutThen = "default"
    kind: ClassVar[str] = "timeout"

    def text(self) -> str:
        return "timeout" if self.then == "default" else f"timeout {self.then}"


class Decisions:
    """The legal decisions of one seat in one state.

    ``moves`` lists what the seat may do now besides conceding, in a stable order (what agents
    choose among); ``options`` adds conceding when the seat may concede. ``default`` is what a
    time-out does (``None`` when the seat has nothing to decide).
    """

    __slots__ = ("seat", "moves", "default", "can_concede")

    def __init__(
        self,
        seat: int,
        moves: tuple[Decision, ...],
        default: Decision | None,
        can_concede: bool = True,
    ) -> None:
        self.seat = seat
        self.moves = moves
        self.default = default
        self.can_concede = can_concede

    @property
    def options(self) -> tuple[Decision, ...]:
        return (*self.moves, CONCEDE) if self.can_concede else self.moves

    def __contains__(self, decision: object) -> bool:
        return decision in self.options

    def __iter__(self) -> Iterator[Decision]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __repr__(self) -> str:
        texts = ", ".join(option.text() for option in self.options)
        return f"Decisions(seat={self.seat}, [{texts}])"
