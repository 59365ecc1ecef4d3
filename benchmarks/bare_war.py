"""A bare, hand-written War loop between two players: the speed of light for the benchmark.

Same rules as the engine's default ruleset (a 52-card deck, ace high, dealt one card at a
time; a battle's single highest card takes the table, a tie starts a war in which each tied
player puts one card face down and turns the next; a tied player who cannot turn a card drops
out of the war, and when nobody turns one the table goes by lot; won cards go under the pile
in the order they were played; a player without cards is out; after 10,000 battles the most
cards win), with a turned card as the decision, but no engine: plain lists, no record, no
log, no views. It exists only to be compared with.

>>> import random
>>> winner, decisions = bare_war_match(random.Random(1))
>>> winner in (0, 1, None), decisions > 52
(True, True)
"""

from __future__ import annotations

import random
from collections import deque

DECK = tuple(strength for strength in range(1, 14) for _ in range(4))
"""The 52 cards by strength: 1 for a two, 13 for an ace."""
TURN_LIMIT = 10_000
FACE_DOWN = 1


def bare_war_match(rng: random.Random) -> tuple[int | None, int]:
    """Play one match; return (the winner, or ``None`` for a shared win, and the
    decisions)."""
    deck = list(DECK)
    rng.shuffle(deck)
    piles = [deque(deck[0::2]), deque(deck[1::2])]  # the top card on the left
    decisions = 0
    battles = 0
    while piles[0] and piles[1] and battles < TURN_LIMIT:
        battles += 1
        table: list[int] = []
        contenders = [0, 1]
        war = False
        while True:
            turned: list[tuple[int, int]] = []
            for seat in contenders:
                pile = piles[seat]
                if war:
                    for _ in range(min(FACE_DOWN, len(pile))):
                        table.append(pile.popleft())
                if pile:
                    decisions += 1
                    card = pile.popleft()
                    table.append(card)
                    turned.append((seat, card))
            if not turned:
                winner = contenders[rng.randrange(len(contenders))]
                break
            best = max(card for _, card in turned)
            tied = [seat for seat, card in turned if card == best]
            if len(tied) == 1:
                winner = tied[0]
                break
            contenders, war = tied, True
        piles[winner].extend(table)
    counts = [len(pile) for pile in piles]
    if counts[0] == counts[1]:
        return None, decisions
    return (0 if counts[0] > counts[1] else 1), decisions
