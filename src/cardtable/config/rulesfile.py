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
from pathlib import Path
from typing import TypeVar

from pydantic import ValidationError

from cardtable.config.ruleset import RulesetModel, describe_errors, ruleset_error
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
    where = {key: f"{source}, line {line}" for key, line in lines.items()}
    try:
        return model.model_validate_json(_to_json(data, source))
    except ValidationError as error:
        message = describe_errors(error, model, where=where)
        if not any(message.startswith(source) for message in message.splitlines()):
            message = f"{source}: {message}"
        raise ruleset_error(error, model, lines=lines, file=source, reason=message) from None


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
