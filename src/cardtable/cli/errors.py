"""Errors at the command boundary: ``error: <reason>`` in red and an exit code, no traceback.

Exit code 2 means the command line itself asked for something that does not exist (an unknown
game or player, the wrong number of seats, a seat the match does not have); 1 means anything
else went wrong (a rules file or record that cannot be read, a file that cannot be written).

>>> from cardtable.engine.errors import RecordError
>>> exit_code(UsageProblem("no seat 7")), exit_code(RecordError("broken"))
(2, 1)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.text import Text

from cardtable.agents import UnknownAgent
from cardtable.cli.terminal import make_console
from cardtable.engine.errors import CardtableError, UnknownGame

USAGE = 2
FAILURE = 1


class UsageProblem(CardtableError):
    """The command line asks for something that cannot be (a seat a match does not have)."""


_USAGE_ERRORS: tuple[type[CardtableError], ...] = (UnknownGame, UnknownAgent, UsageProblem)


def exit_code(error: CardtableError) -> int:
    """The exit code for an error that ends a command."""
    return USAGE if isinstance(error, _USAGE_ERRORS) else FAILURE


def report(console: Console, error: CardtableError) -> None:
    """Print ``error: <reason>`` in red; later lines of a long reason are indented."""
    first, *rest = error.reason.splitlines() or [""]
    text = Text("error: ", style="bold red")
    text.append(first, style="red")
    for line in rest:
        text.append(f"\n       {line}", style="red")
    console.print(text, soft_wrap=True)


@contextmanager
def guarded() -> Iterator[None]:
    """Turn cardtable's errors into ``error: <reason>`` on standard error and an exit code."""
    try:
        yield
    except CardtableError as error:
        report(make_console(stderr=True), error)
        raise typer.Exit(exit_code(error)) from None
