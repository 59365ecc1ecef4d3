"""The browser client: static files shipped in the package (``cardtable/web``), served at ``/``.

The client is plain HTML, CSS and JavaScript modules, with no build step; it knows no rules
and talks to the server only through the REST lobby and the WebSocket protocol. This module
serves its files with a strict content security policy (no inline scripts or styles, no other
origins), answering whatever path no route takes; it sends that policy and the other security
headers with every response of the server (:class:`SecurityHeaders`), but for the OpenAPI page
at ``/docs``, whose policy lets in the one inline script that starts Swagger UI and nothing
else. Swagger UI's files come from the package ``fastapi-swagger`` (which ships the current
release of Swagger UI), served from ``/docs/assets/``: the page works with no network beyond
the server. It adds the few
routes only the client needs: the computer players a game's rooms
may seat and the named card sets a ruleset may take (both offered in its "create room" form),
a room's ruleset (the card pool a player builds a deck from before joining), and the finished
matches its replays page offers.

>>> WEB_ROOT.name, (WEB_ROOT / "index.html").is_file()
('web', True)
>>> agents_for("war")
['random', 'ismcts:easy', 'ismcts:medium', 'ismcts:hard']
>>> [s.name for s in sets_for("tcg")], sets_for("war")
(['classic', 'kata', 'legends'], [])
"""

from __future__ import annotations

import hashlib
import re
from base64 import b64encode
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query
from fastapi.openapi.docs import get_swagger_ui_html
from pydantic import BaseModel, Field
from starlette.datastructures import MutableHeaders
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.agents.names import agent_title
from cardtable.agents.players import PLAYERS
from cardtable.agents.registry import agent_names, default_agent
from cardtable.engine.errors import RulesetError
from cardtable.games import find, names
from cardtable.protocol.lobby import GAME_NAME_PATTERN, JsonObject, MatchInfo
from cardtable.server.errors import Refused
from cardtable.server.routes import Server, match_info, refusals

WEB_ROOT = Path(__file__).resolve().parent.parent / "web"
"""The client's files, inside the installed package."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
        "form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""Sent with every response (and so with every file of the client): nothing runs or loads but
the client's own files."""

SWAGGER_ASSETS = "/docs/assets"
"""Where the OpenAPI page loads Swagger UI's script, style sheet and icon from."""
SWAGGER_FILES = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "favicon-32x32.png": "image/png",
}
"""Swagger UI's files the page uses, from the ``fastapi_swagger.resources`` package, and
their types."""


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)


def agents_for(game: str) -> list[str]:
    """The computer players a room of ``game`` may seat, levels spelt out (``ismcts:hard``),
    the game's usual one first.

    >>> agents_for("tcg")[:3]
    ['greedy', 'random', 'highest']
    """
    if game not in names():
        raise Refused("unknown_game", f"this server has no game called {game!r}")
    usual = default_agent(find(game))
    found: list[str] = [usual]
    for name in agent_names(find(game)):
        player = PLAYERS.get(name)
        if player is not None and player.named_levels:
            found += [f"{name}:{level}" for level in player.named_levels]
        elif name != usual:
            found.append(name)
    return found


class NamedSet(BaseModel):
    """A named set of cards a game's ruleset may take, as a ruleset option applies it."""

    option: str = Field(description="The ruleset option that takes it (``cards``).")
    name: str = Field(description="What the option takes (``--cards NAME`` on the command line).")
    title: str = Field(description="The set's own name, for people.")
    description: str = Field(description="What the set is, in a sentence ('' when it says none).")
    ruleset: JsonObject = Field(
        description="The ruleset's fields the set changes from the game's defaults (its cards, "
        "a matching deck for each seat, the deck size...), to merge into a ruleset."
    )


def sets_for(game: str) -> list[NamedSet]:
    """The named sets a ruleset of ``game`` may take (none for most games): the values its
    ruleset options offer by name (:class:`~cardtable.engine.game.Choice`), each with the
    ruleset fields it sets, as the option computes them from the defaults.

    >>> legends = sets_for("tcg")[-1]
    >>> legends.title, sorted(legends.ruleset)[:3]
    ('Legends', ['cards', 'decks', 'minions'])
    """
    if game not in names():
        raise Refused("unknown_game", f"this server has no game called {game!r}")
    found = find(game)
    default = found.default_ruleset()
    before: dict[str, Any] = default.to_json()
    sets = []
    for option in found.ruleset_options().values():
        for choice in option.choices() if option.choices is not None else ():
            try:
                after: dict[str, Any] = option.apply(default, choice.value).to_json()
            except RulesetError:  # a set the defaults cannot take (no starter deck): not offered
                continue
            changed = {key: value for key, value in after.items() if before.get(key) != value}
            sets.append(
                NamedSet(
                    option=option.name,
                    name=choice.value,
                    title=choice.title,
                    description=choice.description,
                    ruleset=changed,
                )
            )
    return sets


class ComputerPlayer(BaseModel):
    """A computer player a room may seat: what a room's seat asks for, and its title."""

    name: str = Field(description="What a seat asks for (`greedy`, `ismcts:hard`).")
    title: str = Field(description="What people read (`Greedy`, `ISMCTS (hard)`).")


def computer_players(game: str) -> list[ComputerPlayer]:
    """:func:`agents_for`, each with its title.

    >>> [player.title for player in computer_players("karata")][:2]
    ['Heuristic', 'Random']
    """
    return [ComputerPlayer(name=name, title=agent_title(name)) for name in agents_for(game)]


class PresetInfo(BaseModel):
    """A ruleset a game offers by name (see :class:`~cardtable.engine.game.Preset`)."""

    name: str = Field(description="Its name (`quick`: the one-click table).")
    title: str = Field(description="Its name for people.")
    description: str = Field(description="What it is, in a sentence.")
    ruleset: JsonObject = Field(description="The whole ruleset, every field given.")


