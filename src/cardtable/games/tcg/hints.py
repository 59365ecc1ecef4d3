"""Cheap Kata TCG knowledge for heuristic players.

:func:`best_damage_set` answers the greedy player's question: which affordable cards deal the
most damage together? Ties prefer more cards (duds clear the hand for free), then the cheapest
total; among sets still tied, the order of ``cards`` decides (shuffle it to break ties at
random). It is a 0/1 knapsack over mana, exact for any hand size.

>>> best_damage_set([(10, 3, 3), (11, 2, 2), (12, 4, 4), (13, 0, 0)], mana=6)
(11, 12, 13)
"""

from __future__ import annotations

from collections.abc import Sequence

Candidate = tuple[int, int, int]
"""(card id, mana cost, damage); a cost below 0 counts as 0."""


def best_damage_set(cards: Sequence[Candidate], mana: int) -> tuple[int, ...]:
    """The ids (in the order given) of the best set of ``cards`` costing at most ``mana``."""
    # best[m] = (damage, count, -cost, chosen indices) over sets costing at most m.
    best: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())] * (mana + 1)
    for index, (_, printed, damage) in enumerate(cards):
        cost = max(printed, 0)  # a discount never makes a card pay you
        if cost > mana:
            continue
        for budget in range(mana, cost - 1, -1):
            base = best[budget - cost]
            candidate = (base[0] + damage, base[1] + 1, base[2] - cost, (*base[3], index))
            if candidate[:3] > best[budget][:3]:
                best[budget] = candidate
    return tuple(cards[index][0] for index in sorted(best[mana][3]))
