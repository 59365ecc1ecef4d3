"""Kata TCG heuristic players."""

from __future__ import annotations

from typing import Any

from cardtable.agents.base import Agent
from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.view import View
from cardtable.games.tcg.decisions import Attack, End, Play
from cardtable.games.tcg.hints import best_damage_set


class GreedyAgent(Agent):
    """Each turn, deals the most damage it can to the opposing hero.

    It plays the set of affordable cards that deals the most damage (ties prefer more cards,
    then the cheapest total; what is still tied is broken by the agent's own generator),
    aimed at the hero; with minions, every ready minion attacks the hero too. It never heals
    or plays minions. When nothing is left to do it ends the turn.
    """

    name = "greedy"

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        seat = legal.seat
        face = Target.hero(1 - seat)
        plays = {
            move.card: move
            for move in legal.moves
            if isinstance(move, Play) and not move.mode and move.target in (None, face)
        }
        hand = [
            (card.id, card.stat("cost"), card.stat("damage"))
            for card in view.cards(f"hand:{seat}")
            if card.id in plays
        ]
        self.rng.shuffle(hand)
        mana = view.public["heroes"][seat]["mana"][1]
        chosen = best_damage_set(hand, mana)
        if chosen:
            return plays[chosen[0]]
        for move in legal.moves:
            if isinstance(move, Attack) and move.target == face:
                return move
        return legal.default if legal.default is not None else End()
