"""The rules-file format: TOML, one key per ruleset field, shared by every command.

A rules file may name its game; every key it leaves out keeps its default::

    # house.toml: a shorter Kata TCG
    game = "tcg"
    starting_health = 20
    deck = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]

Errors name the file and, where they can, the line of the offending key; the
:class:`~cardtable.engine.errors.RulesetError` carries them too (``file``, ``line``), with the
``code`` of the problem and the ``field`` it lies in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from cardtable.config.ruleset import RulesetModel, describe_problem, error_code, error_field
from cardtable.config.tomlfile import key_lines, read_toml
from cardtable.engine.errors import RulesetError

M = TypeVar("M", bound=RulesetModel)


def load_rules_file(path: Path, model: type[M], *, game: str) -> M:
    """Read and validate a rules file for ``game`` (``RulesetError`` naming file and line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _unreadable(f"{path}: no such rules file", path) from None
    except OSError as error:
        raise _unreadable(f"{path}: cannot read it ({error.strerror or error})", path) from None
    except UnicodeDecodeError:
        raise _unreadable(f"{path}: not a text file", path) from None
    return parse_rules_text(text, model, game=game, source=str(path))


def parse_rules_text(text: str, model: type[M], *, game: str, source: str = "rules") -> M:
    """Validate the text of a rules file (see :func:`load_rules_file`)."""
    data = read_toml(text, source=source)
    lines = key_lines(text)
    named = data.pop("game", game)
    if named != game:
        raise RulesetError(
            f"{source}: these are rules for {named!r}, not for {game!r}",
            code="wrong_game",
            field="game",
            line=lines.get("game"),
            file=source,
        )
    try:
        return model.model_validate_json(_to_json(data, source))
    except ValidationError as error:
        raise explain_errors(
            error, model, data=data, text=text, source=source, items=model.item_names
        ) from None


def explain_errors(
    error: ValidationError,
    model: type[BaseModel],
    *,
    data: Mapping[str, object],
    text: str,
    source: str,
    items: Mapping[str, str],
    key_line: bool = True,
) -> RulesetError:
    """The ``RulesetError`` for ``error`` in the TOML ``text`` (read as ``data``) of ``source``:
    one line per problem, its code, field and line those of the first.

    A problem in an item of a list of tables (``items`` names one item of each such field:
    ``{"cards": "card"}``) names the item by its ``id`` (else its place) and the line of its
    ``[[cards]]`` table; pydantic's count of the list, which leaves the bad item out, is not
    repeated. Any other problem names the file and, with ``key_line``, its key's line.

    >>> from pydantic import BaseModel
    >>> class Card(BaseModel):
    ...     id: str
    ...     cost: int
    >>> class Pool(BaseModel):
    ...     cards: list[Card]
    >>> text = '[[cards]]\\nid = "a"\\ncost = 1\\n\\n[[cards]]\\nid = "b"\\ncost = "x"\\n'
    >>> data = read_toml(text, source="pool.toml")
    >>> try:
    ...     Pool.model_validate(data)
    ... except ValidationError as error:
    ...     found = explain_errors(
    ...         error, Pool, data=data, text=text, source="pool.toml", items={"cards": "card"}
    ...     )
    >>> print(found.reason)
    pool.toml, line 5 (card 'b'): cost: must be a whole number (got 'x')
    >>> found.code, found.field, found.line
    ('wrong_type', 'cards.1.cost', 5)
    """
    keys = key_lines(text)
    details = error.errors()

    def item(detail: ErrorDetails) -> tuple[str, int] | None:
        loc = detail["loc"]
        if len(loc) >= 2 and loc[0] in items and isinstance(loc[1], int):
            return str(loc[0]), loc[1]
        return None

    in_items = {(found[0],) for found in map(item, details) if found is not None}
    # A bad item also makes pydantic count the list as too short: only the item matters.
    details = [d for d in details if not (d["type"] == "too_short" and d["loc"] in in_items)]
    lines = []
    first_line: int | None = None
    for number, detail in enumerate(details):
        found = item(detail)
        if found is None:
            line = keys.get((error_field(detail) or "").split(".")[0])
            at = f"{source}, line {line}" if key_line and line is not None else source
            lines.append(f"{at}: {describe_problem(detail, model)}")
        else:
            key, index = found
            tables = table_lines(text, key)
            line = tables[index] if index < len(tables) else keys.get(key)
            at = f"{source}, line {line}" if index < len(tables) else source
            listed = data.get(key)
            given = listed[index] if isinstance(listed, list) and index < len(listed) else None
            named = given.get("id") if isinstance(given, dict) else None
            label = f"{named!r}" if isinstance(named, str) else f"{index + 1}"
            lines.append(f"{at} ({items[key]} {label}): {describe_problem(detail, model, skip=2)}")
        if number == 0:
            first_line = line
    return RulesetError(
        "\n".join(lines),
        code=error_code(details[0]),
        field=error_field(details[0]),
        line=first_line,
        file=source,
    )


def table_lines(text: str, key: str) -> list[int]:
    """The line of each ``[[key]]`` table of a TOML text, in order.

    >>> table_lines('[[cards]]\\nid = "a"\\n[[cards.triggers]]\\n [[ cards ]] # b\\n', "cards")
    [1, 4]
    """
    table = re.compile(rf"\s*\[\[\s*{re.escape(key)}\s*\]\]\s*(?:#.*)?$")
    return [number for number, line in enumerate(text.splitlines(), 1) if table.match(line)]


def _unreadable(reason: str, path: Path) -> RulesetError:
    return RulesetError(reason, code="unreadable_file", file=str(path))


def _to_json(data: object, source: str) -> str:
    try:
        return json.dumps(data)
    except (TypeError, ValueError) as error:
        raise RulesetError(
            f"{source}: rules files hold numbers, text, booleans and lists only ({error})",
            code="wrong_type",
            file=source,
        ) from None
