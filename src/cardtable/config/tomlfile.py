"""TOML text as every file cardtable reads takes it: rules files, card sets and deck files.

A mistake names the file and the line. Python's reader names a line and a column for most
mistakes, but only "the end of the document" for one that runs off the end (an array or a
string never closed); there the last line that holds anything is named instead, which is
where a reader starts looking for what was left open:

>>> try:
...     read_toml('a = 1\\nb = "x', source="house.toml")
... except RulesetError as error:
...     print(error.reason)
...     print(error.code, error.line, error.file)
house.toml: not valid TOML: Unterminated string (at line 2, where the file ends)
bad_toml 2 house.toml
>>> read_toml("a = 1\\nb = [2]\\n", source="house.toml")
{'a': 1, 'b': [2]}
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from cardtable.engine.errors import RulesetError

_AT_THE_END = re.compile(r"\(at end of document\)$")
_AT_LINE = re.compile(r"\(at line (\d+)")
_KEY = re.compile(r"\s*\"?([A-Za-z0-9_-]+)\"?\s*=")
_TABLE = re.compile(r"\s*\[\[?\s*([A-Za-z0-9_-]+)\s*(?:\.[^],]*)?\]\]?\s*(?:#.*)?$")


def read_toml(text: str, *, source: str) -> dict[str, Any]:
    """The data of a TOML ``text`` read from ``source`` (``RulesetError`` naming both the
    source and the line when it is not valid TOML, or holds values Python cannot hold)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        problem = toml_problem(error, text)
        found = _AT_LINE.search(problem)
        raise RulesetError(
            f"{source}: not valid TOML: {problem}",
            code="bad_toml",
            line=int(found.group(1)) if found else None,
            file=source,
        ) from None
    except (ValueError, RecursionError) as error:
        raise RulesetError(
            f"{source}: values this program cannot read ({error})", code="bad_toml", file=source
        ) from None


def key_lines(text: str) -> dict[str, int]:
    """The line of each top-level key (``key = ...``) or table (``[key]``, ``[[key]]``) of a
    TOML text: where each first appears, as a reader would look for it.

    >>> key_lines('name = "x"\\n\\n[cards]\\nbolt = 4\\n[[cards]]\\n')
    {'name': 1, 'cards': 3}
    """
    found: dict[str, int] = {}
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        table = _TABLE.match(line)
        if table:
            inside = True
            found.setdefault(table.group(1), number)
            continue
        key = _KEY.match(line)
        if key and not inside:
            found.setdefault(key.group(1), number)
    return found


def toml_problem(error: tomllib.TOMLDecodeError, text: str) -> str:
    """What ``error`` says of ``text``, always with a line: one found at the end of the text
    is placed on its last line that holds anything."""
    problem = str(error)
    if not _AT_THE_END.search(problem):
        return problem
    return _AT_THE_END.sub(f"(at line {last_line(text)}, where the file ends)", problem)


def last_line(text: str) -> int:
    """The number of the last line of ``text`` that is not blank (1 if none is).

    >>> last_line("a = [1,\\n  2\\n\\n"), last_line(""), last_line("x")
    (2, 1, 1)
    """
    lines = text.splitlines()
    for number in range(len(lines), 0, -1):
        if lines[number - 1].strip():
            return number
    return 1
