"""The base of every game's ruleset: a frozen, keyword-only pydantic model.

Each field carries a description, a default and its bounds, so a ruleset exports as JSON
Schema (front ends render it as a form) and rejects bad values with errors a player can read
and a program can sort: a :class:`~cardtable.engine.errors.RulesetError` with a ``code`` and
the ``field``, whether the ruleset is read from JSON or built in Python.

>>> from pydantic import Field
>>> class Example(RulesetModel):
...     players: int = Field(2, ge=1, description="How many players sit down.")
>>> Example.from_json({"players": 0})
Traceback (most recent call last):
...
cardtable.engine.errors.RulesetError: players: must be at least 1 (got 0)
>>> try:
...     Example(players=0)
... except RulesetError as error:
...     print(error.code, error.field)
out_of_range players
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from cardtable.engine.errors import RULESET_ERROR_CODES, RulesetError
from cardtable.engine.json import JsonObject

PYDANTIC_CODES: Mapping[str, str] = {
    "extra_forbidden": "unknown_field",
    "missing": "missing_field",
    "greater_than": "out_of_range",
    "greater_than_equal": "out_of_range",
    "less_than": "out_of_range",
    "less_than_equal": "out_of_range",
    "too_short": "out_of_range",
    "too_long": "out_of_range",
    "string_too_short": "out_of_range",
    "string_too_long": "out_of_range",
    "int_from_float": "wrong_type",
    "literal_error": "bad_value",
    "enum": "bad_value",
    "string_pattern_mismatch": "bad_value",
    "value_error": "bad_value",
}
"""The :data:`~cardtable.engine.errors.RULESET_ERROR_CODES` code of each pydantic error type;
any other ``*_type`` or ``*_parsing`` type is ``wrong_type``, the rest ``bad_value``."""


class RulesetModel(BaseModel):
    """A game's ruleset. Subclasses declare fields with ``Field(default, description=...)``."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, validate_default=True)

    field_groups: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The fields under headings, in the order a form shows them (``{"Battles": ("face_down",
    "turn_limit")}``); :meth:`json_schema` writes each field's heading as its ``group``, and
    a field in no group is shown after them, under "Other rules"."""

    item_names: ClassVar[Mapping[str, str]] = {}
    """What one item of each field written as a list of tables (``[[cards]]``) is called
    (``{"cards": "card"}``): a rules file's error in an item names it so, by its ``id`` and
    the line of its table."""

    def __init__(self, /, **data: Any) -> None:
        # Built in Python, a ruleset refuses bad values as it does read from JSON.
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise ruleset_error(error, type(self)) from None

    # Pydantic's own __init__ in all but the error it raises: validating (model_validate,
    # from_json) builds a model without calling it, as it does for any model (RootModel's way).
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    def to_json(self) -> JsonObject:
        """Every field, defaults included, as JSON."""
        data: JsonObject = self.model_dump(mode="json")
        return data

    @classmethod
    def from_json(
        cls, data: Mapping[str, object], *, context: Mapping[str, object] | None = None
    ) -> Self:
        """Validate JSON-like data (lists stand for tuples); ``RulesetError`` says what is wrong.

        ``context`` reaches the model's validators (pydantic's validation context): a game
        whose older versions took what its newest refuses says so there."""
        try:
            return cls.model_validate_json(_dumps(data), context=context)
        except ValidationError as error:
            raise ruleset_error(error, cls) from None

    def changed(self, **changes: Any) -> Self:
        """A validated copy with some fields changed."""
        return type(self).from_json({**self.to_json(), **changes})

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of the ruleset, each field with the heading it is shown under
        (``group``) when :attr:`field_groups` names it.

        >>> from cardtable.games.war.config import WarRules
        >>> WarRules.json_schema()["properties"]["turn_limit"]["group"]
        'Battles'
        """
        schema = cls.model_json_schema()
        properties: dict[str, Any] = schema.get("properties", {})
        for group, names in cls.field_groups.items():
            for name in names:
                properties[name]["group"] = group
        return schema


def _dumps(data: Mapping[str, object]) -> str:
    import json

    try:
        return json.dumps(dict(data))
    except (TypeError, ValueError) as error:
        raise RulesetError(
            f"the rules hold a value that is not plain data: {error}", code="wrong_type"
        ) from None


def refuse(code: str, reason: str, *, field: str | None = None) -> PydanticCustomError:
    """The error a ruleset's validator raises for a problem with its own ``code`` (one of
    :data:`~cardtable.engine.errors.RULESET_ERROR_CODES`) and the ``field`` it lies in, when
    the check spans several fields (a model validator, where pydantic knows no field).

    >>> error = refuse("deck_rules", "deck 0 holds 3 cards", field="decks.0")
    >>> error.type, error.message()
    ('deck_rules', 'deck 0 holds 3 cards')
    """
    context: dict[str, str] = {"reason": reason}
    if field is not None:
        context["field"] = field
    return PydanticCustomError(code, "{reason}", context)


