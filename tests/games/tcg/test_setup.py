"""Before the first turn: health, slots, decks, the starting player and the opening hands."""

from __future__ import annotations

from cardtable.engine import Match, Rng, Stat
from cardtable.games.tcg import TcgRules, TcgState
from cardtable.games.tcg.actions import ShuffleDeck
from tests.games.tcg.helpers import GAME, RULES_DECK, act

SEEDS = range(16)


def new_match(seed: int) -> Match[TcgState]:
    return Match(GAME, TcgRules(), seed=seed)


def opening_draws(match: Match[TcgState]) -> dict[int, int]:
    """How many cards each seat drew into its hand before the first turn started."""
    counts = {0: 0, 1: 0}
    for event in match.events(None):
        if event["type"] == "turn_started":
            break
        if event["type"] == "draw":
            assert event["result"] == "hand"
            seat = event["seat"]
            assert isinstance(seat, int)
            counts[seat] += 1
    return counts


def test_each_player_has_the_twenty_card_deck_of_the_rules() -> None:
    state = new_match(0).state
    for seat in (0, 1):
        owned = [card for card in state.cards if card.owner == seat]
        assert len(owned) == 20
        assert sorted(card.printed("cost") for card in owned) == RULES_DECK
        assert all(card.printed("damage") == card.printed("cost") for card in owned)
        assert len(state.decks[seat]) + len(state.hands[seat]) == 20
        assert len(state.graveyards[seat]) == 0


def test_both_heroes_start_with_30_health() -> None:
    state = new_match(0).state
    assert [hero.life for hero in state.heroes] == [Stat(30), Stat(30)]


def test_the_second_player_has_no_mana_slots_yet() -> None:
    for seed in SEEDS:
        state = new_match(seed).state
        assert state.heroes[1 - state.active].mana == Stat(0, 0)


def test_the_starting_player_is_chosen_by_the_match_generator() -> None:
    starters = set()
    for seed in SEEDS:
        match = new_match(seed)
        announced = [e["seat"] for e in match.events(None) if e["type"] == "first_player"]
        assert announced == [match.state.active]
        assert new_match(seed).state.active == match.state.active  # the seed decides
        starters.add(match.state.active)
    assert starters == {0, 1}


def test_decks_are_shuffled_by_the_seed() -> None:
    orders = {tuple(card.key for card in new_match(seed).state.decks[0].cards) for seed in SEEDS}
    assert len(orders) > 1
    same = [tuple(card.key for card in new_match(3).state.decks[0].cards) for _ in range(2)]
    assert same[0] == same[1]


def test_starter_draws_three_and_the_other_four_before_the_first_turn() -> None:
    for seed in SEEDS:
        match = new_match(seed)
        first = match.state.active
        assert opening_draws(match) == {first: 3, 1 - first: 4}


def test_the_first_turn_gives_the_starter_a_slot_a_mana_and_a_fourth_card() -> None:
    for seed in SEEDS:
        match = new_match(seed)
        state = match.state
        first = state.active
        assert match.to_act == first
        assert state.turn == 1
        assert state.heroes[first].mana == Stat(1, 1)
        assert len(state.hands[first]) == 4
        assert len(state.decks[first]) == 16
        assert len(state.hands[1 - first]) == 4
        assert len(state.decks[1 - first]) == 16


def test_the_opening_cards_come_from_the_top_of_the_shuffled_deck() -> None:
    seed = 5
    # The decks as they were right after shuffling: the cards, then only the shuffles.
    probe = GAME.skeleton(GAME.rulebook(TcgRules()), Rng(seed))
    GAME.create_cards(probe)
    probe.run(*(action for action in GAME.opening(probe) if isinstance(action, ShuffleDeck)))
    state = new_match(seed).state
    for seat in (0, 1):
        shuffled = [card.id for card in probe.decks[seat].cards]  # bottom to top
        in_hand = [card.id for card in state.hands[seat].cards]  # in the order drawn
        assert in_hand == shuffled[::-1][: len(in_hand)]
        assert [card.id for card in state.decks[seat].cards] == shuffled[: 20 - len(in_hand)]


def test_the_turn_counter_counts_every_turn() -> None:
    match = new_match(2)
    state = match.state
    first = state.active
    for expected in range(2, 6):
        act(state, state.active, "end")
        assert state.turn == expected
        assert state.active == (first + expected - 1) % 2
