"""The ``cardtable`` command: play, replay, build decks, list games, read rules and schemas.

Every error cardtable raises on purpose ends a command as ``error: <reason>`` (see
:mod:`cardtable.cli.errors`), never as a traceback.
"""

import json
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

import cardtable
from cardtable.cli.account import login_command, logout_command, signup_command, whoami_command
from cardtable.cli.admin import admin_app
from cardtable.cli.balance import balance_app
from cardtable.cli.conformance import conformance_command
from cardtable.cli.deck import deck_app
from cardtable.cli.errors import UsageProblem, guarded
from cardtable.cli.extras import extras_of, problems
from cardtable.cli.feed import feed_app
from cardtable.cli.friends import friends_app
from cardtable.cli.ladder import ladder_command
from cardtable.cli.leaderboard import leaderboard_command
from cardtable.cli.machine import json_guarded, play_json, refuse_remote
from cardtable.cli.matches import matches_command
from cardtable.cli.merge import merge_command
from cardtable.cli.notifications import notifications_app
from cardtable.cli.play import local_settings
from cardtable.cli.play import play as play_match
from cardtable.cli.remote import play_remote
from cardtable.cli.remote_options import remote_settings
from cardtable.cli.replay import ReplaySettings
from cardtable.cli.replay import replay as replay_record
from cardtable.cli.serve import serve_command
from cardtable.cli.simulate import CONTEXT as SIMULATE_CONTEXT
from cardtable.cli.simulate import simulate_command
from cardtable.cli.terminal import Terminal, make_console
from cardtable.cli.tournament import tournament_app
from cardtable.engine.record import Record
from cardtable.games import find, names, ruleset_schema
from cardtable.games.schemas import game_schemas

app = typer.Typer(
    name="cardtable",
    help="Play, replay and study card games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"cardtable {cardtable.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Play, replay and study card games in the terminal."""


@app.command("games")
def games_command() -> None:
    """List the games you can play."""
    console = make_console()
    table = Table(show_edge=False, box=None, pad_edge=False)
    table.add_column("game", style="bold green")
    table.add_column("title", style="bold")
    table.add_column("summary")
    with guarded():
        for name in names():
            game = find(name)
            extras = extras_of(game)
            about = Text(game.summary)
            if extras:  # what it has of its own, under the summary
                about.append(f"\nits own: {extras}", style="dim")
            table.add_row(name, game.title, about)
    console.print(table)
    warn = make_console(stderr=True)
    for group, found in problems().items():
        for name, problem in found.items():
            what = "game plug-in" if group == "cardtable.games" else f"{group} entry"
            warn.print(Text(f"the {what} {name!r} is installed but {problem}", style="yellow"))


@app.command("rules")
def rules_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. tcg.")],
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the ruleset's JSON Schema instead.")
    ] = False,
) -> None:
    """Print a game's rules, or the JSON Schema of its rules files."""
    with guarded():
        found = find(game)
        if schema:
            typer.echo(json.dumps(ruleset_schema(found), indent=2, ensure_ascii=False))
            return
        make_console().print(Markdown(found.rules_text()))


SCHEMA_PARTS = ("ruleset", "decision", "view", "event")


@app.command("schema")
def schema_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. tcg.")],
    part: Annotated[
        str | None,
        typer.Argument(help="One of ruleset, decision, view, event (default: all four)."),
    ] = None,
) -> None:
    """Print the JSON Schemas of a game's rulesets, decisions, views and events."""
    with guarded():
        schemas = game_schemas(find(game))
        if part is None:
            typer.echo(json.dumps(schemas, indent=2, ensure_ascii=False))
            return
        if part not in SCHEMA_PARTS:
            raise UsageProblem(f"no schema part {part!r}: choose from {', '.join(SCHEMA_PARTS)}")
        typer.echo(json.dumps(schemas[part], indent=2, ensure_ascii=False))


@app.command("play", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play_command(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game to play, e.g. tcg or war.")],
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Who sits at each seat, comma-separated: human or a computer player "
            "(random, greedy... or your own, py:MODULE:OBJECT). human,human is hot seat; "
            "only computers play to watch. "
            "Default: you at seat 0, the game's usual computer player at the others.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the match's randomness (random when left out)."),
    ] = None,
    rules: Annotated[
        Path | None, typer.Option("--rules", help="A rules file (TOML) with house rules.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Save the match record here (also when it is abandoned)."),
    ] = None,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            min=0.0,
            help="Seconds between computer decisions (watching: 0.5 on a terminal, else 0).",
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option("--server", help="Play on this server (http://host:port), in a new room."),
    ] = None,
    room: Annotated[
        str | None,
        typer.Option(
            "--room",
            help="With --server: join this room (or watch it); logged in, resume the seat "
            "your account holds there.",
        ),
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="With --server: your name at the table.")
    ] = None,
    password: Annotated[
        str | None, typer.Option("--password", help="With --server: the room's password.")
    ] = None,
    json_lines: Annotated[
        bool,
        typer.Option(
            "--json",
            help="For programs: the human seats read one decision a line on standard input, "
            "and standard output is one JSON message a line (events, view, refused, "
            "penalised, over, abandoned, error). See the README.",
        ),
    ] = False,
) -> None:
    """Play a match in the terminal, here or on a server (--server URL [--room ID]).

    Any rule of the game is an option too, after the game's name: --rule-name VALUE, such as
    cardtable play war --players 4 --face-down 3 (cardtable rules GAME --schema lists them).
    They override a rules file.

    With --json a program plays instead of a person: each human seat reads decision texts
    (play #12, end, concede), one a line, from standard input, and standard output carries
    one JSON object a line: "view" when a human seat is to decide (with its "legal"
    decisions and why each "unplayable" card waits), "events" it saw, "refused" or
    "penalised" (with the rule's "code" and "reason"), then "over" (exit 0) or "abandoned"
    when the input ends first (exit 1); a refused command line is an "error" message.
    """
    if json_lines:
        with json_guarded(sys.stdout):
            refuse_remote(server, room)
            if name is not None or password is not None:
                raise UsageProblem("--name and --password are for playing on a server")
            settings = local_settings(
                find(game), seats=seats, seed=seed if seed is not None else _random_seed(),
                rules=rules, args=ctx.args, save=save, delay=delay,
            )  # fmt: skip
        raise typer.Exit(play_json(settings, sys.stdin, sys.stdout))
    console = make_console()
    terminal = Terminal(console)
    with guarded():
        found = find(game)
        if server is not None or room is not None:
            local = {"--seed": seed, "--save": save, "--delay": delay}
            given = [option for option, value in local.items() if value is not None]
            remote = remote_settings(
                found, server=server, room=room, name=name or "player", password=password,
                seats=seats, rules=rules, args=ctx.args, local_only=given,
            )  # fmt: skip
            raise typer.Exit(play_remote(terminal, remote))
        if name is not None or password is not None:
            raise UsageProblem("--name and --password are for playing on a server (--server URL)")
        settings = local_settings(
            found, seats=seats, seed=seed if seed is not None else _random_seed(),
            rules=rules, args=ctx.args, save=save, delay=delay,
        )  # fmt: skip
        if seed is None:
            seed = settings.seed
            terminal.say(f"seed {seed} — repeat this match with --seed {seed}", style="dim")
        people = " vs ".join(spec.text() for spec in settings.seats)
        title = Text(found.title, style="bold")
        title.append(f" · {people} · seed {seed}")
        console.print(title)
        code = play_match(terminal, settings)
    raise typer.Exit(code)


