"""Browser tables of plug-in games: JavaScript modules served from the plug-in's own package.

A plug-in gives its game a table of its own by naming, in the ``cardtable.tables`` entry-point
group under the game's name, a package of its that holds ``table.js``::

    [project.entry-points."cardtable.tables"]
    highcard = "highcard.web"

The server serves that package's files at ``/plugins/GAME/FILE`` (scripts, style sheets and
images only; nothing outside the package), under the content security policy of every file of
the client: a table is a module of the site's own origin, and loads nothing from elsewhere.
:class:`~cardtable.protocol.lobby.GameInfo` names the module (``table``), and the client
imports it; its default export draws the table as cardtable's own tables do
(``export default function (container, ctx)``), and it imports what it shares with them
relatively (``../../js/tables/base.js``). cardtable's own games' tables are part of the
client itself (``js/tables/index.js``, their explicit registry), with the same interface.

>>> served_path("table.js"), served_path("art/card.svg"), served_path("../secrets.py")
(('table.js',), ('art', 'card.svg'), None)
"""

from __future__ import annotations

import re
from importlib import resources
from types import ModuleType
from typing import Final

from fastapi import APIRouter
from starlette.responses import Response

from cardtable.extensions import ExtensionError, Extensions
from cardtable.server.errors import Refused

__all__ = ["MEDIA_TYPES", "TABLES", "router", "served_path", "table_url"]

MODULE: Final = "table.js"
"""The file of a plug-in's package that draws its table."""

MEDIA_TYPES: Final = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".json": "application/json",
}
"""What a plug-in's table may serve, by the file's ending: nothing else leaves its package."""

_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]{0,63}")


def _package(loaded: object) -> ModuleType:
    if not isinstance(loaded, ModuleType) or not hasattr(loaded, "__path__"):
        raise ExtensionError(f"a package holding {MODULE}")
    if not resources.files(loaded).joinpath(MODULE).is_file():
        raise ExtensionError(f"a package holding {MODULE} (it holds none)")
    return loaded


TABLES: Extensions[ModuleType] = Extensions("cardtable.tables", "browser table", dict, _package)
"""The packages of plug-in games' browser tables, by game (cardtable's own are in the
client)."""


def table_url(game: str) -> str | None:
    """Where the client imports the table of the plug-in game ``game`` from (``None``: the
    game has no table of a plug-in).

    >>> table_url("war") is None
    True
    """
    return f"/plugins/{game}/{MODULE}" if TABLES.get(game) is not None else None


def served_path(path: str) -> tuple[str, ...] | None:
    """The parts of ``path`` when a plug-in's table may serve it, else ``None``: plain names
    (no ``..``, no hidden files), ending as one of :data:`MEDIA_TYPES`."""
    parts = tuple(path.split("/"))
    if len(parts) > 8 or not all(_PART.fullmatch(part) for part in parts):
        return None
    if ".." in path or not any(parts[-1].endswith(end) for end in MEDIA_TYPES):
        return None
    return parts


router = APIRouter()


@router.get("/plugins/{game}/{path:path}", include_in_schema=False)
async def plugin_file(game: str, path: str) -> Response:
    """A file of the browser table a plug-in game brings."""
    package = TABLES.get(game) if _PART.fullmatch(game) else None
    parts = served_path(path)
    if package is None or parts is None:
        raise Refused("not_found", f"no plug-in table serves {game}/{path}")
    found = resources.files(package).joinpath(*parts)
    if not found.is_file():
        raise Refused("not_found", f"no plug-in table serves {game}/{path}")
    media_type = next(kind for end, kind in MEDIA_TYPES.items() if parts[-1].endswith(end))
    return Response(
        found.read_bytes(), media_type=media_type, headers={"Cache-Control": "no-cache"}
    )
