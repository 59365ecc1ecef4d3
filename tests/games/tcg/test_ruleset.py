"""The Kata TCG ruleset: its defaults, its limits, rules files and a custom ruleset in play."""

from __future__ import annotations

import pytest

from cardtable.engine import Match, RulesetError
from cardtable.games import find, rules_from_text
from cardtable.games.tcg import TcgRules
from tests.games.tcg.helpers import GAME, RULES_DECK


def test_every_default_is_the_rules_documents_number() -> None:
    rules = TcgRules()
    assert rules.starting_health == 30
    assert rules.mana_slot_cap == 10
    assert rules.hand_limit == 5
    assert [sorted(rules.card(card).cost for card in deck) for deck in rules.decks] == [
        RULES_DECK,
        RULES_DECK,
    ]
    assert (rules.deck_size, rules.copies_limit, rules.board_size) == (20, 4, 3)
    assert not rules.healing
    assert not rules.minions
    assert rules.open_decklists
    assert rules.first_hand == 3
    assert rules.second_hand == 4
    assert GAME.default_ruleset() == rules
    assert find("tcg").default_ruleset() == rules


def test_a_ruleset_says_every_field_as_json() -> None:
    data = TcgRules().to_json()
    deck = [f"d{cost}" for cost in RULES_DECK]
    assert {key: value for key, value in data.items() if key != "cards"} == {
        "starting_health": 30,
        "mana_slot_cap": 10,
        "hand_limit": 5,
        "first_hand": 3,
        "second_hand": 4,
        "healing": False,
        "minions": False,
        "board_size": 3,
        "decks": [deck, deck],
        "deck_size": 20,
        "copies_limit": 4,
        "open_decklists": True,
    }
    assert isinstance(data["cards"], list)
    assert data["cards"][3] == {
        "id": "d3",
        "name": "Damage 3",
        "cost": 3,
        "damage": 3,
        "heal": 3,
        "attack": 3,
        "health": 3,
        "draw": 0,
        "shield": 0,
        "text": "",
        "kind": "value",
        "effects": [],
        "triggers": [],
        "token": False,
    }
    assert TcgRules.from_json(TcgRules(starting_health=7).to_json()) == TcgRules(starting_health=7)


