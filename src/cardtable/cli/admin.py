"""``cardtable admin``: the operator's commands on accounts and seasons of ranked play,
straight on the server's database.

The server has no e-mail (nor any outside network), so its operator creates accounts,
disables and enables them, and issues one-time password reset codes from the command line,
on the machine that holds the database: the same one ``cardtable serve`` uses (``--database
URL``, or the SQLite file in ``--data-dir``, or the default data directory). A running server
sees the change at its next request. The work itself is
:mod:`cardtable.server.accounts.admin`'s; this module reads the command line, prompts, and
prints.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.table import Table
from rich.text import Text

from cardtable.cli.account import read_password
from cardtable.cli.errors import guarded
from cardtable.cli.terminal import make_console
from cardtable.engine.errors import CardtableError

if TYPE_CHECKING:
    from cardtable.server.accounts import AccountStore
    from cardtable.server.storage import SqlStorage

__all__ = ["admin_app"]

_T = TypeVar("_T")

admin_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Manage a server's accounts on its database (create, disable, enable, reset codes) "
    "and its seasons of ranked play.",
)

Database = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="The server's database, a SQLAlchemy URL such as postgresql://user@host/db "
        "(default: the SQLite file in the data directory, as cardtable serve).",
    ),
]
DataDir = Annotated[
    Path | None,
    typer.Option("--data-dir", help="The data directory of the default SQLite database."),
]
Username = Annotated[str, typer.Argument(help="The account's username (any case).")]


class DatabaseProblem(CardtableError):
    """The server's database cannot be used (a bad URL, unreachable, a schema too new)."""


def _run(
    database: str | None,
    data_dir: Path | None,
    work: Callable[[SqlStorage, AccountStore], Awaitable[_T]],
) -> _T:
    """``work`` on the accounts of the server's database, opened (and migrated) for it."""
    from cardtable.server.accounts import AccountStore
    from cardtable.server.storage import SqlStorage, StorageError, default_database_url

    async def run() -> _T:
        try:
            url = database or default_database_url(data_dir)
            storage = await SqlStorage.open(url)
        except StorageError as error:
            raise DatabaseProblem(str(error)) from None
        async with storage:
            try:
                return await work(storage, AccountStore.of(storage))
            except StorageError as error:
                raise DatabaseProblem(str(error)) from None

    return asyncio.run(run())


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _print(text: str) -> None:
    make_console().print(text, highlight=False, markup=False)


@admin_app.command("create-account")
def create_account(
    username: Username,
    display_name: Annotated[
        str | None,
        typer.Option("--display-name", help="The name others see (default: the username)."),
    ] = None,
    database: Database = None,
    data_dir: DataDir = None,
) -> None:
    """Create an account (the password is asked for twice, or read from CARDTABLE_PASSWORD)."""
    from cardtable.server.accounts import admin
    from cardtable.server.accounts.names import check_username
    from cardtable.server.accounts.passwords import check_new_password, default_hashing

    with guarded():
        name = check_username(username)  # before the password is asked for
        password = read_password(twice=True)
        check_new_password(password, username=name.name)
        created = _run(
            database,
            data_dir,
            lambda _, store: admin.create_account(
                store,
                default_hashing(),
                username=username,
                password=password,
                display_name=display_name,
                now=time.time(),
            ),
        )
    _print(f"Created the account {created.username} ({created.display_name}).")


@admin_app.command("disable")
def disable(username: Username, database: Database = None, data_dir: DataDir = None) -> None:
    """Disable an account: its sessions end, and it cannot log in or take a seat."""
    from cardtable.server.accounts import admin

    with guarded():
        done = _run(
            database,
            data_dir,
            lambda _, store: admin.disable_account(store, username, now=time.time()),
        )
    ended = done.sessions_ended
    _print(
        f"Disabled the account {done.account.username}: "
        f"{ended} session{'' if ended == 1 else 's'} ended."
    )


