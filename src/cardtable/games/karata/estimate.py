"""How likely each Karata player is to win from a position: a model fitted on played matches.

Search players stop most playouts before the end and ask the game how each seat stands
(:meth:`~cardtable.engine.Game.estimate`). Karata's answer scores each player still at the
table with a few facts about its hand and its place in the turn order, weighted, and turns the
scores into chances that add up to one (a softmax, as in a conditional logit):

>>> from cardtable.games.karata.scenario import scenario
>>> hands = [["4H"], ["5H", "6H"], ["AS", "9S", "10S"]]
>>> [round(chance, 2) for chance in win_chances(scenario(hands=hands, pile=["7H"]))]
[0.35, 0.31, 0.34]

Player 0 must declare last card before it can go out; once it has, it is the favourite:

>>> declared = scenario(hands=hands, pile=["7H"], declared=[0])
>>> [round(chance, 2) for chance in win_chances(declared)]
[0.51, 0.23, 0.26]

The weights are not guessed: ``scripts/fit_karata_estimate.py`` plays thousands of
three-player matches between Karata's heuristic players, notes the facts of every seat at the
start of some turns and who went on to win, and fits the weights that make those wins most
likely. How well that predicts, and what it did for the search player, is in docs/agents.md.
Facts that mattered little (the plain cards held, bombs held, Jokers) were left out.
"""

from __future__ import annotations

import math

from cardtable.games.karata.cards import ACE, JUMP, KICKBACK, QUESTIONS, face
from cardtable.games.karata.state import KarataState
from cardtable.games.karata.turns import may_start

FEATURES = (
    "small hand",
    "declared",
    "aces",
    "questions",
    "jumps and kickbacks",
    "to act",
    "can play",
    "last card",
    "two cards",
    "pick pending",
)
"""What :func:`features` measures of a seat, in order:

- small hand: ``1 / (1 + cards in hand)``;
- declared: 1 if the player has declared last card;
- aces, questions (Queens and Eights), jumps and kickbacks (Jacks and Kings): how many it holds;
- to act: 1 if its turn is under way or next;
- can play: 1 if it is to act and may play a card (always, once its turn has begun);
- last card: 1 if it holds one card and has declared;
- two cards: 1 if it holds two;
- pick pending: the cards it must pick unless it answers, if it is to act.
"""

WEIGHTS = (0.081, 0.145, 0.256, -0.171, -0.122, -0.231, 0.473, 0.546, 0.141, -0.046)
"""Each feature's weight, fitted by ``scripts/fit_karata_estimate.py`` (see the module)."""


def features(state: KarataState, seat: int) -> tuple[float, ...]:
    """What the model measures of ``seat``, in the order of :data:`FEATURES`.

    >>> from cardtable.games.karata.scenario import scenario
    >>> features(scenario(hands=[["4H"], ["QS", "AS"]], pile=["7H"], declared=[0]), 0)
    (0.5, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0)
    """
    hand = state.hands[seat].cards
    held = len(hand)
    faces = [face(card.key) for card in hand]
    declared = state.declared[seat]
    to_act = seat == state.active
    if not to_act:
        can_play = False
    elif state.play.cards:
        can_play = True
    else:
        table, rules = state.table(), state.rules.ruleset
        can_play = any(may_start(card.key, table, rules) for card in hand)
    return (
        1 / (1 + held),
        float(declared),
        float(faces.count(ACE)),
        float(sum(kind in QUESTIONS for kind in faces)),
        float(faces.count(JUMP) + faces.count(KICKBACK)),
        float(to_act),
        float(can_play),
        float(held == 1 and declared),
        float(held == 2),
        float(state.bomb) if to_act else 0.0,
    )


def win_chances(state: KarataState, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    """Each seat's chance to win from ``state``: 0 for a seat that left the table, the others
    adding up to 1."""
    scores: dict[int, float] = {}
    for seat in range(state.seats):
        if seat not in state.out:
            measured = features(state, seat)
            scores[seat] = sum(w * value for w, value in zip(weights, measured, strict=True))
    if not scores:
        return [1 / state.seats] * state.seats
    top = max(scores.values())
    odds = {seat: math.exp(score - top) for seat, score in scores.items()}
    total = sum(odds.values())
    return [odds.get(seat, 0.0) / total for seat in range(state.seats)]