def test_rulesets_are_frozen_and_compare_by_value() -> None:
    rules = TcgRules(hand_limit=7)
    with pytest.raises(ValueError, match="frozen"):
        rules.hand_limit = 3  # type: ignore[misc]
    assert rules == TcgRules.from_json({"hand_limit": 7})
    assert hash(rules) == hash(TcgRules.from_json({"hand_limit": 7}))
    assert rules.changed(hand_limit=4) == TcgRules(hand_limit=4)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"starting_health": 0}, r"^starting_health: must be at least 1 \(got 0\)$"),
        ({"hand_limit": 0}, r"^hand_limit: must be at least 1 \(got 0\)$"),
        ({"mana_slot_cap": 0}, r"^mana_slot_cap: must be at least 1 \(got 0\)$"),
        ({"deck": []}, r"^deck 0 holds 0 cards; a deck holds exactly 20 \(deck_size\)$"),
        ({"deck": ["d1", 1]}, r"^decks\.0\.1: must be text \(got 1\)\n"),
        ({"deck": ["d9"] * 20}, r"^deck 0 names 'd9', which is not in the pool$"),
        ({"deck": ["d1"] * 5, "deck_size": 5}, r"^deck 0 holds 5 copies of 'd1'; at most 4"),
        (
            {"deck": ["d1", "d2"], "deck_size": 2, "first_hand": 3, "second_hand": 1},
            r"first_hand \(3\) cannot be larger than the deck \(2 cards\)",
        ),
        (
            {"deck": ["d1", "d2", "d3"], "deck_size": 3, "first_hand": 1},
            r"second_hand \(4\) cannot be larger than the deck \(3 cards\)",
        ),
        ({"deck": ["d1"] * 4, "decks": [["d1"] * 4] * 2}, r"either deck .* or decks, not both"),
        ({"colour": "red"}, r"^colour: is not a rule of this game \(its rules are: board_size, "),
        ({"starting_health": "30"}, r"^starting_health: must be a whole number \(got '30'\)$"),
        ({"starting_health": True}, r"^starting_health: must be a whole number \(got True\)$"),
        ({"starting_health": 2.5}, r"^starting_health: must be a whole number"),
        ({"deck": "d1, d2"}, r"^decks\.0: must be a list"),
    ],
)
def test_invalid_rulesets_are_refused_with_the_reason(data: dict[str, object], reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        TcgRules.from_json(data)


def test_every_problem_is_reported_on_its_own_line() -> None:
    with pytest.raises(RulesetError) as info:
        TcgRules.from_json({"starting_health": 0, "hand_limit": 0})
    assert info.value.reason.splitlines() == [
        "starting_health: must be at least 1 (got 0)",
        "hand_limit: must be at least 1 (got 0)",
    ]


def test_a_rules_file_changes_only_the_fields_it_names() -> None:
    deck = ("d1", "d1", "d2", "d2", "d3", "d3", "d4", "d4", "d5", "d5")
    text = (
        'game = "tcg"\nstarting_health = 20\ndeck_size = 10\n'
        'deck = ["d1", "d1", "d2", "d2", "d3", "d3", "d4", "d4", "d5", "d5"]\n'
    )
    rules = rules_from_text(GAME, text, source="house.toml")
    assert rules == TcgRules(starting_health=20, deck_size=10, decks=(deck, deck))
    assert rules_from_text(GAME, "", source="house.toml") == TcgRules()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "# house rules\nstarting_health = 0\n",
            r"^house\.toml, line 2: starting_health: must be at least 1 \(got 0\)$",
        ),
        ('hand_limit = 5\n\nstarting_health = "30"\n', r"^house\.toml, line 3: starting_health: "),
        ("starting_health = true\n", r"^house\.toml, line 1: starting_health: must be a whole"),
        ("deck = []\n", r"^house\.toml: deck 0 holds 0 cards; a deck holds exactly 20"),
        ('deck = ["d1", 2]\n', r"^house\.toml: decks\.0\.1: must be text"),
        ("colour = 'red'\n", r"^house\.toml, line 1: colour: is not a rule of this game"),
        (
            'deck_size = 2\ndeck = ["d1", "d2"]\n',
            r"^house\.toml: first_hand \(3\) cannot be larger than the deck",
        ),
        ('game = "war"\n', r"^house\.toml: these are rules for 'war', not for 'tcg'"),
        ("starting_health = \n", r"^house\.toml: not valid TOML"),
    ],
)
def test_rules_file_errors_name_the_file_and_the_line(text: str, reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        rules_from_text(GAME, text, source="house.toml")


def test_a_custom_ruleset_plays_by_its_numbers() -> None:
    deck = ("d1", "d2", "d3")
    rules = TcgRules(
        starting_health=5,
        decks=(deck, deck),
        deck_size=3,
        first_hand=1,
        second_hand=2,
        hand_limit=3,
    )
    match = Match(GAME, rules, seed=11)
    state = match.state
    first = state.active
    second = 1 - first
    for seat in (0, 1):
        assert sorted(c.printed("cost") for c in state.cards if c.owner == seat) == [1, 2, 3]
        assert state.heroes[seat].life.value == 5
    assert len(state.hands[first]) == 2  # 1 opening card + the first turn's draw
    assert len(state.hands[second]) == 2
    # Nobody plays a card. The second player's deck (1 card) runs out on turn 2, the
    # starter's on turn 3; from then on each bleeds 1 on each of their turns. The second
    # player bleeds on turns 4, 6, 8, 10 and 12: the fifth bleed, on turn 12, kills.
    for turn in range(1, 11):
        match.decide(state.active, "end")
        assert state.outcome is None, f"over after turn {turn}"
    match.decide(state.active, "end")
    assert state.outcome is not None
    assert state.outcome.winners == (first,)
    assert state.turn == 12
    assert state.heroes[second].life.value == 0
    assert state.heroes[first].life.value == 1
    assert max(len(hand) for hand in state.hands) == 3
