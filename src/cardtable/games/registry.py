"""The registry of games: explicit, never filled as a side effect of importing a module.

Our games are listed here; other packages add theirs through the ``cardtable.games`` entry
point group (each entry names a :class:`~cardtable.engine.Game` subclass or instance). A plug-in
that fails to load does not break cardtable: it is left out of :func:`names`, asking for it
by name says why, and :func:`plugin_problems` lists every such failure.

>>> find("tcg").title
'Kata TCG'
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points
from typing import Any

from cardtable.engine.errors import UnknownGame
from cardtable.engine.game import Game
from cardtable.games import karata, tcg, war

ENTRY_POINT_GROUP = "cardtable.games"


@functools.cache
def _builtin() -> dict[str, Game[Any, Any]]:
    games: list[Game[Any, Any]] = [tcg.GAME, war.GAME, karata.GAME]
    return {game.name: game for game in games}


@functools.cache
def _plugins() -> tuple[dict[str, Game[Any, Any]], dict[str, str]]:
    """The games plug-ins provide, and what went wrong with those that could not load."""
    found: dict[str, Game[Any, Any]] = {}
    problems: dict[str, str] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        label = entry.name.strip().lower()
        try:
            loaded = entry.load()
            game = loaded() if isinstance(loaded, type) else loaded
        except Exception as error:  # third-party code: any failure is reported, not raised
            problems[label] = f"it failed to load ({type(error).__name__}: {error})"
            continue
        if not isinstance(game, Game):
            problems[label] = f"{entry.value} is not a cardtable game"
        elif game.name in _builtin():
            problems[label] = f"its name {game.name!r} is taken by a built-in game"
        elif game.name in found:
            problems[label] = f"another plug-in already provides a game named {game.name!r}"
        else:
            found[game.name] = game
    return found, problems


def names() -> list[str]:
    """Every registered game's name, ours first."""
    return [*_builtin(), *sorted(_plugins()[0])]


def plugin_problems() -> dict[str, str]:
    """Plug-in entry points that could not be loaded, with the reason for each."""
    return dict(_plugins()[1])


def find(name: str) -> Game[Any, Any]:
    """The game registered under ``name`` (``UnknownGame`` listing the known ones)."""
    key = name.strip().lower()
    plugins, problems = _plugins()
    game = _builtin().get(key) or plugins.get(key)
    if game is not None:
        return game
    if key in problems:
        raise UnknownGame(f"the game plug-in {key!r} is installed but {problems[key]}")
    raise UnknownGame(f"no game is called {name!r}; the games are: {', '.join(names())}")
