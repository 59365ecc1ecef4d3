"""Kata TCG heuristic players: the greedy player and the original kata's three styles.

* ``greedy`` (:class:`GreedyAgent`): the set of affordable cards that deals the most damage.
* ``highest`` (:class:`HighestAgent`): again and again, the single card that hurts the most.
* ``cautious`` (:class:`CautiousAgent`): like ``highest``, but below 20 health it heals with
  its cheapest card that heals more than 0 first.
* ``planner`` (:class:`PlannerAgent`): below 10 health it heals with its best card; otherwise
  it plays the combination of cards that deals the most damage.

All of them aim every attack at the opposing hero, and with minions on, every ready minion
attacks the hero too. They see only their view and the legal decisions:

>>> from cardtable.engine import Rng
>>> from cardtable.games.tcg import GAME, TcgRules
>>> from cardtable.games.tcg.scenario import scenario
>>> state = scenario(hands=([4, 3, 2], []), health=(15, 30), slots=(5, 0),
...                  rules=TcgRules(healing=True))
>>> view, legal = GAME.view(state, 0), GAME.legal(state, 0)
>>> [agent(Rng(0)).decide(view, legal).text()
...  for agent in (HighestAgent, CautiousAgent, PlannerAgent)]
['play #0', 'play #2 heal', 'play #1']
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from cardtable.agents.base import Agent
from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.view import View
from cardtable.games.tcg.decisions import HEAL, Attack, End, Play
from cardtable.games.tcg.hints import (
    Candidate,
    best_damage_set,
    cheapest,
    needs_healing,
    strongest,
)


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


class _KataStyle(Agent):
    """What the kata's styles share: heal below a threshold (when healing is on and a heal is
    affordable), else attack the opposing hero with cards, then with every ready minion, and
    end the turn when nothing is left.

    Subclasses say which card heals (:meth:`heal`) and which card attacks (:meth:`attack`);
    both receive candidates in a random order (the agent's own generator), so taking the
    first of several equals breaks the tie at random.
    """

    heal_below = 0
    """Heal while the hero's health is below this (0: never heal)."""

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        seat = legal.seat
        face = Target.hero(1 - seat)
        hero = view.public["heroes"][seat]
        base, health = hero["life"]
        if needs_healing(health=health, full=base, below=self.heal_below):
            # Every card may be played as a heal; only one that heals more than 0 helps.
            worth = {card.id for card in view.cards(f"hand:{seat}") if card.stat("heal") > 0}
            heals = {
                m.card: m
                for m in legal.moves
                if isinstance(m, Play) and m.mode == HEAL and m.card in worth
            }
            if heals:
                return heals[self.heal(self._candidates(view, seat, heals, "heal"))]
        plays = {
            move.card: move
            for move in legal.moves
            if isinstance(move, Play) and not move.mode and move.target in (None, face)
        }
        if plays:
            chosen = self.attack(self._candidates(view, seat, plays, "damage"), hero["mana"][1])
            if chosen is not None:
                return plays[chosen]
        for move in legal.moves:
            if isinstance(move, Attack) and move.target == face:
                return move
        return legal.default if legal.default is not None else End()

    def heal(self, cards: list[Candidate]) -> int:
        """The id of the card (one of ``cards``: id, cost, heal value) to heal with: by
        default the one that heals the most."""
        return strongest(cards)[0]

    @abstractmethod
    def attack(self, cards: list[Candidate], mana: int) -> int | None:
        """The id of the card (one of ``cards``: id, cost, damage) to play at the opposing
        hero with ``mana`` left, or ``None`` to play none."""

    def _candidates(
        self, view: View[Any], seat: int, moves: dict[int, Play], value: str
    ) -> list[Candidate]:
        """The hand's cards that ``moves`` play, as (id, cost, ``value``), shuffled."""
        cards = [
            (card.id, card.stat("cost"), card.stat(value))
            for card in view.cards(f"hand:{seat}")
            if card.id in moves
        ]
        self.rng.shuffle(cards)
        return cards


class HighestAgent(_KataStyle):
    """Always the highest affordable damage: one card at a time, the one that hurts most.

    Each decision it plays the affordable card that deals the most damage to the opposing
    hero (ties prefer the cheaper card, then the agent's own generator decides), again and
    again while it can afford one, duds last; then, with minions on, every ready minion
    attacks the hero; then it ends the turn. It never heals and never plays a card as a
    minion.
    """

    name = "highest"

    def attack(self, cards: list[Candidate], mana: int) -> int | None:
        return strongest(cards)[0]


class CautiousAgent(HighestAgent):
    """Like :class:`HighestAgent`, but it heals first while its health is below 20.

    When healing is on and its hero's health is below 20 (and below full), each decision
    heals with its cheapest affordable card that can heal (ties prefer the bigger heal, then
    the agent's own generator decides). Otherwise, and once nothing affordable heals, it plays
    like ``highest``.
    """

    name = "cautious"
    heal_below = 20

    def heal(self, cards: list[Candidate]) -> int:
        return cheapest(cards)[0]


class PlannerAgent(_KataStyle):
    """The kata's planner: heals with its best card below 10 health, else plans its damage.

    When healing is on and its hero's health is below 10 (and below full), each decision heals
    with the affordable card that heals the most (ties prefer the cheaper card, then the
    agent's own generator). Otherwise it plays the combination of affordable cards that deals
    the most damage to the opposing hero, preferring more cards, then the cheaper total, on
    ties (:func:`~cardtable.games.tcg.hints.best_damage_set`), the card of the combination
    that deals the most damage first; with minions on, every ready minion then attacks the
    hero; then it ends the turn. It never plays a card as a minion.
    """

    name = "planner"
    heal_below = 10

    def attack(self, cards: list[Candidate], mana: int) -> int | None:
        chosen = set(best_damage_set(cards, mana))
        combination = [card for card in cards if card[0] in chosen]
        return strongest(combination)[0] if combination else None