@admin_app.command("enable")
def enable(username: Username, database: Database = None, data_dir: DataDir = None) -> None:
    """Let a disabled account log in again."""
    from cardtable.server.accounts import admin

    with guarded():
        account = _run(
            database,
            data_dir,
            lambda _, store: admin.enable_account(store, username, now=time.time()),
        )
    _print(f"Enabled the account {account.username}: it can log in again.")


@admin_app.command("reset-code")
def reset_code(username: Username, database: Database = None, data_dir: DataDir = None) -> None:
    """Issue a one-time password reset code (shown once; it replaces any earlier one)."""
    from cardtable.server.accounts import admin
    from cardtable.server.accounts.tokens import RESET_CODE_SECONDS

    with guarded():
        issued = _run(
            database,
            data_dir,
            lambda _, store: admin.issue_reset_code(store, username, now=time.time()),
        )
    minutes = round(RESET_CODE_SECONDS / 60)
    _print(
        f"Reset code for {issued.account.username}: {issued.code}\n"
        f"It works once, for {minutes} minutes (until {_when(issued.expires_at)}): the person "
        "enters it with a new password in the browser (or POST /api/account/reset). It is "
        "not shown again; a new one replaces it."
    )


@admin_app.command("accounts")
def list_accounts(database: Database = None, data_dir: DataDir = None) -> None:
    """List the accounts: username, display name, when created, whether disabled."""
    from cardtable.server.accounts import admin

    with guarded():
        found = _run(database, data_dir, lambda storage, _: admin.list_accounts(storage))
    console = make_console()
    if not found:
        console.print("No accounts.")
        return
    table = Table(show_edge=False, box=None, pad_edge=False)
    for column in ("username", "display name", "created", "disabled"):
        table.add_column(column, style="bold" if column == "username" else None)
    for account in found:
        disabled = "" if account.disabled_at is None else f"since {_when(account.disabled_at)}"
        # Text, not markup: a display name such as "[b]Fox" is shown as it was typed.
        table.add_row(
            Text(account.username or ""),
            Text(account.display_name),
            _when(account.created_at),
            disabled,
        )
    console.print(table)


season_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Seasons of ranked play: start one, list them.",
)
admin_app.add_typer(season_app, name="season")


class BadDate(CardtableError):
    """A season's start that is not a date this command reads."""


def _date(text: str | None, now: float) -> float:
    """A season's start: ``now`` when not given, else an ISO date or date and time (UTC
    unless it says otherwise).

    >>> _date("2027-01-01", 0.0), _date(None, 5.0)
    (1798761600.0, 5.0)
    """
    if text is None:
        return now
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise BadDate(
            f"{text!r} is not a date: give one as 2027-01-01 or 2027-01-01T18:00"
        ) from None
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


@season_app.command("start")
def start_season(
    at: Annotated[
        str | None,
        typer.Option("--at", help="When it starts: a date or date and time, UTC (default: now)."),
    ] = None,
    database: Database = None,
    data_dir: DataDir = None,
) -> None:
    """Start a new season of ranked play: from then on each person's season rating begins,
    at their first rated match, half of the way back towards a newcomer's, and the season's
    leaderboards fill anew (all-time ratings never reset)."""
    from cardtable.server.ratings.store import RatingStore

    now = time.time()
    with guarded():
        starts = _date(at, now)
        try:
            number = _run(
                database,
                data_dir,
                lambda storage, _: RatingStore.of(storage).start_season(starts, None, now),
            )
        except ValueError as error:
            raise BadDate(str(error)) from None
    _print(f"Season {number} starts {_when(starts)}.")


@season_app.command("list")
def list_seasons(database: Database = None, data_dir: DataDir = None) -> None:
    """List the seasons started, the first first."""
    from cardtable.server.ratings.store import RatingStore

    with guarded():
        found = _run(database, data_dir, lambda storage, _: RatingStore.of(storage).seasons())
    if not found:
        _print("No season has started: ratings are all time.")
        return
    for number, starts in found:
        _print(f"Season {number}: from {_when(starts)}")
