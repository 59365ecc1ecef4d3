"""The War board: each player's cards, the table of the current battle with its wars as rows
of face-down and face-up cards, the battle just finished, whose turn it is, and a log.

War has one decision, so the short input is one letter:

>>> from cardtable.engine import Match
>>> from cardtable.games import find
>>> game = find("war")
>>> match = Match(game, game.default_ruleset(), seed=5)
>>> board = WarBoard(game)
>>> board.shortcut("t", match.view(0), match.legal(0))
Turn()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.cards import CardTextError, Colour, PlayingCard, card_label, parse_card
from cardtable.cli.render.base import Board, Scene
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.view import View
from cardtable.games.war import TURN
from cardtable.games.war.hints import held

_TURN_WORDS = {"t"}


def _card_text(key: str, *, ascii_only: bool) -> Text:
    label = card_label(key, ascii_only=ascii_only)
    try:
        card = parse_card(key)
    except CardTextError:
        return Text(label, style="bold")
    red = isinstance(card, PlayingCard) and card.colour is Colour.RED
    return Text(label, style="bold red" if red else "bold")


class WarBoard(Board):
    """War on a terminal."""

    # -- drawing ----------------------------------------------------------------------------

    def render(self, scene: Scene) -> RenderableType:
        view = scene.view
        parts: list[RenderableType] = [self._players(scene)]
        table = self._table(scene)
        if table is not None:
            parts.append(table)
        last = self._last_battle(scene)
        if last is not None:
            parts.append(last)
        lines = self.log(scene)
        if lines:
            parts.append(
                Panel(Text("\n".join(lines)), title="Recent", title_align="left", box=box.ROUNDED)
            )
        if scene.caption:
            parts.append(Text(scene.caption, style="bold"))
        if view.outcome is not None:
            status = "the match is over"
        else:
            status = f"{scene.label(view.to_act)} to turn"
        return Panel(
            Group(*parts),
            title=f"[bold]{self.game.title}[/] · battle {view.turn}",
            subtitle=status,
            box=box.HEAVY if scene.legal is not None else box.ROUNDED,
            border_style="cyan" if scene.legal is not None else "blue",
        )

    def _players(self, scene: Scene) -> Table:
        view = scene.view
        public = view.public
        counts = held(view)
        out = set(public["out"])
        contenders = set(public["contenders"])
        to_turn = set(public["to_turn"])
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
        table.add_column("player", no_wrap=True)
        table.add_column("pile", justify="right", no_wrap=True)
        table.add_column("on table", justify="right", no_wrap=True)
        table.add_column("", no_wrap=True)
        marker = ">" if self.ascii_only else "▶"
        rounds = public["rounds"]
        war = len(rounds) > 1
        this_round = {entry["seat"]: entry for entry in rounds[-1]} if rounds else {}
        for seat in range(len(counts)):
            acting = view.outcome is None and view.to_act == seat
            name = Text(f"{marker} " if acting else "  ", style="bold yellow")
            name.append(scene.label(seat), style="bold" if seat == view.seat else "")
            pile = view.zones[f"pile:{seat}"].size
            if seat in out:
                status = Text("out", style="dim")
            elif view.outcome is not None:
                status = Text("wins" if seat in view.outcome.winners else "", style="bold green")
            elif seat in to_turn:
                status = Text("to turn" + (" (war)" if war else ""), style="yellow")
            elif seat in this_round and not this_round[seat]["up"]:
                status = Text("dropped out", style="dim")
            elif seat in contenders:
                status = Text("turned", style="")
            else:
                status = Text("waiting", style="dim")
            table.add_row(name, str(pile), str(counts[seat] - pile), status)
        return table

    def _table(self, scene: Scene) -> RenderableType | None:
        """The current battle: one row per round (the battle, then each war)."""
        view = scene.view
        rounds: list[list[dict[str, int]]] = view.public["rounds"]
        if not any(rounds):
            return None
        seats = sorted({entry["seat"] for entries in rounds for entry in entries})
        taken = dict.fromkeys(seats, 0)
        grid = Table(box=box.SIMPLE, show_edge=False, pad_edge=False, padding=(0, 1))
        grid.add_column("")
        for seat in seats:
            grid.add_column(scene.label(seat), no_wrap=True)
        for number, entries in enumerate(rounds):
            cells: dict[int, Text] = {}
            for entry in entries:
                seat = entry["seat"]
                up_cards = view.zones[f"up:{seat}"].cards or ()
                key = None
                if entry["up"]:
                    key = up_cards[taken[seat]].key if taken[seat] < len(up_cards) else "?"
                    taken[seat] += 1
                cells[seat] = self._played(entry["down"], key)
            grid.add_row(
                "battle" if number == 0 else f"war {number}",
                *(cells.get(seat, Text("")) for seat in seats),
            )
        return Panel(grid, title="On the table", title_align="left", box=box.ROUNDED)

    def _played(self, down: int, key: str | None) -> Text:
        back = "#" if self.ascii_only else "▮"
        text = Text(back * down + (" " if down else ""), style="magenta")
        if key is None:
            text.append("dropped out", style="dim")
        else:
            text.append_text(_card_text(key, ascii_only=self.ascii_only))
        return text

    def _last_battle(self, scene: Scene) -> RenderableType | None:
        last: dict[str, Any] | None = scene.view.public["last"]
        if last is None or any(scene.view.public["rounds"]):
            return None
        lines = Text()
        for number, entries in enumerate(last["rounds"]):
            lines.append("battle: " if number == 0 else f"war {number}: ", style="dim")
            for index, entry in enumerate(entries):
                if index:
                    lines.append(", ")
                lines.append(f"{scene.label(entry['seat'])} ")
                lines.append_text(self._played(entry["down"], entry["card"]))
            lines.append("\n")
        winner = last["winner"]
        cards = last["cards"]
        if winner is None:
            lines.append(f"{cards} cards set aside", style="bold")
        else:
            lines.append(f"{scene.label(winner)} took {cards} cards", style="bold")
        return Panel(lines, title=f"Battle {last['number']}", title_align="left", box=box.ROUNDED)

    def prompt_hint(self, scene: Scene) -> str:
        war = len(scene.view.public["rounds"]) > 1
        what = "put down and turn your cards" if war else "turn your next card"
        return f"Your turn: t to {what}, ? help"

    # -- the log ----------------------------------------------------------------------------

    # -- short input ------------------------------------------------------------------------

    def shortcut(self, word: str, view: View[Any], legal: Decisions) -> Decision | None:
        """``t``: turn (War's only decision)."""
        return TURN if word.strip().lower() in _TURN_WORDS else None

    def shortcut_help(self) -> Sequence[tuple[str, str]]:
        return [("t", "turn your next card; in a war, put down your face-down cards first")]
