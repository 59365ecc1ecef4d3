"""What every board has: the scene it draws, and the interface a game's board implements.

A board draws a :class:`Scene` (a view, the seats' labels, the viewer's legal decisions when
they are to act, and the events since the viewer last looked), describes events in words, and
interprets the short inputs it advertises on screen (such as a card's position in the hand).
It never decides what is legal: that comes from the engine.

>>> describe_generic({"type": "deal", "seat": 1, "cards": 5})
'deal: seat 1, cards 5'
>>> describe_outcome(Outcome(winners=(1,), reason="player 0 conceded"), ("you", "greedy"))
'Outcome: greedy wins (player 0 conceded).'
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType

from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.game import Game
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.outcome import Outcome
from cardtable.engine.view import View

LOG_LINES = 10
"""How many recent events a board shows."""


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything a board shows at one moment.

    ``legal`` holds the viewer's legal decisions when they are to act (``None`` otherwise, and
    for spectators); ``events`` are the events since the viewer's previous board.
    """

    view: View[Any]
    labels: tuple[str, ...]
    legal: Decisions | None = None
    events: tuple[JsonObject, ...] = ()
    caption: str = ""

    def label(self, seat: int | None) -> str:
        """How a seat is called on screen (``player N (who)``)."""
        if seat is None:
            return "nobody"
        if 0 <= seat < len(self.labels):
            return self.labels[seat]
        return f"player {seat}"


class Board(ABC):
    """A game's look in the terminal: its board, its event log and its input shortcuts."""

    def __init__(self, game: Game[Any, Any], *, ascii_only: bool = False) -> None:
        self.game = game
        self.ascii_only = ascii_only

    @abstractmethod
    def render(self, scene: Scene) -> RenderableType:
        """The whole board for ``scene``."""

    def describe(self, event: JsonObject, scene: Scene) -> str | None:
        """One log line for an event (``None`` leaves it out of the log)."""
        return describe_generic(event)

    def log(self, scene: Scene, limit: int = LOG_LINES) -> list[str]:
        """The last ``limit`` described events of the scene."""
        lines = [line for event in scene.events if (line := self.describe(event, scene))]
        return lines[-limit:]

    @abstractmethod
    def shortcut(self, word: str, view: View[Any], legal: Decisions) -> Decision | None:
        """The decision a short input stands for (``None`` when ``word`` is no shortcut).

        Raises ``InvalidDecision`` with a reason when ``word`` is a shortcut that points at
        nothing (a position past the end of the hand, say).
        """

    @abstractmethod
    def shortcut_help(self) -> Sequence[tuple[str, str]]:
        """(input, meaning) pairs for the help screen."""

    @abstractmethod
    def prompt_hint(self, scene: Scene) -> str:
        """A one-line reminder of what to type, shown under the board."""


def describe_generic(event: JsonObject) -> str:
    """An event in plain words, for events a board does not know."""
    kind = str(event.get("type", "event"))
    details = ", ".join(f"{key} {_short(value)}" for key, value in event.items() if key != "type")
    return f"{kind}: {details}" if details else kind


def _short(value: JsonValue) -> str:
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, str):
            return name
        return "{" + ", ".join(f"{k} {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_short(item) for item in value) + "]"
    return str(value)


def describe_outcome(outcome: Outcome, labels: Sequence[str]) -> str:
    """The outcome line printed at the end of a match or a replay."""

    def label(seat: int) -> str:
        return labels[seat] if 0 <= seat < len(labels) else f"player {seat}"

    if not outcome.winners:
        return f"Outcome: a draw ({outcome.reason})."
    if len(outcome.winners) == 1:
        return f"Outcome: {label(outcome.winners[0])} wins ({outcome.reason})."
    names = " and ".join(label(seat) for seat in outcome.winners)
    return f"Outcome: {names} share the win ({outcome.reason})."


_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)


def small_number(word: str) -> int | None:
    """``word`` as a number a person would type at a prompt (1 to 6 ASCII digits), else None.

    >>> small_number("12"), small_number("²"), small_number("9" * 40)
    (12, None, None)
    """
    return int(word) if _NUMBER.fullmatch(word) else None
