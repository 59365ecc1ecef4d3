"""Contracts of hidden information: what a seat cannot see changes nothing it is shown.

Views, event streams, determinised worlds and card ids must not tell a seat about cards it
cannot see (see :mod:`cardtable.testing.naming` for the events' side of it).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.engine import Decision, Game, Rng, State, determinise
from cardtable.testing.contract import Budget
from cardtable.testing.playing import play_on, random_decisions
from cardtable.testing.states import shuffle_hidden, view_text, zone_census


def seats_and_spectator(state: State) -> list[int | None]:
    """Every seat of ``state``, then ``None`` (a spectator)."""
    return [*range(state.seats), None]


def _common_move(
    game: Game[Any, Any], left: State, right: State, rng: Rng
) -> tuple[int, Decision] | None:
    seat = game.to_act(left)
    if seat is None or seat != game.to_act(right):
        return None
    right_moves = set(game.legal(right, seat).moves)
    common = [move for move in game.legal(left, seat).moves if move in right_moves]
    return (seat, rng.choice(common)) if common else None


def hidden_cards_do_not_change_views_or_events(
    game: Game[Any, Any], ruleset: Any, budget: Budget
) -> None:
    """Two states that differ only in cards hidden from seat S look the same to S, and every
    step both take with the same decision shows S the same events, for as long as the two
    still differ only in what S cannot see (a card S draws may legitimately differ)."""
    rng = Rng(7)
    steps = 0
    for seed in budget.seeds_of(game, ruleset):
        for match, _, _ in random_decisions(game, ruleset, seed, budget.states):
            if rng.below(3):
                continue
            for seat in seats_and_spectator(match.state):
                original = match.state.copy()
                twin = shuffle_hidden(match.state, seat, rng)
                assert view_text(game, twin, seat) == view_text(game, original, seat)
                if seat is not None and game.to_act(original) == seat:
                    assert game.legal(twin, seat).options == game.legal(original, seat).options
                for _ in range(8):
                    step = _common_move(game, original, twin, rng)
                    if step is None:
                        break
                    original.journal, twin.journal = [], []
                    game.decide(original, *step)
                    game.decide(twin, *step)
                    if view_text(game, twin, seat) != view_text(game, original, seat):
                        break
                    steps += 1
                    assert [a.event(seat) for a in twin.journal] == [
                        a.event(seat) for a in original.journal
                    ]
    assert steps > 0, "the twins never took a step together: the contract proved nothing"


def determinisation_matches_the_view(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """A world determinised from a seat's view shows that seat the same view, holds every
    card once, and plays on."""
    book = game.rulebook(ruleset)
    rng = Rng(11)
    for seed in budget.seeds_of(game, ruleset):
        for match, _, _ in random_decisions(game, ruleset, seed, budget.states):
            if rng.below(3):
                continue
            for seat in range(match.state.seats):
                view = game.view(match.state, seat)
                world = determinise(view, book, rng)
                assert view_text(game, world, seat) == view_text(game, match.state, seat)
                census = zone_census(world)
                assert set(census.values()) <= {1}
                assert len(census) == len(match.state.cards)
                play_on(game, world, seed, budget.playout)


def closed_pools(game: Game[Any, Any], ruleset: Any) -> list[str]:
    """The pools of a new match whose manifest some seat may not know."""
    state = game.setup(ruleset, 0, journal=False)
    return [name for name, pool in state.pools.items() if not pool.public]


def ids_do_not_follow_a_closed_manifest(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """Card ids carry nothing hidden: where a seat cannot know a pool's manifest (a closed
    deck list), the ids of a new match's cards do not follow the manifest's order.

    Once seen, the id of a card of such a pool must not tell where that card sat in the
    manifest. A game whose pools are all public (War, Karata, open deck lists) has nothing
    to hide this way; the contract finds no closed pool there and asks nothing."""
    for name in closed_pools(game, ruleset):
        manifest = game.setup(ruleset, 0, journal=False).pools[name].manifest
        shares = Counter(manifest)
        by_chance = sum((count / len(manifest)) ** 2 for count in shares.values())
        agree = 0
        for seed in range(budget.id_seeds):
            cards = [c for c in game.setup(ruleset, seed, journal=False).cards if c.pool == name]
            assert len(cards) == len(manifest)
            agree += sum(card.key == key for card, key in zip(cards, manifest, strict=True))
        share = agree / (budget.id_seeds * len(manifest))
        # In manifest order every card agrees; numbered at random, about ``by_chance`` do.
        assert share <= by_chance + 0.2, f"pool {name}: ids follow its manifest ({share:.2f})"
