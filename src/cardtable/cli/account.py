"""``cardtable login``, ``logout``, ``whoami`` and ``signup``: an account on a server.

Logging in (or signing up) asks for the password without echoing it, signs in as a program
does (the token in the answer, no cookie) and keeps the token in the session file
(:mod:`cardtable.cli.credentials`, mode 0600); ``cardtable play --server URL`` then plays as
that account, over REST and the room's WebSocket alike, and ``cardtable play GAME --server
URL --room ID`` resumes the seat the account holds in that room (also one taken on another
machine or in a browser) with no seat token. With no terminal to ask on, the password comes
from the environment variable ``CARDTABLE_PASSWORD``, or the command refuses. Neither the
password nor the token is ever printed. When one server only is remembered, ``--server`` may
be left out.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Annotated

import typer

from cardtable.cli.credentials import Credentials, StoredSession, origin_of
from cardtable.cli.errors import FAILURE, UsageProblem, guarded
from cardtable.cli.terminal import make_console
from cardtable.client import Accounts, BadServerUrl, ClientError, ServerRefused, server_url
from cardtable.protocol.accounts import SignedIn

__all__ = [
    "PASSWORD_VARIABLE",
    "login_command",
    "logout_command",
    "read_password",
    "resolve_server",
    "signup_command",
    "whoami_command",
]

PASSWORD_VARIABLE = "CARDTABLE_PASSWORD"
"""Where a password comes from when there is no terminal to ask on."""

ServerOption = Annotated[
    str | None,
    typer.Option(
        "--server",
        help="The server (http://host:port); may be left out when you are logged in to one "
        "server only.",
    ),
]
UsernameOption = Annotated[
    str | None, typer.Option("--username", help="Your username (asked for when left out).")
]


def interactive() -> bool:
    """Whether standard input is a terminal to ask a password on."""
    return sys.stdin.isatty()


def read_password(prompt: str = "Password", *, twice: bool = False) -> str:
    """A password typed without echo (``twice``: and again, to be sure), or, with no
    terminal, the one in ``CARDTABLE_PASSWORD``."""
    if interactive():
        typed: str = typer.prompt(
            prompt, hide_input=True, confirmation_prompt="Repeat the password" if twice else False
        )
        return typed
    given = os.environ.get(PASSWORD_VARIABLE)
    if not given:
        raise UsageProblem(
            f"no terminal to ask the password on: set {PASSWORD_VARIABLE} in the environment "
            "of this command, or run it in a terminal"
        )
    return given


def read_username(given: str | None) -> str:
    if given is not None:
        return given
    typed: str = typer.prompt("Username")
    return typed


def server_address(text: str) -> str:
    """``text`` as a server's base URL (a :class:`UsageProblem` if it is none)."""
    try:
        return server_url(text)
    except BadServerUrl as error:
        raise UsageProblem(error.reason) from None


def resolve_server(server: str | None, credentials: Credentials) -> str:
    """The server a command is about: ``--server``, or the one server logged in to."""
    if server is not None:
        return server_address(server)
    kept = credentials.sessions()
    if len(kept) == 1:
        return next(iter(kept.values())).server
    if not kept:
        raise UsageProblem("you are not logged in to any server: give --server URL")
    names = ", ".join(sorted(kept))
    raise UsageProblem(f"you are logged in to several servers ({names}): give --server URL")


def _greeting(signed: SignedIn, url: str) -> str:
    account = signed.account
    shown = "" if account.display_name == account.username else f" ({account.display_name})"
    return f"{account.username}{shown} on {origin_of(url)}"


async def _sign_in(
    url: str, username: str, password: str, earlier: StoredSession | None
) -> tuple[str, SignedIn]:
    # The earlier session's token goes along, so that the server ends that session.
    async with Accounts(url, session=None if earlier is None else earlier.token) as accounts:
        token = await accounts.sign_in(username, password)
        return token, await accounts.whoami()


