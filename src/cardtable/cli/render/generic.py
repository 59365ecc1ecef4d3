"""The board of a game that has no board of its own: its zones, public data and options.

It relies on nothing but the engine's view, so a newly registered game is playable in the
terminal before anyone draws it a pretty board. Short input: the number of an option.

>>> from cardtable.engine.decisions import Decisions
>>> from cardtable.games import find
>>> from cardtable.games.tcg import End
>>> board = GenericBoard(find("tcg"))
>>> board.shortcut("1", None, Decisions(seat=0, moves=(End(),), default=End()))
End()
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.cli.render.base import Board, Scene, small_number
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import InvalidDecision
from cardtable.engine.view import CardView, View, ZoneView


class GenericBoard(Board):
    """Zones as a table, the public data as JSON, the options numbered."""

    def render(self, scene: Scene) -> RenderableType:
        view = scene.view
        parts: list[RenderableType] = [self._zones(view), self._public(view)]
        lines = self.log(scene)
        if lines:
            parts.append(Panel(Text("\n".join(lines)), title="Recent", box=box.ROUNDED))
        if scene.legal is not None:
            parts.append(self._options(scene.legal))
        if scene.caption:
            parts.append(Text(scene.caption, style="bold"))
        title = f"{self.game.title} · turn {view.turn}"
        status = "over" if view.outcome is not None else f"{scene.label(view.to_act)} to play"
        return Panel(Group(*parts), title=title, subtitle=status, box=box.ROUNDED)

    def _zones(self, view: View[Any]) -> Table:
        table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
        table.add_column("zone")
        table.add_column("cards", justify="right")
        table.add_column("contents")
        for zone in view.zones.values():
            table.add_row(zone.name, str(zone.size), _contents(zone))
        return table

    def _public(self, view: View[Any]) -> Text:
        try:
            shown = json.dumps(view.public, separators=(", ", ": "))
        except (TypeError, ValueError):
            shown = repr(view.public)
        return Text(shown, style="dim")

    def _options(self, legal: Decisions) -> Text:
        text = Text("Your options: ", style="bold")
        for number, move in enumerate(legal.moves, start=1):
            text.append(f" {number}", style="bold green")
            text.append(f" {move.text()} ")
        return text

    def shortcut(self, word: str, view: View[Any], legal: Decisions) -> Decision | None:
        """A bare number picks that option of the list under the board."""
        number = small_number(word)
        if number is None:
            return None
        if not 1 <= number <= len(legal.moves):
            raise InvalidDecision(
                f"there is no option {number}: choose 1 to {len(legal.moves)}"
                if legal.moves
                else "you have no options to choose from"
            )
        return legal.moves[number - 1]

    def shortcut_help(self) -> Sequence[tuple[str, str]]:
        return [("1, 2, ...", "the option with that number in the list under the board")]

    def prompt_hint(self, scene: Scene) -> str:
        return "Your turn: type an option's number, or ? for help"


def _contents(zone: ZoneView) -> str:
    if zone.cards is None:
        return f"hidden ({zone.visibility})"
    return ", ".join(_card(card) for card in zone.cards) or "empty"


def _card(card: CardView) -> str:
    stats = " ".join(f"{name} {value}" for name, value in card.stats.items())
    return f"{card.name} #{card.id}" + (f" ({stats})" if stats else "")
