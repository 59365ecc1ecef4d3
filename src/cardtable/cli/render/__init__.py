"""Boards: how each game looks in the terminal, with a generic board for any other game.

>>> from cardtable.games import find
>>> type(board_for(find("tcg"))).__name__
'TcgBoard'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.cli.render.base import Board, Scene
from cardtable.cli.render.generic import GenericBoard
from cardtable.cli.render.karata import KarataBoard
from cardtable.cli.render.tcg import TcgBoard
from cardtable.cli.render.war import WarBoard
from cardtable.engine.game import Game
from cardtable.extensions import Extensions, accepting_callable

BoardFactory = Callable[..., Board]

BOARDS: Extensions[BoardFactory] = Extensions(
    "cardtable.boards",
    "board",
    lambda: {"karata": KarataBoard, "tcg": TcgBoard, "war": WarBoard},
    accepting_callable("a board: a Board subclass, made as Board(game, ascii_only=...)"),
)
"""Each game's own board by the game's name: ours, then those of plug-ins, which register one
through the ``cardtable.boards`` entry-point group (the entry named as the game)."""


def board_for(game: Game[Any, Any], *, ascii_only: bool = False) -> Board:
    """The board drawn for ``game``: its own when it has one, else the generic board."""
    factory = BOARDS.get(game.name) or GenericBoard
    return factory(game, ascii_only=ascii_only)


__all__ = [
    "BOARDS",
    "Board",
    "GenericBoard",
    "KarataBoard",
    "Scene",
    "TcgBoard",
    "WarBoard",
    "board_for",
]
