"""JSON Schemas of a game's rulesets, decisions, views and events, and validators for them.

The engine declares these shapes with standard-library types; this module turns them into
JSON Schema (what the wire protocol, the browser client and research environments reuse) and
validates real JSON against them.

>>> from cardtable.games import find
>>> game = find("tcg")
>>> sorted(game_schemas(game))
['decision', 'event', 'ruleset', 'view']
>>> decision_from_json(game, {"type": "play", "card": 12}).text()
'play #12'
"""

from __future__ import annotations

import functools
import json
from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter, ValidationError

from cardtable.engine.decisions import Concede, Decision
from cardtable.engine.errors import InvalidDecision
from cardtable.engine.events import ENGINE_EVENTS, EventShape
from cardtable.engine.game import Game
from cardtable.engine.json import JsonObject
from cardtable.engine.view import View
from cardtable.games.rulesets import ruleset_schema


def _decision_classes(game: Game[Any, Any]) -> dict[str, type[Decision]]:
    classes: list[type[Decision]] = [*game.decision_types, Concede]
    return {cls.kind: cls for cls in classes}


@functools.cache
def _event_adapter(game: Game[Any, Any]) -> TypeAdapter[Any]:
    shapes = tuple(
        told.schema_shape() if issubclass(told, EventShape) else told
        for told in (*game.event_types, *ENGINE_EVENTS)
    )
    union: Any = Union.__getitem__(shapes)
    return TypeAdapter(Annotated[union, Field(discriminator="type")])


@functools.cache
def _view_adapter(game: Game[Any, Any]) -> TypeAdapter[Any]:
    generic: Any = View
    return TypeAdapter(generic[game.public_type])


def decision_schema(game: Game[Any, Any]) -> dict[str, Any]:
    """``{"oneOf": [...]}``: each decision's JSON form, told apart by its ``type``."""
    variants = []
    for kind, cls in _decision_classes(game).items():
        schema = TypeAdapter(cls).json_schema()
        schema.setdefault("properties", {})
        schema["properties"] = {"type": {"const": kind}, **schema["properties"]}
        schema["required"] = ["type", *schema.get("required", [])]
        schema["additionalProperties"] = False
        variants.append(schema)
    return {"title": f"{game.title} decision", "oneOf": variants}


def game_schemas(game: Game[Any, Any]) -> dict[str, dict[str, Any]]:
    """Every schema of ``game``: ruleset, decision, view and event."""
    return {
        "ruleset": ruleset_schema(game),
        "decision": decision_schema(game),
        "view": _view_adapter(game).json_schema(),
        "event": _event_adapter(game).json_schema(),
    }


def validate_event(game: Game[Any, Any], event: JsonObject) -> None:
    """Raise ``ValueError`` unless ``event`` matches one of the game's event shapes exactly."""
    try:
        _event_adapter(game).validate_python(event)
    except ValidationError as error:
        raise ValueError(f"event {event!r} does not match its schema: {error}") from None


def validate_view(game: Game[Any, Any], view: JsonObject) -> None:
    """Raise ``ValueError`` unless ``view`` (a view's JSON) matches the game's view schema."""
    try:
        _view_adapter(game).validate_python(view)
    except ValidationError as error:
        raise ValueError(f"view does not match its schema: {error}") from None


def decision_from_json(game: Game[Any, Any], data: object) -> Decision:
    """A decision from its JSON form (``InvalidDecision`` saying what is wrong)."""
    if not isinstance(data, dict):
        raise InvalidDecision("a decision must be a JSON object with a 'type'")
    classes = _decision_classes(game)
    kind = data.get("type")
    cls = classes.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(classes))
        raise InvalidDecision(f"unknown decision type {kind!r}; {game.title} knows: {known}")
    fields = {key: value for key, value in data.items() if key != "type"}
    try:
        decision: Decision = TypeAdapter(cls).validate_json(json.dumps(fields), strict=True)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or kind}: {e['msg']}" for e in error.errors()
        )
        raise InvalidDecision(f"bad {kind} decision: {problems}") from None
    return decision