async def _sign_up(
    url: str, username: str, password: str, display_name: str | None, earlier: StoredSession | None
) -> tuple[str, SignedIn]:
    async with Accounts(url, session=None if earlier is None else earlier.token) as accounts:
        token = await accounts.sign_up(username, password, display_name)
        return token, await accounts.whoami()


def login_command(server: ServerOption = None, username: UsernameOption = None) -> None:
    """Log in to a server: the session is kept for cardtable play --server (mode 0600)."""
    with guarded():
        credentials = Credentials()
        url = resolve_server(server, credentials)
        earlier = credentials.get(url)
        name = read_username(username)
        password = read_password()
        token, signed = asyncio.run(_sign_in(url, name, password, earlier))
        credentials.remember(url, token, signed.account.username)
    make_console().print(f"Logged in as {_greeting(signed, url)}.", highlight=False, markup=False)


def signup_command(
    server: ServerOption = None,
    username: UsernameOption = None,
    display_name: Annotated[
        str | None,
        typer.Option("--display-name", help="The name others see (default: the username)."),
    ] = None,
) -> None:
    """Create an account on a server, and log in to it."""
    with guarded():
        credentials = Credentials()
        if server is None:
            raise UsageProblem("give --server URL: the server to create the account on")
        url = server_address(server)
        earlier = credentials.get(url)
        name = read_username(username)
        password = read_password(twice=True)
        token, signed = asyncio.run(_sign_up(url, name, password, display_name, earlier))
        credentials.remember(url, token, signed.account.username)
    make_console().print(
        f"Signed up and logged in as {_greeting(signed, url)}.", highlight=False, markup=False
    )


async def _sign_out(kept: StoredSession) -> None:
    async with Accounts(kept.server, session=kept.token, timeout=5.0) as accounts:
        await accounts.sign_out()


def logout_command(server: ServerOption = None) -> None:
    """Log out of a server: the session ends there, and is forgotten here."""
    console = make_console()
    with guarded():
        credentials = Credentials()
        url = resolve_server(server, credentials)
        kept = credentials.get(url)
        if kept is None:
            console.print(
                f"You were not logged in to {origin_of(url)}.", highlight=False, markup=False
            )
            return
        away: ClientError | None = None
        try:
            asyncio.run(_sign_out(kept))
        except ClientError as error:
            away = error
        credentials.forget(url)
    if away is None:
        console.print(f"Logged out of {origin_of(url)}.", highlight=False, markup=False)
        return
    make_console(stderr=True).print(
        f"The server did not take the logout ({away.reason}); the session is forgotten here, "
        "and ends on the server once it goes unused long enough.",
        style="yellow",
        highlight=False,
        markup=False,
    )
    console.print(f"Logged out of {origin_of(url)} (here only).", highlight=False, markup=False)


async def _whoami(kept: StoredSession) -> SignedIn:
    async with Accounts(kept.server, session=kept.token) as accounts:
        return await accounts.whoami()


def whoami_command(server: ServerOption = None) -> None:
    """Say who you are logged in as on a server (exit code 1 when not logged in)."""
    console = make_console()
    with guarded():
        credentials = Credentials()
        try:
            url = resolve_server(server, credentials)
        except UsageProblem:
            if server is None and not credentials.sessions():
                console.print("Not logged in.", highlight=False, markup=False)
                raise typer.Exit(FAILURE) from None
            raise
        kept = credentials.get(url)
        if kept is None:
            console.print(f"Not logged in to {origin_of(url)}.", highlight=False, markup=False)
            raise typer.Exit(FAILURE)
        try:
            signed = asyncio.run(_whoami(kept))
        except ServerRefused as refusal:
            if refusal.code != "not_logged_in":
                raise
            console.print(
                f"Not logged in to {origin_of(url)}: the session of {kept.username} has ended "
                f"(log in again: cardtable login --server {kept.server}).",
                highlight=False,
                markup=False,
            )
            raise typer.Exit(FAILURE) from None
    account = signed.account
    console.print(
        f"username      {account.username}\ndisplay name  {account.display_name}\n"
        f"server        {origin_of(url)}",
        highlight=False,
        markup=False,
    )
