"""High Card's board in the terminal: the scores, the cards face down this trick, your hand
numbered (type a card's number to play it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from cardtable.cli.render.base import Board, Scene, small_number
from cardtable.engine import Decision, Decisions, InvalidDecision, View
from highcard.game import TABLE, Play, hand, played


class HighCardBoard(Board):
    """Scores and the trick above, your hand below."""

    def render(self, scene: Scene) -> RenderableType:
        view = scene.view
        scores = view.public["scores"]
        lines = [Text(f"{scene.label(seat)}: {score} points") for seat, score in enumerate(scores)]
        down = [scene.label(s) for s in range(len(scores)) if view.zone(played(s)).size]
        lines.append(Text(f"Face down: {', '.join(down) or 'nothing yet'}"))
        last = view.zone(TABLE).cards or ()
        if last:
            shown = ", ".join(card.name for card in last[-len(scores) :])
            lines.append(Text(f"Last trick: {shown}"))
        if view.seat is not None:
            cards = view.zone(hand(view.seat)).cards or ()
            mine = "  ".join(f"{n}:{card.name}" for n, card in enumerate(cards, 1))
            lines.append(Text(f"Your hand: {mine or 'empty'}", style="bold"))
        lines += [Text(line, style="dim") for line in self.log(scene, limit=4)]
        if scene.caption:
            lines.append(Text(scene.caption, style="bold"))
        return Panel(Group(*lines), title=f"{self.game.title} · trick {view.turn}")

    def shortcut(self, word: str, view: View[Any], legal: Decisions) -> Decision | None:
        """A card's number in your hand plays it."""
        number = small_number(word)
        if number is None or view.seat is None:
            return None
        cards = view.zone(hand(view.seat)).cards or ()
        if not 1 <= number <= len(cards):
            raise InvalidDecision(f"there is no card {number}: choose 1 to {len(cards)}")
        return Play(cards[number - 1].id)

    def shortcut_help(self) -> Sequence[tuple[str, str]]:
        return [("1, 2, ...", "play that card of your hand")]

    def prompt_hint(self, scene: Scene) -> str:
        return "type a card's number to play it, or ? for help"
