"""Bombs (2, 3, Joker): picked, countered, blocked by an Ace; counts, and the cumulative option."""

from __future__ import annotations

import pytest

from cardtable.games.karata import KarataRules
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import act, hand, last_of, legal_texts, refused

DECK = ["4C", "6C", "9C", "10C", "4D", "5D", "6D", "9D", "10D", "4S", "6S"]


@pytest.mark.parametrize(
    ("card", "rules", "count"),
    [
        ("2H", KarataRules(), 2),
        ("3H", KarataRules(), 3),
        ("BJ", KarataRules(), 5),
        ("RJ", KarataRules(), 5),
        ("2H", KarataRules(pick_two=4), 4),
        ("3H", KarataRules(pick_three=1), 1),
        ("BJ", KarataRules(pick_joker=10), 10),
    ],
)
def test_each_bomb_is_picked_with_its_configured_count(
    card: str, rules: KarataRules, count: int
) -> None:
    state = scenario(hands=[[card, "5H"], ["9S"]], pile=["7H"], deck=DECK, rules=rules)
    act(state, 0, f"turn {card}")
    assert (state.active, state.bomb) == (1, count)
    act(state, 1, "pass")
    assert hand(state, 1) == ["9S", *DECK[:count]]
    passed = last_of(state, "pass")
    assert (passed["count"], passed["reason"]) == (count, "bomb")
    assert state.bomb == 0
    assert state.active == 0


@pytest.mark.parametrize(
    ("top", "bomb", "counter", "next_bomb"),
    [
        ("2H", 2, "2S", 2),  # same face
        ("2H", 2, "3H", 3),  # same suit
        ("2H", 2, "BJ", 5),  # a Joker always counters a Two or Three
        ("3C", 3, "3D", 3),
        ("3C", 3, "2C", 2),  # only the top bomb counts: a Two on a Three leaves 2
        ("3C", 3, "RJ", 5),
        ("RJ", 5, "BJ", 5),  # a Joker counters a Joker
    ],
)
def test_each_bomb_is_countered_and_the_pick_passes_on(
    top: str, bomb: int, counter: str, next_bomb: int
) -> None:
    state = scenario(hands=[["9S"], [counter, "5H"], ["4H"]], pile=[top], bomb=bomb, active=1)
    act(state, 1, f"turn {counter}")
    assert (state.active, state.bomb) == (2, next_bomb)
    assert hand(state, 1) == ["5H"]


@pytest.mark.parametrize(
    ("top", "bomb", "card", "reason"),
    [
        (
            "2H",
            2,
            "3S",
            "The Three of Spades cannot counter the Two of Hearts: a Two or Three "
            "must match its face or suit (a Joker always may), or pass to pick 2",
        ),
        ("3C", 3, "2D", "The Two of Diamonds cannot counter the Three of Clubs"),
        ("BJ", 5, "2H", "Only a Joker counters a Joker (an Ace blocks it), or pass to pick 5"),
        ("RJ", 5, "3S", "Only a Joker counters a Joker"),
        (
            "2H",
            2,
            "9H",
            "A bomb is on you: counter it with a bomb, block it with an Ace, or pass to pick 2",
        ),
        ("2H", 2, "JH", "A bomb is on you"),  # a pick cannot be jumped
        ("2H", 2, "KH", "A bomb is on you"),  # nor kicked back
        ("2H", 2, "QH", "A bomb is on you"),
    ],
)
def test_what_cannot_answer_a_bomb_is_refused(top: str, bomb: int, card: str, reason: str) -> None:
    state = scenario(hands=[["9S"], [card, "5C"]], pile=[top], bomb=bomb, active=1)
    assert refused(state, 1, f"play {card}").startswith(reason)
    assert f"play {card}" not in legal_texts(state, 1)


def test_a_joker_is_only_countered_by_a_joker() -> None:
    state = scenario(
        hands=[["9S"], ["2H", "3H", "RJ", "AH", "JH", "KH", "5H"]], pile=["BJ"], bomb=5, active=1
    )
    assert legal_texts(state, 1) == {"play RJ", "play AH", "pass"}


@pytest.mark.parametrize(
    ("top", "bomb", "ace"),
    [("2H", 2, "AC"), ("3S", 3, "AD"), ("BJ", 5, "AH"), ("RJ", 5, "AC")],
)
def test_each_bomb_is_blocked_by_an_ace(top: str, bomb: int, ace: str) -> None:
    state = scenario(hands=[["9S"], [ace, "5H"]], pile=[top], bomb=bomb, active=1, deck=DECK)
    assert f"play {ace}" in legal_texts(state, 1)
    act(state, 1, f"turn {ace}")  # one Ace: its one value blocks, nothing is left to ask
    assert (state.bomb, state.request, state.active) == (0, "", 0)
    assert hand(state, 1) == ["5H"]
    assert hand(state, 0) == ["9S"]  # nobody picked


@pytest.mark.parametrize(
    ("top", "pending", "turn", "rules", "next_bomb"),
    [
        ("3H", 3, ["2H"], KarataRules(), 2),  # only the top bomb counts
        ("3H", 3, ["2H"], KarataRules(cumulative_bombs=True), 5),  # a 2 on a pending 3 makes 5
        ("7H", 0, ["2H", "2S"], KarataRules(), 2),
        ("7H", 0, ["2H", "2S"], KarataRules(cumulative_bombs=True), 4),  # every bomb counts
        ("3H", 3, ["2H", "2S"], KarataRules(cumulative_bombs=True), 7),
        ("RJ", 5, ["BJ"], KarataRules(cumulative_bombs=True), 10),
        ("RJ", 5, ["BJ"], KarataRules(), 5),
        ("2H", 2, ["3H"], KarataRules(cumulative_bombs=True, pick_three=4), 6),
    ],
)
def test_bombs_are_not_cumulative_unless_the_option_says_so(
    top: str, pending: int, turn: list[str], rules: KarataRules, next_bomb: int
) -> None:
    deck = [*DECK, "4H", "5H", "6H"]
    state = scenario(
        hands=[[*turn, "5C"], ["9S"]], pile=[top], bomb=pending, rules=rules, deck=deck
    )
    act(state, 0, " ".join(["turn", *turn]))
    assert state.bomb == next_bomb
    act(state, 1, "pass")
    assert hand(state, 1) == ["9S", *deck[:next_bomb]]


def test_passing_under_a_bomb_picks_its_count_not_one() -> None:
    state = scenario(hands=[["9S"], ["5C"]], pile=["3H"], bomb=3, active=1, deck=DECK)
    assert legal_texts(state, 1) == {"pass"}
    act(state, 1, "pass")
    assert hand(state, 1) == ["5C", *DECK[:3]]
