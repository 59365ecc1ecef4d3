"""Tournaments at the server's edge: creating them, entering and leaving, and who may see and
do what. Advancing them (starting, pairing rounds, making rooms, finishing) is
:mod:`~cardtable.server.tournaments.advance`'s.

**Who may do what**, decided here and only here:

- Creating one: a signed-in person (a guest signs up first: ``not_logged_in``), hosting at most
  :data:`MOST_HOSTED` tournaments not yet over (``too_many``).
- Seeing one: anyone, but a friends-only tournament only its host, the host's friends and its
  entrants; to anyone else it does not exist (``not_found``), as in the list.
- Entering: a signed-in person, while it is open and not full (``tournament_closed``,
  ``tournament_full``), once (``already_entered``), with the password of a password-protected
  one (``bad_password``, slowed down after wrong guesses: ``too_many``), as the host's friend in
  a friends-only one (``forbidden``).
- Leaving: before the start, one is simply out; once it runs, one *withdraws*: one's match under
  way is conceded, and one is paired no more (a knockout: out).
- The host alone adds and removes computer players (where the tournament allows them, and for
  a rated one only those with a rating under its rules), starts it early (with at least its
  fewest entrants) and cancels it before it starts (``forbidden`` for anyone else).

Every refusal is a :class:`~cardtable.server.errors.Refused` that changed nothing.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

import sqlalchemy as sa

from cardtable.agents.names import agent_title
from cardtable.engine.errors import RulesetError
from cardtable.engine.game import Game
from cardtable.games import find, names
from cardtable.protocol.tournaments import (
    MOST_START_DELAY,
    AddComputer,
    CreateTournament,
    JoinTournament,
    TournamentDetail,
    TournamentList,
    TournamentState,
)
from cardtable.ratings.computers import computer_rating
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.errors import Refused
from cardtable.server.passwords import check_password
from cardtable.server.ratings.tables import ratings
from cardtable.server.rooms import agent_spec
from cardtable.server.security import Throttle, hash_password
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.tournaments.advance import Advancer
from cardtable.server.tournaments.store import Loaded, load
from cardtable.server.tournaments.tables import tournament_entrants, tournaments
from cardtable.server.tournaments.views import detail, summary
from cardtable.tournaments.model import TournamentError
from cardtable.tournaments.rules import rules_by_size, smallest_table
from cardtable.tournaments.settings import ROUND_ROBIN_MOST, Settings

__all__ = ["LISTED", "MOST_HOSTED", "Tournaments"]

MOST_HOSTED: Final = 10
"""How many tournaments not yet over one person may host at once."""
LISTED: Final = 100
"""The most tournaments one page of the list shows."""

FriendsOf = Callable[[str], Awaitable[set[str]]]
"""An account's friends' ids."""


def _game(name: str) -> Game[Any, Any]:
    if name not in names():
        raise Refused("unknown_game", f"this server has no game called {name!r}")
    return find(name)


class Tournaments:
    """Tournaments in a SQL store's database: the requests people make of them."""

    def __init__(
        self,
        storage: SqlStorage,
        advancer: Advancer,
        friends_of: FriendsOf,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.advancer = advancer
        self.friends_of = friends_of
        self.clock = clock
        self.throttle = Throttle()

    # -- reading ----------------------------------------------------------------------------

    async def listed(
        self, viewer: AccountRow | None, state: TournamentState | None = None
    ) -> TournamentList:
        """The tournaments the viewer may see, newest first (``state``: of that state only)."""
        query = sa.select(tournaments).order_by(tournaments.c.created_at.desc()).limit(LISTED)
        if state is not None:
            query = query.where(tournaments.c.state == state)
        rows = await self.storage.read(query)
        counts = await self._counts([row.id for row in rows])
        mine = await self._entered(viewer.id, [row.id for row in rows]) if viewer else set()
        winners = await self._winners([row for row in rows if row.winner is not None])
        listed = []
        for row in rows:
            if not await self._may_see(row, viewer, row.id in mine):
                continue
            listed.append(
                summary(
                    row,
                    counts.get(row.id, 0),
                    entered=row.id in mine,
                    winner=winners.get(row.id),
                )
            )
        return TournamentList(tournaments=listed)

    async def _winners(self, rows: list[Any]) -> dict[str, str]:
        """The winners' names of finished tournaments, by tournament (one read)."""
        if not rows:
            return {}
        found = await self.storage.read(
            sa.select(tournament_entrants.c.tournament_id, tournament_entrants.c.name).where(
                sa.tuple_(
                    tournament_entrants.c.tournament_id, tournament_entrants.c.entrant_id
                ).in_([(row.id, row.winner) for row in rows])
            )
        )
        return {item.tournament_id: item.name for item in found}

    async def detail(self, viewer: AccountRow | None, tournament_id: str) -> TournamentDetail:
        """One tournament's page (``not_found`` when there is none the viewer may see)."""
        loaded = await self._loaded(tournament_id, viewer)
        return await asyncio.to_thread(detail, loaded, viewer.id if viewer else None)

    async def _loaded(self, tournament_id: str, viewer: AccountRow | None) -> Loaded:
        loaded = await load(self.storage, tournament_id)
        entered = (
            loaded is not None
            and viewer is not None
            and any(entrant.account_id == viewer.id for entrant in loaded.entrants)
        )
        if loaded is None or not await self._may_see(loaded.row, viewer, entered):
            raise Refused("not_found", "there is no such tournament")
        return loaded

    async def _may_see(self, row: Any, viewer: AccountRow | None, entered: bool) -> bool:
        if row.access != "friends" or entered:
            return True
        return viewer is not None and await self._host_or_friend(row, viewer.id)

    async def _counts(self, ids: list[str]) -> dict[str, int]:
        if not ids:
            return {}
        rows = await self.storage.read(
            sa.select(tournament_entrants.c.tournament_id, sa.func.count().label("entrants"))
            .where(tournament_entrants.c.tournament_id.in_(ids))
            .group_by(tournament_entrants.c.tournament_id)
        )
        return {row.tournament_id: row.entrants for row in rows}

    async def _entered(self, account_id: str, ids: list[str]) -> set[str]:
        if not ids:
            return set()
        rows = await self.storage.read(
            sa.select(tournament_entrants.c.tournament_id).where(
                (tournament_entrants.c.account_id == account_id)
                & tournament_entrants.c.tournament_id.in_(ids)
            )
        )
        return {row.tournament_id for row in rows}

    # -- creating ---------------------------------------------------------------------------

    async def create(self, me: AccountRow, body: CreateTournament) -> TournamentDetail:
        """A new tournament, open for entrants, hosted by ``me``."""
        game = _game(body.game)
        ruleset = self._ruleset(game, body)
        try:
            settings = Settings(
                format=body.format,
                seats=game.seats(ruleset),
                fewest=body.fewest or smallest_table(game, ruleset, advance=body.advance),
                rounds=body.rounds,
                advance=body.advance,
                seeding=body.seeding,
            )
            sizes = rules_by_size(game, ruleset, settings)
        except TournamentError as error:
            raise Refused("bad_tournament", error.reason) from None
        if body.rated is not None:
            unrated = [size for size, rules in sizes.items() if game.rated_ruleset(rules) is None]
            if unrated:
                raise Refused(
                    "bad_tournament",
                    f"tables of {unrated[0]} would not be rated: let tables seat at least "
                    f"{unrated[0] + 1}",
                )
        if body.format == "round_robin" and body.most_entrants > ROUND_ROBIN_MOST:
            raise Refused(
                "bad_tournament", f"a round robin takes at most {ROUND_ROBIN_MOST} entrants"
            )
        now = self.clock()
        if body.starts_at is not None and not now < body.starts_at <= now + MOST_START_DELAY:
            raise Refused(
                "bad_message",
                "a tournament starts in the future, within 30 days",
                field="starts_at",
            )
        hosted = await self.storage.read(
            sa.select(sa.func.count()).where(
                (tournaments.c.host_id == me.id) & tournaments.c.state.in_(("open", "running"))
            )
        )
        if hosted[0][0] >= MOST_HOSTED:
            raise Refused(
                "too_many", f"you host {MOST_HOSTED} tournaments not yet over: finish one first"
            )
        password_hash = (
            None if body.password is None else await asyncio.to_thread(hash_password, body.password)
        )
        tournament_id = secrets.token_urlsafe(6)
        async with self.storage.write() as connection:
            await connection.execute(
                sa.insert(tournaments).values(
                    id=tournament_id,
                    name=body.name,
                    game=game.name,
                    ruleset=ruleset.to_json(),
                    rated=body.rated,
                    settings=settings.to_json(),
                    access=body.access,
                    password_hash=password_hash,
                    host_id=me.id,
                    host_name=me.display_name,
                    computers=body.computers,
                    fill=body.fill,
                    turn_seconds=body.turn_seconds,
                    fewest_entrants=body.fewest_entrants,
                    most_entrants=body.most_entrants,
                    starts_at=body.starts_at,
                    state="open",
                    round=0,
                    seed=secrets.randbits(62),
                    winner=None,
                    created_at=now,
                    started_at=None,
                    finished_at=None,
                    updated_at=now,
                )
            )
        return await self.detail(me, tournament_id)

    def _ruleset(self, game: Game[Any, Any], body: CreateTournament) -> Any:
        if body.rated is not None:
            for entry in game.rated_rulesets():
                if entry.name == body.rated:
                    return entry.ruleset
            offered = ", ".join(entry.name for entry in game.rated_rulesets()) or "none"
            raise Refused(
                "bad_rules", f"{game.title} has no rated ruleset {body.rated!r}: {offered}"
            )
        try:
            return game.load_ruleset(body.ruleset)
        except RulesetError as error:
            raise Refused(
                "bad_rules", error.reason, refusal=error.code, field=error.field
            ) from None

    # -- entering and leaving ---------------------------------------------------------------

    async def join(
        self, me: AccountRow, tournament_id: str, body: JoinTournament, client: str
    ) -> TournamentDetail:
        """Enter ``me`` in an open tournament."""
        loaded = await self._loaded(tournament_id, me)
        row = loaded.row
        self._open(row)
        if any(entrant.account_id == me.id for entrant in loaded.entrants):
            raise Refused("already_entered", "you are entered in this tournament already")
        if row.access == "friends" and not await self._host_or_friend(row, me.id):
            raise Refused("forbidden", "this tournament is for its host's friends")
        if row.access == "password":
            await check_password(
                self.throttle,
                f"tournament {row.id} {client}",
                row.password_hash,
                body.password,
                now=self.clock(),
                what="tournament",
            )
        await self._enter(
            row,
            entrant_id=me.id,
            account_id=me.id,
            agent=None,
            name=me.display_name,
            rating=await self._rating_of(row, me.id),
        )
        return await self.detail(me, tournament_id)

    async def _host_or_friend(self, row: Any, account_id: str) -> bool:
        if row.host_id is None:
            return False
        return account_id == row.host_id or account_id in await self.friends_of(row.host_id)

    def _open(self, row: Any) -> None:
        if row.state != "open":
            raise Refused(
                "tournament_closed", f"this tournament is {row.state}: entries are closed"
            )

    async def _enter(
        self,
        row: Any,
        *,
        entrant_id: str,
        account_id: str | None,
        agent: str | None,
        name: str,
        rating: float,
    ) -> None:
        """Add an entrant, unless the tournament filled or closed meanwhile."""
        async with self.storage.write() as connection:
            found = (await connection.execute(_state_locked(row.id))).first()
            if found is None or found.state != "open":
                raise Refused("tournament_closed", "this tournament's entries are closed")
            count = (
                await connection.execute(
                    sa.select(sa.func.count()).where(tournament_entrants.c.tournament_id == row.id)
                )
            ).scalar_one()
            if count >= row.most_entrants:
                raise Refused("tournament_full", "this tournament is full")
            try:
                await connection.execute(
                    sa.insert(tournament_entrants).values(
                        tournament_id=row.id,
                        entrant_id=entrant_id,
                        account_id=account_id,
                        agent=agent,
                        name=name,
                        rating=rating,
                        seed=None,
                        joined_at=self.clock(),
                        withdrawn_round=None,
                    )
                )
            except sa.exc.IntegrityError:
                raise Refused("already_entered", "already entered in this tournament") from None
        self.advancer.poke()  # full now, perhaps: it starts

    async def _rating_of(self, row: Any, account_id: str) -> float:
        """A person's shown all-time rating under the tournament's rated ruleset (or, for an
        unrated one, the game's rated ruleset of its table size, if any); 0 without one."""
        rated = row.rated or _rated_name(row.game, row.ruleset)
        if rated is None:
            return 0.0
        found = await self.storage.read(
            sa.select(ratings.c.shown).where(
                (ratings.c.account_id == account_id)
                & (ratings.c.game == row.game)
                & (ratings.c.rated == rated)
                & (ratings.c.season == 0)
            )
        )
        return float(found[0].shown) if found else 0.0

    async def leave(self, me: AccountRow, tournament_id: str) -> TournamentDetail:
        """Leave an open tournament, or withdraw from a running one (see the module's text);
        the answer is the tournament afterwards."""
        loaded = await self._loaded(tournament_id, me)
        row = loaded.row
        if not any(entrant.account_id == me.id for entrant in loaded.entrants):
            raise Refused("not_entered", "you are not entered in this tournament")
        if row.state == "open":
            async with self.storage.write() as connection:
                state = (await connection.execute(_state_locked(tournament_id))).scalar_one()
                if state == "open":
                    await connection.execute(
                        sa.delete(tournament_entrants).where(
                            (tournament_entrants.c.tournament_id == tournament_id)
                            & (tournament_entrants.c.account_id == me.id)
                        )
                    )
            if state != "open":  # it started meanwhile: withdraw
                await self.advancer.withdraw(tournament_id, me.id)
        elif row.state == "running":
            await self.advancer.withdraw(tournament_id, me.id)
        else:
            raise Refused("tournament_closed", f"this tournament is {row.state}")
        return await self.detail(me, tournament_id)

    # -- the host's -------------------------------------------------------------------------

    async def _hosted(self, me: AccountRow, tournament_id: str) -> Loaded:
        loaded = await self._loaded(tournament_id, me)
        if loaded.row.host_id != me.id:
            raise Refused("forbidden", "only the tournament's host may do that")
        return loaded

    async def add_computer(
        self, me: AccountRow, tournament_id: str, body: AddComputer
    ) -> TournamentDetail:
        """Enter a computer player (the host; where computer players may enter)."""
        loaded = await self._hosted(me, tournament_id)
        row = loaded.row
        self._open(row)
        if not row.computers:
            raise Refused("forbidden", "computer players may not enter this tournament")
        game = _game(row.game)
        spec = agent_spec(game, body.agent)
        rating = _computer_rating(row, spec)
        if row.rated is not None and rating is None:
            raise Refused(
                "bad_rules",
                f"the computer player {spec!r} has no rating under these rules: it cannot enter "
                "a rated tournament",
            )
        taken = {entrant.entrant_id for entrant in loaded.entrants}
        number = 1
        while f"agent:{spec}:{number}" in taken:
            number += 1
        await self._enter(
            row,
            entrant_id=f"agent:{spec}:{number}",
            account_id=None,
            agent=spec,
            name=f"{agent_title(spec)} {number}",
            rating=rating or 0.0,
        )
        return await self.detail(me, tournament_id)

    async def remove(self, me: AccountRow, tournament_id: str, entrant_id: str) -> TournamentDetail:
        """Take an entrant out before the start (the host)."""
        loaded = await self._hosted(me, tournament_id)
        self._open(loaded.row)
        async with self.storage.write() as connection:
            state = (await connection.execute(_state_locked(tournament_id))).scalar_one()
            if state != "open":
                raise Refused("tournament_closed", f"this tournament is {state}")
            done = await connection.execute(
                sa.delete(tournament_entrants).where(
                    (tournament_entrants.c.tournament_id == tournament_id)
                    & (tournament_entrants.c.entrant_id == entrant_id)
                )
            )
        if done.rowcount != 1:
            raise Refused("not_found", "there is no such entrant")
        return await self.detail(me, tournament_id)

    async def start(self, me: AccountRow, tournament_id: str) -> TournamentDetail:
        """Start the tournament now (its host, while it is open, with enough entrants)."""
        loaded = await self._hosted(me, tournament_id)
        self._open(loaded.row)
        fewest = max(2, loaded.row.fewest_entrants)
        if len(loaded.entrants) < fewest and not loaded.row.fill:
            raise Refused(
                "too_few",
                f"it needs {fewest} entrants to start; {len(loaded.entrants)} entered",
            )
        await self.advancer.begin(tournament_id)
        return await self.detail(me, tournament_id)

    async def cancel(self, me: AccountRow, tournament_id: str) -> TournamentDetail:
        """Call off a tournament that has not started (the host); its entrants are told."""
        loaded = await self._hosted(me, tournament_id)
        self._open(loaded.row)
        await self.advancer.cancel(tournament_id)
        return await self.detail(me, tournament_id)


def _state_locked(tournament_id: str) -> sa.Select[Any]:
    """A tournament's state, its row locked until the transaction ends (PostgreSQL; SQLite
    writes one at a time anyway): a change of its field and its start are one after the
    other, so nobody enters or leaves a tournament that started meanwhile."""
    return sa.select(tournaments.c.state).where(tournaments.c.id == tournament_id).with_for_update()


def _rated_name(game: str, ruleset: Any) -> str | None:
    """The rated ruleset an unrated tournament's people are seeded by: the game's rated
    ruleset with as many seats as its tables, if any."""
    found = find(game)
    seats = found.seats(found.load_ruleset(ruleset))
    for entry in found.rated_rulesets():
        if found.seats(entry.ruleset) == seats:
            return entry.name
    return None


def _computer_rating(row: Any, spec: str) -> float | None:
    rated = row.rated or _rated_name(row.game, row.ruleset)
    if rated is None:
        return None
    found = computer_rating(row.game, rated, spec)
    return None if found is None else float(found.shown)
