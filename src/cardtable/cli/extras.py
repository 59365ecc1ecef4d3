"""What each game brings beyond its rules (its own board, players, opponent model, research
encoding and browser table), and what installed plug-ins failed to bring: for ``cardtable
games``, so that a plug-in's author sees at once whether everything was found.

>>> from cardtable.games import find
>>> extras_of(find("tcg"))
'board, players greedy highest cautious planner, encoding'
>>> extras_of(find("war"))
'board, encoding'
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any

from cardtable.agents.models import MODELS
from cardtable.agents.players import PLAYERS, players_of
from cardtable.cli.render import BOARDS
from cardtable.engine.game import Game
from cardtable.extensions import Extensions, every_problem

__all__ = ["extras_of", "problems"]

_OPTIONAL = {"encoding": "cardtable.envs.encodings", "table": "cardtable.server.plugin_tables"}
"""The kinds that belong to optional parts (the research environments, the server), by the
module that owns each: known only where that part is installed."""


def _optional(word: str, name: str) -> Extensions[Any] | None:
    with contextlib.suppress(ImportError):  # that part is not installed here
        found: Extensions[Any] = importlib.import_module(_OPTIONAL[word]).__dict__[name]
        return found
    return None


def extras_of(game: Game[Any, Any]) -> str:
    """The extras ``game`` has of its own, in a few words ('' for none)."""
    said = []
    if BOARDS.get(game.name) is not None:
        said.append("board")
    own = [name for name in players_of(game) if getattr(PLAYERS.get(name), "games", None)]
    if own:
        said.append("players " + " ".join(own))
    if MODELS.get(game.name) is not None:
        said.append("opponent model")
    for word, name in (("encoding", "ENCODINGS"), ("table", "TABLES")):
        kind = _optional(word, name)
        if kind is not None and kind.get(game.name) is not None:
            said.append(word)
    return ", ".join(said)


def problems() -> dict[str, dict[str, str]]:
    """What every entry-point group's plug-ins failed to bring, by group."""
    for word, name in (("encoding", "ENCODINGS"), ("table", "TABLES")):
        kind = _optional(word, name)
        if kind is not None:
            kind.problems()  # found now, if it was not yet
    for kind in (BOARDS, PLAYERS, MODELS):
        kind.problems()
    return every_problem()