def _random_seed() -> int:
    return 100_000 + secrets.randbelow(900_000)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A match record saved by play --save.")],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show the match as this seat saw it.")
    ] = None,
    spectator: Annotated[
        bool, typer.Option("--spectator", help="Show what a spectator saw (the default).")
    ] = False,
    run_all: Annotated[
        bool, typer.Option("--all", help="Print every step without waiting for keys.")
    ] = False,
) -> None:
    """Step through a saved match: Enter next, b back, a number jumps, q quits."""
    terminal = Terminal(make_console())
    with guarded():
        if seat is not None and spectator:
            raise UsageProblem("choose --seat or --spectator, not both")
        record = Record.load(file)
        settings = ReplaySettings(record=record, game=find(record.game), seat=seat, run_all=run_all)
        code = replay_record(terminal, settings)
    raise typer.Exit(code)


app.command("simulate", context_settings=SIMULATE_CONTEXT)(simulate_command)
app.command("serve")(serve_command)
app.command("conformance")(conformance_command)
app.command("ladder", context_settings=SIMULATE_CONTEXT)(ladder_command)
app.command("merge")(merge_command)
app.command("login")(login_command)
app.command("logout")(logout_command)
app.command("whoami")(whoami_command)
app.command("signup")(signup_command)

app.add_typer(
    deck_app,
    name="deck",
    help="Build, show, check and list Kata TCG deck files (cardtable deck new fire.toml).",
)
app.add_typer(
    balance_app, name="balance", help="Kata TCG balance: decks against decks, cards that win."
)
app.add_typer(
    friends_app,
    name="friends",
    help="Your friends on a server: list, add, accept, decline, remove, block, unblock.",
)
app.add_typer(
    feed_app,
    name="feed",
    help="Your friends' activity on a server: list, activity, share-replay, share-deck, "
    "visibility.",
)
app.add_typer(
    notifications_app,
    name="notifications",
    help="Your notifications on a server: list, read, clear.",
)
app.add_typer(
    tournament_app,
    name="tournament",
    help="Tournaments of computer players, offline: knockout, Swiss or round robin.",
)
app.command("matches")(matches_command)
app.command("leaderboard")(leaderboard_command)
app.add_typer(
    admin_app,
    name="admin",
    help="A server's accounts, on its database: create, disable, enable, reset codes.",
)


def main() -> None:
    """The console entry point."""
    app()
