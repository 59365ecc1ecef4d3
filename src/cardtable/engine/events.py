"""Events, each declared once: its typed shape gives its JSON, what each seat sees of it,
and its words.

An action's ``execute`` returns the event that says what happened, an instance of a class
made with :func:`event`; the journal keeps it, and a seat reads it as JSON
(:meth:`EventShape.event`). A field only one seat may see is declared :func:`secret`; the
others read ``None`` there. :meth:`EventShape.words` is the event's line in a match's log.

>>> @event
... class Played(EventShape):
...     kind = "played"
...     seat: int
...     card: str | None = secret(to="seat")
...     def words(self, names: Names) -> str:
...         return f"{names.seat(self.seat)} plays {self.card or 'a card'}"
>>> told = Played(seat=0, card="QH")
>>> told.event(0), told.event(1)
({'type': 'played', 'seat': 0, 'card': 'QH'}, {'type': 'played', 'seat': 0, 'card': None})
>>> Played.from_json(told.event(1)).words(Names(["Ann", "Bob"].__getitem__))
'Ann plays a card'

The dataclasses below without :func:`event` are the JSON shapes of events the engine still
writes by hand, and of values inside events. The games layer turns every shape into JSON
Schema, and the conformance suite validates every emitted event against it, extra keys
included, so the two never drift apart. An optional field (``None`` by default) is left out
of the JSON while it is ``None``.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, TypeVar, dataclass_transform

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject
from cardtable.engine.public import (
    UNREAD,
    Codec,
    Source,
    codec,
    reading_lines,
    record_checks,
    record_shape,
    record_values,
    record_writer,
)
from cardtable.engine.wording import Names, describe
from cardtable.engine.zones import Zone

E = TypeVar("E", bound="EventShape")

_SECRET = "cardtable.secret"
_UNSAID = "cardtable.unsaid"


def secret(*, to: str) -> Any:
    """Declare a field that only the seat named by the field ``to`` sees (the others see
    ``None`` there). Such a field has no default: it is given every time."""
    return dataclasses.field(metadata={_SECRET: to})


def unsaid(*, default: None) -> Any:
    """Declare a field that is never written: what the event keeps to decide what each seat
    sees of it (the zones a card moved between), given when it is made (``None`` when read
    back from JSON)."""
    return dataclasses.field(default=default, repr=False, compare=False, metadata={_UNSAID: True})


@dataclass_transform(field_specifiers=(dataclasses.field, secret, unsaid))
def event(cls: type[E]) -> type[E]:
    """Make ``cls`` (a subclass of :class:`EventShape` with a ``kind`` and annotated
    fields) an event class: a slotted dataclass. Write its fields as keywords, except where
    an action makes it thousands of times a second: a class called with keywords costs about
    twice one called with the fields in order (Python gathers the keywords in a dict)."""
    if not isinstance(cls.__dict__.get("kind"), str):
        raise TypeError(f'{cls.__name__}: an event says its kind (kind = "...")')
    initialised = "__init__" in cls.__dict__ or hasattr(cls, "__post_init__")
    made = dataclasses.dataclass(slots=True)(cls)
    if initialised:
        made._writes_own = made._writes_own | {"__init__"}
    return made


class EventShape:
    """Base of every event made with :func:`event`.

    An event class's :meth:`to_json`, :meth:`event` and :meth:`from_json` are written out
    as source from its declarations the first time they are used (as :mod:`dataclasses`
    writes ``__init__``: a journal writes thousands of events a second, and a log reads them
    back), unless the class writes its own. What they write and read is what the generic
    code here would: :meth:`from_json` reads JSON as events are written at once, and reads
    anything else again through the checking code, which says what is wrong.
    """

    __slots__ = ()
    kind: ClassVar[str]
    """The event's ``type`` in JSON (``"deal"``), which tells its shape."""
    _compiled: ClassVar[Any]
    _writes_own: ClassVar[frozenset[str]] = frozenset()
    """Which of the methods written out as source the class (or a base) writes itself, and
    ``__init__`` when it does more than set each field."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._compiled = None
        cls._writes_own = cls._writes_own | {
            name for name, first in _FIRST_USE.items() if cls.__dict__.get(name, first) is not first
        }
        for name, first in _FIRST_USE.items():
            if name not in cls._writes_own:
                setattr(cls, name, first)

    def event(self, seat: int | None) -> JsonObject | None:
        """This event as ``seat`` sees it (``None``: a spectator), as JSON; ``None`` hides
        it from that seat (see :meth:`for_seat`)."""
        shown = self.for_seat(seat)
        return None if shown is None else shown.to_json()

    def shown(self, seat: int | None) -> bool:
        """Whether ``seat`` learns that this happened at all (see :meth:`for_seat`)."""
        return True

    def for_seat(self, seat: int | None) -> Self | None:
        """What ``seat`` sees of this event: its :func:`secret` fields emptied unless they
        are the seat's own; ``None`` to hide the event from the seat altogether (an event
        that shows each seat something else says how)."""
        hidden = _compiled(type(self)).secrets
        if not hidden:
            return self
        emptied = {name: None for name, to in hidden if getattr(self, to) != seat}
        return dataclasses.replace(self, **emptied) if emptied else self  # type: ignore[type-var]

    def to_json(self) -> JsonObject:
        """The event as JSON, its ``type`` first (a field whose default is ``None`` left
        out while it is)."""
        written: JsonObject = _compiled(type(self)).to_json(self)
        return written

    @classmethod
    def from_json(cls, data: object) -> Self:
        """The event from its JSON, every field checked (``RecordError`` naming what is
        wrong)."""
        read: Self = _compiled(cls).from_json(cls, data)
        return read

    def words(self, names: Names) -> str | None:
        """The event's line in a match's log, calling seats and cards by ``names`` (read
        only the event: a line must not tell more than the seat saw); ``None`` leaves it out
        of a log. The default reads it field by field."""
        return describe(self.to_json(), names)

    @classmethod
    def words_from_json(cls, data: object, names: Names) -> str | None:
        """The :meth:`words` of the event whose JSON (as a seat received it) is ``data``,
        read as :meth:`from_json` reads it but for a ``text`` a server adds (its words):
        ``RecordError`` naming what is wrong when it is not JSON of this event."""
        return cls.from_json(_untold(data)).words(names)

    @classmethod
    def schema_shape(cls) -> type:
        """A frozen dataclass of this event's JSON (``type`` the literal ``kind``), for schemas."""
        return _compiled(cls).shape


