"""``cardtable friends list|add|accept|decline|remove|block|unblock``: one's friends on a
server, as the account ``cardtable login`` kept the session of.

Each command works over the REST routes of friends (:class:`cardtable.client.Friends`); a
refusal prints the server's sentence (``error: ...``) and exits with 1. When one server only
is remembered, ``--server`` may be left out.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Final, TypeVar

import typer

from cardtable.cli.account import ServerOption, resolve_server
from cardtable.cli.credentials import Credentials, StoredSession, origin_of
from cardtable.cli.errors import UsageProblem, guarded
from cardtable.cli.terminal import make_console
from cardtable.client import Accounts, Friends
from cardtable.protocol.friends import Friend, FriendState

__all__ = ["friends_app"]

_T = TypeVar("_T")

friends_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Your friends on a server: list, add, accept, decline, remove, block, unblock.",
)

Username = Annotated[str, typer.Argument(help="The other person's username.")]

SHOWN: Final[dict[str, str]] = {
    "friend": "friend",
    "sent": "you asked them",
    "received": "asks you",
    "blocked": "blocked by you",
}
"""How each state reads in the list."""


def _session(server: str | None) -> StoredSession:
    credentials = Credentials()
    url = resolve_server(server, credentials)
    kept = credentials.get(url)
    if kept is None:
        raise UsageProblem(
            f"you are not logged in to {origin_of(url)}: cardtable login --server {url}"
        )
    return kept


def _run(server: str | None, action: Callable[[Friends], Awaitable[_T]]) -> _T:
    kept = _session(server)

    async def run() -> _T:
        async with Accounts(kept.server, session=kept.token) as accounts:
            return await action(Friends(accounts))

    return asyncio.run(run())


def _say(text: str) -> None:
    make_console().print(text, highlight=False, markup=False)


def _since(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(at))


@friends_app.command("list")
def list_command(
    server: ServerOption = None,
    state: Annotated[
        FriendState | None,
        typer.Option("--state", help="Only friends, requests sent or received, or blocks."),
    ] = None,
) -> None:
    """Your friends, requests and blocks, the most recent first."""
    with guarded():
        found: list[Friend] = _run(server, lambda friends: friends.list(state))
    if not found:
        _say("Nobody yet." if state is None else f"Nobody is {SHOWN[state]}.")
        return
    width = max(len(friend.username) for friend in found)
    for friend in found:
        shown = "" if friend.display_name == friend.username else f" ({friend.display_name})"
        _say(
            f"{friend.username:<{width}}  {SHOWN[friend.state]:<14}  since {_since(friend.since)}"
            f"{shown}"
        )


@friends_app.command("add")
def add_command(username: Username, server: ServerOption = None) -> None:
    """Ask someone to be your friend (friends at once if they asked you first)."""
    with guarded():
        friend = _run(server, lambda friends: friends.request(username))
    if friend.state == "friend":
        _say(f"You and {friend.username} are friends now: they had asked you.")
    else:
        _say(f"Asked {friend.username} to be your friend.")


@friends_app.command("accept")
def accept_command(username: Username, server: ServerOption = None) -> None:
    """Accept someone's friend request."""
    with guarded():
        friend = _run(server, lambda friends: friends.accept(username))
    _say(f"You and {friend.username} are friends now.")


@friends_app.command("decline")
def decline_command(username: Username, server: ServerOption = None) -> None:
    """Decline someone's friend request."""
    with guarded():
        _run(server, lambda friends: friends.decline(username))
    _say(f"Declined {username}'s request.")


@friends_app.command("remove")
def remove_command(username: Username, server: ServerOption = None) -> None:
    """Remove a friend, cancel your request to them, or decline theirs."""
    with guarded():
        _run(server, lambda friends: friends.remove(username))
    _say(f"{username} is off your list.")


@friends_app.command("block")
def block_command(username: Username, server: ServerOption = None) -> None:
    """Block someone: it ends any friendship or request, and they can no longer ask you (they
    are not told)."""
    with guarded():
        _run(server, lambda friends: friends.block(username))
    _say(f"Blocked {username}.")


@friends_app.command("unblock")
def unblock_command(username: Username, server: ServerOption = None) -> None:
    """Unblock someone."""
    with guarded():
        _run(server, lambda friends: friends.unblock(username))
    _say(f"Unblocked {username}.")
