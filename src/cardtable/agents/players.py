"""Computer players by name: cardtable's own, and those installed plug-ins provide.

A :class:`ComputerPlayer` says how one is made and which games it plays. cardtable's own are
listed here; a package adds its own through the ``cardtable.agents`` entry-point group, each
entry named as seats name the player and pointing at a :class:`ComputerPlayer`::

    [project.entry-points."cardtable.agents"]
    bold = "highcard.agents:BOLD"

so ``--seats human,bold`` seats it, and a server with the package installed offers it in
its rooms. The first player registered for one game alone is that game's default player.

>>> PLAYERS.get("greedy").games, PLAYERS.get("random").games
(('tcg',), None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.agents.base import Agent
from cardtable.agents.ismcts import LEVELS, BadLevel, BudgetLimits, ismcts_for
from cardtable.agents.karata import HeuristicAgent
from cardtable.agents.random import RandomAgent
from cardtable.agents.tcg import CautiousAgent, GreedyAgent, HighestAgent, PlannerAgent
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng
from cardtable.extensions import Extensions, accepting

__all__ = ["PLAYERS", "ComputerPlayer", "Factory", "Levelled", "NoLevels"]

Factory = Callable[[Rng], Agent]
"""Makes an agent from its own generator."""
Levelled = Callable[[str | None, BudgetLimits | None], Factory]
"""The factory of a player at a level (``None``: its usual one), within budget limits (``None``:
any budget); raises :class:`~cardtable.agents.ismcts.BadLevel` for a level it has not."""


class NoLevels(BadLevel):
    """A level was given to a player that has none."""


@dataclass(frozen=True, slots=True)
class ComputerPlayer:
    """A computer player seats may name: made by ``make`` (from its generator) or, for one
    with levels (``ismcts:hard``), by ``levels``; playing ``games`` (``None``: every game).

    >>> bold = ComputerPlayer(make=RandomAgent, games=("highcard",))
    >>> bold.plays("highcard"), bold.plays("war"), type(bold.factory(None, None)(Rng(1))).__name__
    (True, False, 'RandomAgent')
    """

    make: Factory | None = None
    levels: Levelled | None = None
    games: tuple[str, ...] | None = None
    named_levels: tuple[str, ...] = ()
    """The levels offered by name where players are chosen from a list (a room's seats:
    ``ismcts:easy``...); ``levels`` may take others too (``ismcts:400``)."""

    def __post_init__(self) -> None:
        if (self.make is None) == (self.levels is None):
            raise TypeError("a computer player is made either by `make` or by `levels`")
        if self.named_levels and self.levels is None:
            raise TypeError("only a player made by `levels` names levels")

    def plays(self, game: str) -> bool:
        """Whether it plays the game called ``game``."""
        return self.games is None or game in self.games

    def factory(self, level: str | None, limits: BudgetLimits | None) -> Factory:
        """How to make it at ``level`` within ``limits`` (:class:`BadLevel` if it cannot)."""
        if self.levels is not None:
            return self.levels(level, limits)
        if level is not None:
            raise NoLevels(f"it has no levels (got {level!r})")
        assert self.make is not None
        return self.make


def _own() -> dict[str, ComputerPlayer]:
    return {
        "random": ComputerPlayer(make=RandomAgent),
        "greedy": ComputerPlayer(make=GreedyAgent, games=("tcg",)),
        "highest": ComputerPlayer(make=HighestAgent, games=("tcg",)),
        "cautious": ComputerPlayer(make=CautiousAgent, games=("tcg",)),
        "planner": ComputerPlayer(make=PlannerAgent, games=("tcg",)),
        "heuristic": ComputerPlayer(make=HeuristicAgent, games=("karata",)),
        "ismcts": ComputerPlayer(levels=ismcts_for, named_levels=tuple(LEVELS)),
    }


PLAYERS: Extensions[ComputerPlayer] = Extensions(
    "cardtable.agents",
    "computer player",
    _own,
    accepting(ComputerPlayer, "a ComputerPlayer (cardtable.agents.players)"),
)
"""Every computer player by name: ours, then the plug-ins'."""


def players_of(game: Game[Any, Any]) -> list[str]:
    """The names of the players that play ``game``: ours first, in their order.

    >>> from cardtable.games import find
    >>> players_of(find("karata"))
    ['random', 'heuristic', 'ismcts']
    """
    found = []
    for name in PLAYERS.names():
        player = PLAYERS.get(name)
        if player is not None and player.plays(game.name):
            found.append(name)
    return found


def own_player(game: Game[Any, Any]) -> str | None:
    """The first player registered for ``game`` alone (``None``: it has none)."""
    for name in PLAYERS.names():
        player = PLAYERS.get(name)
        if player is not None and player.games is not None and game.name in player.games:
            return name
    return None
