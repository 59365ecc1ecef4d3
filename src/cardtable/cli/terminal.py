"""The terminal a command talks to: a Rich console for output and a line-based input.

Input is read a line at a time, so piped input (``printf '1\\ne\\n' | cardtable play tcg``)
works like typing. When the input is not a keyboard, each line read is echoed after its
prompt, so a transcript reads like a session at the keyboard. End of input is ``None``, never
an exception.
"""

from __future__ import annotations

import io
import sys
import time
from typing import TextIO

from rich.console import Console, RenderableType
from rich.text import Text

ERASE_SCROLLBACK = "\x1b[3J"
"""The terminal control sequence that erases the scroll-back buffer."""


def make_console(*, stderr: bool = False) -> Console:
    """A console that colours a terminal and writes plain text to pipes and files.

    On an output whose encoding is not UTF (``PYTHONIOENCODING=ascii``, an old locale) the
    boards draw plain ASCII, and any other symbol that cannot be written becomes ``?``
    instead of stopping the program.
    """
    stream = sys.stderr if stderr else sys.stdout
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower()
    if not encoding.startswith("utf") and isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


class Terminal:
    """Output through a Rich console, input a line at a time from ``stdin``."""

    def __init__(self, console: Console, stdin: TextIO | None = None) -> None:
        self.console = console
        self._stdin = stdin

    @property
    def stdin(self) -> TextIO:
        """The input stream (the process's standard input unless one was given)."""
        return self._stdin if self._stdin is not None else sys.stdin

    @property
    def interactive(self) -> bool:
        """True when a person types at a keyboard (standard input is a terminal)."""
        try:
            return self.stdin.isatty()
        except (AttributeError, ValueError):
            return False

    @property
    def is_terminal(self) -> bool:
        """True when output goes to a terminal (not a pipe or a file)."""
        return self.console.is_terminal

    @property
    def ascii_only(self) -> bool:
        """True when the output encoding cannot show symbols such as hearts and pips."""
        return not self.console.encoding.lower().startswith("utf")

    def show(self, *renderables: RenderableType) -> None:
        """Print renderables (a blank line when there are none)."""
        self.console.print(*renderables)

    def say(self, message: str, style: str = "") -> None:
        """Print one line of plain text (never read as Rich markup)."""
        self.console.print(Text(message, style=style), soft_wrap=True)

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` and read one line (without its newline); ``None`` at end of input."""
        self.console.print(Text(prompt, style="bold cyan"), end="")
        self.console.file.flush()
        try:
            line = self.stdin.readline()
        except (OSError, ValueError, UnicodeDecodeError):
            line = ""
        if not line:
            self.console.print()
            return None
        text = line.rstrip("\r\n")
        if not self.interactive:
            self.console.print(Text(text))
        return text

    def confirm(self, question: str) -> bool | None:
        """Ask a yes/no question (no unless the answer starts with y); ``None`` at end of input."""
        answer = self.ask(f"{question} [y/N] ")
        if answer is None:
            return None
        return answer.strip().lower().startswith("y")

    def clear(self) -> None:
        """Clear the screen and its scroll-back (nothing happens when output is not a terminal),
        so that scrolling up cannot show the previous player's hand."""
        if self.console.is_terminal and not self.console.is_dumb_terminal:
            self.console.file.write(ERASE_SCROLLBACK)
        self.console.clear()

    def pause(self, seconds: float) -> None:
        """Wait a moment (for people watching computers play)."""
        if seconds > 0:
            time.sleep(seconds)
