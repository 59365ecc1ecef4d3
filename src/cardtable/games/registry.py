"""The registry of games: explicit, never filled as a side effect of importing a module.

Our games are listed here; other packages add theirs through the ``cardtable.games`` entry
point group (each entry names a :class:`~cardtable.engine.Game` subclass or instance; see
:mod:`cardtable.extensions`). A plug-in that fails to load does not break cardtable: it is
left out of :func:`names`, asking for it by name says why, and :func:`plugin_problems` lists
every such failure.

>>> find("tcg").title
'Kata TCG'
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.errors import UnknownGame
from cardtable.engine.game import Game
from cardtable.extensions import ExtensionError, Extensions
from cardtable.games import karata, tcg, war

ENTRY_POINT_GROUP = "cardtable.games"


def _builtin() -> dict[str, Game[Any, Any]]:
    games: list[Game[Any, Any]] = [tcg.GAME, war.GAME, karata.GAME]
    return {game.name: game for game in games}


def _game(loaded: object) -> Game[Any, Any]:
    game = loaded() if isinstance(loaded, type) else loaded
    if not isinstance(game, Game):
        raise ExtensionError("a cardtable game")
    return game


GAMES: Extensions[Game[Any, Any]] = Extensions(
    ENTRY_POINT_GROUP, "game", _builtin, _game, key=lambda game: game.name
)
"""Every game: ours, then the plug-ins'."""


def names() -> list[str]:
    """Every registered game's name, ours first."""
    return GAMES.names()


def plugin_problems() -> dict[str, str]:
    """Plug-in entry points that could not be loaded, with the reason for each."""
    return GAMES.problems()


def find(name: str) -> Game[Any, Any]:
    """The game registered under ``name`` (``UnknownGame`` listing the known ones)."""
    game = GAMES.get(name)
    if game is not None:
        return game
    key = name.strip().lower()
    problems = GAMES.problems()
    if key in problems:
        raise UnknownGame(f"the game plug-in {key!r} is installed but {problems[key]}")
    raise UnknownGame(f"no game is called {name!r}; the games are: {', '.join(names())}")
