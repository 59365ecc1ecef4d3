"""``cardtable play``: a match between people at the keyboard and computer players.

Three ways to play come out of one loop: a person against the computer, people taking turns
at one keyboard (hot seat: in a game with hands, a hand-over screen before each turn, so
nobody sees another's hand), and computers playing each other while people watch (the
spectator's view, with a pause between decisions). People who are out of a match that goes on
(all their options gone, conceding included) are told so, and the others play on.

>>> seat_labels([SeatSpec("human"), SeatSpec("greedy")])
('player 0 (you)', 'player 1 (greedy)')
>>> seat_labels([SeatSpec("human"), SeatSpec("human")])
('player 0', 'player 1')

Any rule of the chosen game can be set on the command line, ``--field-name VALUE`` (dashes
for underscores), over the defaults or a rules file:

>>> from cardtable.games import find
>>> war = find("war")
>>> rules = rules_from_options(war, war.default_ruleset(), ["--players", "4", "--face-down=3"])
>>> rules.players, rules.face_down
(4, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

from rich import box
from rich.panel import Panel
from rich.text import Text

from cardtable.agents import Agent, BlindAgent, SeatSpec, check_seats, make_agent, parse_seats
from cardtable.agents.registry import default_seats
from cardtable.cli.errors import UsageProblem
from cardtable.cli.human import Abandoned, HumanSeat
from cardtable.cli.render import Scene, board_for
from cardtable.cli.render.base import describe_outcome
from cardtable.cli.terminal import Terminal
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.zones import OWNER
from cardtable.games import load_rules
from cardtable.simulation import agent_rng

WATCH_DELAY = 0.5
"""Seconds between decisions when computers play each other on a terminal."""

INTERRUPTED = 130
"""The exit code after Ctrl-C (the shell's convention)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaySettings:
    """What ``cardtable play`` was asked for, already checked."""

    game: Game[Any, Any]
    ruleset: Any
    seed: int
    seats: tuple[SeatSpec, ...]
    save: Path | None = None
    delay: float | None = None
    """Seconds to wait after each computer decision (``None``: the default for the mode)."""

    def new_match(self) -> Match[Any]:
        """The match these settings ask for, each seat named by its spec."""
        return Match(self.game, self.ruleset, self.seed, seats=[spec.text() for spec in self.seats])

    def seated_agents(self) -> list[Agent | None]:
        """A computer player sat down at each computer seat (``None`` at a person's)."""
        agents: list[Agent | None] = [
            None if spec.human else make_agent(spec, self.game, agent_rng(self.seed, seat))
            for seat, spec in enumerate(self.seats)
        ]
        for agent in agents:
            if agent is not None:
                agent.sit(self.game, self.ruleset)
        return agents


def computer_decides(match: Match[Any], seat: int, agent: Agent) -> None:
    """``agent`` makes ``seat``'s decision in ``match`` (a blind one from the legal list only)."""
    legal = match.legal(seat)
    if isinstance(agent, BlindAgent):
        decision = agent.choose(legal)
    else:
        decision = agent.decide(match.view(seat), legal)
    match.decide(seat, decision)


def seat_labels(specs: Sequence[SeatSpec]) -> tuple[str, ...]:
    """How each seat is called on screen: its number, and who holds it."""
    people = sum(spec.human for spec in specs)
    labels = []
    for seat, spec in enumerate(specs):
        if spec.human:
            labels.append(f"player {seat} (you)" if people == 1 else f"player {seat}")
        else:
            labels.append(f"player {seat} ({spec.text()})")
    return tuple(labels)


class PlaySession:
    """One match played in the terminal, from the first decision to the saved record."""

    def __init__(self, terminal: Terminal, settings: PlaySettings) -> None:
        self.terminal = terminal
        self.settings = settings
        game = settings.game
        self.match: Match[Any] = settings.new_match()
        self.agents = settings.seated_agents()
        self.people = [seat for seat, spec in enumerate(settings.seats) if spec.human]
        self.labels = seat_labels(settings.seats)
        self.board = board_for(game, ascii_only=terminal.ascii_only)
        self.human = HumanSeat(terminal, self.board)
        self.watching = not self.people
        self.private = any(
            zone.visibility == OWNER for zone in self.match.view(None).zones.values()
        )
        """Whether some zones show their cards to their owner only (hands): then people
        sharing the keyboard hand it over between their decisions."""
        if settings.delay is not None:
            self.delay = max(0.0, settings.delay)
        else:
            self.delay = WATCH_DELAY if self.watching and terminal.is_terminal else 0.0
        self.seen: dict[int | None, int] = {}
        self.last_person: int | None = None
        self.last_turn = -1
        self.left = False
        """Whether the people at the keyboard have all left a match that goes on."""

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or until abandoned), save if asked; return the exit code."""
        code = 0
        reason: str | None = None
        try:
            if self.watching:
                self._narrate()
            while not self.match.over:
                seat = self.match.to_act
                if seat is None:
                    raise Abandoned("nobody is left to decide")
                agent = self.agents[seat]
                if agent is None:
                    self._person(seat)
                else:
                    if not self.left and self.people and self._people_left():
                        self._say_left()
                    self._computer(seat, agent)
        except Abandoned as abandoned:
            reason, code = abandoned.reason, 1
        except KeyboardInterrupt:
            reason, code = "interrupted", INTERRUPTED
        self._finish(reason)
        return code

    def _computer(self, seat: int, agent: Agent) -> None:
        computer_decides(self.match, seat, agent)
        if self.watching:
            self._narrate()
        self.terminal.pause(self.delay)

    def _person(self, seat: int) -> None:
        match = self.match
        if self.private and len(self.people) > 1 and self.last_person != seat:
            self._hand_over(seat)
        self.last_person = seat
        legal = match.legal(seat)
        scene = Scene(match.view(seat), self.labels, legal, tuple(self._events_for(seat)))
        scene = replace(scene, caption=self.board.prompt_hint(scene))
        self.terminal.show(self.board.render(scene))
        self.human.play_one(match, seat, scene)

    def _people_left(self) -> bool:
        """Whether no person may decide anything any more, not even concede (they are out of
        a match the others play on)."""
        return all(not self.match.legal(seat).options for seat in self.people)

    def _say_left(self) -> None:
        """Tell the people who left the match what happened; the others play on to the end."""
        self.left = True
        viewer = self.people[0] if len(self.people) == 1 else None
        for line in self.board.log(
            Scene(self.match.view(viewer), self.labels, events=tuple(self._events_for(viewer))),
            limit=1000,
        ):
            self.terminal.say(line)
        who = "You are" if len(self.people) == 1 else "Every person is"
        self.terminal.say(f"{who} out of the match; the others play on to the end.", style="bold")

    def _hand_over(self, seat: int) -> None:
        """Hot seat: hide the screen until the next player is at the keyboard."""
        terminal = self.terminal
        terminal.clear()
        others = ", ".join(self.labels[other] for other in self.people if other != seat)
        message = Text(f"{self.labels[seat].capitalize()}, press Enter", style="bold")
        message.append(f"\n({others}: please look away)", style="dim")
        terminal.show(Panel(message, box=box.DOUBLE, title="Hand over", expand=False))
        if terminal.ask("Press Enter when ready ") is None:
            raise Abandoned("the input ended")
        terminal.clear()

    def _events_for(self, viewer: int | None) -> list[Any]:
        """The events ``viewer`` has not seen yet (and mark them seen)."""
        since = self.seen.get(viewer, 0)
        self.seen[viewer] = self.match.journal_length
        return self.match.events(viewer, since)

    def _narrate(self) -> None:
        """Watching: one line per event, and the board when a new turn begins."""
        view = self.match.view(None)
        scene = Scene(view, self.labels, events=tuple(self._events_for(None)))
        for line in self.board.log(scene, limit=1000):
            self.terminal.say(line)
        if view.turn != self.last_turn and not self.match.over:
            self._show_spectator_board()

    def _show_spectator_board(self) -> None:
        view = self.match.view(None)
        self.last_turn = view.turn
        self.seen[None] = self.match.journal_length
        self.terminal.show(self.board.render(Scene(view, self.labels)))

    # -- the end ----------------------------------------------------------------------------

    def _finish(self, abandoned: str | None) -> None:
        match = self.match
        terminal = self.terminal
        if match.over:
            viewer = self.people[0] if len(self.people) == 1 else None
            events = () if self.watching else tuple(self._events_for(viewer))
            terminal.show(self.board.render(Scene(match.view(viewer), self.labels, None, events)))
            assert match.outcome is not None
            terminal.say(describe_outcome(match.outcome, self.labels, match.game), style="bold")
        else:
            count = len(match.decisions)
            terminal.say(
                f"The match was abandoned after {count} decision{'s' * (count != 1)}: "
                f"{abandoned or 'it did not finish'}.",
                style="bold yellow",
            )
        save = self.settings.save
        if save is not None:
            match.record().save(save)
            what = "the match record" if match.over else "the unfinished match"
            terminal.say(f"Saved {what} to {save} (replay it with: cardtable replay {save})")


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def rules_from_options(
    game: Game[Any, Any], ruleset: Any, args: Sequence[str], *, command: str = "play"
) -> Any:
    """``ruleset`` with the rules given as ``--field-name VALUE`` (or ``--field-name=VALUE``).

    Each value is read as its field's type (a whole number, text, true/false, or a
    comma-separated list) and the ruleset model validates the result, so a bad value is
    refused with the usual ``RulesetError``; an option that names no rule of the game is a
    ``UsageProblem`` listing the game's rules. A game's own options
    (:meth:`~cardtable.engine.Game.ruleset_options`, such as a card set or a deck file) apply
    in their order around the plain fields.
    """
    fields: dict[str, Any] = dict(type(ruleset).model_fields)
    special = game.ruleset_options()
    changes: dict[str, object] = {}
    later: list[tuple[int, int, Any, str]] = []
    index = 0
    while index < len(args):
        word = args[index]
        if not word.startswith("--") or word == "--":
            what = "option" if word.startswith("-") else "argument"
            raise UsageProblem(
                f"unexpected {what} {word!r}: give rules as --rule-name VALUE "
                f"({_rule_options(game, fields)})"
            )
        option, equals, value = word.partition("=")
        name = option[2:].replace("-", "_")
        if name not in fields and name not in special:
            raise UsageProblem(
                f"{option} is not an option of {command} nor a rule of {game.title} "
                f"({_rule_options(game, fields)})"
            )
        if not equals:
            index += 1
            if index >= len(args):
                raise UsageProblem(f"{option} needs a value, as in {option} VALUE")
            value = args[index]
        if name in special:
            later.append((special[name].order, len(later), special[name].apply, value))
        elif not _plain(fields[name].annotation):
            raise UsageProblem(
                f"{option} is not a plain value: set it in a rules file (--rules FILE)"
            )
        else:
            changes[name] = _read_value(fields[name].annotation, value)
        index += 1
    later.sort(key=lambda entry: entry[:2])
    for order, _, apply, value in later:
        if order < 0:
            ruleset = apply(ruleset, value)
    if changes:
        ruleset = ruleset.changed(**changes)
    for order, _, apply, value in later:
        if order >= 0:
            ruleset = apply(ruleset, value)
    return ruleset


def players_from_seats(ruleset: Any, seats: int, args: Sequence[str], file: bool) -> Any:
    """``ruleset`` seating ``seats`` players when ``--seats`` names a different number and
    nothing else chose one: the ruleset has a ``players`` field, and neither ``--players``
    nor a rules file (``file``) set it.

    >>> from cardtable.games.war import WarRules
    >>> players_from_seats(WarRules(), 3, [], file=False).players
    3
    >>> players_from_seats(WarRules(players=4), 3, ["--players", "4"], file=False).players
    4
    """
    if (
        file
        or "players" not in type(ruleset).model_fields
        or ruleset.players == seats
        or any(word.partition("=")[0] == "--players" for word in args)
    ):
        return ruleset
    return ruleset.changed(players=seats)


def _rule_options(game: Game[Any, Any], fields: dict[str, Any]) -> str:
    plain = [name for name, field in fields.items() if _plain(field.annotation)]
    names = [*game.ruleset_options(), *plain]
    options = ", ".join("--" + name.replace("_", "-") for name in dict.fromkeys(names))
    return f"{game.title}'s rules are {options}; see cardtable rules {game.name} --schema"


def _plain(annotation: Any) -> bool:
    """Whether a field's type can be written on a command line: a number, a word, true/false,
    one of some words, or a list of those."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _plain(get_args(annotation)[0])
    if annotation in (int, bool, str) or origin is Literal:
        return True
    if origin in (tuple, list):
        items = [item for item in get_args(annotation) if item is not Ellipsis]
        return len(items) == 1 and _plain(items[0]) and get_origin(items[0]) not in (tuple, list)
    return False


