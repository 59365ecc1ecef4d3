"""The random agent: a uniformly random legal decision, never conceding."""

from __future__ import annotations

from cardtable.agents.base import BlindAgent
from cardtable.engine.decisions import Decision, Decisions


class RandomAgent(BlindAgent):
    """Chooses uniformly among the legal moves (conceding excluded) with its own generator."""

    name = "random"

    def choose(self, legal: Decisions) -> Decision:
        moves = legal.moves
        if not moves:
            raise ValueError(f"seat {legal.seat} has nothing to decide")
        return moves[self.rng.below(len(moves))]
