"""The lobby's REST routes (documented by the generated OpenAPI at ``/docs``).

Tokens travel in the ``Authorization: Bearer TOKEN`` header: the host token for the host's
powers, a seat token for a player's, and for the matches of a room with a password any token
of the room (the spectator ticket too). Every refusal is a problem document ``{"code",
"message"}`` with the status of its code (:func:`~cardtable.server.errors.status_of`); each
route declares the refusals it may give (:func:`refusals`), so that the OpenAPI document lists
them all.

>>> status_of("not_found"), status_of("internal"), sorted(refusals("not_found"))
(404, 500, [404, 413, 422, 500, 503])
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.responses import JSONResponse

from cardtable.engine.errors import RecordError
from cardtable.engine.match import Match
from cardtable.engine.record import Record
from cardtable.engine.view import view_to_json
from cardtable.engine.wording import Names, seat_namer, with_text
from cardtable.games import find, names
from cardtable.games.rulesets import ruleset_schema
from cardtable.protocol.lobby import (
    GAME_NAME_PATTERN,
    CreateRoom,
    GameInfo,
    Joined,
    JoinRoom,
    MatchInfo,
    Problem,
    RoomCreated,
    RoomInfo,
    Watching,
    WatchRoom,
)
from cardtable.server.accounts.guests import identify, known_guest, signed_in_account
from cardtable.server.errors import Refused, status_of
from cardtable.server.matches import record_of
from cardtable.server.plugin_tables import table_url
from cardtable.server.rooms import RoomPlan
from cardtable.server.services import Services
from cardtable.server.storage.base import MatchRow, RoomRow

COMMON_REFUSALS = ("bad_message", "too_large", "unavailable", "internal")
"""What any route may answer: a body or parameter that does not validate, a body too large,
an outage of the storage or fan-out, a failure of the server."""


def refusals(*codes: str) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route that may refuse with ``codes`` (and the
    :data:`COMMON_REFUSALS`): a :class:`~cardtable.protocol.lobby.Problem` for each status."""
    by_status: dict[int, list[str]] = {}
    for code in dict.fromkeys([*codes, *COMMON_REFUSALS]):
        by_status.setdefault(status_of(code), []).append(code)
    return {
        status: {"model": Problem, "description": "Refused: " + ", ".join(f"`{c}`" for c in found)}
        for status, found in sorted(by_status.items())
    }


router = APIRouter(prefix="/api")


def services(request: Request) -> Services:
    found: Services = request.app.state.services
    return found


