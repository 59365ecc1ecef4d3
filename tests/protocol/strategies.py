"""Hypothesis strategies read from the protocol's JSON Schema (``docs/protocol.schema.json``,
made by :func:`cardtable.protocol.schema.protocol_schema`).

* :func:`valid` draws instances of a definition (``ClientMessage``: any message a client may
  send), within every bound the schema states;
* :func:`near_miss` draws one of those with one thing wrong: a required field left out, a field
  the schema does not know, a value of a kind the field does not take, or one just past a
  bound;
* :data:`ANY_JSON` draws any JSON value, its text holding lone surrogates now and then
  (which a JSON escape can write).

Only what the protocol's schema uses is understood (``$ref``, ``const``, ``anyOf``/``oneOf``,
objects, strings, integers, ``null``); anything else fails loudly, so that a new construct in
the schema is not fuzzed silently wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import strategies as st

from cardtable.protocol.schema import protocol_schema

Schema = dict[str, Any]

LONGEST_DRAWN = 600
"""The longest text drawn for a string the schema does not bound (past the chat limit)."""

LONE_SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, exclude_categories=())

ANY_TEXT = st.text(max_size=12) | st.builds(
    lambda before, lone, after: before + lone + after,
    st.text(max_size=4),
    LONE_SURROGATES,
    st.text(max_size=4),
)
"""Short text, sometimes holding a lone surrogate."""

ANY_JSON: st.SearchStrategy[object] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
    max_leaves=6,
)
"""Any JSON value (no NaN or infinity: JSON has none)."""

_KINDS: dict[str, st.SearchStrategy[object]] = {
    "null": st.none(),
    "boolean": st.booleans(),
    "integer": st.integers(),
    "number": st.floats(allow_nan=False, allow_infinity=False).filter(
        lambda number: not number.is_integer()
    ),
    "string": ANY_TEXT,
    "array": st.lists(st.integers(), max_size=2),
    "object": st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
}
"""A value of each JSON kind (a ``number`` here is one with a fraction: not an integer)."""


@cache
def definitions() -> dict[str, Schema]:
    defs: dict[str, Schema] = protocol_schema()["$defs"]
    return defs


def _resolve(schema: Schema) -> Schema:
    while "$ref" in schema:
        schema = definitions()[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _choices(schema: Schema) -> list[Schema] | None:
    found = schema.get("anyOf", schema.get("oneOf"))
    return None if found is None else [_resolve(choice) for choice in found]


def valid(schema: Schema | str) -> st.SearchStrategy[Any]:
    """Instances of ``schema`` (or of the definition of that name)."""
    schema = _resolve(definitions()[schema] if isinstance(schema, str) else schema)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    choices = _choices(schema)
    if choices is not None:
        return st.one_of(*(valid(choice) for choice in choices))
    kind = schema.get("type")
    if kind == "string":
        low = schema.get("minLength", 0)
        high = schema.get("maxLength", LONGEST_DRAWN)
        return st.text(min_size=low, max_size=min(high, low + 40)) | st.text(
            min_size=high, max_size=high
        )
    if kind == "integer":
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "object":
        fields = schema.get("properties", {})
        required = set(schema.get("required", ()))
        return st.fixed_dictionaries(
            {name: valid(field) for name, field in fields.items() if name in required},
            optional={name: valid(field) for name, field in fields.items() if name not in required},
        )
    raise ValueError(f"the fuzz strategies do not know this schema: {schema}")


def _kinds(schema: Schema) -> set[str]:
    """The JSON kinds a value of ``schema`` may have."""
    schema = _resolve(schema)
    choices = _choices(schema)
    if choices is not None:
        return set().union(*(_kinds(choice) for choice in choices))
    if "const" in schema:
        return {"string"}
    kind = schema.get("type")
    if kind == "integer":
        return {"integer"}
    return {kind} if isinstance(kind, str) else set(_KINDS)


def _past_bounds(schema: Schema) -> list[st.SearchStrategy[object]]:
    """Values of the right kind just past one of ``schema``'s bounds."""
    schema = _resolve(schema)
    found: list[st.SearchStrategy[object]] = []
    for choice in _choices(schema) or [schema]:
        if "const" in choice:
            found.append(st.just(choice["const"].upper() + "!"))
        if "minimum" in choice:
            found.append(st.integers(max_value=choice["minimum"] - 1))
        if "maximum" in choice:
            found.append(st.integers(min_value=choice["maximum"] + 1))
        if choice.get("minLength", 0) > 0:
            found.append(st.just(""))
        if "maxLength" in choice:
            longest = choice["maxLength"]
            found.append(st.text(min_size=longest + 1, max_size=longest + 1))
    return found


def wrong(schema: Schema) -> st.SearchStrategy[object]:
    """Values ``schema`` refuses: of another kind, or past a bound."""
    allowed = _kinds(schema)
    other = [strategy for kind, strategy in _KINDS.items() if kind not in allowed]
    return st.one_of(*other, *_past_bounds(schema))


def _mutations(schema: Schema) -> list[Callable[[dict[str, Any]], st.SearchStrategy[Any]]]:
    fields: dict[str, Schema] = schema.get("properties", {})
    required = [name for name in schema.get("required", ()) if name != "type"]

    def leave_out(message: dict[str, Any]) -> st.SearchStrategy[Any]:
        return st.sampled_from(required).map(
            lambda name: {key: value for key, value in message.items() if key != name}
        )

    def add_unknown(message: dict[str, Any]) -> st.SearchStrategy[Any]:
        names = ANY_TEXT.filter(lambda name: name not in fields)
        return st.tuples(names, ANY_JSON).map(lambda pair: {**message, pair[0]: pair[1]})

    def spoil(message: dict[str, Any]) -> st.SearchStrategy[Any]:
        return st.sampled_from(sorted(fields)).flatmap(
            lambda name: wrong(fields[name]).map(lambda value: {**message, name: value})
        )

    return [leave_out, add_unknown, spoil] if required else [add_unknown, spoil]


def near_miss(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Instances of the union ``name``'s members, each with exactly one thing wrong."""
    union = definitions()[name]
    members = [_resolve(member) for member in _choices(union) or [union]]
    return st.one_of(*(_spoiled(member) for member in members))


def _spoiled(member: Schema) -> st.SearchStrategy[dict[str, Any]]:
    mutations = _mutations(member)

    def spoil(message: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.one_of(*(mutate(message) for mutate in mutations))

    return valid(member).flatmap(spoil)
