"""The browser client: static files shipped in the package (``cardtable/web``), served at ``/``.

The client is plain HTML, CSS and JavaScript modules, with no build step; it knows no rules
and talks to the server only through the REST lobby and the WebSocket protocol. This module
serves its files with a strict content security policy (no inline scripts or styles, no other
origins), and adds the few routes only the client needs: the computer players a game's rooms
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

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query
from pydantic import BaseModel, Field
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from cardtable.agents.ismcts import LEVELS
from cardtable.agents.registry import agent_names, default_agent
from cardtable.engine.errors import RulesetError
from cardtable.games import find, names
from cardtable.protocol.lobby import JsonObject, MatchInfo
from cardtable.server.errors import Refused
from cardtable.server.routes import Server, match_info

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
"""Sent with every file of the client: nothing runs or loads but the client's own files."""


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
        if name == "ismcts":
            found += [f"{name}:{level}" for level in LEVELS]
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


class ClientFiles(StaticFiles):
    """The client's files, each with :data:`SECURITY_HEADERS` and revalidated on every load
    (a new version of the server is never paired with an old, cached client)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(SECURITY_HEADERS)
        response.headers["Cache-Control"] = "no-cache"
        return response


agents_router = APIRouter(prefix="/api")


@agents_router.get("/games/{name}/agents", summary="The computer players a room may seat")
async def list_agents(name: str) -> list[str]:
    return agents_for(name)


@agents_router.get("/games/{name}/sets", summary="The named card sets a ruleset may take")
async def list_sets(name: str) -> list[NamedSet]:
    return sets_for(name)


@agents_router.get("/rooms/{room_id}/ruleset", summary="The room's ruleset, every field given")
async def room_ruleset(room_id: str, server: Server) -> JsonObject:
    """What a player builds a deck from before joining: the room's card pool and limits
    (the decks players brought are not part of it; they join each match's ruleset)."""
    room = await server.rooms.room(room_id)
    rules: JsonObject = find(room.game).load_ruleset(room.ruleset).to_json()
    return rules


@agents_router.get("/matches", summary="Finished matches to replay, newest first")
async def finished_matches(
    server: Server,
    game: str | None = None,
    limit: Annotated[int, Query(ge=1, le=200, description="At most this many")] = 50,
) -> list[MatchInfo]:
    """The finished matches of the newest rooms (those being played are not shown until
    they end: a record is public once its match is over)."""
    found: list[MatchInfo] = []
    rows = await server.storage.rooms(game=game, statuses=("open", "playing", "finished"))
    for room in rows[:limit]:
        found += [
            match_info(m) for m in await server.storage.matches(room.id) if m.status != "live"
        ]
    found.sort(key=lambda m: m.finished_at or 0.0, reverse=True)
    return found[:limit]


def mount_client(app: FastAPI) -> None:
    """Add the client's routes and serve the client at ``/`` (after every other route, so
    ``/api``, ``/docs`` and ``/ws`` keep theirs)."""
    app.include_router(agents_router)
    app.mount("/", ClientFiles(directory=WEB_ROOT, html=True), name="client")
