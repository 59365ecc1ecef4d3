"""What every board has: the scene it draws, and the interface a game's board implements.

A board draws a :class:`Scene` (a view, the seats' labels, the viewer's legal decisions when
they are to act, and the events since the viewer last looked), describes events in words, and
interprets the short inputs it advertises on screen (such as a card's position in the hand).
It never decides what is legal: that comes from the engine.

>>> from cardtable.games import find
>>> tcg = find("tcg")
>>> ended = tcg.outcome_codes["conceded"].outcome(winners=(1,), seats=(0,))
>>> describe_outcome(ended, ("player 0 (you)", "player 1 (greedy)"), tcg)
'Outcome: player 1 (greedy) won — player 0 (you) conceded.'

At a table of more than two, where everyone placed follows:

>>> karata = find("karata")
>>> out = karata.outcome_codes["played_out"].outcome(winners=(2,), seats=(2,)).placed((2, 3, 1))
>>> describe_outcome(out, ("you", "Bob", "Cy"), karata)
'Outcome: Cy won — Cy declared last card and played out. Places: 1st Cy, 2nd you, 3rd Bob.'
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
from cardtable.engine.json import JsonObject
from cardtable.engine.outcome import Outcome
from cardtable.engine.view import View
from cardtable.engine.wording import Names, describe_places, learn_cards

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
        """One log line for an event, in its game's words (``None`` leaves it out of the
        log): seats by their labels, cards by the names the view and the event show."""
        cards = self.card_names(scene)
        learn_cards(event, cards)
        return self.game.describe_event(event, Names(scene.label, cards, self.ascii_only))

    def worded(self, scene: Scene) -> list[str | None]:
        """Each of the scene's events in words, in order (``None``: left out of the log);
        a line names the cards the view and the events up to it show."""
        cards = self.card_names(scene)
        names = Names(scene.label, cards, self.ascii_only)
        lines = []
        for event in scene.events:
            learn_cards(event, cards)
            lines.append(self.game.describe_event(event, names))
        return lines

    @staticmethod
    def card_names(scene: Scene) -> dict[int, str]:
        """The names of the cards the scene's view shows, by id."""
        return {
            card.id: card.name
            for zone in scene.view.zones.values()
            for card in zone.cards or ()
            if card is not None
        }

    def log(self, scene: Scene, limit: int = LOG_LINES) -> list[str]:
        """The last ``limit`` described events of the scene."""
        return [line for line in self.worded(scene) if line][-limit:]

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


def describe_outcome(
    outcome: Outcome,
    labels: Sequence[str],
    game: Game[Any, Any] | None = None,
    viewer: int | None = None,
) -> str:
    """The outcome line printed at the end of a match or a replay: the engine's words for an
    outcome of a code (:meth:`Game.describe_outcome
    <cardtable.engine.game.Game.describe_outcome>`), seats called by ``labels`` and
    ``viewer``'s seat "you". An outcome of a sentence alone (a record made before codes, a
    game that declares none) reads as it always has:

    >>> describe_outcome(Outcome(winners=(1,), reason="player 0 conceded"), ("you", "greedy"))
    'Outcome: greedy wins (player 0 conceded).'
    """

    def label(seat: int) -> str:
        return labels[seat] if 0 <= seat < len(labels) else f"player {seat}"

    if outcome.code and game is not None:
        places = describe_places(outcome, label)
        said = f"Outcome: {game.describe_outcome(outcome, label, viewer)}."
        return f"{said} Places: {places}." if places else said
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
