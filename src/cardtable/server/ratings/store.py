"""Ranked play's store: ratings, their history, the matches rated and seasons, in the
server's database.

Rating a match is a plain function on a synchronous connection, :func:`rate_match`, so that
the transaction that finishes a match rates it (a
:data:`~cardtable.server.storage.base.FinishWriter`): the match's end and every rating it
moves are stored together or not at all, and a second try of the same finish (another
process, a restart) finds the match finished or already rated and changes nothing.

What a match moves, for each person at the table (computer players' ratings are fixed, see
:mod:`cardtable.ratings.computers`):

- their all-time rating (season 0), from a newcomer's when they have none;
- their rating of the season running (when an admin has started one), which begins, at their
  first rated match of the season, as their all-time rating moved ``SEASON_RESET`` of the way
  back towards a newcomer's;
- one point of history (the all-time rating after the match, the change, the place).

Against computer players a person gains at most ``COMPUTER_DAILY_CAP`` of ``mu`` in any 24
hours (losses are never capped): a person cannot farm a weak computer player.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import sqlalchemy as sa

from cardtable.engine.json import JsonObject
from cardtable.games import find, names
from cardtable.ratings.computers import computer_rating
from cardtable.ratings.scale import MU, PROVISIONAL_MATCHES, SIGMA, Standing, rate
from cardtable.server.accounts.tables import accounts, participants
from cardtable.server.ratings.tables import rated_matches, rating_history, ratings, seasons
from cardtable.server.storage.base import MatchRow, Storage
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import rooms, seats

__all__ = [
    "COMPUTER_DAILY_CAP",
    "DAY",
    "SEASON_RESET",
    "HistoryRow",
    "RatingRow",
    "RatingStore",
    "rate_match",
    "season_at",
]

SEASON_RESET: Final = 0.5
"""How far a new season moves each rating back towards a newcomer's (``mu`` towards 1500,
``sigma`` towards 350): half of the way."""
COMPUTER_DAILY_CAP: Final = 150.0
"""The most ``mu`` a person gains from rated matches with computer players in 24 hours."""
DAY: Final = 24 * 3600.0


@dataclass(frozen=True, slots=True, kw_only=True)
class RatingRow:
    """A person's rating in one game's rated ruleset and season (0: all time)."""

    account_id: str
    game: str
    rated: str
    season: int
    standing: Standing
    updated_at: float
    username: str = ""
    display_name: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryRow:
    """A person's all-time rating after one rated match."""

    match_id: str
    game: str
    rated: str
    season: int
    standing: Standing
    change: int
    """How the shown rating moved."""
    place: int
    seats: int
    computers: bool
    at: float


def season_at(connection: sa.Connection, at: float) -> int:
    """The season running at ``at`` (0: none has started)."""
    found = connection.execute(
        sa.select(sa.func.max(seasons.c.number)).where(seasons.c.starts_at <= at)
    ).scalar()
    return int(found or 0)


def season_start(standing: Standing) -> Standing:
    """A rating moved :data:`SEASON_RESET` of the way back towards a newcomer's, as a season
    begins it.

    >>> season_start(Standing(mu=2100.0, sigma=70.0, matches=40))
    Standing(mu=1800.0, sigma=210.0, matches=0)
    """
    return Standing(
        mu=standing.mu + (MU - standing.mu) * SEASON_RESET,
        sigma=standing.sigma + (SIGMA - standing.sigma) * SEASON_RESET,
        matches=0,
    )


@dataclass(frozen=True, slots=True)
class _Seat:
    account_id: str | None
    computer: Standing | None


def _seated(connection: sa.Connection, match: MatchRow) -> list[_Seat] | None:
    """Who sat where: a person's account or a computer player's fixed rating; ``None`` when
    the match cannot be rated (a guest at the table, a computer player with no rating, a seat
    unaccounted for)."""
    people = {
        row.seat_index: row.account_id
        for row in connection.execute(
            sa.select(participants.c.seat_index, participants.c.account_id).where(
                participants.c.match_id == match.id
            )
        )
    }
    agents = {
        row.seat_index: row.name
        for row in connection.execute(
            sa.select(seats.c.seat_index, seats.c.name).where(
                (seats.c.room_id == match.room_id) & (seats.c.kind == "agent")
            )
        )
    }
    found: list[_Seat] = []
    for index in range(len(match.seats)):
        account = people.get(index)
        if account is not None:
            found.append(_Seat(account, None))
            continue
        if index not in agents:
            return None
        rated = _rated_name(match)
        fixed = None if rated is None else computer_rating(match.game, rated, agents[index])
        if fixed is None:
            return None
        found.append(_Seat(None, fixed))
    return found


