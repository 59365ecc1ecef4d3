"""TOML text as every file cardtable reads takes it: rules files, card sets and deck files.

A mistake names the file and the line. Python's reader names a line and a column for most
mistakes, but only "the end of the document" for one that runs off the end (an array or a
string never closed); there the last line that holds anything is named instead, which is
where a reader starts looking for what was left open:

>>> try:
...     read_toml('a = 1\\nb = "x', source="house.toml")
... except RulesetError as error:
...     print(error.reason)
house.toml: not valid TOML: Unterminated string (at line 2, where the file ends)
>>> read_toml("a = 1\\nb = [2]\\n", source="house.toml")
{'a': 1, 'b': [2]}
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from cardtable.engine.errors import RulesetError

_AT_THE_END = re.compile(r"\(at end of document\)$")


def read_toml(text: str, *, source: str) -> dict[str, Any]:
    """The data of a TOML ``text`` read from ``source`` (``RulesetError`` naming both the
    source and the line when it is not valid TOML, or holds values Python cannot hold)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesetError(f"{source}: not valid TOML: {toml_problem(error, text)}") from None
    except (ValueError, RecursionError) as error:
        raise RulesetError(f"{source}: values this program cannot read ({error})") from None


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
