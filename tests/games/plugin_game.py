"""A game a third-party package could register (the registry tests load it)."""

from __future__ import annotations

from cardtable.games.tcg import TcgGame


class MyGame(TcgGame):
    name = "mytcg"
    title = "My TCG"


class Clash(TcgGame):
    """Claims a name a built-in game already has."""
