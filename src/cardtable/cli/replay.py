"""``cardtable replay``: step through a saved match, decision by decision.

The match is rebuilt from its record (rules + seed + decisions), so the boards are exactly
what the players saw, redacted for the chosen seat (or for a spectator). Keys: Enter for the
next decision, ``b`` to go back one, a number to jump to that decision, ``q`` to stop. With
``--all``, or when the input is not a keyboard (or ends), every step is printed in a row.
At the end the replayed state's hash is checked against the one the record saved.

>>> from cardtable.engine import Record
>>> labels_of(Record(game="tcg", ruleset={}, seed=1, seats=("human",), decisions=()), 2)
('player 0 (human)', 'player 1')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.rule import Rule

from cardtable.cli.errors import UsageProblem
from cardtable.cli.render import Scene, board_for
from cardtable.cli.render.base import describe_outcome, small_number
from cardtable.cli.terminal import Terminal
from cardtable.engine.errors import DecisionError, RecordError
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.record import Record

PROMPT = "Enter: next · b: back · NUMBER: jump · q: quit > "


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplaySettings:
    """What ``cardtable replay`` was asked for."""

    record: Record
    game: Game[Any, Any]
    seat: int | None = None
    """Whose view to show (``None``: a spectator's)."""
    run_all: bool = False


def labels_of(record: Record, seats: int) -> tuple[str, ...]:
    """Seat labels from the names the record kept (``player N (who)``)."""
    return tuple(
        f"player {seat} ({record.seats[seat]})" if seat < len(record.seats) else f"player {seat}"
        for seat in range(seats)
    )


class Replayer:
    """Shows a record's match one decision at a time."""

    def __init__(self, terminal: Terminal, settings: ReplaySettings) -> None:
        self.terminal = terminal
        self.record = settings.record
        self.game = settings.game
        self.match: Match[Any] = Match.replay(self.game, self.record, upto=0)
        seats = self.match.state.seats
        if settings.seat is not None and not 0 <= settings.seat < seats:
            raise UsageProblem(
                f"this match has seats 0 to {seats - 1}; there is no seat {settings.seat}"
            )
        self.viewer = settings.seat
        self.run_all = settings.run_all
        self.labels = labels_of(self.record, seats)
        self.board = board_for(self.game, ascii_only=terminal.ascii_only)
        self.position = 0
        self.total = len(self.record.decisions)

    def run(self) -> int:
        """Replay to the end (or until ``q``); the exit code (1 when the hash differs)."""
        terminal = self.terminal
        self._show(0)
        automatic = self.run_all or not terminal.interactive
        while self.position < self.total:
            if automatic:
                self._step()
                continue
            text = terminal.ask(PROMPT)
            if text is None:
                automatic = True
                continue
            word = text.strip().lower()
            if word == "":
                self._step()
            elif word in ("b", "back"):
                if self.position == 0:
                    terminal.say("This is the start of the match.", style="dim")
                else:
                    self._goto(self.position - 1)
            elif word in ("q", "quit"):
                terminal.say(f"Stopped at decision {self.position} of {self.total}.")
                return 0
            elif (number := small_number(word)) is not None and number <= self.total:
                self._goto(number)
            else:
                terminal.say(
                    f"Press Enter for the next decision, b to go back, a number from 0 to "
                    f"{self.total} to jump there, or q to stop.",
                    style="red",
                )
        return self._summary()

    def _step(self) -> None:
        """Apply the next recorded decision and show its board."""
        seat, text = self.record.decisions[self.position]
        since = self.match.journal_length
        try:
            self.match.decide(seat, text)
        except DecisionError as error:
            raise RecordError(
                f"decision {self.position + 1} (player {seat}: {text!r}) does not replay: "
                f"{error.reason}"
            ) from None
        self.position += 1
        self._show(since)

    def _goto(self, position: int) -> None:
        """Rebuild the match just before decision ``position`` and step onto it."""
        if position == 0:
            self.match = Match.replay(self.game, self.record, upto=0)
            self.position = 0
            self._show(0)
            return
        self.match = Match.replay(self.game, self.record, upto=position - 1, check=False)
        self.position = position - 1
        self._step()

    def _show(self, since: int) -> None:
        match = self.match
        viewer = self.viewer
        if self.position == 0:
            caption = f"Start of the match ({self.total} decisions recorded)"
        else:
            seat, text = self.record.decisions[self.position - 1]
            caption = f"Decision {self.position}/{self.total}: {self.labels[seat]}: {text}"
        view = match.view(viewer)
        legal = None
        if viewer is not None and not match.over and match.to_act == viewer:
            legal = match.legal(viewer)
        scene = Scene(view, self.labels, legal, tuple(match.events(viewer, since)))
        self.terminal.show(Rule(caption))
        self.terminal.show(self.board.render(scene))

    def _summary(self) -> int:
        match = self.match
        terminal = self.terminal
        if match.outcome is not None:
            terminal.say(describe_outcome(match.outcome, self.labels, match.game), style="bold")
        else:
            terminal.say("The record ends before the match is over.", style="bold yellow")
        expected = self.record.final_hash
        if expected is None:
            terminal.say("The record holds no final state hash to check.", style="yellow")
            return 0
        if match.hash() == expected:
            terminal.say("The final state hash matches the record.", style="green")
            return 0
        terminal.say(
            "The final state hash does NOT match the record: this match replays differently.",
            style="bold red",
        )
        return 1


def replay(terminal: Terminal, settings: ReplaySettings) -> int:
    """Replay a record; the exit code."""
    return Replayer(terminal, settings).run()
