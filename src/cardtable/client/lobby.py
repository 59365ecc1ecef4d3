"""The lobby over HTTP: games, rooms, seats, matches and records, as the protocol's bodies.

Every call returns the typed body of :mod:`cardtable.protocol.lobby`; a refusal raises
:class:`~cardtable.client.errors.ServerRefused` with the server's code and sentence, and a
server that does not answer raises :class:`~cardtable.client.errors.Unreachable`.

Signed in (``session=TOKEN``, see :mod:`cardtable.client.accounts`), every request carries
the session in the ``X-Cardtable-Session`` header (:data:`SESSION_HEADER`), and so does every
seat opened with :meth:`Lobby.seat`: the account's seat in a room is resumed with no seat
token, and left, conceded or rematched with none.

>>> server_url("localhost:8000")
'http://localhost:8000'
>>> socket_url("https://cards.example/", "r7")
'wss://cards.example/ws/rooms/r7'

A session, against a running server::

    async with Lobby("http://127.0.0.1:8000") as lobby:
        created = await lobby.create(CreateRoom(game="war", name="Fox"))
        await lobby.start(created.room.id, created.host_token)
        async with lobby.seat(created.room.id, created.token) as seat:
            ...
"""

from __future__ import annotations

from types import TracebackType
from typing import Any, Self, TypeVar
from urllib.parse import quote

import httpx2
from pydantic import BaseModel, TypeAdapter, ValidationError

from cardtable.client.address import server_url, socket_url
from cardtable.client.errors import ServerRefused, Unreachable
from cardtable.client.seat import RECONNECT_DELAYS, Seat
from cardtable.engine.errors import RecordError
from cardtable.engine.record import Record
from cardtable.protocol.accounts import SESSION_HEADER
from cardtable.protocol.lobby import (
    CreateRoom,
    GameInfo,
    Joined,
    JoinRoom,
    MatchInfo,
    RoomCreated,
    RoomInfo,
    Watching,
    WatchRoom,
)
from cardtable.protocol.playing import MyMatch, MyMatches
from cardtable.protocol.ratings import (
    DEFAULT_BOARD,
    BoardView,
    Leaderboard,
    PlayerRatings,
    RatedRulesets,
)

_Body = TypeVar("_Body")

TIMEOUT = 10.0
"""Seconds to wait for the server's answer to one request."""

__all__ = ["SESSION_HEADER", "TIMEOUT", "Lobby", "server_url", "socket_url"]