def _rated_name(match: MatchRow) -> str | None:
    """The rated ruleset the match was played under, if any."""
    if match.game not in names():
        return None
    game = find(match.game)
    try:
        ruleset = game.load_ruleset(match.ruleset)
    except ValueError:
        return None
    rated = game.rated_ruleset(ruleset)
    return None if rated is None else rated.name


def _placings(outcome: JsonObject | None, seats_count: int) -> tuple[int, ...] | None:
    raw = None if outcome is None else outcome.get("placings")
    if not isinstance(raw, list) or len(raw) != seats_count:
        return None
    places = tuple(place for place in raw if isinstance(place, int) and place >= 1)
    return places if len(places) == seats_count else None


def _store(
    connection: sa.Connection,
    account: str,
    game: str,
    rated: str,
    season: int,
    standing: Standing,
    *,
    new: bool,
    now: float,
) -> None:
    values: dict[str, Any] = {
        "mu": standing.mu,
        "sigma": standing.sigma,
        "shown": standing.shown,
        "matches": standing.matches,
        "updated_at": now,
    }
    key = {"account_id": account, "game": game, "rated": rated, "season": season}
    if new:
        connection.execute(sa.insert(ratings).values(key | values))
        return
    connection.execute(
        sa.update(ratings)
        .where(
            (ratings.c.account_id == account)
            & (ratings.c.game == game)
            & (ratings.c.rated == rated)
            & (ratings.c.season == season)
        )
        .values(values)
    )


def _gained_from_computers(connection: sa.Connection, account: str, now: float) -> float:
    found = connection.execute(
        sa.select(sa.func.coalesce(sa.func.sum(rating_history.c.computer_gain), 0.0)).where(
            (rating_history.c.account_id == account) & (rating_history.c.at > now - DAY)
        )
    ).scalar()
    return float(found or 0.0)


def _capped(before: Standing, after: Standing, allowed: float) -> tuple[Standing, float]:
    """``after`` with its gain of ``mu`` over ``before`` held to ``allowed``; the gain kept."""
    gain = after.mu - before.mu
    if gain <= 0:
        return after, 0.0
    kept = min(gain, max(allowed, 0.0))
    return replace(after, mu=before.mu + kept), kept


def rate_match(connection: sa.Connection, match: MatchRow, *, now: float) -> bool:
    """Rate ``match`` in the transaction of ``connection`` if it counts: finished, in a room
    created rated, under a rated ruleset of its game, with a decision made, every seat a
    signed-in person or a rated computer player, and every seat placed. Whether it was rated
    (a match already rated is not rated again)."""
    if match.status != "finished" or match.version == 0:
        return False
    placings = _placings(match.outcome, len(match.seats))
    rated = _rated_name(match)
    if placings is None or rated is None:
        return False
    settings = connection.execute(
        sa.select(rooms.c.settings).where(rooms.c.id == match.room_id)
    ).scalar()
    if not isinstance(settings, dict) or settings.get("rated") is not True:
        return False
    seated = _seated(connection, match)
    if seated is None or not any(seat.account_id is not None for seat in seated):
        return False
    done = connection.execute(
        sa.select(rated_matches.c.match_id).where(rated_matches.c.match_id == match.id)
    ).first()
    if done is not None:
        return False
    season = season_at(connection, now)
    connection.execute(
        sa.insert(rated_matches).values(
            match_id=match.id, game=match.game, rated=rated, season=season, at=now
        )
    )
    allowed = {  # the gain of mu each person may still take from computer players today
        seat.account_id: COMPUTER_DAILY_CAP
        - _gained_from_computers(connection, seat.account_id, now)
        for seat in seated
        if seat.account_id is not None and any(other.computer for other in seated)
    }
    people = [seat.account_id for seat in seated if seat.account_id is not None]
    found = _standings(connection, people, match.game, rated, {0, season})
    table = _Table(match, rated, season, seated, placings, allowed, found, now)
    if season:
        _rate_season(connection, table, season)
    _rate_season(connection, table, 0)
    return True


@dataclass(frozen=True, slots=True)
class _Table:
    """A match being rated: who sat where, where they placed, and their ratings before it
    (by account and season)."""

    match: MatchRow
    rated: str
    season: int
    """The season running (0: none)."""
    seated: Sequence[_Seat]
    placings: tuple[int, ...]
    allowed: dict[str, float]
    """The gain of mu each person may still take from computer players today."""
    before: dict[tuple[str, int], Standing]
    now: float


