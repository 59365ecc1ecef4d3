"""A game's public data, declared once: the typed fields of its state.

What everyone knows besides the zones (scores, the direction of play, who is out) is written
as annotated fields of the game's :class:`~cardtable.engine.state.State` subclass, the way a
dataclass is written; the engine reads those declarations and does the rest: a new state's
values, copies for search, the JSON of views and saved states, loading that JSON back with
every value checked, and the JSON's shape for schemas and research encodings.

>>> from dataclasses import dataclass
>>> from cardtable.engine.state import State
>>> class Scores(State):
...     scores: list[int] = public_field(per_seat=0, seats=False)
...     to_play: list[int] = public_field(factory=list, seats=True)
>>> [field.name for field in fields_of(Scores)]
['scores', 'to_play']
>>> shape = public_shape(Scores)
>>> [(name, kind) for name, kind in shape.__annotations__.items()]
[('scores', list[int]), ('to_play', list[int])]

A field's value is one of: ``int``, ``str``, ``bool``, ``float``, ``None``, a ``Literal``, a
union with ``None``, ``list[X]``, ``tuple[X, ...]``, ``dict[str, X]``, a frozen dataclass of
such values (its fields by name in JSON), or a class that writes and reads its own JSON (a
:class:`Value`: :class:`~cardtable.engine.stats.Stat`). Anything else is refused when the
class is first used, naming the field.

Fields that are not public data (lists of zones kept at hand for speed) are declared with
:func:`shortcut` and set again by the state's ``bind_zones`` after every copy and load.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, Union

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject

if TYPE_CHECKING:
    from cardtable.engine.state import State

_PUBLIC = "cardtable.public"
_UNSET: Any = type("Unset", (), {"__repr__": lambda self: "UNSET"})()
_SHORTCUT = "cardtable.shortcut"


class Value(Protocol):
    """A mutable value that writes and reads its own JSON (a stat is ``[base, value]``):
    ``json_shape`` is that JSON's type, for schemas."""

    json_shape: ClassVar[Any]

    def copy(self) -> Any: ...

    def to_json(self) -> Any: ...

    @classmethod
    def from_json(cls, value: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class Options:
    """How one public field is made, checked and written (see :func:`public_field`)."""

    per_seat: Any = _UNSET
    since: int = 1
    seats: bool = False
    keyed: str = ""


def public_field(
    default: Any = MISSING,
    *,
    factory: Callable[[], Any] | None = None,
    per_seat: Any = _UNSET,
    since: int = 1,
    seats: bool = False,
    keyed: str = "",
) -> Any:
    """Declare a public field with what a new state holds in it: ``default`` (an immutable
    value), ``factory()``, or ``per_seat`` (one copy of that value per seat: the list's
    length is then checked on loading). ``since``: the first version of the game's rules
    that has the field (older versions leave it out of their JSON, so that their states
    hash as they did). ``seats``: its numbers are seats of the match (checked on loading).
    ``keyed``: its JSON is an object holding the value under that key
    (``{"cards": [...]}``, the form in which the conformance kit reads named cards).
    """
    options = Options(per_seat=per_seat, since=since, seats=seats, keyed=keyed)
    metadata = {_PUBLIC: options}
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata=metadata)
    if per_seat is not _UNSET:
        return dataclasses.field(default=None, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def shortcut(factory: Callable[[], Any] = list) -> Any:
    """Declare a field that is not public data but a way to reach part of the state quickly
    (the seats' piles): left out of copies and JSON; ``bind_zones`` sets it again."""
    return dataclasses.field(default_factory=factory, metadata={_SHORTCUT: True})


@dataclass(frozen=True, slots=True)
class PublicField:
    """One declared public field, with how to copy, write and read its values."""

    name: str
    options: Options
    default: Callable[[int], Any]
    copy: Callable[[Any], Any] | None
    """``None``: the value is immutable and is shared by copies."""
    dump: Callable[[Any], Any]
    load: Callable[[Any, str, int], Any]
    shape: Any
    codec: Codec


def fields_of(cls: type[State]) -> tuple[PublicField, ...]:
    """The public fields ``cls`` declares (its own and its bases'), in declaration order."""
    found = cls.__dict__.get("_public_fields")
    if found is None:
        found = _compile(cls)
        cls._public_fields = found  # type: ignore[attr-defined]
    fields: tuple[PublicField, ...] = found
    return fields


def copier(cls: type[State]) -> Callable[[State, State], None]:
    """A function that copies ``cls``'s public data from one state into another, written
    out as source, field by field (a search copies states thousands of times a second)."""
    found: Callable[[State, State], None] | None = cls.__dict__.get("_public_copier")
    if found is None:
        source = Source()
        lines = [
            f"clone.{field.name} = " + copy_source(field.codec, f"state.{field.name}", 0, source)
            for field in fields_of(cls)
        ]
        found = source.function("copy_public", "state, clone", lines)
        cls._public_copier = found
    return found


def dumper(cls: type[State], version: int) -> Callable[[State], JsonObject]:
    """A function that writes ``cls``'s public data as JSON under ``version`` of the game's
    rules (fields of later versions left out), written out as source, field by field (every
    view holds it)."""
    made: dict[int, Callable[[State], JsonObject]] = cls.__dict__.get("_public_dumpers") or {}
    found: Callable[[State], JsonObject] | None = made.get(version)
    if found is None:
        source = Source()
        items = []
        for field in fields_of(cls):
            if field.options.since > version:
                continue
            value = dump_source(field.codec, f"state.{field.name}", 0, source)
            if field.options.keyed:
                value = f"{{{field.options.keyed!r}: {value}}}"
            items.append(f"{field.name!r}: {value}")
        found = source.function("public", "state", [f"return {{{', '.join(items)}}}"])
        made[version] = found
        cls._public_dumpers = made
    return found


def loader(cls: type[State]) -> Callable[[Any, int, int, bool], dict[str, Any]]:
    """A function that reads ``cls``'s public data from its JSON as it is written, for a
    match of ``seats`` under ``version`` of the game's rules (``view``: the JSON is a view's,
    which may hold more), giving each field's value by name. Written out as source, field by
    field, it raises (see :data:`UNREAD`) on JSON that is not as written, for
    :meth:`~cardtable.engine.state.State.load_public` to read again, checking every value
    and saying what is wrong."""
    found: Callable[[Any, int, int, bool], dict[str, Any]] | None = cls.__dict__.get(
        "_public_loader"
    )
    if found is None:
        source = Source()
        lines = ["if type(data) is not dict:", "    _malformed()"]
        counted = [str(sum(field.options.since == 1 for field in fields_of(cls)))]
        for field in fields_of(cls):
            name, options, local = field.name, field.options, f"v_{field.name}"
            reading = [f"{local} = data[{name!r}]"]
            if options.keyed:
                reading += [
                    f"if type({local}) is not dict or len({local}) != 1:",
                    "    _malformed()",
                    f"{local} = {local}[{options.keyed!r}]",
                ]
            reading.append(f"{local} = {load_source(field.codec, local, 0, source)}")
            if options.per_seat is not _UNSET:
                reading += [f"if len({local}) != seats:", "    _malformed()"]
            if options.seats:
                reading.append(f"{source.name(_check_seats)}({local}, '', seats)")
            if options.since == 1:
                lines += reading
                continue
            counted.append(f"({name!r} in data)")
            lines.append(f"if {name!r} in data:")
            lines += [f"    {line}" for line in reading]
            default = source.name(field.default)
            lines += [f"elif {options.since} > version:", f"    {local} = {default}(seats)"]
            lines += ["else:", "    _malformed()"]
        lines += [f"if not view and len(data) != {' + '.join(counted)}:", "    _malformed()"]
        values = ", ".join(f"{field.name!r}: v_{field.name}" for field in fields_of(cls))
        lines.append(f"return {{{values}}}")
        found = source.function("load_public", "data, seats, version, view", lines)
        cls._public_loader = found
    return found


def shortcuts_of(cls: type[State]) -> tuple[tuple[str, Callable[[], Any]], ...]:
    """The :func:`shortcut` fields of ``cls`` with their factories."""
    found: tuple[tuple[str, Callable[[], Any]], ...] | None = cls.__dict__.get("_shortcuts")
    if found is None:
        found = ()
        if dataclasses.is_dataclass(cls):
            found = tuple(
                (field.name, typing.cast(Callable[[], Any], field.default_factory))
                for field in dataclasses.fields(cls)
                if field.metadata.get(_SHORTCUT)
            )
        cls._shortcuts = found  # type: ignore[attr-defined]
    return found


def public_shape(cls: type[State], extra: Mapping[str, Any] | None = None) -> type:
    """A dataclass giving the JSON shape of ``cls``'s public data (fields of later versions
    optional), for schemas; ``extra``: what a game's views show besides, by name and type."""
    from cardtable.engine.events import Shape

    specs: list[tuple[str, Any, Any]] = []
    for field in fields_of(cls):
        if field.options.since > 1:
            specs.append((field.name, field.shape | None, dataclasses.field(default=None)))
        else:
            specs.append((field.name, field.shape, MISSING))
    specs.extend((name, kind, MISSING) for name, kind in (extra or {}).items())
    ordered = [spec for spec in specs if spec[2] is MISSING] + [
        spec for spec in specs if spec[2] is not MISSING
    ]
    made = dataclasses.make_dataclass(
        f"{cls.__name__.removesuffix('State')}Public",
        [(n, t) if d is MISSING else (n, t, d) for n, t, d in ordered],
        bases=(Shape,),
        frozen=True,
        slots=True,
    )
    made.__module__ = cls.__module__
    made.__doc__ = cls.__doc__
    return made


# -- compiling a class's declarations --------------------------------------------------------


def _compile(cls: type[State]) -> tuple[PublicField, ...]:
    if not dataclasses.is_dataclass(cls):
        return ()
    hints = typing.get_type_hints(cls)
    compiled: list[PublicField] = []
    for field in dataclasses.fields(cls):
        if field.metadata.get(_SHORTCUT):
            continue
        options = field.metadata.get(_PUBLIC, Options())
        where = f"{cls.__name__}.{field.name}"
        kind = hints[field.name]
        found = codec(kind, where)
        value = _dumped(found.dump, options.keyed)
        compiled.append(
            PublicField(
                name=field.name,
                options=options,
                default=_default(field, options, where),
                copy=found.copy,
                dump=value,
                load=_loaded(found.load, options, where),
                shape=_keyed_shape(found.shape, options.keyed),
                codec=found,
            )
        )
    return tuple(compiled)


def _default(field: dataclasses.Field[Any], options: Options, where: str) -> Callable[[int], Any]:
    if options.per_seat is not _UNSET:
        each = options.per_seat
        return lambda seats: [each] * seats
    if field.default_factory is not MISSING:
        factory = field.default_factory
        return lambda seats: factory()
    if field.default is not MISSING:
        value = field.default
        return lambda seats: value
    raise TypeError(f"{where}: a public field needs a default (see public_field)")


def _dumped(dump: Callable[[Any], Any], keyed: str) -> Callable[[Any], Any]:
    if not keyed:
        return dump
    return lambda value: {keyed: dump(value)}


def _loaded(
    load: Callable[[Any, str, int], Any], options: Options, where: str
) -> Callable[[Any, str, int], Any]:
    keyed, seats_only, per_seat = options.keyed, options.seats, options.per_seat

    def loaded(data: Any, what: str, seats: int) -> Any:
        if keyed:
            if not isinstance(data, dict) or set(data) != {keyed}:
                raise RecordError(f"{what}: expected an object holding only {keyed!r}")
            data = data[keyed]
            what = f"{what} {keyed}"
        value = load(data, what, seats)
        if per_seat is not _UNSET and len(value) != seats:
            raise RecordError(f"{what}: expected one value per seat, {seats} in all")
        if seats_only:
            _check_seats(value, what, seats)
        return value

    return loaded


def _check_seats(value: Any, what: str, seats: int) -> None:
    numbers = [value] if isinstance(value, int) else [n for n in value if n is not None]
    for number in numbers:
        if not 0 <= number < seats:
            raise RecordError(f"{what}: {number} is not a seat of this match")
    if not isinstance(value, int) and len(set(numbers)) != len(numbers):
        raise RecordError(f"{what}: a seat is listed twice")


def _keyed_shape(shape: Any, keyed: str) -> Any:
    if not keyed:
        return shape
    from cardtable.engine.events import Shape

    return dataclasses.make_dataclass(
        f"Keyed{keyed.capitalize()}", [(keyed, shape)], bases=(Shape,), frozen=True, slots=True
    )


@dataclass(frozen=True, slots=True)
class Codec:
    """How values of one type are copied (``None``: they are immutable), written as JSON,
    read back from JSON (checked, ``RecordError`` naming what is wrong) and described as a
    JSON shape (a type pydantic turns into a schema)."""

    copy: Callable[[Any], Any] | None
    dump: Callable[[Any], Any]
    load: Callable[[Any, str, int], Any]
    shape: Any
    form: str = "other"
    """What the value is, for writing its copy, its JSON and its reading out as source:
    ``same`` (written as it is: its ``shape`` says which values it takes), ``list``,
    ``tuple``, ``dict`` (of ``parts[0]``), ``optional`` (of ``parts[0]``), ``record``
    (``parts`` by ``names``, made as ``kind``, its ``optional`` ones left out while
    ``None``), ``value`` (its own methods), or ``other``."""
    parts: tuple[Codec, ...] = ()
    names: tuple[str, ...] = ()
    kind: Any = None
    optional: frozenset[str] = frozenset()


class Malformed(Exception):
    """Raised by written-out reading code when the JSON is not as declared: whoever called
    it reads the JSON again through the checking code, which says what is wrong."""


def _malformed() -> Any:
    raise Malformed


UNREAD: tuple[type[Exception], ...] = (Malformed, RecordError, LookupError, TypeError, ValueError)
"""What reading code written out as source (:func:`load_source`) raises on JSON that is not
as written."""


class Source:
    """A function written out as source from declarations, as :mod:`dataclasses` writes a
    class's ``__init__``: the values its lines call by name, and fresh names for its locals.

    >>> source = Source()
    >>> twice = source.name(lambda x: 2 * x)
    >>> source.function("f", "x", [f"return {twice}(x) + 1"])(3)
    7
    """

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {"_malformed": _malformed}
        self.count = 0

    def name(self, value: Any) -> str:
        """A name for ``value`` in the function's scope."""
        name = f"_f{len(self.scope)}"
        self.scope[name] = value
        return name

    def bind(self, expression: str) -> tuple[str, str]:
        """``expression`` for where it is first evaluated, and a name for it afterwards (it
        is bound to a fresh local unless it is a name already)."""
        if expression.isidentifier():
            return expression, expression
        self.count += 1
        local = f"t{self.count}"
        return f"({local} := {expression})", local

    def function(self, name: str, arguments: str, lines: list[str]) -> Callable[..., Any]:
        """The function ``name(arguments)`` of these lines."""
        body = "\n".join(f"    {line}" for line in lines or ["pass"])
        scope = dict(self.scope)
        exec(f"def {name}({arguments}):\n{body}\n", scope)  # our own source, from declarations
        made: Callable[..., Any] = scope[name]
        return made


def copy_source(found: Codec, expression: str, depth: int, source: Source) -> str:
    """Python source that copies the value ``expression`` holds."""
    if found.copy is None:
        return expression
    form, parts = found.form, found.parts
    item = f"x{depth}"
    if form == "list" and parts[0].copy is None:
        return f"{expression}[:]"
    if form in ("list", "tuple"):
        inner = copy_source(parts[0], item, depth + 1, source)
        made = f"[{inner} for {item} in {expression}]"
        return made if form == "list" else f"tuple({made})"
    if form == "dict" and parts[0].copy is None:
        return f"dict({expression})"
    if form == "dict":
        inner = copy_source(parts[0], item, depth + 1, source)
        return f"{{k{depth}: {inner} for k{depth}, {item} in {expression}.items()}}"
    if form == "optional":
        first, then = source.bind(expression)
        return f"(None if {first} is None else {copy_source(parts[0], then, depth, source)})"
    if form == "value":
        return f"{expression}.copy()"
    return f"{source.name(found.copy)}({expression})"


def dump_source(found: Codec, expression: str, depth: int, source: Source) -> str:
    """Python source that writes the value ``expression`` holds as JSON."""
    form, parts = found.form, found.parts
    item = f"x{depth}"
    if form == "same":
        return expression
    if form in ("list", "tuple") and parts[0].form == "same":
        return f"list({expression})"
    if form in ("list", "tuple"):
        return f"[{dump_source(parts[0], item, depth + 1, source)} for {item} in {expression}]"
    if form == "dict" and parts[0].form == "same":
        return f"dict({expression})"
    if form == "dict":
        inner = dump_source(parts[0], item, depth + 1, source)
        return f"{{k{depth}: {inner} for k{depth}, {item} in {expression}.items()}}"
    if form == "optional" and parts[0].form == "same":
        return expression
    if form == "optional":
        first, then = source.bind(expression)
        return f"(None if {first} is None else {dump_source(parts[0], then, depth, source)})"
    if form == "record" and not found.optional and expression.isidentifier():
        members = (
            f"{name!r}: {dump_source(part, f'{expression}.{name}', depth, source)}"
            for name, part in zip(found.names, parts, strict=True)
        )
        return "{" + ", ".join(members) + "}"
    if form == "value":
        return f"{expression}.to_json()"
    return f"{source.name(found.dump)}({expression})"


def load_source(found: Codec, expression: str, depth: int, source: Source) -> str:
    """Python source that reads the value of JSON ``expression`` holds, for JSON as it is
    written: it raises (:class:`Malformed`, ``RecordError``, ``LookupError``, ``TypeError``
    or ``ValueError``) on anything else, to be read again by the checking code (``load``)."""
    form, parts = found.form, found.parts
    item = f"x{depth}"
    first, then = source.bind(expression)
    if form == "same":
        shape = found.shape
        if shape is Any:
            return expression
        if shape is None:
            return f"(None if {expression} is None else _malformed())"
        if shape is float:
            return f"({then} if type({first}) is float or type({then}) is int else _malformed())"
        if shape in (int, str, bool):
            return f"({then} if type({first}) is {shape.__name__} else _malformed())"
        values = typing.get_args(shape)
        kinds = {type(value) for value in values}
        if typing.get_origin(shape) is Literal and len(kinds) == 1 <= len(values):
            kind, names = kinds.pop(), source.name(frozenset(values))
            test = f"type({first}) is {kind.__name__} and {then} in {names}"
            if kind in (int, str, bool):
                return f"({then} if {test} else _malformed())"
    elif form in ("list", "tuple"):
        inner = load_source(parts[0], item, depth + 1, source)
        made = f"{then}[:]" if inner == item else f"[{inner} for {item} in {then}]"
        made = made if form == "list" else f"tuple({made})"
        return f"({made} if type({first}) is list else _malformed())"
    elif form == "dict":
        inner = load_source(parts[0], item, depth + 1, source)
        made = (
            f"dict({then})"
            if inner == item
            else f"{{k{depth}: {inner} for k{depth}, {item} in {then}.items()}}"
        )
        return f"({made} if type({first}) is dict else _malformed())"
    elif form == "optional":
        return f"(None if {first} is None else {load_source(parts[0], then, depth, source)})"
    elif form == "record":
        members = list(zip(found.names, parts, strict=True))
        if all(_plain(part) for _, part in members):  # read where it is, without a call
            return _remembered_source(found.kind, members, found.optional, expression, source)
        reader = record_reader(found.kind, members, found.optional)
        return f"{source.name(reader)}({expression})"
    return f"{source.name(found.load)}({expression}, '', 0)"


def record_writer(
    members: list[tuple[str, Codec]],
    optional: frozenset[str],
    source: Source,
    *,
    holder: str = "value",
    first: tuple[tuple[str, str], ...] = (),
    hidden: Mapping[str, str] | None = None,
) -> list[str]:
    """The lines of a function that writes the record ``holder`` names as a JSON object:
    ``first`` (keys and constant values) before its fields, an ``optional`` field left out
    while it is ``None``, a ``hidden`` field written as ``null`` unless the field it names
    holds ``seat``."""
    hidden = hidden or {}
    lines: list[str] = []
    items = [f"{key!r}: {value!r}" for key, value in first]
    started = False
    for name, part in members:
        held = f"{holder}.{name}"
        if name in optional or name in hidden or part.form in ("optional", "record"):
            lines.append(f"v_{name} = {held}")
            held = f"v_{name}"
        if name in optional and part.form == "optional":  # written only when it is not None
            value = dump_source(part.parts[0], held, 0, source)
        else:
            value = dump_source(part, held, 0, source)
        if name in hidden:
            value = f"({value} if {holder}.{hidden[name]} == seat else None)"
        if name in optional:
            if not started:
                lines.append(f"out = {{{', '.join(items)}}}")
                started = True
            lines.extend((f"if {held} is not None:", f"    out[{name!r}] = {value}"))
        elif started:
            lines.append(f"out[{name!r}] = {value}")
        else:
            items.append(f"{name!r}: {value}")
    lines.append("return out" if started else f"return {{{', '.join(items)}}}")
    return lines


RECORDS_REMEMBERED = 4096
"""How many records of one kind made of plain values (a card's face) the code reading them
at one place remembers: the same few faces come back event after event."""


def record_reader(
    kind: Any, members: list[tuple[str, Codec]], optional: frozenset[str]
) -> Callable[[Any], Any]:
    """A function that reads a record of ``kind`` from its JSON as it is written (its
    ``optional`` members may be left out), raising on anything else (see
    :func:`load_source`). A record is immutable: one of plain values (see :func:`_plain`)
    is checked and made once for the values it holds, and shared by the readings that hold
    the same values of the same types (making a frozen record costs more than finding it)."""
    source = Source()
    if not all(_plain(part) for _, part in members):
        lines, values = reading_lines(members, optional, source)
        made = ", ".join(f"{name}={value}" for name, value in values)
        lines.append(f"return {source.name(kind)}({made})")
        return source.function(f"read_{kind.__name__}", "data", lines)
    lines = [f"return {_remembered_source(kind, members, optional, 'data', source)}"]
    return source.function(f"read_{kind.__name__}", "data", lines)


def _remembered_source(
    kind: Any,
    members: list[tuple[str, Codec]],
    optional: frozenset[str],
    expression: str,
    source: Source,
) -> str:
    """Python source that reads the record of plain values (see :func:`_plain`) the JSON
    ``expression`` holds, as :func:`record_reader` does, written out where it is read (a
    card's face in an event costs no call of a reader of its own)."""
    first, then = source.bind(expression)
    length = " + ".join(
        [str(len(members) - len(optional))]
        + [f"({name!r} in {then})" for name, _ in members if name in optional]
    )
    given = ", ".join(
        f"({then}[{name!r}] if {name!r} in {then} else None)"
        if name in optional
        else f"{then}[{name!r}]"
        for name, _ in members
    )
    made = f"{source.name(_remembered(kind, members))}({given})"
    return f"({made} if type({first}) is dict and len({then}) == {length} else _malformed())"


def _plain(found: Codec) -> bool:
    """Whether the values are whole numbers, text, truth values, literals or ``None`` (or
    ``None`` or one of those): hashable values that are equal only when they are the same,
    given their type."""
    if found.form == "optional":
        return _plain(found.parts[0])
    return found.form == "same" and found.shape is not Any and found.shape is not float


def _remembered(kind: Any, members: list[tuple[str, Codec]]) -> Callable[..., Any]:
    """A function checking a record's values (given in order, raising as :func:`load_source`
    does) and making it, which remembers the last :data:`RECORDS_REMEMBERED` it made by their
    values and types."""
    source = Source()
    given = [f"a{index}" for index in range(len(members))]  # no name a type could shadow
    values = ", ".join(
        f"{name}={load_source(part, local, 0, source)}"
        for (name, part), local in zip(members, given, strict=True)
    )
    lines = [f"return {source.name(kind)}({values})"]
    made = source.function(f"make_{kind.__name__}", ", ".join(given), lines)
    remembered: Callable[..., Any] = functools.lru_cache(RECORDS_REMEMBERED, typed=True)(made)
    return remembered


def reading_lines(
    members: list[tuple[str, Codec]],
    optional: frozenset[str],
    source: Source,
    *,
    fixed: tuple[tuple[str, str], ...] = (),
) -> tuple[list[str], list[tuple[str, str]]]:
    """The lines of a function that check the JSON ``data`` holds a record as it is written,
    and the source of each member's value read from it, raising on anything else (see
    :func:`load_source`); ``fixed``: keys the JSON holds besides, with their constant values
    (an event's ``type``)."""
    lines = record_checks(members, optional, fixed=fixed)
    values = []
    for name, part in members:
        value = load_source(part, f"data[{name!r}]", 0, source)
        if name in optional:
            value = f"({value} if {name!r} in data else None)"
        values.append((name, value))
    return lines, values


def record_checks(
    members: list[tuple[str, Codec]],
    optional: frozenset[str],
    *,
    fixed: tuple[tuple[str, str], ...] = (),
    besides: str = "",
) -> list[str]:
    """The lines of :func:`reading_lines` that check the JSON ``data`` is an object of the
    record's keys (and ``fixed``'s, with their values); ``besides``: a key it may hold too,
    which is not read."""
    counted = [str(len(members) - len(optional) + len(fixed))]
    counted.extend(f"({name!r} in data)" for name, _ in members if name in optional)
    length = " + ".join(counted)
    if besides:  # asked only when the length is not that of the record alone
        length = f"{length} and (len(data) - 1 != {length} or {besides!r} not in data)"
    lines = [f"if type(data) is not dict or len(data) != {length}:", "    _malformed()"]
    for key, value in fixed:
        lines.extend((f"if data[{key!r}] != {value!r}:", "    _malformed()"))
    return lines


def _same(value: Any) -> Any:
    return value


_SCALARS: dict[Any, tuple[type, ...]] = {
    int: (int,),
    str: (str,),
    bool: (bool,),
    float: (int, float),
}


def codec(kind: Any, where: str) -> Codec:
    """The :class:`Codec` of values of type ``kind`` (``TypeError`` naming ``where`` for a
    type the engine cannot keep)."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind in _SCALARS:
        return _scalar(kind)
    if kind is Any:
        return Codec(None, _same, _json, Any, "same")
    if kind is type(None):
        return Codec(None, _same, _none, None, "same")
    if origin is Literal:
        return _literal(args)
    if origin in (Union, types.UnionType):
        return _optional(args, where)
    if origin is list:
        return _list(codec(args[0], where), mutable=True)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _list(codec(args[0], where), mutable=False)
    if origin is dict and args and args[0] is str:
        return _dict(codec(args[1], where))
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise TypeError(f"{where}: a dataclass in public data must be frozen ({kind!r})")
        return _record(kind, [f.name for f in dataclasses.fields(kind)], where)
    if isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, "_fields"):
        return _record(kind, list(kind._fields), where)
    if isinstance(kind, type) and _is_value(kind):
        return _value(kind)
    raise TypeError(f"{where}: the engine cannot keep a public value of type {kind!r}")


def _is_value(kind: type) -> bool:
    return all(hasattr(kind, name) for name in ("copy", "to_json", "from_json", "json_shape"))


def _kind_of(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _scalar(kind: type) -> Codec:
    accepted = _SCALARS[kind]
    label = kind.__name__

    def load(data: Any, what: str, seats: int) -> Any:
        if not isinstance(data, accepted) or (kind is not bool and isinstance(data, bool)):
            raise RecordError(f"{what}: expected {label}, got {_kind_of(data)}")
        return data

    return Codec(None, _same, load, kind, "same")


def _json(data: Any, what: str, seats: int) -> Any:
    return data


def _none(data: Any, what: str, seats: int) -> None:
    if data is not None:
        raise RecordError(f"{what}: expected null, got {_kind_of(data)}")


def _literal(values: tuple[Any, ...]) -> Codec:
    def load(data: Any, what: str, seats: int) -> Any:
        if data not in values or isinstance(data, bool) != isinstance(values[0], bool):
            raise RecordError(f"{what}: {data!r} is not one of {', '.join(map(repr, values))}")
        return data

    return Codec(None, _same, load, Literal.__getitem__(values), "same")


def _optional(args: tuple[Any, ...], where: str) -> Codec:
    others = [arg for arg in args if arg is not type(None)]
    if len(others) != 1 or len(others) == len(args):
        raise TypeError(f"{where}: a public value may be one type or None, not {args!r}")
    inner = codec(others[0], where)
    inner_copy = inner.copy

    def copy(value: Any) -> Any:
        return None if value is None or inner_copy is None else inner_copy(value)

    def dump(value: Any) -> Any:
        return None if value is None else inner.dump(value)

    def load(data: Any, what: str, seats: int) -> Any:
        if data is None:
            return None
        if others[0] in _SCALARS and not isinstance(data, _SCALARS[others[0]]):
            raise RecordError(
                f"{what}: expected {others[0].__name__} or null, got {_kind_of(data)}"
            )
        return inner.load(data, what, seats)

    return Codec(
        None if inner_copy is None else copy, dump, load, inner.shape | None, "optional", (inner,)
    )


def _list(item: Codec, *, mutable: bool) -> Codec:
    item_copy, item_dump, item_load = item.copy, item.dump, item.load
    copy: Callable[[Any], Any] | None
    if item_copy is None:
        copy = list.copy if mutable else None
    elif mutable:
        copy = lambda value: [item_copy(x) for x in value]  # noqa: E731
    else:
        copy = lambda value: tuple(item_copy(x) for x in value)  # noqa: E731
    dump: Callable[[Any], Any] = (
        list if item_dump is _same else (lambda value: [item_dump(x) for x in value])
    )
    made: Callable[[Any], Any] = list if mutable else tuple

    def load(data: Any, what: str, seats: int) -> Any:
        if not isinstance(data, list):
            raise RecordError(f"{what}: expected a list, got {_kind_of(data)}")
        return made(item_load(x, what, seats) for x in data)

    form = "list" if mutable else "tuple"
    return Codec(copy, dump, load, list[item.shape], form, (item,))  # type: ignore[name-defined]


def _dict(item: Codec) -> Codec:
    item_copy = item.copy

    def copy(value: Any) -> Any:
        if item_copy is None:
            return dict(value)
        return {key: item_copy(x) for key, x in value.items()}

    def dump(value: Any) -> Any:
        return {key: item.dump(x) for key, x in value.items()}

    def load(data: Any, what: str, seats: int) -> Any:
        if not isinstance(data, dict):
            raise RecordError(f"{what}: expected an object, got {_kind_of(data)}")
        return {key: item.load(x, f"{what}.{key}", seats) for key, x in data.items()}

    shape = dict[str, item.shape]  # type: ignore[name-defined]
    return Codec(copy, dump, load, shape, "dict", (item,))


def _record(kind: type, names: list[str], where: str) -> Codec:
    """An immutable record of named values (a frozen dataclass, a named tuple): a JSON
    object of its fields; a field whose default is ``None`` is left out while it is."""
    hints = typing.get_type_hints(kind)
    members = [(name, codec(hints[name], f"{where}.{name}")) for name in names]
    optional = frozenset(name for name in names if _default_of(kind, name) is None)
    dump = record_dump(members, optional)

    def load(data: Any, what: str, seats: int) -> Any:
        return kind(**record_values(members, optional, data, what, seats))

    def loaded(data: Any, what: str, seats: int) -> Any:
        try:
            return load(data, what, seats)
        except (TypeError, ValueError) as error:
            raise RecordError(f"{what}: {error}") from None

    shape = record_shape(kind, members, optional)
    parts = tuple(part for _, part in members)
    return Codec(None, dump, loaded, shape, "record", parts, tuple(names), kind, optional)


def record_shape(
    kind: type,
    members: list[tuple[str, Codec]],
    optional: frozenset[str],
    first: tuple[tuple[str, Any], ...] = (),
) -> type:
    """A frozen dataclass giving the JSON shape of a record of ``kind`` (its ``optional``
    fields may be left out), named and documented as ``kind``, for schemas; ``first``: fields
    written before its own (an event's ``type``)."""
    from cardtable.engine.events import Shape

    shape = dataclasses.make_dataclass(
        kind.__name__,
        [
            *first,
            *(
                (name, part.shape | None, dataclasses.field(default=None))
                if name in optional
                else (name, part.shape)
                for name, part in members
            ),
        ],
        bases=(Shape,),
        frozen=True,
        slots=True,
        kw_only=True,
    )
    shape.__module__ = kind.__module__
    shape.__doc__ = kind.__doc__
    return shape


def _default_of(kind: type, name: str) -> Any:
    """The default of a record's field (``MISSING`` when it has none)."""
    if dataclasses.is_dataclass(kind):
        found = {field.name: field.default for field in dataclasses.fields(kind)}
        return found[name]
    return getattr(kind, "_field_defaults", {}).get(name, MISSING)


def record_dump(
    members: list[tuple[str, Codec]], optional: frozenset[str]
) -> Callable[[Any], JsonObject]:
    """A function that writes a record's fields as a JSON object, leaving out the
    ``optional`` ones that are ``None`` (written out as source: see :func:`record_writer`)."""
    source = Source()
    written: Callable[[Any], JsonObject] = source.function(
        "write", "value", record_writer(members, optional, source)
    )
    return written


def record_values(
    members: list[tuple[str, Codec]], optional: frozenset[str], data: Any, what: str, seats: int
) -> dict[str, Any]:
    """Read a record's fields from a JSON object, every one checked (``RecordError``)."""
    if not isinstance(data, dict):
        raise RecordError(f"{what}: expected an object, got {_kind_of(data)}")
    names = {name for name, _ in members}
    unknown = set(data) - names
    if unknown:
        raise RecordError(f"{what}: unknown field {sorted(unknown)[0]!r}")
    missing = names - set(data) - optional
    if missing:
        raise RecordError(f"{what}: no field {sorted(missing)[0]!r}")
    return {
        name: part.load(data[name], f"{what}.{name}", seats)
        for name, part in members
        if name in data
    }


def _value(kind: Any) -> Codec:
    def load(data: Any, what: str, seats: int) -> Any:
        try:
            return kind.from_json(data)
        except RecordError as error:
            raise RecordError(f"{what}: {error.reason}") from None

    return Codec(kind.copy, kind.to_json, load, kind.json_shape, "value")
