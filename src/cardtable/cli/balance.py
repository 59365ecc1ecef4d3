"""``cardtable balance``: the Kata TCG's balance tools, deck against deck and card by card.

    cardtable balance decks fire.toml water.toml earth.toml --agent greedy --games 200
    cardtable balance cards --agents greedy,greedy --games 500 --cards kata

``decks`` plays every deck against every other (the same computer player on both sides, the
decks changing seats) and prints a win-rate matrix with 95% intervals and each deck's overall
win rate. ``cards`` simulates matches and prints, per card, how often it was drawn and played
and how often its owner won then, flagging cards that look too strong, too weak or unused.
Both show a progress bar on standard error (when it is a terminal), take ``--json`` for one
JSON document instead of tables, and give the same results for a seed whatever ``--workers``
and ``--backend`` (``ray``: on a Ray cluster, as for ``simulate``). ``--indices A:B`` plays
a part (matches A to B-1 of every pair, or of the simulation), for ``cardtable merge``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
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
from cardtable.cli.simulate import CONTEXT, ProgressBar
from cardtable.cli.terminal import make_console
from cardtable.engine.errors import RulesetError
from cardtable.engine.game import Game
from cardtable.games import find, load_rules
from cardtable.games.tcg.options import deck_name, deck_seat
from cardtable.simulation.balance import balance_json, card_stats, deck_matrix
from cardtable.simulation.balance.decks import DECK_OPTION, deck_labels
from cardtable.simulation.balance.report import render_cards, render_matrix
from cardtable.simulation.batch import Progress as ProgressCallback
from cardtable.simulation.parts import indent_for

T = TypeVar("T")

GAME = "tcg"
"""The game whose decks and cards these tools weigh."""

balance_app = typer.Typer(
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False
)

GamesOption = Annotated[
    int, typer.Option("--games", help="Matches per pair of decks (decks) or in all (cards).")
]


def _run(total: int, json_output: bool, work: Callable[[ProgressCallback | None], T]) -> T:
    """``work(progress)`` with a progress bar on a terminal; Ctrl-C ends it quietly."""
    err = make_console(stderr=True)
    try:
        if not json_output and err.is_terminal:
            with ProgressBar(err, total) as bar:
                return work(bar)
        return work(None)
    except KeyboardInterrupt:
        err.print(Text("simulation interrupted", style="bold yellow"))
        raise typer.Exit(INTERRUPTED) from None


@balance_app.command("decks")
def decks_command(
    files: Annotated[
        list[Path], typer.Argument(help="Two or more deck files (made with cardtable deck new).")
    ],
    agent: Annotated[
        str | None,
        typer.Option(
            "--agent", help="The computer player on both sides (default: the game's usual one)."
        ),
    ] = None,
    games: GamesOption = 100,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    cards: Annotated[
        str | None,
        typer.Option("--cards", help="The card set the decks are built from (a name or a file)."),
    ] = None,
    rules: RulesOption = None,
    json_output: JsonOption = False,
    backend: BackendOption = "processes",
    address: AddressOption = None,
    indices: IndicesOption = None,
) -> None:
    """Play every deck against every other: a win-rate matrix and each deck's win rate."""
    with guarded():
        count, seed = workers_and_seed(games, workers, seed)
        part = parse_indices(indices, games)
        if len(files) < 2:
            raise UsageProblem(f"give at least two deck files to compare (got {len(files)})")
        found = find(GAME)
        ruleset = rules_from_options(
            found, load_rules(found, rules), [] if cards is None else ["--cards", cards]
        )
        spec = _one_agent(found, agent)
        _check_decks(found, ruleset, files)
        pairs = len(files) * (len(files) - 1)
        with opened(backend, workers, address) as runner:
            matrix = _run(
                pairs * (games if part is None else len(part)),
                json_output,
                lambda bar: deck_matrix(
                    found,
                    ruleset,
                    files,
                    spec,
                    games,
                    seed,
                    count,
                    progress=bar,
                    backend=runner,
                    indices=part,
                ),
            )
        if json_output:
            typer.echo(balance_json(matrix, indent=indent_for(matrix.part)))
        else:
            make_console().print(render_matrix(matrix))


