"""Kata TCG heuristic players."""

from __future__ import annotations

from typing import Any

from cardtable.agents.base import Agent
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.view import View
from cardtable.games.tcg.decisions import End, Play
from cardtable.games.tcg.hints import best_damage_set


class GreedyAgent(Agent):
    """Each turn, plays the set of affordable cards that deals the most damage.

    Ties prefer more cards, then the cheapest total; what is still tied is broken by the
    agent's own generator. When no card is worth playing it ends the turn.
    """

    name = "greedy"

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        seat = legal.seat
        playable = {move.card for move in legal.moves if isinstance(move, Play)}
        hand = [
            (card.id, card.stat("cost"), card.stat("damage"))
            for card in view.cards(f"hand:{seat}")
            if card.id in playable
        ]
        self.rng.shuffle(hand)
        mana = view.public["heroes"][seat]["mana"][1]
        chosen = best_damage_set(hand, mana)
        if chosen:
            return Play(chosen[0])
        return legal.default if legal.default is not None else End()