def presets_for(game: str) -> list[PresetInfo]:
    """The presets of ``game``, the quick one first.

    >>> quick = presets_for("war")[0]
    >>> quick.name, quick.ruleset["ranks"], quick.ruleset["turn_limit"]
    ('quick', 7, 100)
    """
    if game not in names():
        raise Refused("unknown_game", f"this server has no game called {game!r}")
    return [
        PresetInfo(
            name=preset.name,
            title=preset.title,
            description=preset.description,
            ruleset=preset.ruleset.to_json(),
        )
        for preset in find(game).presets()
    ]


class ClientFiles(StaticFiles):
    """The client's files, revalidated on every load (a new version of the server is never
    paired with an old, cached client)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "no-cache"
        return response


def docs_page(title: str, openapi_url: str) -> HTMLResponse:
    """Swagger UI for the OpenAPI document at ``openapi_url``, with a policy that lets it load
    its script and style sheet and run its one inline script (by hash), and nothing else."""
    page = get_swagger_ui_html(
        openapi_url=openapi_url,
        title=title,
        swagger_js_url=f"{SWAGGER_ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{SWAGGER_ASSETS}/swagger-ui.css",
        swagger_favicon_url=f"{SWAGGER_ASSETS}/favicon-32x32.png",
        swagger_ui_parameters={"validatorUrl": None},  # no badge fetched from elsewhere
    )
    text = bytes(page.body).decode()
    hashes = " ".join(
        "'sha256-" + b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in re.findall(r"<script>(.*?)</script>", text, re.S)
    )
    policy = (
        f"default-src 'none'; script-src 'self' {hashes}; style-src 'self'; "
        "img-src 'self' data:; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
    )
    return HTMLResponse(text, headers={"Content-Security-Policy": policy})


def swagger_file(name: str) -> bytes:
    """One of Swagger UI's files (:data:`SWAGGER_FILES`), as the package ships it."""
    return (resources.files("fastapi_swagger.resources") / name).read_bytes()


def mount_docs(app: FastAPI) -> None:
    """Serve the OpenAPI page at ``/docs``, and Swagger UI's files under it."""
    page = docs_page(f"{app.title}: the lobby's REST routes", app.openapi_url or "/openapi.json")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return page

    for name, media_type in SWAGGER_FILES.items():
        body = swagger_file(name)

        async def asset(body: bytes = body, media_type: str = media_type) -> Response:
            return Response(
                body, media_type=media_type, headers={"Cache-Control": "public, max-age=86400"}
            )

        app.add_api_route(
            f"{SWAGGER_ASSETS}/{name}", asset, methods=["GET"], include_in_schema=False
        )


agents_router = APIRouter(prefix="/api")


@agents_router.get(
    "/games/{name}/agents",
    summary="The computer players a room may seat",
    responses=refusals("unknown_game"),
)
async def list_agents(name: str) -> list[str]:
    return agents_for(name)


@agents_router.get(
    "/games/{name}/computer-players",
    summary="The computer players a room may seat, with their titles",
    responses=refusals("unknown_game"),
)
async def list_computer_players(name: str) -> list[ComputerPlayer]:
    return computer_players(name)


@agents_router.get(
    "/games/{name}/presets",
    summary="The rulesets a game offers by name, the quick table first",
    responses=refusals("unknown_game"),
)
async def list_presets(name: str) -> list[PresetInfo]:
    return presets_for(name)


@agents_router.get(
    "/games/{name}/sets",
    summary="The named card sets a ruleset may take",
    responses=refusals("unknown_game"),
)
async def list_sets(name: str) -> list[NamedSet]:
    return sets_for(name)


@agents_router.get(
    "/rooms/{room_id}/ruleset",
    summary="The room's ruleset, every field given",
    responses=refusals("not_found"),
)
async def room_ruleset(room_id: str, server: Server) -> JsonObject:
    """What a player builds a deck from before joining: the room's card pool and limits
    (the decks players brought are not part of it; they join each match's ruleset)."""
    room = await server.rooms.room(room_id)
    rules: JsonObject = find(room.game).load_ruleset(room.ruleset).to_json()
    return rules


@agents_router.get(
    "/matches", summary="Finished matches to replay, newest first", responses=refusals()
)
async def finished_matches(
    server: Server,
    game: Annotated[str | None, Query(pattern=GAME_NAME_PATTERN, description="Only its")] = None,
    limit: Annotated[int, Query(ge=1, le=200, description="At most this many")] = 50,
) -> list[MatchInfo]:
    """The finished matches of the newest rooms without a password (those being played are
    not shown until they end: a record is public once its match is over)."""
    found: list[MatchInfo] = []
    rows = await server.storage.rooms(game=game, statuses=("open", "playing", "finished"))
    for room in [row for row in rows if row.password_hash is None][:limit]:
        found += [
            match_info(m) for m in await server.storage.matches(room.id) if m.status != "live"
        ]
    found.sort(key=lambda m: m.finished_at or 0.0, reverse=True)
    return found[:limit]


def mount_client(app: FastAPI) -> None:
    """Add the client's routes and serve the client at ``/``: its files answer the requests
    no route takes, even in part (so a route given the wrong method answers for itself, 405
    with its methods, and ``/api``, ``/docs`` and ``/ws`` keep theirs)."""
    app.include_router(agents_router)
    files = ClientFiles(directory=WEB_ROOT, html=True)
    nowhere = app.router.not_found

    async def client(scope: Scope, receive: Receive, send: Send) -> None:
        await (files if scope["type"] == "http" else nowhere)(scope, receive, send)

    app.router.default = client
