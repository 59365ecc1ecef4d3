"""``cardtable simulate``: many matches between computer players, and what they show.

    cardtable simulate tcg --agents greedy,random --games 1000 --seed 7 --workers 2

The matches run in worker processes with a live progress bar on standard error (when it is
a terminal), then a table of results in plain words goes to standard output: wins per player
and per seat with 95% intervals, draws, first-seat advantage and match lengths. ``--json``
prints one JSON document instead (its schema: ``docs/simulation.schema.json``), and ``--plot
FILE`` draws a PNG or SVG picture. Any rule of the game is an option, as for ``play``.

The same seed gives the same results whatever the number of workers, and wherever they
are: ``--backend ray`` plays on a Ray cluster (``--address``) or a local Ray, and
``--indices A:B`` plays matches A to B-1 only, for ``cardtable merge`` to join with the other
parts (``docs/simulation.md``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from cardtable.agents import SeatSpec, check_seats, parse_seats
from cardtable.agents.registry import default_agent
from cardtable.cli.backends import opened, parse_indices
from cardtable.cli.errors import UsageProblem, guarded
from cardtable.cli.options import (
    AddressOption,
    BackendOption,
    IndicesOption,
    JsonOption,
    RulesOption,
    SeedOption,
    WorkersOption,
    workers_and_seed,
)
from cardtable.cli.play import INTERRUPTED, players_from_seats, rules_from_options
from cardtable.cli.terminal import make_console
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Game
from cardtable.games import find, load_rules
from cardtable.simulation.batch import Progress as ProgressCallback
from cardtable.simulation.batch import simulate
from cardtable.simulation.parts import indent_for
from cardtable.simulation.report import render
from cardtable.simulation.schema import summary_json
from cardtable.simulation.stats import Summary, summarise

CONTEXT: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}
"""The command's context settings: rule options arrive as extra arguments."""

REFRESH = 0.1
"""Seconds between redraws of the progress bar."""


class PlotProblem(CardtableError):
    """The picture could not be written."""


def simulate_command(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game, e.g. tcg, war or karata.")],
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            help="The computer players, comma-separated, one per seat (random, greedy, "
            "heuristic... or your own, py:MODULE:OBJECT). They change seats from match to "
            "match. Default: the game's usual "
            "computer player at every seat.",
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", help="How many matches to play.")] = 100,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    rules: RulesOption = None,
    json_output: JsonOption = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Draw win rates and match lengths into FILE (.png or .svg)."),
    ] = None,
    backend: BackendOption = "processes",
    address: AddressOption = None,
    indices: IndicesOption = None,
) -> None:
    """Simulate many matches between computer players: win rates, seats, match lengths.

    Any rule of the game is an option too, after the game's name, as for play:
    cardtable simulate tcg --agents greedy,random --healing yes --games 1000.
    """
    err = make_console(stderr=True)
    with guarded():
        count, seed = workers_and_seed(games, workers, seed)
        part = parse_indices(indices, games)
        found = find(game)
        ruleset = rules_from_options(found, load_rules(found, rules), ctx.args, command="simulate")
        if agents is not None:
            specs = parse_seats(agents, imports=True)
            ruleset = players_from_seats(ruleset, len(specs), ctx.args, rules is not None)
        else:
            specs = [SeatSpec(default_agent(found))] * found.seats(ruleset)
        _check_agents(found, ruleset, specs)
        if plot is not None:
            _check_plot(plot)
        show_bar = not json_output and err.is_terminal
        try:
            with opened(backend, workers, address) as runner:
                if show_bar:
                    with ProgressBar(err, games if part is None else len(part)) as bar:
                        result = simulate(
                            found, ruleset, specs, games, seed, count,
                            progress=bar, backend=runner, indices=part,
                        )  # fmt: skip
                else:
                    result = simulate(
                        found, ruleset, specs, games, seed, count, backend=runner, indices=part
                    )
        except KeyboardInterrupt:
            err.print(Text("simulation interrupted", style="bold yellow"))
            raise typer.Exit(INTERRUPTED) from None
        summary = summarise(result)
        if json_output:
            typer.echo(summary_json(summary, indent=indent_for(summary.part)))
        else:
            make_console().print(render(summary))
        if plot is not None:
            _write_plot(summary, plot)
            if not json_output:
                err.print(Text(f"Drew the results in {plot}", style="dim"), soft_wrap=True)


def _check_agents(game: Game[Any, Any], ruleset: Any, specs: list[SeatSpec]) -> None:
    """Refuse people and unknown players, and the wrong number of them, before any match."""
    if any(spec.human for spec in specs):
        raise UsageProblem(
            "a simulation has no people at the table: name computer players, such as "
            f"--agents {default_agent(game)},random"
        )
    check_seats(specs, game, game.seats(ruleset))


def _check_plot(path: Path) -> None:
    from cardtable.simulation.plot import check_plot_path

    try:
        check_plot_path(path)
    except ValueError as error:
        raise UsageProblem(f"--plot {error}") from None
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageProblem(f"--plot {path}: this file cannot be written here")


def _write_plot(summary: Summary, path: Path) -> None:
    from cardtable.simulation.plot import write_plot

    try:
        write_plot(summary, path)
    except OSError as error:
        reason = error.strerror or str(error)
        raise PlotProblem(f"could not write the picture {path}: {reason}") from None


class _RateColumn(ProgressColumn):
    """Matches per second."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.0f} matches/s", style="cyan")


class ProgressBar:
    """A progress bar on standard error, redrawn at most every :data:`REFRESH` seconds, and
    only when told (no drawing thread: worker processes are forked from this one)."""

    def __init__(self, console: Console, total: int) -> None:
        self.progress = Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("matches"),
            _RateColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            auto_refresh=False,
        )
        self.task = self.progress.add_task("simulating", total=total)
        self.drawn = 0.0

    def __enter__(self) -> ProgressCallback:
        self.progress.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.progress.stop()

    def __call__(self, done: int, total: int) -> None:
        self.progress.update(self.task, completed=done, total=total)
        now = time.monotonic()
        if now - self.drawn >= REFRESH or done == total:
            self.drawn = now
            self.progress.refresh()
