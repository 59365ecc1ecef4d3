"""Deck files: built from a card set, saved, loaded and checked with clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.agents import RandomAgent
from cardtable.engine import RulesetError
from cardtable.games.tcg import TcgRules, load_set
from cardtable.games.tcg.decks import Deck, check_deck, deck_text, load_deck, save_deck, with_decks
from cardtable.simulation import agent_rng, play_match
from tests.games.tcg.helpers import GAME

KATA = load_set("kata")
GOOD = """name = "Bolts"
set = "kata"

[cards]
bolt = 4
d1 = 4
d2 = 4
d3 = 4
scout = 2
wall = 2
"""


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_saved_deck_loads_back(tmp_path: Path) -> None:
    deck = Deck(
        name="Mine",
        set="kata",
        counts=(("bolt", 4), ("d5", 4), ("d6", 4), ("mend", 4), ("scholar", 4)),
    )
    path = tmp_path / "mine.toml"
    save_deck(deck, path)
    loaded, card_set = load_deck(path)
    assert loaded == deck
    assert card_set.name == "Kata"
    assert len(loaded.cards) == 20
    assert path.read_text(encoding="utf-8") == deck_text(deck)


def test_a_deck_file_is_plain_readable_toml(tmp_path: Path) -> None:
    deck, _ = load_deck(write(tmp_path, GOOD))
    assert deck.name == "Bolts"
    assert deck.counts[0] == ("bolt", 4)
    assert deck.cards.count("wall") == 2


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            GOOD.replace("wall = 2", "wall = 1"),
            r"deck\.toml: the deck holds 19 cards; a deck holds exactly 20",
        ),
        (
            GOOD.replace("wall = 2", "wall = 3"),
            r"deck\.toml: the deck holds 21 cards; a deck holds exactly 20",
        ),
        (
            GOOD.replace("bolt = 4", "blot = 4"),
            r"deck\.toml, line 5: no card 'blot' in the Kata set \(did you mean 'bolt'\?\)",
        ),
        (
            GOOD.replace("bolt = 4\nd1 = 4", "bolt = 5\nd1 = 3"),
            r"deck\.toml, line 5: 5 copies of 'bolt'; at most 4 are allowed",
        ),
        (GOOD.replace("bolt = 4", "bolt = "), r"deck\.toml: not valid TOML"),
        (
            GOOD.replace("bolt = 4", "bolt = 0"),
            r"deck\.toml, line 5: bolt = 0: a count is a whole number",
        ),
        (GOOD.replace("bolt = 4", 'bolt = "four"'), r"bolt = 'four': a count is a whole number"),
        (
            GOOD.replace('set = "kata"', 'set = "zoo"'),
            r"set 'zoo' is neither a card set of cardtable \(classic, kata, legends\)",
        ),
        (GOOD.replace('set = "kata"\n', ""), r"deck\.toml: set must name the card set"),
        ("colour = 1\n" + GOOD, r"'colour' is not part of a deck file"),
        ('name = "x"\nset = "kata"\n', r"a \[cards\] table must list each card's copies"),
    ],
)
def test_a_bad_deck_file_says_what_is_wrong(tmp_path: Path, text: str, reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        load_deck(write(tmp_path, text))


def test_a_missing_deck_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"nowhere\.toml: no such deck file"):
        load_deck(tmp_path / "nowhere.toml")


def test_limits_come_from_the_rules(tmp_path: Path) -> None:
    small = 'name = "s"\nset = "kata"\n\n[cards]\nbolt = 6\nd1 = 4\n'
    with pytest.raises(RulesetError, match="6 copies of 'bolt'"):
        load_deck(write(tmp_path, small))
    rules = TcgRules(deck_size=10, copies_limit=6, decks=(("d1",) * 6 + ("d2",) * 4,) * 2)
    deck, _ = load_deck(write(tmp_path, small), rules)
    assert len(deck.cards) == 10


def test_a_deck_may_be_built_from_a_set_file_beside_it(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(
        'name = "Mine"\n\n[[cards]]\nid = "spark"\nname = "Spark"\ncost = 1\ndamage = 2\n',
        encoding="utf-8",
    )
    deck_path = write(tmp_path, 'name = "Sparks"\nset = "mine.toml"\n\n[cards]\nspark = 4\n')
    deck, card_set = load_deck(deck_path, TcgRules(deck_size=4, decks=(("d1",) * 4,) * 2))
    assert card_set.cards[0].id == "spark"
    check_deck(deck, card_set, TcgRules(deck_size=4, decks=(("d1",) * 4,) * 2))


def test_loaded_decks_are_played(tmp_path: Path) -> None:
    ours, card_set = load_deck(write(tmp_path, GOOD))
    theirs = Deck(
        name="Starter",
        set="kata",
        counts=tuple((card, KATA.deck.count(card)) for card in dict.fromkeys(KATA.deck)),
    )
    rules = with_decks(TcgRules(minions=True), card_set, (ours, theirs))
    assert rules.decks[0] == ours.cards
    assert sorted(rules.decks[1]) == sorted(KATA.deck)
    agents = [RandomAgent(agent_rng(3, seat)) for seat in (0, 1)]
    match = play_match(GAME, rules, agents, seed=3)
    assert match.over
    assert {card.key for card in match.state.cards if card.owner == 0} <= set(ours.cards)