def _standings(
    connection: sa.Connection, people: Sequence[str], game: str, rated: str, wanted: set[int]
) -> dict[tuple[str, int], Standing]:
    """The ratings ``people`` have in a game's rated ruleset, in the seasons ``wanted``
    (one statement)."""
    rows = connection.execute(
        sa.select(
            ratings.c.account_id, ratings.c.season, ratings.c.mu, ratings.c.sigma, ratings.c.matches
        ).where(
            ratings.c.account_id.in_(list(people))
            & (ratings.c.game == game)
            & (ratings.c.rated == rated)
            & ratings.c.season.in_(sorted(wanted))
        )
    )
    return {
        (row.account_id, row.season): Standing(mu=row.mu, sigma=row.sigma, matches=row.matches)
        for row in rows
    }


def _rate_season(connection: sa.Connection, table: _Table, season: int) -> None:
    """Move every person's rating of ``season`` (0: all time) by the match, a gain against
    computer players held to what the table allows each person; the all-time rating also
    writes the history (one statement for every person's point)."""
    match, seated = table.match, table.seated
    befores: list[Standing] = []
    new: list[bool] = []
    for seat in seated:
        if seat.computer is not None:
            befores.append(seat.computer)
            new.append(False)
            continue
        assert seat.account_id is not None
        found = table.before.get((seat.account_id, season))
        if found is None and season:  # the first match of the season: from the all-time one
            base = table.before.get((seat.account_id, 0))
            found = None if base is None else season_start(base)
        new.append((seat.account_id, season) not in table.before)
        befores.append(found or Standing.new())
    afters = rate(befores, table.placings, fixed=[seat.computer is not None for seat in seated])
    points: list[dict[str, Any]] = []
    for index, seat in enumerate(seated):
        account = seat.account_id
        if account is None:
            continue
        after, kept = afters[index], 0.0
        if account in table.allowed:
            after, kept = _capped(befores[index], after, table.allowed[account])
        _store(
            connection, account, match.game, table.rated, season, after,
            new=new[index], now=table.now,
        )  # fmt: skip
        points.append(
            {
                "account_id": account,
                "game": match.game,
                "rated": table.rated,
                "match_id": match.id,
                "season": table.season,
                "mu": after.mu,
                "sigma": after.sigma,
                "shown": after.shown,
                "change": after.shown - befores[index].shown,
                "place": table.placings[index],
                "seats": len(seated),
                "computers": bool(table.allowed),
                "computer_gain": kept,
                "at": table.now,
            }
        )
    if not season:
        connection.execute(sa.insert(rating_history), points)


