"""``cardtable tournament``: tournaments of computer players, offline.

    cardtable tournament run karata --players 4 --format swiss --rounds 7 --entrants 64 \\
        --agents ismcts:easy,heuristic,random --seed 1

plays a whole tournament (:mod:`cardtable.simulation.tournament`) in worker processes (or,
with ``--backend ray``, on a Ray cluster), seeded and repeatable whatever the workers, and
prints who won, a summary per computer player and the standings (``--json`` for one JSON
document). Any rule of the game is an option, after the game's name, as for ``simulate``:
``--players 4`` sets Karata's table size, and so the tournament's.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, cast

import typer
from rich.text import Text

from cardtable.agents import SeatSpec, parse_seats
from cardtable.cli.backends import opened
from cardtable.cli.errors import UsageProblem, guarded
from cardtable.cli.options import (
    AddressOption,
    BackendOption,
    JsonOption,
    RulesOption,
    SeedOption,
    WorkersOption,
    workers_and_seed,
)
from cardtable.cli.play import INTERRUPTED, rules_from_options
from cardtable.cli.simulate import CONTEXT, ProgressBar
from cardtable.cli.terminal import make_console
from cardtable.engine.game import Game
from cardtable.games import find, load_rules
from cardtable.simulation.tournament import run_tournament
from cardtable.simulation.tournament_report import render_tournament, tournament_json
from cardtable.tournaments.model import TournamentError
from cardtable.tournaments.rules import smallest_table
from cardtable.tournaments.settings import FORMATS, SEEDINGS, Format, Seeding, Settings

__all__ = ["tournament_app"]

tournament_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Tournaments of computer players, offline: knockout, Swiss or round robin.",
)


@tournament_app.command("run", context_settings=CONTEXT)
def run_command(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game, e.g. tcg, war or karata.")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            help="The computer players, comma-separated; entrants play them in turn: "
            "random, greedy, heuristic, ismcts:easy... or your own, py:MODULE:OBJECT.",
        ),
    ],
    entrants: Annotated[int, typer.Option("--entrants", help="How many play.")] = 16,
    format_: Annotated[
        str, typer.Option("--format", help=f"The format: {', '.join(FORMATS)}.")
    ] = "swiss",
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="A Swiss's rounds (default: 5).")
    ] = None,
    advance: Annotated[
        int, typer.Option("--advance", help="A knockout's places that go on from each table.")
    ] = 1,
    fewest: Annotated[
        int | None,
        typer.Option(
            "--fewest",
            help="The fewest at a table when the field does not divide (default: the "
            "smallest size these rules seat).",
        ),
    ] = None,
    seeding: Annotated[
        str,
        typer.Option(
            "--seeding",
            help="rating (the computer players' ratings, under a rated ruleset) or random.",
        ),
    ] = "random",
    top: Annotated[
        int | None, typer.Option("--top", help="Show only the first N of the standings.")
    ] = None,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    rules: RulesOption = None,
    json_output: JsonOption = False,
    backend: BackendOption = "processes",
    address: AddressOption = None,
) -> None:
    """Play a whole tournament of computer players and print the standings.

    Any rule of the game is an option too, after the game's name, as for simulate:
    cardtable tournament run karata --players 4 --entrants 64 --agents heuristic,random.
    """
    err = make_console(stderr=True)
    with guarded():
        count, seed = workers_and_seed(entrants, workers, seed)
        found = find(game)
        ruleset = rules_from_options(
            found, load_rules(found, rules), ctx.args, command="tournament run"
        )
        specs: list[SeatSpec] = parse_seats(agents, imports=True)
        if any(spec.human for spec in specs):
            raise UsageProblem("a tournament run has no people: name computer players only")
        settings = _settings(found, ruleset, format_, rounds, advance, fewest, seeding)
        try:
            with opened(backend, workers, address) as runner:
                if not json_output and err.is_terminal:
                    with ProgressBar(err, entrants // settings.seats) as bar:
                        run = run_tournament(
                            found, ruleset, settings, specs, entrants=entrants, seed=seed,
                            workers=count, progress=bar, backend=runner,
                        )  # fmt: skip
                else:
                    run = run_tournament(
                        found, ruleset, settings, specs, entrants=entrants, seed=seed,
                        workers=count, backend=runner,
                    )  # fmt: skip
        except KeyboardInterrupt:
            err.print(Text("tournament interrupted", style="bold yellow"))
            raise typer.Exit(INTERRUPTED) from None
        if json_output:
            typer.echo(json.dumps(tournament_json(run), indent=2))
        else:
            make_console().print(render_tournament(run, top=top))


def _settings(
    game: Game[Any, Any],
    ruleset: Any,
    format_: str,
    rounds: int | None,
    advance: int,
    fewest: int | None,
    seeding: str,
) -> Settings:
    """The tournament's settings from the options (refused with the reason). The table size
    is the rules'; the fewest at a table, unless given, :func:`smallest_table`'s."""
    if format_ not in FORMATS:
        raise UsageProblem(f"--format {format_}: choose one of {', '.join(FORMATS)}")
    if seeding not in SEEDINGS:
        raise UsageProblem(f"--seeding {seeding}: choose one of {', '.join(SEEDINGS)}")
    try:
        return Settings(
            format=cast(Format, format_),
            seats=game.seats(ruleset),
            fewest=smallest_table(game, ruleset, advance=advance) if fewest is None else fewest,
            rounds=(rounds or 5) if format_ == "swiss" else rounds,
            advance=advance,
            seeding=cast(Seeding, seeding),
        )
    except TournamentError as error:
        raise UsageProblem(error.reason) from None
