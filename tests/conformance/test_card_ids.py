"""Card ids carry nothing hidden, in every game: where a seat cannot know a pool's manifest (a
closed deck list), the id of one of its cards, once seen, must not tell where that card sat
in the manifest, so the ids of a new match's cards cannot follow the manifest's order.

A game whose pools are all public (War, Karata, open deck lists) has nothing to hide this
way; the check finds no closed pool there and asks nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardtable.engine import Game
from tests.conformance.helpers import game_rulesets, pair_id

SEEDS = range(48)


def closed_pools(game: Game[Any, Any], ruleset: Any) -> list[str]:
    state = game.setup(ruleset, 0, journal=False)
    return [name for name, pool in state.pools.items() if not pool.public]


@pytest.mark.parametrize("pair", game_rulesets(), ids=pair_id)
def test_ids_do_not_follow_a_closed_manifest(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for name in closed_pools(game, ruleset):
        manifest = game.setup(ruleset, 0, journal=False).pools[name].manifest
        shares = Counter(manifest)
        by_chance = sum((count / len(manifest)) ** 2 for count in shares.values())
        agree = 0
        for seed in SEEDS:
            cards = [c for c in game.setup(ruleset, seed, journal=False).cards if c.pool == name]
            assert len(cards) == len(manifest)
            agree += sum(card.key == key for card, key in zip(cards, manifest, strict=True))
        share = agree / (len(SEEDS) * len(manifest))
        # In manifest order every card agrees; numbered at random, about ``by_chance`` do.
        assert share <= by_chance + 0.2, f"pool {name}: ids follow its manifest ({share:.2f})"