class RatingStore:
    """Ranked play's reads and an admin's writes, on a SQL store's engine (its
    :meth:`~cardtable.server.storage.sql.SqlStorage.read` and ``write``)."""

    def __init__(self, storage: SqlStorage) -> None:
        self._storage = storage

    @classmethod
    def of(cls, storage: Storage) -> RatingStore:
        if not isinstance(storage, SqlStorage):
            raise TypeError(f"ratings are kept in a SqlStorage's database, not {storage!r}")
        return cls(storage)

    async def season(self, at: float) -> int:
        """The season running at ``at`` (0: none has started)."""
        found = await self._storage.read(
            sa.select(sa.func.max(seasons.c.number)).where(seasons.c.starts_at <= at)
        )
        return int(found[0][0] or 0)

    async def seasons(self) -> list[tuple[int, float]]:
        """Every season an admin started: its number and when it starts, the first first."""
        rows = await self._storage.read(
            sa.select(seasons.c.number, seasons.c.starts_at).order_by(seasons.c.number)
        )
        return [(int(row.number), float(row.starts_at)) for row in rows]

    async def start_season(self, starts_at: float, by: str | None, now: float) -> int:
        """Start the next season at ``starts_at``; its number. ``ValueError`` when it would
        start before the latest season does."""
        async with self._storage.write() as connection:
            latest = (
                await connection.execute(
                    sa.select(seasons.c.number, seasons.c.starts_at)
                    .order_by(seasons.c.number.desc())
                    .limit(1)
                )
            ).first()
            if latest is not None and starts_at <= latest.starts_at:
                raise ValueError(
                    f"season {latest.number} starts later than that: a new season starts after it"
                )
            number = 1 if latest is None else int(latest.number) + 1
            await connection.execute(
                sa.insert(seasons).values(
                    number=number, starts_at=starts_at, started_by=by, created_at=now
                )
            )
            return number

    async def ratings_of(self, account_id: str, season: int) -> list[RatingRow]:
        """The account's all-time ratings and those of ``season``, by game and ruleset."""
        query = (
            sa.select(ratings)
            .where((ratings.c.account_id == account_id) & ratings.c.season.in_({0, season}))
            .order_by(ratings.c.game, ratings.c.rated, ratings.c.season)
        )
        return [_rating_row(row) for row in await self._storage.read(query)]

    async def history(self, account_id: str, game: str, rated: str, limit: int) -> list[HistoryRow]:
        """The account's latest ``limit`` rated matches in a game's rated ruleset, oldest
        first."""
        query = (
            sa.select(rating_history)
            .where(
                (rating_history.c.account_id == account_id)
                & (rating_history.c.game == game)
                & (rating_history.c.rated == rated)
            )
            .order_by(rating_history.c.id.desc())
            .limit(limit)
        )
        rows = await self._storage.read(query)
        return [
            HistoryRow(
                match_id=row.match_id,
                game=row.game,
                rated=row.rated,
                season=row.season,
                standing=Standing(mu=row.mu, sigma=row.sigma),
                change=row.change,
                place=row.place,
                seats=row.seats,
                computers=row.computers,
                at=row.at,
            )
            for row in reversed(rows)
        ]

    async def board(
        self,
        game: str,
        rated: str,
        season: int,
        *,
        offset: int,
        limit: int,
        among: Collection[str] | None = None,
    ) -> list[RatingRow]:
        """A page of a leaderboard, the highest shown rating first (then the most matches,
        then the account's id): settled ratings only, unless ``among`` (a few accounts: a
        friends' board) names whom to list."""
        where = (ratings.c.game == game) & (ratings.c.rated == rated) & (ratings.c.season == season)
        if among is None:
            where &= ratings.c.matches >= PROVISIONAL_MATCHES
        else:
            where &= ratings.c.account_id.in_(sorted(among))
        query = (
            sa.select(ratings, accounts.c.username, accounts.c.display_name)
            .join(accounts, accounts.c.id == ratings.c.account_id)
            .where(where & accounts.c.disabled_at.is_(None) & accounts.c.deleted_at.is_(None))
            .order_by(*BOARD_ORDER)
            .offset(offset)
            .limit(limit)
        )
        return [_rating_row(row) for row in await self._storage.read(query)]

    async def rank(self, game: str, rated: str, season: int, account_id: str) -> int | None:
        """The account's place on the leaderboard (1: the top), in the board's own order
        (:data:`BOARD_ORDER`), ``None`` while its rating is provisional or it has none."""
        mine = await self._storage.read(
            sa.select(ratings.c.shown, ratings.c.matches).where(
                (ratings.c.account_id == account_id)
                & (ratings.c.game == game)
                & (ratings.c.rated == rated)
                & (ratings.c.season == season)
            )
        )
        if not mine or mine[0].matches < PROVISIONAL_MATCHES:
            return None
        shown, matches = mine[0].shown, mine[0].matches
        ahead = (ratings.c.shown > shown) | (
            (ratings.c.shown == shown)
            & (
                (ratings.c.matches > matches)
                | ((ratings.c.matches == matches) & (ratings.c.account_id > account_id))
            )
        )
        return await self._settled(game, rated, season, ahead) + 1

    async def ranked(self, game: str, rated: str, season: int) -> int:
        """How many settled ratings the leaderboard holds (of accounts neither disabled nor
        deleted, as the board lists them)."""
        return await self._settled(game, rated, season, sa.true())

    async def _settled(
        self, game: str, rated: str, season: int, where: sa.ColumnElement[bool]
    ) -> int:
        """How many settled ratings of active accounts on a board meet ``where``: counted on
        the board's index alone, less the few of accounts no longer active (so that the
        count never reads the accounts of the whole board)."""
        board = (
            (ratings.c.game == game)
            & (ratings.c.rated == rated)
            & (ratings.c.season == season)
            & (ratings.c.matches >= PROVISIONAL_MATCHES)
            & where
        )
        counted = await self._storage.read(sa.select(sa.func.count()).where(board))
        gone = await self._storage.read(
            sa.select(sa.func.count())
            .select_from(ratings.join(accounts, accounts.c.id == ratings.c.account_id))
            .where(
                board & (accounts.c.disabled_at.is_not(None) | accounts.c.deleted_at.is_not(None))
            )
        )
        return int(counted[0][0]) - int(gone[0][0])


BOARD_ORDER = (ratings.c.shown.desc(), ratings.c.matches.desc(), ratings.c.account_id.desc())
"""A leaderboard's order: the highest shown rating first, then the most matches, then the
account (a fixed order among equals): the order of the index ``(game, rated, season, shown,
matches, account_id)``, read backwards."""


def _rating_row(row: sa.Row[Any]) -> RatingRow:
    data = row._mapping
    return RatingRow(
        account_id=data["account_id"],
        game=data["game"],
        rated=data["rated"],
        season=data["season"],
        standing=Standing(mu=data["mu"], sigma=data["sigma"], matches=data["matches"]),
        updated_at=data["updated_at"],
        username=data.get("username") or "",
        display_name=data.get("display_name") or "",
    )