Server = Annotated[Services, Depends(services)]
Authorization = Annotated[
    str | None,
    Header(
        description="Bearer TOKEN: the host's token or a seat's; to read the matches of a room "
        "with a password, the spectator ticket too"
    ),
]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def client_of(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


# -- games --------------------------------------------------------------------------------


def game_info(name: str) -> GameInfo:
    game = find(name)
    ruleset = game.default_ruleset()
    counts = sorted({game.seats(rules) for rules in game.example_rulesets()})
    return GameInfo(
        name=game.name,
        title=game.title,
        summary=game.summary,
        seats=counts,
        ruleset_schema=ruleset_schema(game),
        default_ruleset=ruleset.to_json(),
        rules=game.rules_text(),
        auto_play=game.auto_play,
        table=table_url(game.name),
    )


@router.get("/games", summary="The games this server plays", responses=refusals())
async def list_games() -> list[GameInfo]:
    return [game_info(name) for name in names()]


@router.get(
    "/games/{name}",
    summary="One game, with its ruleset schema and rules",
    responses=refusals("unknown_game"),
)
async def get_game(name: str) -> GameInfo:
    if name not in names():
        raise Refused("unknown_game", f"this server has no game called {name!r}")
    return game_info(name)


# -- rooms ----------------------------------------------------------------------------------


@router.get("/rooms", summary="Rooms to join or watch", responses=refusals())
async def list_rooms(
    request: Request,
    server: Server,
    game: Annotated[str | None, Query(pattern=GAME_NAME_PATTERN, description="Only its")] = None,
    open_seats: Annotated[bool | None, Query(description="Only rooms with an open seat")] = None,
    password: Annotated[bool | None, Query(description="With a password or without")] = None,
    mine: Annotated[
        bool,
        Query(
            description="Only the rooms where the visitor (the account signed in, else the "
            "guest of the `cardtable_guest` cookie) holds a seat, finished ones too, the most "
            "recently active first (at most 20): where they go back to for a rematch"
        ),
    ] = False,
) -> list[RoomInfo]:
    if mine:
        account = await signed_in_account(request, server, checked=False)
        if account is not None:  # its seats, and those of the guests who signed up as it
            guests = await server.accounts.guests_of(account.id)
            rows = await server.storage.rooms_of(account_id=account.id, guest_ids=guests)
        else:
            guest = await known_guest(request, server)
            rows = await server.storage.rooms_of(guest_ids=() if guest is None else (guest.id,))
    else:
        rows = await server.storage.rooms(game=game)
    found = []
    for row in rows:
        if mine and game is not None and row.game != game:
            continue
        info = await server.room_info(row.id)
        if open_seats is not None and any(s.kind == "open" for s in info.seats) != open_seats:
            continue
        if password is not None and info.password != password:
            continue
        found.append(info)
    return found


@router.post(
    "/rooms",
    status_code=201,
    summary="Create a room (its creator is the host)",
    description="Signed in (the session cookie or header), the host's seat is the account's, "
    "under its display name; otherwise the visitor's guest identity's (a `cardtable_guest` "
    "cookie is set the first time).",
    responses=refusals(
        "unknown_game", "bad_rules", "bad_deck", "forbidden_origin", "not_logged_in"
    ),
)
async def create_room(
    body: CreateRoom, request: Request, response: Response, server: Server
) -> RoomCreated:
    plan = RoomPlan(
        game=body.game,
        ruleset=body.ruleset,
        seats=None if body.seats is None else [(s.kind, s.agent) for s in body.seats],
        name=body.name,
        host_seat=body.host_seat,
        password=body.password,
        spectators=body.spectators,
        turn_seconds=body.deadline(),
        disconnect_policy=body.disconnect.policy,
        disconnect_wait=body.disconnect.wait_seconds,
        deck=body.deck,
        room_name=body.room_name,
        kind=body.kind,
        timeout=body.timeout,
        rated=body.rated,
    )
    who = await identify(request, response, server)
    created = await server.rooms.create(plan, who.sitter)
    return RoomCreated(
        room=await server.room_info(created.room.id),
        host_token=created.host_token,
        seat=created.seat,
        token=created.token,
    )


@router.get("/rooms/{room_id}", summary="One room", responses=refusals("not_found"))
async def get_room(room_id: str, server: Server) -> RoomInfo:
    return await server.room_info(room_id)


@router.post(
    "/rooms/{room_id}/join",
    summary="Take a seat",
    description="Signed in, the seat is the account's, under its display name, and an account "
    "that holds a seat here already gets that seat again, with a new token; otherwise the seat "
    "is the visitor's guest identity's (a `cardtable_guest` cookie is set the first time).",
    responses=refusals(
        "not_found",
        "room_closed",
        "bad_password",
        "too_many",
        "room_full",
        "bad_deck",
        "forbidden_origin",
        "not_logged_in",
    ),
)
async def join_room(
    room_id: str, body: JoinRoom, request: Request, response: Response, server: Server
) -> Joined:
    who = await identify(request, response, server)
    _, seat, token = await server.rooms.join(
        room_id, body.name, body.seat, body.password, client_of(request), body.deck, who.sitter
    )
    return Joined(room=await server.room_info(room_id), seat=seat, token=token)


@router.post(
    "/rooms/{room_id}/watch",
    summary="Watch the room (a spectator ticket)",
    responses=refusals("not_found", "forbidden", "bad_password", "too_many"),
)
async def watch_room(room_id: str, body: WatchRoom, request: Request, server: Server) -> Watching:
    _, token = await server.rooms.watch(room_id, body.password, client_of(request))
    return Watching(room=await server.room_info(room_id), token=token)


@router.post(
    "/rooms/{room_id}/start",
    summary="Start the match, or accept a rematch",
    description="The host starts the match with the host token. Once it is over, this accepts "
    "a rematch as `POST /rooms/{room_id}/rematch` does.",
    responses=refusals(
        "not_found", "forbidden", "bad_token", "room_closed", "room_full", "forbidden_origin"
    ),
)
async def start_room(
    room_id: str, request: Request, server: Server, authorization: Authorization = None
) -> RoomInfo:
    token = bearer(authorization)
    await server.rooms.start(room_id, token, await _account_id(request, server, token))
    return await server.room_info(room_id)


@router.post(
    "/rooms/{room_id}/rematch",
    summary="Accept a rematch: another match with the same seats",
    description="A player accepts for their seat, with its token or signed in as the seat's "
    "account with the session alone; the rematch starts once every seat is taken and each "
    "person at the table has accepted (the room's seats say who has: `rematch`). The host's "
    "token, for nobody, starts it only when nobody is left to accept.",
    responses=refusals("not_found", "forbidden", "bad_token", "room_closed", "forbidden_origin"),
)
async def rematch(
    room_id: str, request: Request, server: Server, authorization: Authorization = None
) -> RoomInfo:
    token = bearer(authorization)
    await server.rooms.rematch(room_id, token, await _account_id(request, server, token))
    return await server.room_info(room_id)


@router.post(
    "/rooms/{room_id}/leave",
    summary="Leave one's seat (conceding a live match)",
    description="With the seat token, or signed in as the seat's account with the session alone.",
    responses=refusals("not_found", "bad_token", "forbidden", "stale_version", "forbidden_origin"),
)
async def leave_room(
    room_id: str, request: Request, server: Server, authorization: Authorization = None
) -> RoomInfo:
    token = bearer(authorization)
    await server.rooms.leave(room_id, token, await _account_id(request, server, token))
    return await server.room_info(room_id)


@router.post(
    "/rooms/{room_id}/concede",
    summary="Concede the live match",
    description="With the seat token, or signed in as the seat's account with the session alone.",
    responses=refusals(
        "forbidden_origin",
        "not_found",
        "bad_token",
        "forbidden",
        "not_seated",
        "no_match",
        "match_over",
        "stale_version",
        "not_your_turn",
        "illegal_decision",
    ),
)
async def concede(
    room_id: str, request: Request, server: Server, authorization: Authorization = None
) -> RoomInfo:
    room = await server.rooms.room(room_id)
    token = bearer(authorization)
    occupant = await server.rooms.who(room, token, await _account_id(request, server, token))
    match_id = await server.rooms.current_match(room_id)
    if occupant.seat is None:
        raise Refused("not_seated", "spectators have nothing to concede")
    if match_id is None:
        raise Refused("no_match", "no match has started in this room")
    async with server.matches.lock(match_id):
        version = (await server.matches.live(match_id)).version
    await server.matches.submit(match_id, occupant.seat, "concede", version)
    return await server.room_info(room_id)


@router.post(
    "/rooms/{room_id}/seats/{seat}/remove",
    summary="The host frees a seat",
    responses=refusals("not_found", "forbidden", "room_closed"),
)
async def remove_player(
    room_id: str, seat: int, server: Server, authorization: Authorization = None
) -> RoomInfo:
    await server.rooms.remove(room_id, bearer(authorization), seat)
    return await server.room_info(room_id)


async def _account_id(request: Request, server: Services, token: str | None) -> str | None:
    """The account the request is signed in as, if it presents a session. With a seat
    ``token`` the session only narrows it (a seat of another account refuses the token);
    without one the session is what acts, so a browser's cookie must come from the server's
    own pages."""
    account = await signed_in_account(request, server, checked=token is None)
    return None if account is None else account.id


# -- matches, records and replays ------------------------------------------------------------


def match_info(row: MatchRow) -> MatchInfo:
    return MatchInfo(
        id=row.id,
        room=row.room_id,
        game=row.game,
        status="playing" if row.status == "live" else "finished",
        seats=list(row.seats),
        version=row.version,
        outcome=row.outcome,
        started_at=row.started_at,
        finished_at=row.finished_at,
    )


async def may_read(
    server: Services,
    room_id: str,
    token: str | None,
    account_id: str | None = None,
    match_id: str | None = None,
) -> None:
    """Refuse (``bad_token``) to show the matches of a room with a password to anyone but its
    people: the holder of a seat's token, the host's, or the spectator ticket (which the
    password gives), or a request signed in as ``account_id`` that holds a seat in the room
    or played the match ``match_id``. The matches of other rooms are public."""
    room = await server.rooms.room(room_id)
    if room.password_hash is None or await server.rooms.is_host(room, token):
        return
    if account_id is not None and await _took_part(server, room, account_id, match_id):
        return
    try:
        await server.rooms.who(room, token)
    except Refused as refusal:
        if refusal.code != "bad_token":
            raise
        raise Refused(
            "bad_token",
            "the matches of a room with a password are shown to its players and spectators "
            "only: send a token of the room (watching it with the password gives one)",
        ) from None


async def _took_part(
    server: Services, room: RoomRow, account_id: str, match_id: str | None
) -> bool:
    """Whether the account holds a seat in the room, or played the match ``match_id``."""
    if await server.rooms.seat_of(room, account_id) is not None:
        return True
    if match_id is None:
        return False
    return any(p.account_id == account_id for p in await server.accounts.participants(match_id))


READ_REFUSALS = ("bad_token", "forbidden", "not_found")
"""What a reading of a room's matches may answer (besides its own)."""


@router.get(
    "/rooms/{room_id}/matches",
    summary="The room's matches, oldest first",
    responses=refusals(*READ_REFUSALS),
)
async def room_matches(
    room_id: str, request: Request, server: Server, authorization: Authorization = None
) -> list[MatchInfo]:
    token = bearer(authorization)
    await may_read(server, room_id, token, await _account_id(request, server, token))
    return [match_info(row) for row in await server.storage.matches(room_id)]


async def _readable(
    server: Services, match_id: str, request: Request, authorization: str | None
) -> MatchRow:
    row = await server.storage.match(match_id)
    if row is None:
        raise Refused("no_match", "there is no such match")
    token = bearer(authorization)
    account_id = await _account_id(request, server, token)
    await may_read(server, row.room_id, token, account_id, match_id)
    return row


async def _finished(
    server: Services, match_id: str, request: Request, authorization: str | None
) -> tuple[MatchRow, Record]:
    row = await _readable(server, match_id, request, authorization)
    if row.status == "live":
        raise Refused("forbidden", "the record of a match is shown once the match is over")
    decisions = [(d.seat, d.text) for d in await server.storage.decisions(match_id)]
    return row, record_of(row, decisions)


@router.get(
    "/matches/{match_id}", summary="One match", responses=refusals("no_match", *READ_REFUSALS)
)
async def get_match(
    match_id: str, request: Request, server: Server, authorization: Authorization = None
) -> MatchInfo:
    return match_info(await _readable(server, match_id, request, authorization))


@router.get(
    "/matches/{match_id}/record",
    summary="A finished match's record",
    responses=refusals("no_match", *READ_REFUSALS),
)
async def get_record(
    match_id: str, request: Request, server: Server, authorization: Authorization = None
) -> JSONResponse:
    _, record = await _finished(server, match_id, request, authorization)
    return JSONResponse(
        record.to_json(),
        headers={"Content-Disposition": f'attachment; filename="{match_id}.json"'},
    )


@router.get(
    "/matches/{match_id}/replay",
    summary="A finished match at one step",
    responses=refusals("no_match", *READ_REFUSALS),
)
async def replay(
    match_id: str,
    request: Request,
    server: Server,
    step: Annotated[int, Query(ge=0, description="How many decisions in")] = 0,
    seat: Annotated[int | None, Query(ge=0, description="Whose view; none: everything")] = None,
    authorization: Authorization = None,
) -> dict[str, Any]:
    row, record = await _finished(server, match_id, request, authorization)
    game = find(row.game)
    steps = len(record.decisions)
    if seat is not None and seat >= len(row.seats):
        raise Refused("bad_message", f"there is no seat {seat}: seats are 0-{len(row.seats) - 1}")
    try:
        match = Match.replay(game, record, upto=min(step, steps), check=False)
    except RecordError as error:
        raise Refused("internal", error.reason) from None
    view = game.state_to_json(match.state) if seat is None else view_to_json(match.view(seat))
    outcome = match.outcome
    return {
        "match": match_id,
        "step": min(step, steps),
        "steps": steps,
        "seat": seat,
        "decision": None if step == 0 or step > steps else list(record.decisions[step - 1]),
        "state" if seat is None else "view": view,
        "events": with_text(game, match.events(seat), Names(seat_namer(match.seats), {})),
        "outcome_text": None
        if outcome is None
        else game.describe_outcome(outcome, seat_namer(match.seats), None),
    }