@balance_app.command("cards", context_settings=CONTEXT)
def cards_command(
    ctx: typer.Context,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            help="The computer players, comma-separated, one per seat (default: the game's "
            "usual one at every seat); your own is py:MODULE:OBJECT.",
        ),
    ] = None,
    games: GamesOption = 200,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    rules: RulesOption = None,
    json_output: JsonOption = False,
    backend: BackendOption = "processes",
    address: AddressOption = None,
    indices: IndicesOption = None,
) -> None:
    """Per card: drawn, played, the owner's win rate then; flags strong, weak, unused cards.

    The cards and decks are any rule options, as for simulate: --cards kata,
    --deck fire.toml --deck 1=water.toml, --healing yes.
    """
    with guarded():
        count, seed = workers_and_seed(games, workers, seed)
        part = parse_indices(indices, games)
        found = find(GAME)
        try:
            ruleset = rules_from_options(
                found, load_rules(found, rules), ctx.args, command="balance cards"
            )
        except RulesetError as error:
            raise UsageProblem(error.reason) from None
        if agents is not None:
            specs = parse_seats(agents, imports=True)
            ruleset = players_from_seats(ruleset, len(specs), ctx.args, rules is not None)
        else:
            specs = [SeatSpec(default_agent(found))] * found.seats(ruleset)
        if any(spec.human for spec in specs):
            raise UsageProblem("card statistics come from computer players: name them")
        check_seats(specs, found, found.seats(ruleset))
        decks = _seat_decks(ctx.args, found.seats(ruleset))
        with opened(backend, workers, address) as runner:
            stats = _run(
                games if part is None else len(part),
                json_output,
                lambda bar: card_stats(
                    found,
                    ruleset,
                    specs,
                    games,
                    seed,
                    count,
                    progress=bar,
                    decks=decks,
                    backend=runner,
                    indices=part,
                ),
            )
        if json_output:
            typer.echo(balance_json(stats, indent=indent_for(stats.part)))
        else:
            make_console().print(render_cards(stats))


def _one_agent(game: Game[Any, Any], text: str | None) -> SeatSpec:
    """The one computer player of ``--agent`` (``UnknownAgent`` for one that does not exist)."""
    if text is None:
        return SeatSpec(default_agent(game))
    specs = parse_seats(text, imports=True)
    if len(specs) != 1:
        raise UsageProblem(f"--agent {text}: name one computer player; it plays both sides")
    if specs[0].human:
        raise UsageProblem(f"--agent {text}: decks are compared between computer players")
    check_seats(specs * 2, game, 2)
    return specs[0]


def _check_decks(game: Game[Any, Any], ruleset: Any, files: list[Path]) -> None:
    """Refuse a deck file that is missing, unreadable, illegal, or given twice, before any
    match is played."""
    option = game.ruleset_options()[DECK_OPTION]
    seen: set[str] = set()
    for path in files:
        if str(path) in seen:
            raise UsageProblem(f"{path}: the deck is given twice")
        seen.add(str(path))
        try:
            option.apply(ruleset, f"0={path}")
        except RulesetError as error:
            raise UsageProblem(error.reason) from None


def _seat_decks(args: Sequence[str], seats: int) -> tuple[str | None, ...]:
    """Each of the ``seats`` seats' deck by name, from the ``--deck [SEAT=]FILE`` options
    among the rule options ``args`` (already checked: each option has its value; the last one
    for a seat counts, as when the rules are made); ``None`` for a seat given no deck file, and
    nothing at all when no seat was.

    >>> _seat_decks(["--healing", "yes", "--cards", "kata"], 2)
    ()
    """
    files: dict[int, str] = {}
    index = 0
    while index < len(args):
        option, equals, value = args[index].partition("=")
        if not equals:
            index += 1
            value = args[index] if index < len(args) else ""
        if option == f"--{DECK_OPTION}":
            seat, path = deck_seat(value)
            files[seat] = path
        index += 1
    if not files:
        return ()
    given = sorted(files)
    names = deck_labels(
        [deck_name(f"{seat}={files[seat]}") for seat in given], [files[seat] for seat in given]
    )
    named = dict(zip(given, names, strict=True))
    return tuple(named.get(seat) for seat in range(seats))
