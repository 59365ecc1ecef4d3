"""The agent protocol: an agent sees its seat's view and legal decisions, and decides.

Agents own their seeded generators (never the match's, which serves only the rules), so a
record replays exactly whoever played it. Before the first decision a runner tells each agent
the game and the rules of the match (:meth:`Agent.sit`): everyone at a table knows the house
rules, and a player that looks ahead needs them. A :class:`BlindAgent` decides from the legal
decisions alone, so runners need not build it a view at all.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng
from cardtable.engine.view import View


class Agent(ABC):
    """A computer player for one seat."""

    name: str = "agent"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.game: Game[Any, Any] | None = None
        self.ruleset: Any = None
        self.time_limit: float | None = None
        """Seconds one decision may take at most, whatever budget the agent has of its own
        (``None``: no limit). Agents that search stop at it with the best they have found;
        the others decide at once anyway. A runner that cannot wait long sets it (the
        server does, below its ceiling on a decision)."""

    def sit(self, game: Game[Any, Any], ruleset: Any) -> None:
        """Learn the game and the ruleset of the match this agent is about to play."""
        self.game = game
        self.ruleset = ruleset

    @abstractmethod
    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        """Choose one of ``legal.options`` knowing only ``view``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class BlindAgent(Agent):
    """An agent that needs no view: it chooses among the legal decisions alone."""

    @abstractmethod
    def choose(self, legal: Decisions) -> Decision:
        """Choose one of ``legal.options``."""

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        return self.choose(legal)
