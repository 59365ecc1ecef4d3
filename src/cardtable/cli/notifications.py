"""``cardtable notifications list|read|clear``: one's inbox on a server, as the account
``cardtable login`` kept the session of.

Each command works over the REST routes of notifications
(:class:`cardtable.client.Notifications`); a refusal prints the server's sentence
(``error: ...``) and exits with 1. When one server only is remembered, ``--server`` may be left
out. Notifications are printed as the server's plain sentences (never as markup).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

import typer

from cardtable.cli.account import ServerOption
from cardtable.cli.errors import UsageProblem, guarded
from cardtable.cli.friends import _say, _session
from cardtable.client import Accounts, Notifications
from cardtable.protocol.notifications import MAX_PAGE, NotificationPage

__all__ = ["notifications_app"]

_T = TypeVar("_T")

notifications_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Your notifications on a server: list, read, clear.",
)

Id = Annotated[int | None, typer.Argument(help="The notification's id (all, if left out).")]


def _run(server: str | None, action: Callable[[Notifications], Awaitable[_T]]) -> _T:
    kept = _session(server)

    async def run() -> _T:
        async with Accounts(kept.server, session=kept.token) as accounts:
            return await action(Notifications(accounts))

    return asyncio.run(run())


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))


@notifications_app.command("list")
def list_command(
    server: ServerOption = None,
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=MAX_PAGE, help="At most this many.")
    ] = 20,
    before: Annotated[
        int | None, typer.Option("--before", min=1, help="Only those older than this id.")
    ] = None,
) -> None:
    """Your notifications, newest first (unread ones marked with *)."""
    with guarded():
        page: NotificationPage = _run(server, lambda inbox: inbox.page(before, limit))
    if not page.notifications:
        _say("No notifications.")
        return
    for shown in page.notifications:
        mark = " " if shown.read else "*"
        link = f"  {shown.link}" if shown.link else ""
        _say(f"{mark} {shown.id:>6}  {_when(shown.created_at)}  {shown.text}{link}")
    _say(f"{page.unread} unread." + (f" Older: --before {page.next}" if page.next else ""))


@notifications_app.command("read")
def read_command(notification_id: Id = None, server: ServerOption = None) -> None:
    """Mark a notification read (all of them, without an id)."""
    with guarded():
        if notification_id is None:
            marked = _run(server, lambda inbox: inbox.read_all())
            _say(f"Marked {marked} read.")
        else:
            _run(server, lambda inbox: inbox.read(notification_id))
            _say(f"Marked {notification_id} read.")


@notifications_app.command("clear")
def clear_command(
    notification_id: Id = None,
    server: ServerOption = None,
    every: Annotated[
        bool, typer.Option("--all", help="Delete the unread ones too (without an id).")
    ] = False,
) -> None:
    """Delete a notification; without an id, every one read (with --all, every one)."""
    with guarded():
        if notification_id is not None:
            if every:
                raise UsageProblem("give an id or --all, not both")
            _run(server, lambda inbox: inbox.delete(notification_id))
            _say(f"Deleted {notification_id}.")
        else:
            _run(server, lambda inbox: inbox.clear(only_read=not every))
            _say("Deleted every notification." if every else "Deleted the ones read.")
