"""Tournaments over HTTP: the list, one tournament's page, creating one, entering and leaving,
and its host's actions.

:class:`Tournaments` works through an :class:`~cardtable.client.accounts.Accounts`; reading
needs no account, everything else a signed-in one. A refusal raises
:class:`~cardtable.client.errors.ServerRefused` with the server's ``code``
(``tournament_closed``, ``tournament_full``, ``already_entered``, ``bad_password``,
``forbidden``, ``too_few``, ``bad_tournament``, ``not_found``...), and a server that does not
answer :class:`~cardtable.client.errors.Unreachable`.

Against a running server::

    async with Accounts("http://127.0.0.1:8000", session=token) as accounts:
        tournaments = Tournaments(accounts)
        made = await tournaments.create(CreateTournament(
            name="Friday Swiss", game="karata", ruleset={"players": 4}, format="swiss",
            rounds=5, computers=True, most_entrants=16))
        await tournaments.join(made.id)
        await tournaments.add_computer(made.id, "heuristic")
        page = await tournaments.get(made.id)
        for standing in page.standings:
            print(standing.place, standing.name, standing.points)
"""

from __future__ import annotations

from cardtable.client.accounts import Accounts
from cardtable.client.lobby import _part
from cardtable.protocol.tournaments import (
    AddComputer,
    CreateTournament,
    JoinTournament,
    TournamentDetail,
    TournamentList,
    TournamentState,
)

__all__ = ["Tournaments"]


class Tournaments:
    """Tournaments on ``accounts``' server, as its account (or nobody) sees them."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def __repr__(self) -> str:
        return f"Tournaments({self.accounts!r})"

    async def list(self, state: TournamentState | None = None) -> TournamentList:
        """The tournaments I may see, newest first (``state``: of that state only)."""
        path = "/api/tournaments" + (f"?state={state}" if state else "")
        found: TournamentList = await self.accounts._call("GET", path, TournamentList)
        return found

    async def get(self, tournament: str) -> TournamentDetail:
        """One tournament: entrants, rounds and tables, standings, my place."""
        return await self._detail("GET", tournament, "")

    async def create(self, body: CreateTournament) -> TournamentDetail:
        """A new tournament I host (I enter it as anyone does, with :meth:`join`)."""
        found: TournamentDetail = await self.accounts._call(
            "POST", "/api/tournaments", TournamentDetail, body=body
        )
        return found

    async def join(self, tournament: str, password: str | None = None) -> TournamentDetail:
        """Enter a tournament (with its password, if it has one)."""
        return await self._detail("POST", tournament, "/join", JoinTournament(password=password))

    async def leave(self, tournament: str) -> TournamentDetail:
        """Leave before the start; once it runs, withdraw (my match under way is conceded)."""
        return await self._detail("POST", tournament, "/leave")

    async def add_computer(self, tournament: str, agent: str) -> TournamentDetail:
        """Enter a computer player (I am the host)."""
        return await self._detail("POST", tournament, "/computers", AddComputer(agent=agent))

    async def remove(self, tournament: str, entrant: str) -> TournamentDetail:
        """Take an entrant out before the start (I am the host)."""
        return await self._detail("DELETE", tournament, f"/entrants/{_part(entrant)}")

    async def start(self, tournament: str) -> TournamentDetail:
        """Start it now (I am the host)."""
        return await self._detail("POST", tournament, "/start")

    async def cancel(self, tournament: str) -> TournamentDetail:
        """Call it off before its start (I am the host)."""
        return await self._detail("POST", tournament, "/cancel")

    async def _detail(
        self,
        method: str,
        tournament: str,
        action: str,
        body: JoinTournament | AddComputer | None = None,
    ) -> TournamentDetail:
        path = f"/api/tournaments/{_part(tournament)}{action}"
        found: TournamentDetail = await self.accounts._call(
            method, path, TournamentDetail, body=body
        )
        return found