def _read_value(annotation: Any, text: str) -> object:
    """``text`` as the type a ruleset field declares; left as text when it is not one, for the
    ruleset model to refuse with its usual message."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _read_value(get_args(annotation)[0], text)
    if annotation is bool:
        word = text.strip().lower()
        return True if word in _TRUE else False if word in _FALSE else text
    if annotation is int:
        try:
            return int(text.strip())
        except ValueError:
            return text
    if origin in (tuple, list):
        inner = get_args(annotation)[0]
        return [_read_value(inner, item) for item in text.split(",")] if text.strip() else []
    return text


def check_save_path(path: Path) -> None:
    """Refuse, before anyone plays, a ``--save`` path that could never be written."""
    if path.is_dir():
        raise UsageProblem(f"--save {path}: that is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise UsageProblem(f"--save {path}: there is no folder {folder}")


def local_settings(
    game: Game[Any, Any],
    *,
    seats: str | None,
    seed: int,
    rules: Path | None,
    args: Sequence[str],
    save: Path | None = None,
    delay: float | None = None,
) -> PlaySettings:
    """The settings of a match played here, from ``cardtable play``'s options (``seats`` as
    typed, ``args`` the rule options after the game), checked before anyone plays."""
    ruleset = rules_from_options(game, load_rules(game, rules), args)
    if seats is not None:
        specs = parse_seats(seats, imports=True)
        ruleset = players_from_seats(ruleset, len(specs), args, rules is not None)
    else:
        specs = default_seats(game, game.seats(ruleset))
    check_seats(specs, game, game.seats(ruleset))
    if save is not None:
        check_save_path(save)
    return PlaySettings(
        game=game, ruleset=ruleset, seed=seed, seats=tuple(specs), save=save, delay=delay
    )


def play(terminal: Terminal, settings: PlaySettings) -> int:
    """Play the match ``settings`` describe; the exit code (0 when it was played to the end)."""
    return PlaySession(terminal, settings).run()
