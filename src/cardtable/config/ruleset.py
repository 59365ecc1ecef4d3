"""The base of every game's ruleset: a frozen, keyword-only pydantic model.

Each field carries a description, a default and its bounds, so a ruleset exports as JSON
Schema (front ends render it as a form) and rejects bad values with errors a player can read.

>>> from pydantic import Field
>>> class Example(RulesetModel):
...     players: int = Field(2, ge=1, description="How many players sit down.")
>>> Example.from_json({"players": 0})
Traceback (most recent call last):
...
cardtable.engine.errors.RulesetError: players: must be at least 1 (got 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

from cardtable.engine.errors import RulesetError
from cardtable.engine.json import JsonObject


class RulesetModel(BaseModel):
    """A game's ruleset. Subclasses declare fields with ``Field(default, description=...)``."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, validate_default=True)

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
            raise RulesetError(describe_errors(error, cls)) from None

    def changed(self, **changes: Any) -> Self:
        """A validated copy with some fields changed."""
        return type(self).from_json({**self.to_json(), **changes})

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        return cls.model_json_schema()


def _dumps(data: Mapping[str, object]) -> str:
    import json

    try:
        return json.dumps(dict(data))
    except (TypeError, ValueError) as error:
        raise RulesetError(f"the rules hold a value that is not plain data: {error}") from None


def describe_errors(
    error: ValidationError, model: type[BaseModel], *, where: Mapping[str, str] | None = None
) -> str:
    """One line per problem: the field, what is wrong in plain words, and the value given.

    ``where`` maps a top-level field to a location prefix (a file and line) when known.
    """
    lines = []
    for detail in error.errors():
        path = ".".join(str(part) for part in detail["loc"])
        prefix = ""
        if where and detail["loc"] and str(detail["loc"][0]) in where:
            prefix = where[str(detail["loc"][0])] + ": "
        field = f"{path}: " if path else ""
        lines.append(f"{prefix}{field}{_plain(detail, model)}")
    return "\n".join(lines)


def _plain(detail: ErrorDetails, model: type[BaseModel]) -> str:
    kind = detail["type"]
    ctx = detail.get("ctx", {})
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