def _first_to_json(self: EventShape) -> JsonObject:
    _write_methods(type(self))
    return self.to_json()


def _first_event(self: EventShape, seat: int | None) -> JsonObject | None:
    _write_methods(type(self))
    return self.event(seat)


def _first_from_json(cls: type[EventShape], data: object) -> EventShape:
    _write_methods(cls)
    return cls.from_json(data)


def _first_words_from_json(cls: type[EventShape], data: object, names: Names) -> str | None:
    _write_methods(cls)
    return cls.words_from_json(data, names)


_FIRST_USE: dict[str, Any] = {
    "to_json": _first_to_json,
    "event": _first_event,
    "from_json": classmethod(_first_from_json),
    "words_from_json": classmethod(_first_words_from_json),
}
"""What an event class's methods written out as source are until first used."""


def _write_methods(cls: type[EventShape]) -> None:
    compiled = _compiled(cls)
    for name, first in _FIRST_USE.items():
        if cls.__dict__.get(name) is first:
            written = getattr(compiled, name)
            if name == "from_json":
                written = classmethod(written)
            elif name == "words_from_json":  # the class is in its source: no binding
                written = staticmethod(written)
            setattr(cls, name, written)


def _untold(data: object) -> object:
    """An event's JSON without the ``text`` a server adds (its words)."""
    if isinstance(data, dict) and "text" in data:
        return {key: value for key, value in data.items() if key != "text"}
    return data


