"""``cardtable ladder``: a round robin between computer players, with ratings.

    cardtable ladder tcg --agents random,greedy,planner,ismcts:easy --games 100 --seed 1

Every combination of players that fills the game's seats plays ``--games`` matches, seats
rotated; the players are rated with openskill and each pair's record is shown. ``--json``
prints one JSON document instead. Any rule of the game is an option, as for ``play``.
``--backend ray`` and ``--indices A:B`` work as for ``simulate``: a part plays matches A to
B-1 of every table.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.text import Text

from cardtable.agents import SeatSpec, parse_seats
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
from cardtable.cli.play import INTERRUPTED, rules_from_options
from cardtable.cli.simulate import CONTEXT, ProgressBar
from cardtable.cli.terminal import make_console
from cardtable.games import find, load_rules
from cardtable.simulation.ladder import ladder, tables_of
from cardtable.simulation.ladder_report import ladder_json, render_ladder
from cardtable.simulation.parts import indent_for

__all__ = ["CONTEXT", "ladder_command"]


def ladder_command(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game, e.g. tcg, war or karata.")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            help="The computer players to rank, comma-separated (at least as many as the "
            "game's seats): random, greedy, heuristic, ismcts:hard... or your own, "
            "py:MODULE:OBJECT.",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", help="Matches each table of players plays.")
    ] = 50,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    rules: RulesOption = None,
    json_output: JsonOption = False,
    backend: BackendOption = "processes",
    address: AddressOption = None,
    indices: IndicesOption = None,
) -> None:
    """Rank computer players: every table of them plays, openskill rates them.

    Any rule of the game is an option too, after the game's name, as for play:
    cardtable ladder karata --players 3 --agents heuristic,random,ismcts:easy,ismcts:medium.
    """
    err = make_console(stderr=True)
    with guarded():
        count, seed = workers_and_seed(games, workers, seed)
        part = parse_indices(indices, games)
        found = find(game)
        ruleset = rules_from_options(found, load_rules(found, rules), ctx.args, command="ladder")
        specs: list[SeatSpec] = parse_seats(agents, imports=True)
        if any(spec.human for spec in specs):
            raise UsageProblem("a ladder has no people at the table: name computer players")
        seats = found.seats(ruleset)
        if len(specs) < max(seats, 2):
            raise UsageProblem(
                f"a ladder of {found.title} with {seats} seats needs at least {max(seats, 2)} "
                f"players in --agents (got {len(specs)}); to pit fewer, use simulate"
            )
        total = len(tables_of(len(specs), seats)) * (games if part is None else len(part))
        try:
            with opened(backend, workers, address) as runner:
                if not json_output and err.is_terminal:
                    with ProgressBar(err, total) as bar:
                        result = ladder(
                            found, ruleset, specs, games, seed, count,
                            progress=bar, backend=runner, indices=part,
                        )  # fmt: skip
                else:
                    result = ladder(
                        found, ruleset, specs, games, seed, count, backend=runner, indices=part
                    )
        except KeyboardInterrupt:
            err.print(Text("ladder interrupted", style="bold yellow"))
            raise typer.Exit(INTERRUPTED) from None
        if json_output:
            typer.echo(json.dumps(ladder_json(result), indent=indent_for(result.part)))
        else:
            make_console().print(render_ladder(result))
