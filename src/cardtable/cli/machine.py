"""``cardtable play GAME --json``: a match played by programs, one JSON object a line.

Like a chess engine's UCI or a go engine's GTP, the mode lets a program in any language play
through the CLI. Every seat marked ``human`` in ``--seats`` reads its decisions from standard
input, one decision text a line (``play #12 @p1``, ``end``, ``concede``); blank lines are
skipped. Computer seats play themselves. Standard output carries nothing but messages, one
compact JSON object a line, flushed as it is written:

``{"type": "events", "seat": S, "events": [...]}``
    What seat ``S`` may see of the match since its last view (each event with its line in
    the game's words, ``text``); sent before a view, and before ``over``, when there is any.
``{"type": "view", "seat": S, "version": V, "view": {...}, "legal": [...], "default": T,
"unplayable": [{"card": ID, "code": C, "reason": R}]}``
    Seat ``S`` is to decide: ``view`` is what it sees (as the server sends it), ``legal`` the
    shape of each decision it may make (``kind``, ``text``, ``cards``, ``targets``, ``mode``,
    ``details``; conceding last when allowed), ``default`` what a time-out would do (or
    ``null``), ``unplayable`` why each card of its hand that no legal decision plays waits.
    The answer is one line on standard input.
``{"type": "refused", "decision": T, "code": C, "reason": R}``
    The line was not taken (not a decision: ``invalid_decision``; or against the rules: the
    rule's code); nothing changed, and the same seat is asked again with a new view.
``{"type": "penalised", "decision": T, "code": C, "reason": R}``
    The rules fined the decision instead of refusing it (Karata with ``--fine``); the match
    went on.
``{"type": "over", "outcome": {"winners": [...], "code": C, "seats": [...], "reason": R},
"text": T}``
    The match is over; the exit code is 0. ``code`` says how it ended (one of the game's
    outcome codes, on its rules page) and ``seats`` whom that concerns; ``text`` says it in
    words with the seats' names, to the one seat that reads standard input as "you" ("You
    won — player 2 fell to 0 health or below"); ``reason`` is the same with seats called
    ``player N`` (from 0).
``{"type": "abandoned", "reason": R}``
    Standard input ended (or nobody could decide) before the end; the exit code is 1.
``{"type": "error", "code": C, "reason": R}``
    The command line was refused before the match began (with ``field`` and ``line`` when
    the error knows them); the exit code is 2 for a usage error, 1 otherwise.

``--save FILE`` saves the record at the end, finished or abandoned. An exchange (``>`` is
what the program writes, ``<`` what it reads; views shortened):

.. code-block:: text

    < {"type":"events","seat":0,"events":[{"type":"draw","seat":0,...,"text":"..."}]}
    < {"type":"view","seat":0,"version":3,"view":{...},"legal":[{"kind":"play",
       "text":"play #21","cards":[21],...},{"kind":"end","text":"end",...}],"default":"end",
       "unplayable":[{"card":29,"code":"cannot_afford","reason":"you cannot afford ..."}]}
    > play #29
    < {"type":"refused","decision":"play #29","code":"cannot_afford","reason":"you ..."}
    < {"type":"view","seat":0,"version":3,...}
    > play #21
    ...
    < {"type":"over","outcome":{"winners":[0],"code":"fell","seats":[1],...},"text":"..."}

The messages are built by :class:`MachineSession`, which reads and writes any text streams:

>>> import io
>>> from cardtable.agents import SeatSpec
>>> from cardtable.cli.play import PlaySettings, computer_decides
>>> from cardtable.games import find
>>> game = find("tcg")
>>> settings = PlaySettings(
...     game=game, ruleset=game.default_ruleset(), seed=7,
...     seats=(SeatSpec("human"), SeatSpec("greedy")),
... )
>>> out = io.StringIO()
>>> MachineSession(settings, io.StringIO("xyz\\n"), out).run()
1
>>> [json.loads(line)["type"] for line in out.getvalue().splitlines()]
['events', 'view', 'refused', 'view', 'abandoned']
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

import typer

from cardtable.agents import Agent
from cardtable.cli.errors import UsageProblem, exit_code
from cardtable.cli.play import PlaySettings, computer_decides
from cardtable.engine.errors import CardtableError, DecisionError, RulesetError
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.match import Match
from cardtable.engine.view import view_to_json
from cardtable.engine.wording import Names, seat_namer, with_text

_ERROR_CODES: dict[str, str] = {
    "UsageProblem": "usage",
    "RulesetError": "bad_rules",
    "RecordError": "bad_record",
}
"""Codes of the boundary errors whose class name does not say it well enough."""


def error_message(error: CardtableError) -> JsonObject:
    """An error that ends the command, as its ``error`` message: its own ``code`` when it has
    one, else one named after its class; ``field`` and ``line`` when it knows them.

    >>> from cardtable.engine.errors import UnknownGame
    >>> error_message(UnknownGame("no game 'go'"))
    {'type': 'error', 'code': 'unknown_game', 'reason': "no game 'go'"}
    >>> error_message(UsageProblem("--json plays here"))["code"]
    'usage'
    """
    code = getattr(error, "code", None)
    if not isinstance(code, str) or not code:
        name = type(error).__name__
        if isinstance(error, RulesetError):
            name = "RulesetError"
        code = _ERROR_CODES.get(name) or re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
    message: JsonObject = {"type": "error", "code": code, "reason": error.reason}
    for extra in ("field", "line"):
        value = getattr(error, extra, None)
        if value is not None and isinstance(value, (str, int)):
            message[extra] = value
    return message


def write(output: TextIO, message: JsonObject) -> None:
    """One message: a compact JSON line, flushed at once."""
    output.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n")
    output.flush()


@contextmanager
def json_guarded(output: TextIO) -> Iterator[None]:
    """Turn cardtable's errors into an ``error`` message on ``output`` and the exit code
    :func:`cardtable.cli.errors.exit_code` gives (2 for usage, 1 otherwise)."""
    try:
        yield
    except CardtableError as error:
        write(output, error_message(error))
        raise typer.Exit(exit_code(error)) from None


def refuse_remote(server: str | None, room: str | None) -> None:
    """``--json`` plays here only: refuse ``--server``/``--room`` with a usage error."""
    if server is not None or room is not None:
        raise UsageProblem("--json plays a match here; it cannot be combined with --server/--room")


class MachineSession:
    """One match whose stdin-driven seats are played by a program over JSON lines."""

    def __init__(self, settings: PlaySettings, input: TextIO, output: TextIO) -> None:
        self.settings = settings
        self.input = input
        self.output = output
        self.match: Match[Any] = settings.new_match()
        self.agents = settings.seated_agents()
        self.people = [seat for seat, spec in enumerate(settings.seats) if spec.human]
        self.delay = max(0.0, settings.delay or 0.0)
        self.read: dict[int, int] = {}
        """Per stdin-driven seat, the journal length when its events were last sent."""
        self.names: dict[int, Names] = {}
        """Per stdin-driven seat, what its event lines call seats and the cards it was shown
        (as the server words them)."""

    def run(self) -> int:
        """Play to the end or until the input ends, save if asked; return the exit code."""
        match = self.match
        reason: str | None = None
        code = 0
        try:
            while not match.over:
                seat = match.to_act
                if seat is None:
                    reason = "nobody is left to decide"
                    break
                agent = self.agents[seat]
                if agent is None:
                    if not self._person(seat):
                        reason = "the input ended"
                        break
                else:
                    self._computer(seat, agent)
        except KeyboardInterrupt:
            reason, code = "interrupted", 130
        if match.over and reason is None:
            for seat in self.people:
                self._send_events(seat)
            outcome = match.outcome
            assert outcome is not None
            reader = self.people[0] if len(self.people) == 1 else None
            text = match.game.describe_outcome(outcome, seat_namer(match.seats), reader)
            write(self.output, {"type": "over", "outcome": outcome.to_json(), "text": text})
        else:
            write(self.output, {"type": "abandoned", "reason": reason or "it did not finish"})
            code = code or 1
        if self.settings.save is not None:
            match.record().save(self.settings.save)
        return code

    def _computer(self, seat: int, agent: Agent) -> None:
        computer_decides(self.match, seat, agent)
        if self.delay:
            time.sleep(self.delay)

    def _person(self, seat: int) -> bool:
        """Ask ``seat`` until one line is taken; False when the input ended first."""
        match = self.match
        while True:
            self._send_events(seat)
            self._send_view(seat)
            text = self._read_line()
            if text is None:
                return False
            try:
                penalised = match.decide(seat, text)
            except DecisionError as error:
                write(self.output, _judged("refused", text, error))
                continue
            if penalised is not None:
                write(self.output, _judged("penalised", text, penalised))
            return True

    def _read_line(self) -> str | None:
        """The next line that is not blank, stripped (``None`` at the end of the input)."""
        while True:
            line = self.input.readline()
            if not line:
                return None
            if line.strip():
                return line.strip()

    def _send_events(self, seat: int) -> None:
        match = self.match
        since = self.read.get(seat, 0)
        self.read[seat] = match.journal_length
        names = self.names.setdefault(seat, Names(seat_namer(match.seats), {}))
        events = with_text(match.game, match.events(seat, since), names)
        if events:
            shown: list[JsonValue] = list(events)
            write(self.output, {"type": "events", "seat": seat, "events": shown})

    def _send_view(self, seat: int) -> None:
        match = self.match
        view = match.view(seat)
        legal = match.legal(seat)
        legal_shapes: list[JsonValue] = [decision.shape().to_json() for decision in legal.options]
        unplayable: list[JsonValue] = [
            {"card": card, "code": error.code, "reason": error.reason}
            for card, error in match.unplayable(seat).items()
        ]
        write(
            self.output,
            {
                "type": "view",
                "seat": seat,
                "version": view.version,
                "view": view_to_json(view),
                "legal": legal_shapes,
                "default": None if legal.default is None else legal.default.text(),
                "unplayable": unplayable,
            },
        )


def _judged(kind: str, text: str, error: DecisionError) -> JsonObject:
    return {"type": kind, "decision": text, "code": error.code, "reason": error.reason}


def play_json(settings: PlaySettings, input: TextIO, output: TextIO) -> int:
    """Play the match ``settings`` describe over JSON lines; the exit code."""
    return MachineSession(settings, input, output).run()