def error_code(detail: ErrorDetails) -> str:
    """The ruleset error code of one pydantic error.

    >>> error_code({"type": "greater_than_equal", "loc": ("players",), "msg": "", "input": 0})
    'out_of_range'
    """
    kind = detail["type"]
    if kind in RULESET_ERROR_CODES:
        return kind
    if kind in PYDANTIC_CODES:
        return PYDANTIC_CODES[kind]
    if kind.endswith(("_type", "_parsing")):
        return "wrong_type"
    return "bad_value"


def error_field(detail: ErrorDetails) -> str | None:
    """The dotted path of the field one pydantic error lies in (None for the whole ruleset):
    its location, or the field a validator named with :func:`refuse`."""
    named = detail.get("ctx", {}).get("field")
    if isinstance(named, str):
        return named
    path = ".".join(str(part) for part in detail["loc"])
    return path or None


def ruleset_error(
    error: ValidationError,
    model: type[BaseModel],
    *,
    where: Mapping[str, str] | None = None,
    lines: Mapping[str, int] | None = None,
    file: str | None = None,
    reason: str | None = None,
) -> RulesetError:
    """The ``RulesetError`` for ``error``: its reason :func:`describe_errors` (or ``reason``),
    its code, field and line those of the first problem (``lines``: the line of each top-level
    field in the file)."""
    first = error.errors()[0]
    field = error_field(first)
    root = field.split(".")[0] if field else None
    line = lines.get(root) if lines is not None and root is not None else None
    return RulesetError(
        reason if reason is not None else describe_errors(error, model, where=where),
        code=error_code(first),
        field=field,
        line=line,
        file=file,
    )


def describe_errors(
    error: ValidationError, model: type[BaseModel], *, where: Mapping[str, str] | None = None
) -> str:
    """One line per problem: the field, what is wrong in plain words, and the value given.

    ``where`` maps a top-level field to a location prefix (a file and line) when known.
    """
    lines = []
    for detail in error.errors():
        prefix = ""
        root = (error_field(detail) or "").split(".")[0]
        if where and root in where:
            prefix = where[root] + ": "
        lines.append(prefix + describe_problem(detail, model))
    return "\n".join(lines)


def describe_problem(detail: ErrorDetails, model: type[BaseModel], *, skip: int = 0) -> str:
    """One problem: the field (its location, less its first ``skip`` parts) and what is wrong.

    >>> detail = {"type": "greater_than_equal", "loc": ("cards", 0, "cost"), "msg": "",
    ...           "input": -1, "ctx": {"ge": 0}}
    >>> describe_problem(detail, RulesetModel), describe_problem(detail, RulesetModel, skip=2)
    ('cards.0.cost: must be at least 0 (got -1)', 'cost: must be at least 0 (got -1)')
    """
    path = ".".join(str(part) for part in detail["loc"][skip:])
    return f"{path}: {_plain(detail, model)}" if path else _plain(detail, model)


def _plain(detail: ErrorDetails, model: type[BaseModel]) -> str:
    kind = detail["type"]
    ctx = detail.get("ctx", {})
    if kind in RULESET_ERROR_CODES:
        return str(ctx.get("reason", detail["msg"]))
    given = detail.get("input")
    shown = f" (got {given!r})" if kind not in ("missing", "extra_forbidden") else ""
    if kind == "greater_than_equal":
        return f"must be at least {ctx['ge']}{shown}"
    if kind == "less_than_equal":
        return f"must be at most {ctx['le']}{shown}"
    if kind == "greater_than":
        return f"must be more than {ctx['gt']}{shown}"
    if kind == "less_than":
        return f"must be less than {ctx['lt']}{shown}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"must be a whole number{shown}"
    if kind == "bool_type":
        return f"must be true or false{shown}"
    if kind in ("string_type",):
        return f"must be text{shown}"
    if kind in ("tuple_type", "list_type"):
        return f"must be a list{shown}"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} item(s){shown}"
    if kind == "too_long":
        return f"holds at most {ctx.get('max_length')} item(s){shown}"
    if kind == "extra_forbidden":
        known = ", ".join(sorted(model.model_fields))
        return f"is not a rule of this game (its rules are: {known})"
    if kind == "missing":
        return "is required"
    if kind in ("literal_error", "enum"):
        return f"must be one of {ctx.get('expected')}{shown}"
    if kind == "value_error":
        return str(ctx.get("error", detail["msg"]))
    return f"{detail['msg'][0].lower()}{detail['msg'][1:]}{shown}"