def _checked_words(cls: type[E], data: object, names: Names) -> str | None:
    """:meth:`EventShape.words_from_json` for JSON that is not as events are written."""
    return _checked(cls, _untold(data)).words(names)


def _checked(cls: type[E], data: object) -> E:
    """The event from its JSON, every field checked (``RecordError`` naming what is
    wrong): what reads JSON that is not as events are written."""
    compiled = _compiled(cls)
    if not isinstance(data, dict) or data.get("type") != cls.kind:
        raise RecordError(f"not a {cls.kind} event")
    fields = {key: value for key, value in data.items() if key != "type"}
    values = record_values(compiled.members, compiled.optional, fields, f"{cls.kind} event", 0)
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise RecordError(f"{cls.kind} event: {error}") from None


@dataclass(frozen=True, slots=True)
class _Compiled:
    members: list[tuple[str, Codec]]
    optional: frozenset[str]
    secrets: tuple[tuple[str, str], ...]
    shape: type
    to_json: Callable[[Any], JsonObject]
    event: Callable[[Any, int | None], JsonObject | None]
    from_json: Callable[[Any, object], Any]
    words_from_json: Callable[[object, Names], str | None]


def _compiled(cls: type[EventShape]) -> _Compiled:
    found: _Compiled | None = cls._compiled  # every class has its own (``__init_subclass__``)
    if found is None:
        found = cls._compiled = _compile(cls)
    return found


def _compile(cls: type[EventShape]) -> _Compiled:
    hints = typing.get_type_hints(cls)
    fields = [
        field
        for field in dataclasses.fields(cls)  # type: ignore[arg-type]
        if _UNSAID not in field.metadata
    ]
    members = [
        (field.name, codec(hints[field.name], f"{cls.__name__}.{field.name}")) for field in fields
    ]
    optional = frozenset(field.name for field in fields if field.default is None)
    secrets = tuple(
        (field.name, field.metadata[_SECRET]) for field in fields if _SECRET in field.metadata
    )
    kind = (("type", cls.kind),)
    source = Source()
    to_json = source.function(
        "to_json", "self", record_writer(members, optional, source, holder="self", first=kind)
    )
    parts = dict(members)
    event: Callable[[Any, int | None], JsonObject | None] = EventShape.event
    if (
        "to_json" not in cls._writes_own
        and not _writes_for_seat(cls)
        and all(parts[name].form in ("same", "optional") for name, _ in secrets)
    ):  # what each seat sees is written out too (a secret is written as null or as it is)
        hidden = dict(secrets)
        lines = record_writer(members, optional, source, holder="self", first=kind, hidden=hidden)
        event = source.function("event", "self, seat", lines)
    shape = record_shape(cls, members, optional, (("type", Literal.__getitem__(cls.kind)),))
    reading, values = reading_lines(members, optional, source, fixed=kind)
    told = record_checks(members, optional, fixed=kind, besides="text")  # a server's words
    making = _making_lines(cls, values, parts, source)
    retry = source.name(UNREAD)
    lines = ["try:", *(f"    {line}" for line in reading + making), "    return made"]
    lines += [f"except {retry}:", f"    return {source.name(_checked)}(cls, data)"]  # says why
    from_json = source.function("from_json", "cls, data", lines)
    words_from_json: Callable[[object, Names], str | None]
    if "from_json" in cls._writes_own:
        words_from_json = functools.partial(_words_read, cls)
    else:  # read as from_json reads it, the class a constant: what a log does per event
        lines = ["try:", *(f"    {line}" for line in told + making), f"except {retry}:"]
        lines.append(f"    return {source.name(_checked_words)}(cls, data, names)")
        lines.append("return made.words(names)")  # what words raise is not the JSON's fault
        source.scope["cls"] = cls
        words_from_json = source.function("words_from_json", "data, names", lines)
    return _Compiled(members, optional, secrets, shape, to_json, event, from_json, words_from_json)


