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

BoardFactory = Callable[..., Board]

_BOARDS: dict[str, BoardFactory] = {"karata": KarataBoard, "tcg": TcgBoard, "war": WarBoard}


def board_for(game: Game[Any, Any], *, ascii_only: bool = False) -> Board:
    """The board drawn for ``game``: its own when it has one, else the generic board."""
    factory = _BOARDS.get(game.name, GenericBoard)
    return factory(game, ascii_only=ascii_only)


__all__ = [
    "Board",
    "GenericBoard",
    "KarataBoard",
    "Scene",
    "TcgBoard",
    "WarBoard",
    "board_for",
]
