"""``cardtable leaderboard GAME``: a leaderboard of ranked play on a server.

It reads ``GET /api/ratings/{game}/{rated}`` (:meth:`cardtable.client.Lobby.leaderboard`):
the top of the board by default, ``--view around`` (my place) or ``--view friends`` (me and my
friends) as the account ``cardtable login`` kept the session of. A game of several rated
rulesets (Karata: one per table size) is asked which with ``--rated`` (its first by default).
A refusal prints the server's sentence (``error: ...``) and exits with 1.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from cardtable.cli.account import ServerOption, resolve_server
from cardtable.cli.credentials import Credentials
from cardtable.cli.errors import UsageProblem, guarded
from cardtable.cli.friends import _say
from cardtable.client import Lobby
from cardtable.protocol.ratings import BOARD_VIEWS, MAX_BOARD, BoardView, Leaderboard

__all__ = ["leaderboard_command", "lines"]


def lines(board: Leaderboard) -> list[str]:
    """The board as the command prints it.

    >>> from cardtable.protocol.ratings import LeaderboardEntry
    >>> entry = LeaderboardEntry(rank=1, username="ann", display_name="Ann", rating=1412,
    ...                          sigma=80.4, matches=31, provisional=False, me=True)
    >>> board = Leaderboard(game="tcg", rated="standard", title="Kata TCG", season=0,
    ...                     view="top", ranked=1, entries=[entry])
    >>> print("\\n".join(lines(board)))
    Kata TCG, all time: 1 ranked
       1  1412 ±80  Ann (ann), 31 matches  <- you
    """
    season = "all time" if board.season == 0 else f"season {board.season}"
    found = [f"{board.title}, {season}: {board.ranked:,} ranked"]
    if not board.entries:
        found.append("  nobody yet" if board.view != "friends" else "  no ratings among you yet")
    for index, entry in enumerate(board.entries, start=1):
        place = str(entry.rank) if entry.rank is not None else f"{index}."
        provisional = " (provisional)" if entry.provisional else ""
        you = "  <- you" if entry.me else ""
        found.append(
            f"{place:>4}  {entry.rating:>4} ±{round(entry.sigma):<3} "
            f"{entry.display_name} ({entry.username}), {entry.matches} matches"
            f"{provisional}{you}"
        )
    return found


def leaderboard_command(
    game: Annotated[str, typer.Argument(help="The game (tcg, karata).")],
    rated: Annotated[
        str | None,
        typer.Option("--rated", help="The rated ruleset (karata: standard-2 to standard-4)."),
    ] = None,
    view: Annotated[str, typer.Option("--view", help="top, around (my place) or friends.")] = "top",
    season: Annotated[
        int | None,
        typer.Option("--season", min=0, help="0: all time (default: the season running)."),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=MAX_BOARD, help="How many lines.")
    ] = 20,
    server: ServerOption = None,
) -> None:
    """A leaderboard of ranked play: the highest ratings first."""
    with guarded():
        if view not in BOARD_VIEWS:
            raise UsageProblem(f"--view is one of {', '.join(BOARD_VIEWS)}, not {view!r}")
        shown: BoardView = (
            "around" if view == "around" else "friends" if view == "friends" else "top"
        )
        credentials = Credentials()
        url = resolve_server(server, credentials)
        kept = credentials.get(url)
        token = None if kept is None else kept.token

        async def run() -> Leaderboard:
            async with Lobby(url, session=token) as lobby:
                name = rated
                if name is None:
                    known = [r for r in (await lobby.rated_rulesets()).rulesets if r.game == game]
                    if not known:
                        raise UsageProblem(f"{game!r} has no rated rulesets on {url}")
                    name = known[0].rated
                return await lobby.leaderboard(game, name, view=shown, season=season, limit=limit)

        board = asyncio.run(run())
    for text in lines(board):
        _say(text)