def _making_lines(
    cls: type[EventShape], values: list[tuple[str, str]], parts: dict[str, Codec], source: Source
) -> list[str]:
    """The lines that make the event ``made`` of ``cls`` from the sources of its fields'
    ``values`` (and the defaults of those not written)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if "__init__" in cls._writes_own or cls.__setattr__ is not object.__setattr__:
        given = ", ".join(f"{name}={value}" for name, value in values)
        return [f"made = {source.name(cls)}({given})"]
    # made as its __init__ would, which only sets each field (and costs more to call)
    lines = [f"made = {source.name(object.__new__)}(cls)"]
    lines.extend(f"made.{name} = {value}" for name, value in values)
    for field in fields:
        if field.name not in parts:
            lines.append(f"made.{field.name} = {_default_source(field, source)}")
    return lines


def _words_read(cls: type[EventShape], data: object, names: Names) -> str | None:
    """:meth:`EventShape.words_from_json` of a class that reads its own JSON."""
    return cls.from_json(_untold(data)).words(names)


def _default_source(field: dataclasses.Field[Any], source: Source) -> str:
    """Python source for the value ``field`` holds when it is not given."""
    if field.default_factory is not dataclasses.MISSING:
        return f"{source.name(field.default_factory)}()"
    return source.name(field.default)


def _writes_for_seat(cls: type) -> bool:
    """Whether ``cls`` (or a base below :class:`EventShape`) says what each seat sees."""
    return any(
        "for_seat" in klass.__dict__ for klass in cls.__mro__[: cls.__mro__.index(EventShape)]
    )


@dataclass(frozen=True, slots=True)
class Shape:
    """Base of every event and public-data shape: unknown keys are validation errors."""

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}


@dataclass(frozen=True, slots=True)
class Hit(Shape):
    """One character hit: ``life`` is what it has left; ``shielded`` when a shield took it."""

    target: str
    amount: int
    life: int
    shielded: bool | None = None


@event
class DamageEvent(EventShape):
    """Characters lost life at once; ``life`` in each hit is what is left."""

    kind = "damage"
    reason: str
    source: int | None
    hits: list[Hit]


@event
class HealEvent(EventShape):
    """A character regained ``amount`` life; ``life`` is what it has now."""

    kind = "heal"
    target: str
    amount: int
    source: int | None
    life: int


@dataclass(frozen=True, slots=True)
class FizzledEvent(Shape):
    """A queued action could no longer execute when its turn came."""

    type: Literal["fizzled"]
    action: str


@event
class ConcededEvent(EventShape):
    """A seat gave up."""

    kind = "conceded"
    seat: int


@event
class TimedOutEvent(EventShape):
    """The seat to act ran out of time; its default ``decision`` (in its text form) follows."""

    kind = "timed_out"
    seat: int
    decision: str


@event
class MoveEvent(EventShape):
    """A card moved between zones; ``card`` (its view) only for seats that see either zone."""

    kind = "move"
    card: dict[str, Any] | None
    origin: str | None
    destination: str
    reason: str
    zones: tuple[Zone, Zone] | None = unsaid(default=None)
    """The zones it left and entered (what decides who sees the card)."""

    def for_seat(self, seat: int | None) -> Self | None:
        zones = self.zones
        if zones is None or zones[0].visible_to(seat) or zones[1].visible_to(seat):
            return self
        if type(self) is not MoveEvent:  # a subclass may hold more
            return dataclasses.replace(self, card=None)
        # made at once, fields in order: most seats see no move of a hidden card
        return type(self)(None, self.origin, self.destination, self.reason, zones)


@event
class CardCreatedEvent(EventShape):
    """A card an effect made (a token) appeared in ``zone``; its face is shown to all."""

    kind = "card_created"
    card: dict[str, Any]
    zone: str
    owner: int | None


@event
class DiedEvent(EventShape):
    """A card character fell to 0 life or below and left its board."""

    kind = "died"
    card: int
    origin: str
    destination: str


ENGINE_EVENTS: tuple[type, ...] = (
    DamageEvent,
    HealEvent,
    FizzledEvent,
    ConcededEvent,
    TimedOutEvent,
    MoveEvent,
    DiedEvent,
    CardCreatedEvent,
)
