"""Validation errors in plain words: one sentence per problem, naming the field.

Used for WebSocket messages (by :mod:`.codec`) and for REST bodies (the server passes the
errors of a refused request here, so both speak the same way).

>>> from pydantic import ValidationError
>>> from cardtable.protocol.lobby import JoinRoom
>>> try:
...     JoinRoom.model_validate({"name": "", "colour": "red"})
... except ValidationError as error:
...     print(describe(error.errors()))
The field 'name' must hold at least 1 character. The field 'colour' is not a known field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

_OURS = frozenset({"chat_empty", "chat_too_long", "name_control"})
"""The types of the errors :mod:`.text` raises."""
_SHOWN = 40
_MOST = 3


def field_path(loc: Sequence[int | str]) -> str:
    """A location as a reader writes it: ``seats[1].kind``.

    >>> field_path(("seats", 1, "kind"))
    'seats[1].kind'
    """
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


def _shown(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _kind(value: object) -> str:
    names = {bool: "true or false", int: "a number", float: "a number", str: "text"}
    names |= {list: "a list", dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _plural(count: object, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _predicate(kind: str, ctx: Mapping[str, Any], given: object, message: str) -> str:
    got = f" (got {_shown(given)})"
    simple = {
        "missing": "is missing",
        "extra_forbidden": "is not a known field",
        "string_type": f"must be text, not {_kind(given)}",
        "bool_type": f"must be true or false, not {_kind(given)}",
        "list_type": f"must be a list, not {_kind(given)}",
        "dict_type": f"must be an object, not {_kind(given)}",
        "model_type": f"must be an object, not {_kind(given)}",
        "model_attributes_type": f"must be an object, not {_kind(given)}",
        "int_from_float": f"must be a whole number{got}",
        "float_type": f"must be a number, not {_kind(given)}",
        "finite_number": "must be a finite number",
        "none_required": "must be null",
    }
    if kind in simple:
        return simple[kind]
    if kind in ("int_type", "int_parsing"):
        return f"must be a whole number{got}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {"ge": "at least", "gt": "more than", "le": "at most", "lt": "less than"}
        bound = next(key for key in words if key in ctx)
        return f"must be {words[bound]} {ctx[bound]}{got}"
    if kind == "string_too_short":
        return f"must hold at least {_plural(ctx.get('min_length'), 'character')}"
    if kind == "string_too_long":
        size = len(given) if isinstance(given, str) else "more"
        return f"must hold at most {_plural(ctx.get('max_length'), 'character')} (got {size})"
    if kind == "too_short":
        return f"must hold at least {_plural(ctx.get('min_length'), 'item')}"
    if kind == "too_long":
        return f"must hold at most {_plural(ctx.get('max_length'), 'item')}"
    if kind in ("literal_error", "enum"):
        return f"must be one of {ctx.get('expected')}{got}"
    if kind == "union_tag_invalid":
        return f"has type {ctx.get('tag')!r}, which is not one of {ctx.get('expected_tags')}"
    if kind == "union_tag_not_found":
        return "needs a type"
    if kind == "value_error":
        return str(ctx.get("error", message))
    if kind in _OURS:  # written as the rest of a sentence that starts with the field
        return message
    return f"is not valid: {message[:1].lower()}{message[1:]}"


def sentence(detail: Mapping[str, Any], *, skip: int = 0) -> str:
    """One problem as a sentence; ``skip`` drops leading parts of its location (such as the
    tag of a union, or FastAPI's ``body``)."""
    loc = tuple(detail.get("loc", ()))[skip:]
    kind = str(detail.get("type", ""))
    predicate = _predicate(kind, detail.get("ctx") or {}, detail.get("input"), detail["msg"])
    if kind == "value_error":  # a rule across fields: its own words, after the place
        if not loc:
            return f"{predicate[:1].upper()}{predicate[1:]}."
        return f"The field '{field_path(loc)}' is not valid: {predicate}."
    if not loc:
        return f"The message {predicate}."
    return f"The field '{field_path(loc)}' {predicate}."


def describe(details: Iterable[Mapping[str, Any]], *, skip: int = 0) -> str:
    """Every problem as a sentence (the first three, and how many more), in one string."""
    sentences = [sentence(detail, skip=skip) for detail in details]
    more = len(sentences) - _MOST
    shown = " ".join(sentences[:_MOST])
    if more > 0:
        return f"{shown} And {_plural(more, 'more problem')}."
    return shown
