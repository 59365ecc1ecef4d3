"""Computer players as a user or a plug-in writes them, outside cardtable: seated by import
path (``py:tests.agents.own_players:First``) or registered through an entry point."""

from __future__ import annotations

from cardtable.agents import BlindAgent, RandomAgent
from cardtable.agents.ismcts import ismcts_for
from cardtable.agents.players import ComputerPlayer
from cardtable.engine import Decision, Decisions, Rng


class First(BlindAgent):
    """Always the first decision it may make (conceding only when nothing else is left)."""

    name = "first"

    def choose(self, legal: Decisions) -> Decision:
        return (legal.moves or legal.options)[0]


class Nth(BlindAgent):
    """The decision at a place it is told (``py:...:Nth:2``), or the last when fewer."""

    name = "nth"

    def __init__(self, rng: Rng, level: str = "0") -> None:
        super().__init__(rng)
        self.place = int(level)

    def choose(self, legal: Decisions) -> Decision:
        moves = legal.moves or legal.options
        return moves[min(self.place, len(moves) - 1)]


def not_an_agent(rng: Rng) -> str:
    return "a string"


def broken(rng: Rng) -> First:
    raise RuntimeError("the weights file is missing")


WAR_ONLY = ComputerPlayer(make=First, games=("war",))
"""A player registered for War alone."""
EVERYWHERE = ComputerPlayer(make=RandomAgent)
NUMBER = 7
DEEP = ComputerPlayer(levels=ismcts_for, games=("war",), named_levels=("easy", "hard"))
"""A player with levels, two of them offered by name."""
