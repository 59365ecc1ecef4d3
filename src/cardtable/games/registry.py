"""The registry of games: explicit, never filled as a side effect of importing a module.

Our games are listed here; other packages add theirs through the ``cardtable.games`` entry
point group (each entry names a :class:`~cardtable.engine.Game` subclass).

>>> find("tcg").title
'Kata TCG'
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points
from typing import Any

from cardtable.engine.errors import UnknownGame
from cardtable.engine.game import Game
from cardtable.games.tcg import TcgGame

ENTRY_POINT_GROUP = "cardtable.games"


@functools.cache
def _builtin() -> dict[str, Game[Any, Any]]:
    games: list[Game[Any, Any]] = [TcgGame()]
    return {game.name: game for game in games}


@functools.cache
def _plugins() -> dict[str, Game[Any, Any]]:
    found: dict[str, Game[Any, Any]] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        loaded = entry.load()
        game = loaded() if isinstance(loaded, type) else loaded
        if isinstance(game, Game) and game.name not in _builtin():
            found[game.name] = game
    return found


def names() -> list[str]:
    """Every registered game's name, ours first."""
    return [*_builtin(), *sorted(_plugins())]


def find(name: str) -> Game[Any, Any]:
    """The game registered under ``name`` (``UnknownGame`` listing the known ones)."""
    key = name.strip().lower()
    game = _builtin().get(key) or _plugins().get(key)
    if game is None:
        raise UnknownGame(f"no game is called {name!r}; the games are: {', '.join(names())}")
    return game
