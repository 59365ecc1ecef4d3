"""Ranked play's service: rating finished matches, and reading ratings and leaderboards.

A match is rated in the transaction that finishes it (:meth:`Ratings.write_match_finished`,
one of :attr:`~cardtable.server.matches.Matches.finishing`; see
:func:`~cardtable.server.ratings.store.rate_match` for what counts). Nothing else writes a
rating: no client message or route claims a result.

Ratings are public, as leaderboards are: anyone may read a person's ratings and history
beside their profile, and the leaderboards. A friends' board is the asker's own, signed in.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Final

import sqlalchemy as sa

from cardtable.games import find, names
from cardtable.protocol.ratings import (
    MAX_HISTORY,
    BoardView,
    Leaderboard,
    LeaderboardEntry,
    PlayerRatings,
    RatedRulesetInfo,
    RatedRulesets,
    RatingInfo,
    RatingPoint,
)
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.errors import Refused
from cardtable.server.ratings.store import RatingRow, RatingStore, rate_match
from cardtable.server.storage.base import MatchRow

__all__ = ["AROUND", "Ratings"]

AROUND: Final = 5
"""How many lines above and below the asker an ``around`` board shows."""


def _title(game: str, rated: str) -> str:
    for entry in find(game).rated_rulesets():
        if entry.name == rated:
            return entry.title
    raise Refused("not_found", f"{game} has no rated ruleset called {rated!r}")


def rulesets() -> list[RatedRulesetInfo]:
    """Every rated ruleset of every game."""
    return [
        RatedRulesetInfo(
            game=name,
            rated=entry.name,
            title=entry.title,
            seats=find(name).seats(entry.ruleset),
            ruleset=entry.ruleset.to_json(),
        )
        for name in names()
        for entry in find(name).rated_rulesets()
    ]


class Ratings:
    """People's ratings: written as matches finish, read by routes."""

    def __init__(
        self,
        store: RatingStore,
        friend_ids: Callable[[str], Awaitable[set[str]]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.friend_ids = friend_ids
        self.clock = clock

    def write_match_finished(self, connection: sa.Connection, match: MatchRow) -> None:
        """A :data:`~cardtable.server.storage.base.FinishWriter`: rate the match if it
        counts, in the transaction that finishes it."""
        rate_match(connection, match, now=match.finished_at or self.clock())

    async def rulesets(self) -> RatedRulesets:
        return RatedRulesets(rulesets=rulesets(), season=await self.store.season(self.clock()))

    async def of(self, owner: AccountRow) -> PlayerRatings:
        """A person's ratings, all time and this season, each with its history."""
        season = await self.store.season(self.clock())
        rows = await self.store.ratings_of(owner.id, season)
        seasonal = {
            (row.game, row.rated): row for row in rows if row.season and row.season == season
        }
        found: list[RatingInfo] = []
        for row in rows:
            if row.season:
                continue
            this_season = seasonal.get((row.game, row.rated))
            history = await self.store.history(owner.id, row.game, row.rated, MAX_HISTORY)
            found.append(
                RatingInfo(
                    game=row.game,
                    rated=row.rated,
                    title=_title(row.game, row.rated),
                    rating=row.standing.shown,
                    mu=row.standing.mu,
                    sigma=row.standing.sigma,
                    matches=row.standing.matches,
                    provisional=row.standing.provisional,
                    season_rating=None if this_season is None else this_season.standing.shown,
                    season_matches=0 if this_season is None else this_season.standing.matches,
                    rank=await self.store.rank(row.game, row.rated, 0, owner.id),
                    history=[
                        RatingPoint(
                            match=point.match_id,
                            at=point.at,
                            rating=point.standing.shown,
                            change=point.change,
                            place=point.place,
                            seats=point.seats,
                            computers=point.computers,
                        )
                        for point in history
                    ],
                )
            )
        return PlayerRatings(
            username=owner.username or "",
            display_name=owner.display_name,
            season=season,
            ratings=found,
        )

    async def board(
        self,
        game: str,
        rated: str,
        *,
        season: int | None,
        view: BoardView,
        me: AccountRow | None,
        offset: int,
        limit: int,
    ) -> Leaderboard:
        """A page of the leaderboard of a game's rated ruleset: all time (``season`` 0), a
        season's, or the running season's (``None``)."""
        if game not in names():
            raise Refused("unknown_game", f"this server has no game called {game!r}")
        title = _title(game, rated)
        running = await self.store.season(self.clock())
        shown_season = running if season is None else season
        if shown_season > running:
            raise Refused("not_found", f"season {shown_season} has not started")
        if view != "top" and me is None:
            raise Refused("not_logged_in", f"sign in to see the {view} board")
        start = offset
        among: set[str] | None = None
        if view == "friends" and me is not None:
            among = await self.friend_ids(me.id) | {me.id}
            start = offset
        elif view == "around" and me is not None:
            rank = await self.store.rank(game, rated, shown_season, me.id)
            start = 0 if rank is None else max(rank - 1 - AROUND, 0)
            limit = min(limit, 2 * AROUND + 1)
        rows = await self.store.board(
            game, rated, shown_season, offset=start, limit=limit, among=among
        )
        return Leaderboard(
            game=game,
            rated=rated,
            title=title,
            season=shown_season,
            view=view,
            ranked=await self.store.ranked(game, rated, shown_season),
            entries=[
                self._entry(row, start + index + 1, among is not None, me)
                for index, row in enumerate(rows)
            ],
        )

    @staticmethod
    def _entry(
        row: RatingRow, place: int, friends: bool, me: AccountRow | None
    ) -> LeaderboardEntry:
        standing = row.standing
        return LeaderboardEntry(
            rank=None if friends else place,
            username=row.username,
            display_name=row.display_name,
            rating=standing.shown,
            sigma=standing.sigma,
            matches=standing.matches,
            provisional=standing.provisional,
            me=me is not None and row.account_id == me.id,
        )
