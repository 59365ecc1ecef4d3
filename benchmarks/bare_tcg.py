"""A bare, hand-written random-vs-random Kata TCG loop: the speed of light for the benchmark.

Same rules as the engine's default ruleset (30 health, 10-slot cap, hand limit 5, the seed's
20-card deck, random starting player drawing 3, the other 4, bleeding out, overload, duds),
same random policy (uniform among the affordable cards and ending the turn), but no engine:
plain lists and integers, no record, no log, no views. It exists only to be compared with.
"""

from __future__ import annotations

import random

DECK = (0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8)


def bare_match(rng: random.Random) -> tuple[int, int]:
    """Play one match; return (winner, decisions)."""
    decks = [list(DECK), list(DECK)]
    rng.shuffle(decks[0])
    rng.shuffle(decks[1])
    health = [30, 30]
    slots = [0, 0]
    hands: list[list[int]] = [[], []]
    active = rng.randrange(2)
    for seat, count in ((active, 3), (1 - active, 4)):
        for _ in range(count):
            card = decks[seat].pop()
            if len(hands[seat]) < 5:
                hands[seat].append(card)
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
