"""``cardtable feed list|activity|share-replay|share-deck|visibility``: the activity feed on a
server, as the account ``cardtable login`` kept the session of.

Each command works over the REST routes of the feed (:class:`cardtable.client.Feed`); a
refusal prints the server's sentence (``error: ...``) and exits with 1. With ``--json`` a
command prints the server's answer as one JSON document instead (a page, an item, a setting),
and a refusal as ``{"type": "error", "code": ..., "reason": ...}`` on standard output, with
the same exit code. When one server only is remembered, ``--server`` may be left out. Items are
printed as the server's plain sentences, and comments as the text they are (never as markup).

``feed activity`` reads a person's activity as the server shows it to the account logged in,
or to anyone when no session is kept for that server.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from pydantic import BaseModel

from cardtable.cli.account import ServerOption, resolve_server
from cardtable.cli.credentials import Credentials
from cardtable.cli.errors import guarded
from cardtable.cli.friends import _say, _session
from cardtable.cli.machine import json_guarded
from cardtable.cli.options import JsonOption
from cardtable.client import Accounts, Feed
from cardtable.engine.json import JsonObject
from cardtable.games.tcg.decks import Deck, read_deck
from cardtable.protocol.feed import MAX_COMMENT_CHARS, MAX_PAGE, FeedItem, FeedPage, Visibility

__all__ = ["feed_app"]

_T = TypeVar("_T")

feed_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Your friends' activity on a server: list, activity, share-replay, share-deck, "
    "visibility.",
)

Before = Annotated[
    int | None,
    typer.Option("--before", min=1, help="Only items older than this id (a page's next)."),
]
Limit = Annotated[
    int, typer.Option("--limit", min=1, max=MAX_PAGE, help=f"At most this many (1 to {MAX_PAGE}).")
]
Comment = Annotated[
    str,
    typer.Option(
        "--comment", help=f"A comment of at most {MAX_COMMENT_CHARS} characters, one line."
    ),
]


def _run(server: str | None, action: Callable[[Feed], Awaitable[_T]]) -> _T:
    kept = _session(server)

    async def run() -> _T:
        async with Accounts(kept.server, session=kept.token) as accounts:
            return await action(Feed(accounts))

    return asyncio.run(run())


def _run_as_anyone(server: str | None, action: Callable[[Feed], Awaitable[_T]]) -> _T:
    """``action`` signed in when a session is kept for the server, else as anyone."""
    credentials = Credentials()
    url = resolve_server(server, credentials)
    kept = credentials.get(url)

    async def run() -> _T:
        async with Accounts(url, session=None if kept is None else kept.token) as accounts:
            return await action(Feed(accounts))

    return asyncio.run(run())


@contextmanager
def _guarded(json_output: bool) -> Iterator[None]:
    if json_output:
        with json_guarded(sys.stdout):
            yield
    else:
        with guarded():
            yield


def _print_json(answer: BaseModel) -> None:
    typer.echo(answer.model_dump_json(indent=2))


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))


def _show(page: FeedPage, empty: str) -> None:
    if not page.items:
        _say(empty)
        return
    for item in page.items:
        _show_item(item)
    if page.next is not None:
        _say(f"Older: --before {page.next}")


def _show_item(item: FeedItem) -> None:
    """An item: its id, when and sentence, then its comment and its link below, indented."""
    _say(f"{item.id:>6}  {_when(item.created_at)}  {item.text}")
    if item.comment:
        _say(f"{'':>6}  “{item.comment}”")
    if item.link:
        _say(f"{'':>6}  {item.link}")


@feed_app.command("list")
def list_command(
    server: ServerOption = None,
    before: Before = None,
    limit: Limit = 20,
    json_output: JsonOption = False,
) -> None:
    """Your friends' activity, newest first: finished matches, new friendships, shares."""
    with _guarded(json_output):
        page: FeedPage = _run(server, lambda feed: feed.page(before, limit))
    if json_output:
        _print_json(page)
        return
    _show(page, "Nothing yet." if before is None else "Nothing older.")


@feed_app.command("activity")
def activity_command(
    username: Annotated[str, typer.Argument(help="The person's username.")],
    server: ServerOption = None,
    before: Before = None,
    limit: Limit = 20,
    json_output: JsonOption = False,
) -> None:
    """A person's activity, as they let you see it (yours in full)."""
    with _guarded(json_output):
        page: FeedPage = _run_as_anyone(server, lambda feed: feed.activity(username, before, limit))
    if json_output:
        _print_json(page)
        return
    _show(page, f"No activity of {username} to show.")


@feed_app.command("share-replay")
def share_replay_command(
    match: Annotated[str, typer.Argument(help="The id of a finished match you played.")],
    comment: Comment = "",
    server: ServerOption = None,
    json_output: JsonOption = False,
) -> None:
    """Share the replay of a finished match you played (in a room without a password)."""
    with _guarded(json_output):
        item: FeedItem = _run(server, lambda feed: feed.share_replay(match, comment))
    if json_output:
        _print_json(item)
        return
    _say(f"Shared: {item.text}")


@feed_app.command("share-deck")
def share_deck_command(
    file: Annotated[Path, typer.Argument(help="A deck file, as cardtable deck new writes.")],
    comment: Comment = "",
    game: Annotated[str, typer.Option("--game", help="The game the deck is for.")] = "tcg",
    server: ServerOption = None,
    json_output: JsonOption = False,
) -> None:
    """Share a deck (the server checks it as a room would)."""
    with _guarded(json_output):
        deck = deck_data(read_deck(file))
        item: FeedItem = _run(server, lambda feed: feed.share_deck(game, deck, comment))
    if json_output:
        _print_json(item)
        return
    _say(f"Shared: {item.text}")


def deck_data(deck: Deck) -> JsonObject:
    """A deck file's deck as one brings it to a room, and shares it.

    >>> deck_data(Deck(name="Low", set="classic", counts=(("d1", 4), ("d2", 1))))
    {'name': 'Low', 'set': 'classic', 'cards': {'d1': 4, 'd2': 1}}
    """
    cards: JsonObject = {}
    for card, count in deck.counts:
        held = cards.get(card, 0)
        cards[card] = (held if isinstance(held, int) else 0) + count
    return {"name": deck.name, "set": deck.set, "cards": cards}


SHOWN: dict[str, str] = {
    "friends": "your friends",
    "everyone": "everyone",
    "nobody": "nobody but you",
}
"""How each setting reads."""


@feed_app.command("visibility")
def visibility_command(
    visibility: Annotated[
        Visibility | None,
        typer.Argument(help="friends (the default), everyone, or nobody; left out: show it."),
    ] = None,
    server: ServerOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show or set who may see your activity."""
    with _guarded(json_output):
        if visibility is None:
            found = _run(server, lambda feed: feed.settings())
        else:
            found = _run(server, lambda feed: feed.set_visibility(visibility))
    if json_output:
        _print_json(found)
        return
    verb = "may see" if visibility is None else "may now see"
    _say(f"{SHOWN[found.visibility].capitalize()} {verb} your activity ({found.visibility}).")