class Lobby:
    """The server's REST lobby (an async context manager holding one HTTP connection pool).

    With ``session``, a signed-in session's token, every request carries it in the
    ``X-Cardtable-Session`` header: the lobby acts as that account, and the seats it opens
    (:meth:`seat`) too.
    """

    def __init__(self, url: str, *, timeout: float = TIMEOUT, session: str | None = None) -> None:
        self.url = server_url(url)
        self.session = session
        """The signed-in session's token the lobby acts with, if any."""
        headers = {} if session is None else {SESSION_HEADER: session}
        self._http = httpx2.AsyncClient(base_url=self.url, timeout=timeout, headers=headers)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    # -- games and rooms --------------------------------------------------------------------

    async def games(self) -> list[GameInfo]:
        return await self._call("GET", "/api/games", list[GameInfo])

    async def game(self, name: str) -> GameInfo:
        return await self._call("GET", f"/api/games/{_part(name)}", GameInfo)

    async def rooms(
        self,
        *,
        game: str | None = None,
        open_seats: bool | None = None,
        password: bool | None = None,
    ) -> list[RoomInfo]:
        """The rooms, filtered by game, by having an open seat, by having a password."""
        query = {"game": game, "open_seats": open_seats, "password": password}
        params = {key: _query(value) for key, value in query.items() if value is not None}
        return await self._call("GET", "/api/rooms", list[RoomInfo], params=params)

    async def room(self, room: str) -> RoomInfo:
        return await self._call("GET", f"/api/rooms/{_part(room)}", RoomInfo)

    async def create(self, body: CreateRoom) -> RoomCreated:
        """Create a room; its creator is the host (keep ``host_token`` to start it)."""
        return await self._call("POST", "/api/rooms", RoomCreated, body=body)

    async def join(self, room: str, body: JoinRoom) -> Joined:
        """Take a seat (the first open one unless ``body.seat`` names one)."""
        return await self._call("POST", f"/api/rooms/{_part(room)}/join", Joined, body=body)

    async def watch(self, room: str, password: str | None = None) -> Watching:
        body = WatchRoom(password=password)
        return await self._call("POST", f"/api/rooms/{_part(room)}/watch", Watching, body=body)

    def seat(
        self,
        room: str,
        token: str | None = None,
        *,
        reconnect_delays: tuple[float, ...] = RECONNECT_DELAYS,
        timeout: float = TIMEOUT,
    ) -> Seat:
        """A connection to ``room`` (not opened yet: ``async with`` it) that carries this
        lobby's session: signed in, ``token=None`` resumes the seat the account holds there
        (a spectator's place when it holds none and the room takes spectators)."""
        return Seat(
            self.url,
            room,
            token,
            session=self.session,
            reconnect_delays=reconnect_delays,
            timeout=timeout,
        )

    async def start(self, room: str, token: str) -> RoomInfo:
        """Start the match (the host's token), or a rematch."""
        return await self._action(room, "start", token)

    async def rematch(self, room: str, token: str | None = None) -> RoomInfo:
        """Accept a rematch (it starts once every person at the table has): the seat's token,
        or none when signed in as the seat's account."""
        return await self._action(room, "rematch", token)

    async def leave(self, room: str, token: str | None = None) -> RoomInfo:
        """Give up one's seat (conceding a match being played): the seat's token, or none
        when signed in as the seat's account."""
        return await self._action(room, "leave", token)

    async def concede(self, room: str, token: str | None = None) -> RoomInfo:
        """Concede the match being played: the seat's token, or none when signed in as the
        seat's account."""
        return await self._action(room, "concede", token)

    async def remove(self, room: str, host_token: str, seat: int) -> RoomInfo:
        """The host frees ``seat`` before the match starts."""
        path = f"/api/rooms/{_part(room)}/seats/{seat}/remove"
        return await self._call("POST", path, RoomInfo, token=host_token)

    # -- matches ----------------------------------------------------------------------------

    async def matches(self, room: str) -> list[MatchInfo]:
        """The room's matches, oldest first."""
        return await self._call("GET", f"/api/rooms/{_part(room)}/matches", list[MatchInfo])

    async def match(self, match: str) -> MatchInfo:
        return await self._call("GET", f"/api/matches/{_part(match)}", MatchInfo)

    async def record(self, match: str) -> Record:
        """A finished match's record, ready for :meth:`cardtable.engine.Match.replay`."""
        data: dict[str, Any] = await self._call(
            "GET", f"/api/matches/{_part(match)}/record", dict[str, Any]
        )
        try:
            return Record.from_json(data)
        except RecordError as error:
            raise ServerRefused("bad_message", f"the server sent a bad record: {error}") from None

    async def playing(self) -> list[MyMatch]:
        """My matches under way (signed in: ``not_logged_in`` otherwise), those where it is my
        turn first, the longest waiting first; each says whose turn it is and by when."""
        found: MyMatches = await self._call("GET", "/api/account/playing", MyMatches)
        return found.matches

    async def rated_rulesets(self) -> RatedRulesets:
        """Every rated ruleset of every game, and the season running."""
        found: RatedRulesets = await self._call("GET", "/api/ratings", RatedRulesets)
        return found

    async def leaderboard(
        self,
        game: str,
        rated: str,
        *,
        view: BoardView = "top",
        season: int | None = None,
        offset: int = 0,
        limit: int = DEFAULT_BOARD,
    ) -> Leaderboard:
        """A page of the leaderboard of a game's rated ruleset (``around`` and ``friends``
        need a session: ``not_logged_in`` otherwise)."""
        params = {"view": view, "offset": str(offset), "limit": str(limit)}
        if season is not None:
            params["season"] = str(season)
        path = f"/api/ratings/{_part(game)}/{_part(rated)}"
        found: Leaderboard = await self._call("GET", path, Leaderboard, params=params)
        return found

    async def ratings_of(self, username: str) -> PlayerRatings:
        """A person's ratings, each with its history."""
        path = f"/api/accounts/{_part(username)}/ratings"
        found: PlayerRatings = await self._call("GET", path, PlayerRatings)
        return found

    # -- the wire ---------------------------------------------------------------------------

    async def _action(self, room: str, action: str, token: str | None) -> RoomInfo:
        return await self._call("POST", f"/api/rooms/{_part(room)}/{action}", RoomInfo, token=token)

    async def _call(
        self,
        method: str,
        path: str,
        answer: type[_Body] | Any,
        *,
        body: BaseModel | None = None,
        token: str | None = None,
        params: dict[str, str] | None = None,
    ) -> _Body:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        content = None if body is None else body.model_dump_json()
        if content is not None:
            headers["Content-Type"] = "application/json"
        try:
            response = await self._http.request(
                method, path, content=content, headers=headers, params=params
            )
        except httpx2.TimeoutException:
            raise Unreachable(f"the server at {self.url} did not answer in time") from None
        except httpx2.HTTPError as error:
            raise Unreachable(f"cannot reach the server at {self.url}: {_why(error)}") from None
        if response.status_code >= 400:
            raise _refusal(response)
        try:
            found: _Body = TypeAdapter(answer).validate_json(response.content)
        except ValidationError:
            raise ServerRefused(
                "bad_message",
                f"the server at {self.url} sent an answer this client cannot read "
                f"({method} {path}); is it a cardtable server?",
            ) from None
        return found


def _refusal(response: httpx2.Response) -> ServerRefused:
    """The server's problem document as an error (or a plain one if it sent none)."""
    refusal = field = None
    try:
        data = response.json()
        code, message = str(data["code"]), str(data["message"])
        refusal, field = _text(data.get("refusal")), _text(data.get("field"))
    except (ValueError, KeyError, TypeError, AttributeError):
        code = "not_found" if response.status_code == 404 else "internal"
        message = f"the server answered {response.status_code} {response.reason_phrase}"
    return ServerRefused(code, message, status=response.status_code, refusal=refusal, field=field)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _why(error: httpx2.HTTPError) -> str:
    if isinstance(error, httpx2.ConnectError):
        return "nothing answers there (is the server running, and is the address right?)"
    return str(error).strip() or type(error).__name__


def _part(text: str) -> str:
    return quote(text, safe="")


def _query(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
