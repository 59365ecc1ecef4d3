"""A person at the keyboard: reading their input and turning it into decisions.

What a person may type, in the order it is tried:

* a command: ``?``/``help``, ``q``/``quit`` (abandon, after a confirmation), ``b``/``board``
  (draw the board again) and ``concede`` (after a confirmation);
* a short input the game's board advertises (for the Kata TCG: a card's place in the hand,
  ``c3`` for a card costing 3, ``e`` to end the turn);
* any decision in its full text form (``play #12``, ``end``).

The engine checks every decision; a refused one is answered with its reason and a new prompt.

>>> from cardtable.games import find
>>> from cardtable.cli.render import board_for
>>> from cardtable.engine import Match
>>> game = find("tcg")
>>> match = Match(game, game.default_ruleset(), seed=5)
>>> seat = match.to_act
>>> interpret("  ? ", board_for(game), match.view(seat), match.legal(seat), game)
'help'
>>> interpret("end", board_for(game), match.view(seat), match.legal(seat), game)
End()
>>> interpret("xyz", board_for(game), match.view(seat), match.legal(seat), game)
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.engine.errors.InvalidDecision: 'xyz' is not a Kata TCG decision: ...
"""

from __future__ import annotations

from typing import Any, Final

from rich import box
from rich.table import Table

from cardtable.cli.render.base import Board, Scene
from cardtable.cli.terminal import Terminal
from cardtable.engine.decisions import Concede, Decision, Decisions
from cardtable.engine.errors import DecisionError
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.view import View

HELP: Final = "help"
QUIT: Final = "quit"
BOARD: Final = "board"
NOTHING: Final = "nothing"

_COMMANDS: dict[str, str] = {
    "?": HELP,
    "h": HELP,
    "help": HELP,
    "q": QUIT,
    "quit": QUIT,
    "exit": QUIT,
    "b": BOARD,
    "board": BOARD,
    "": NOTHING,
}


class Abandoned(Exception):
    """The person left the match (quit, or their input ended) before it was over."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def interpret(
    text: str, board: Board, view: View[Any], legal: Decisions, game: Game[Any, Any]
) -> Decision | str:
    """A decision, or the name of a command (``help``, ``quit``, ``board``, ``nothing``).

    Raises ``InvalidDecision`` with the reason when ``text`` is neither.
    """
    word = " ".join(text.strip().lower().split())
    if word in _COMMANDS:
        return _COMMANDS[word]
    found = board.shortcut(word, view, legal)
    if found is not None:
        return found
    return game.parse_decision(word)


def help_table(board: Board) -> Table:
    """Everything a person can type, for the help screen."""
    table = Table(
        title="What you can type", box=box.SIMPLE, show_header=False, title_justify="left"
    )
    table.add_column("input", style="bold green")
    table.add_column("meaning")
    for word, meaning in board.shortcut_help():
        table.add_row(word, meaning)
    table.add_row("concede", "give up the match (you are asked to confirm)")
    table.add_row("b, board", "show the board again")
    table.add_row("?, help", "show this help")
    table.add_row("q, quit", "leave the match unfinished (you are asked to confirm)")
    return table


class HumanSeat:
    """Asks a person for decisions until the engine accepts one."""

    def __init__(self, terminal: Terminal, board: Board) -> None:
        self.terminal = terminal
        self.board = board

    def play_one(self, match: Match[Any], seat: int, scene: Scene) -> None:
        """Read input until one decision of ``seat`` is accepted, and apply it.

        Raises :class:`Abandoned` when the person quits or their input ends.
        """
        terminal = self.terminal
        legal = scene.legal if scene.legal is not None else match.legal(seat)
        while True:
            text = terminal.ask(f"{scene.label(seat)}> ")
            if text is None:
                raise Abandoned("the input ended")
            try:
                choice = interpret(text, self.board, scene.view, legal, match.game)
            except DecisionError as error:
                self._refuse(f"{error.reason} (type ? for help)")
                continue
            if choice == HELP:
                terminal.show(help_table(self.board))
            elif choice == BOARD:
                terminal.show(self.board.render(scene))
            elif choice == NOTHING:
                terminal.say(self.board.prompt_hint(scene), style="dim")
            elif choice == QUIT:
                answer = terminal.confirm("Leave the match unfinished?")
                if answer is None:
                    raise Abandoned("the input ended")
                if answer:
                    raise Abandoned("you quit")
            elif isinstance(choice, Decision) and self._apply(match, seat, choice):
                return

    def _apply(self, match: Match[Any], seat: int, decision: Decision) -> bool:
        """Apply ``decision``; False (with the reason shown) when it is refused or not confirmed."""
        if isinstance(decision, Concede):
            answer = self.terminal.confirm("Concede the match?")
            if answer is None:
                raise Abandoned("the input ended")
            if not answer:
                return False
        try:
            penalised = match.decide(seat, decision)
        except DecisionError as error:
            self._refuse(error.reason)
            return False
        if penalised is not None:
            self._refuse(f"penalised: {penalised.reason}")
        return True

    def _refuse(self, reason: str) -> None:
        self.terminal.say(f"✗ {reason}" if not self.terminal.ascii_only else f"x {reason}", "red")
