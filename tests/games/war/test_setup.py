"""Setting up: the deck, shuffling and dealing."""

from __future__ import annotations

from collections import Counter

from cardtable.engine import Match
from cardtable.games.war import WarRules, war_deck
from tests.games.war.helpers import GAME, kinds, top_first


def test_the_deck_is_suits_times_ranks_and_strength_is_the_rank() -> None:
    deck = war_deck(4, 13)
    assert len(deck) == 52
    strengths = {card.key: card.strength for card in deck}
    assert strengths["2C"] == 1
    assert strengths["10H"] == 9
    assert strengths["KS"] == 12
    assert strengths["AD"] == 13
    assert Counter(strengths.values()) == Counter(dict.fromkeys(range(1, 14), 4))
    short = war_deck(2, 3)
    assert [card.key for card in short] == ["QC", "KC", "AC", "QD", "KD", "AD"]
    long = war_deck(5, 15)
    assert {card.key: card.strength for card in long}["AM"] == 15
    assert {card.key: card.strength for card in long}["14M"] == 13


def test_twelve_suits_of_39_ranks_for_twelve_players() -> None:
    """War.JS's own test configuration: suits beyond the eight named ones are numbered (as
    ranks beyond 13 are), and only ranks decide."""
    rules = WarRules(players=12, suits=12, ranks=39)
    deck = war_deck(12, 39)
    assert len(deck) == rules.deck_size == 468
    assert len({card.key for card in deck}) == 468
    strengths = {card.key: card.strength for card in deck}
    assert strengths["AL"] == strengths["A#9"] == strengths["A#12"] == 39
    assert strengths["2#12"] == 1
    assert strengths["KS"] == 12
    assert strengths["14#10"] == 13  # numbered ranks rank above the king, below the ace
    assert strengths["39#10"] == strengths["39C"] == 38
    assert Counter(strengths.values()) == Counter(dict.fromkeys(range(1, 40), 12))
    assert next(card for card in deck if card.key == "Q#11").name == "Queen of Suit 11"
    match = Match(GAME, rules, seed=12)
    assert [len(pile.cards) for pile in match.state.piles] == [39] * 12
    for _ in range(40):
        seat = match.to_act
        assert seat is not None
        match.decide(seat, "turn")
    turned = [e["card"] for e in match.events(None) if e["type"] == "turn"]
    assert any(isinstance(card, dict) and "#" in str(card["key"]) for card in turned)
    assert sum(len(zone.cards) for zone in match.state.zones.values()) == 468


def test_round_robin_dealing_from_seat_0_gives_early_seats_the_extra_cards() -> None:
    match = Match(GAME, WarRules(players=3, suits=2, ranks=7), seed=1)
    state = match.state
    assert [len(pile.cards) for pile in state.piles] == [5, 5, 4]
    assert len(state.deck.cards) == 0
    deal = next(event for event in match.events(None) if event["type"] == "deal")
    assert deal == {"type": "deal", "dealing": "round-robin", "counts": [5, 5, 4]}
    assert kinds(match.events(None)) == ["shuffle", "deal", "battle"]


def test_round_robin_deals_one_card_at_a_time_in_seat_order() -> None:
    rules = WarRules(players=3, suits=1, ranks=7)
    shuffled = GAME.setup(rules, 5)
    order = _shuffled_deck(rules, 5)
    piles = [[card.key for card in pile.cards] for pile in shuffled.piles]
    assert piles == [order[0::3], order[1::3], order[2::3]], "the first card dealt is at the bottom"


def test_block_dealing_gives_each_player_their_share_in_one_go() -> None:
    rules = WarRules(players=3, suits=1, ranks=6, dealing="blocks")
    state = GAME.setup(rules, 5)
    order = _shuffled_deck(rules, 5)
    piles = [top_first(pile) for pile in state.piles]
    assert piles == [order[0:2], order[2:4], order[4:6]], "a block keeps its order"


def _shuffled_deck(rules: WarRules, seed: int) -> list[str]:
    """The deck after the opening shuffle, top card first."""
    from cardtable.engine import Rng

    cards = list(war_deck(rules.suits, rules.ranks))
    Rng(seed).shuffle(cards)
    return [card.key for card in reversed(cards)]


def test_the_seed_decides_the_deal() -> None:
    def piles(seed: int) -> list[list[int]]:
        state = GAME.setup(WarRules(), seed)
        return [[card.id for card in pile.cards] for pile in state.piles]

    assert piles(4) == piles(4)
    assert piles(4) != piles(5)
