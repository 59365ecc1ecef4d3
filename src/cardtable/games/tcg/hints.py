"""Cheap Kata TCG knowledge for heuristic players.

A card is described by a :data:`Candidate`: its id, its mana cost and what it is worth played
one way (its damage as an attack, or its heal value as a heal).

:func:`best_damage_set` answers the greedy player's and the planner's question: which
affordable cards deal the most damage together? Ties prefer more cards (duds clear the hand
for free), then the cheapest total; among sets still tied, the order of ``cards`` decides
(shuffle it to break ties at random). It is a 0/1 knapsack over mana, exact for any hand size.

>>> best_damage_set([(10, 3, 3), (11, 2, 2), (12, 4, 4), (13, 0, 0)], mana=6)
(11, 12, 13)

:func:`strongest` and :func:`cheapest` pick single cards, and :func:`needs_healing` says
whether a hero below a threshold of health would gain anything from a heal:

>>> hand = [(10, 3, 3), (11, 1, 1), (12, 3, 3), (13, 0, 0)]
>>> strongest(hand), cheapest(hand), cheapest(hand[:3])
((10, 12), (13,), (11,))
>>> needs_healing(health=19, full=30, below=20), needs_healing(health=20, full=30, below=20)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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


def strongest(cards: Sequence[Candidate]) -> tuple[int, ...]:
    """The ids (in the order given) of the cards worth the most; of those, the cheapest.

    What is still tied is all returned: the caller breaks the tie (at random, say).

    >>> strongest([(10, 3, 3), (11, 5, 3), (12, 2, 3), (13, 8, 1)])  # 3 for 2 mana is best
    (12,)
    >>> strongest([(10, 4, 4), (11, 4, 4), (12, 2, 2)]), strongest([])
    ((10, 11), ())
    """
    return _best(cards, lambda cost, value: (value, -cost))


def cheapest(cards: Sequence[Candidate]) -> tuple[int, ...]:
    """The ids (in the order given) of the cheapest cards; of those, the ones worth the most.

    What is still tied is all returned: the caller breaks the tie.

    >>> cheapest([(10, 3, 3), (11, 1, 1), (12, 1, 2), (13, -1, 5), (14, 0, 5)])  # -1 is 0
    (13, 14)
    >>> cheapest([(10, 2, 2), (11, 2, 2)]), cheapest([])
    ((10, 11), ())
    """
    return _best(cards, lambda cost, value: (-cost, value))


def needs_healing(*, health: int, full: int, below: int) -> bool:
    """Whether a hero at ``health`` (of ``full``) is below ``below`` and not already full.

    A heal never lifts a hero above its starting health, so at full health (in a short game
    that starts below the threshold, say) a heal would be wasted.

    >>> needs_healing(health=9, full=30, below=10), needs_healing(health=10, full=30, below=10)
    (True, False)
    >>> needs_healing(health=15, full=15, below=20), needs_healing(health=14, full=15, below=20)
    (False, True)
    """
    return health < below and health < full


def _best(
    cards: Sequence[Candidate], key: Callable[[int, int], tuple[int, int]]
) -> tuple[int, ...]:
    """The ids of ``cards`` whose ``key(cost, value)`` is highest (a cost below 0 counts as 0)."""
    keys = [key(max(cost, 0), value) for _, cost, value in cards]
    if not keys:
        return ()
    top = max(keys)
    return tuple(card[0] for card, found in zip(cards, keys, strict=True) if found == top)
