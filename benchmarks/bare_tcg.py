"""Bare, hand-written Kata TCG loops: the speed of light for the benchmark.

Same rules as the engine's default ruleset (30 health, 10-slot cap, hand limit 5, the seed's
20-card deck, random starting player drawing 3, the other 4, bleeding out, overload, duds),
but no engine: plain lists and integers, no record, no log, no views. They exist only to be
compared with. :func:`bare_match` plays the random policy (uniform among the affordable cards
and ending the turn); :func:`bare_greedy_match` the greedy one (each turn, the affordable set
of cards that deals the most damage, more cards and then the cheaper breaking ties, every card
of it played at the opposing hero, then the turn ended), planned once a turn.

>>> winner, decisions = bare_greedy_match(random.Random(3))
>>> winner in (0, 1), decisions > 0
(True, True)
"""

from __future__ import annotations

import random

DECK = (0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8)


def _deal(rng: random.Random) -> tuple[list[list[int]], list[list[int]], int]:
    """Both shuffled decks, the opening hands (3 cards to the starting player, 4 to the
    other), and the starting player."""
    decks = [list(DECK), list(DECK)]
    rng.shuffle(decks[0])
    rng.shuffle(decks[1])
    hands: list[list[int]] = [[], []]
    active = rng.randrange(2)
    for seat, count in ((active, 3), (1 - active, 4)):
        for _ in range(count):
            card = decks[seat].pop()
            if len(hands[seat]) < 5:
                hands[seat].append(card)
    return decks, hands, active


def best_set(hand: list[int], mana: int) -> tuple[int, ...]:
    """The indices into ``hand`` (card costs, each dealing its cost) of the set costing at most
    ``mana`` that deals the most damage; ties: more cards, then the cheaper (the agent's own
    knapsack, over plain integers).

    >>> best_set([4, 3, 2, 0], 5)
    (1, 2, 3)
    """
    # best[m]: (damage, cards, -cost, indices) of the best set costing at most m.
    best: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())] * (mana + 1)
    for index, cost in enumerate(hand):
        if cost > mana:
            continue
        for budget in range(mana, cost - 1, -1):
            damage, count, spent, chosen = best[budget - cost]
            candidate = (damage + cost, count + 1, spent - cost, (*chosen, index))
            if candidate[:3] > best[budget][:3]:
                best[budget] = candidate
    return best[mana][3]


def bare_greedy_match(rng: random.Random) -> tuple[int, int]:
    """Play one greedy-vs-greedy match; return (winner, decisions)."""
    decks, hands, active = _deal(rng)
    health = [30, 30]
    slots = [0, 0]
    decisions = 0
    while True:
        slots[active] = min(10, slots[active] + 1)
        if decks[active]:
            card = decks[active].pop()
            if len(hands[active]) < 5:
                hands[active].append(card)
        else:
            health[active] -= 1
            if health[active] <= 0:
                return 1 - active, decisions
        hand = hands[active]
        rng.shuffle(hand)  # the agent breaks what is still tied at random
        for index in sorted(best_set(hand, slots[active]), reverse=True):
            decisions += 1
            health[1 - active] -= hand.pop(index)
            if health[1 - active] <= 0:
                return active, decisions
        decisions += 1  # the turn's end
        active = 1 - active


def bare_match(rng: random.Random) -> tuple[int, int]:
    """Play one random-vs-random match; return (winner, decisions)."""
    decks, hands, active = _deal(rng)
    health = [30, 30]
    slots = [0, 0]
    decisions = 0
    while True:
        slots[active] = min(10, slots[active] + 1)
        mana = slots[active]
        if decks[active]:
            card = decks[active].pop()
            if len(hands[active]) < 5:
                hands[active].append(card)
        else:
            health[active] -= 1
            if health[active] <= 0:
                return 1 - active, decisions
        hand = hands[active]
        while True:
            playable = [index for index, cost in enumerate(hand) if cost <= mana]
            choice = rng.randrange(len(playable) + 1)
            decisions += 1
            if choice == len(playable):
                break
            cost = hand.pop(playable[choice])
            mana -= cost
            health[1 - active] -= cost
            if health[1 - active] <= 0:
                return active, decisions
        active = 1 - active
