"""Deck files: built from a card set, saved, loaded and checked with clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.agents import RandomAgent
from cardtable.engine import RulesetError
from cardtable.games.tcg import TcgRules, load_set
from cardtable.games.tcg.decks import (
    DEFAULT_SET,
    Deck,
    add_cards,
    card_summary,
    check_deck,
    copies_allowed,
    counts_text,
    deck_text,
    load_deck,
    mana_curve,
    parse_counts,
    parse_deck,
    read_deck,
    remove_cards,
    save_deck,
    set_reference,
    with_decks,
)
from cardtable.games.tcg.options import OPTIONS, deck_seat
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
            GOOD + "ogre = [2,\n",
            r"deck\.toml: not valid TOML: .* \(at line 11, where the file ends\)$",
        ),
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
        ("name = 3\n" + GOOD.replace('name = "Bolts"\n', ""), r"deck\.toml: name must be text"),
        (GOOD.replace('"Bolts"', '"  "'), r"deck\.toml: name must be text"),
        (GOOD.replace('"Bolts"', '"Bolts\\nand walls"'), r"deck\.toml: name must be one line"),
        (GOOD.replace('"Bolts"', '"Bolts\\tWalls"'), r"deck\.toml: name must be one line"),
    ],
)
def test_a_bad_deck_file_says_what_is_wrong(tmp_path: Path, text: str, reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        load_deck(write(tmp_path, text))


def test_a_deck_without_a_name_is_called_by_its_file_name(tmp_path: Path) -> None:
    deck, _ = load_deck(write(tmp_path, GOOD.replace('name = "Bolts"\n', ""), "fire.toml"))
    assert deck.name == "fire"
    deck, _ = load_deck(write(tmp_path, GOOD.replace('"Bolts"', '" Bolts & Co "'), "x.toml"))
    assert deck.name == "Bolts & Co"


def test_the_deck_option_names_the_deck_it_reads(tmp_path: Path) -> None:
    label = OPTIONS["deck"].label
    assert label is not None
    assert label(str(write(tmp_path, GOOD))) == "Bolts"
    unnamed = write(tmp_path, GOOD.replace('name = "Bolts"\n', ""), "fire.toml")
    assert label(f"1={unnamed}") == "fire"
    assert deck_seat(f"1={unnamed}") == (1, str(unnamed))
    assert deck_seat(f" {unnamed} ") == (0, str(unnamed))
    with pytest.raises(RulesetError, match="no such deck file"):
        label(str(tmp_path / "gone.toml"))


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


LEGENDS = load_set("legends")


def test_the_default_set_is_the_default_pool() -> None:
    assert load_set(DEFAULT_SET).cards == TcgRules().cards


def test_a_deck_is_built_a_card_at_a_time_with_the_same_limits() -> None:
    rules = TcgRules()
    deck = Deck(name="Built", set="kata", counts=())
    deck = add_cards(deck, KATA, rules, "bolt", 3)
    deck = add_cards(deck, KATA, rules, "d1", 4)
    deck = add_cards(deck, KATA, rules, "bolt")
    assert deck.counts == (("bolt", 4), ("d1", 4))
    assert deck.size == 8
    with pytest.raises(RulesetError, match=r"5 copies of 'bolt'; at most 4 are allowed \(it holds"):
        add_cards(deck, KATA, rules, "bolt")
    with pytest.raises(RulesetError, match=r"no card 'blot' in the Kata set \(did you mean 'bolt'"):
        add_cards(deck, KATA, rules, "blot")
    with pytest.raises(RulesetError, match="at least one copy"):
        add_cards(deck, KATA, rules, "d2", 0)
    for card in ("d2", "d3", "d4"):
        deck = add_cards(deck, KATA, rules, card, 4)
    assert deck.size == 20
    check_deck(deck, KATA, rules)
    with pytest.raises(RulesetError, match=r"would hold 22 cards; .* 20 \(room for 2 more\)"):
        add_cards(remove_cards(deck, "d4", 2), KATA, rules, "wall", 4)
    with pytest.raises(RulesetError, match="the deck is full: it holds 20 cards"):
        add_cards(deck, KATA, rules, "wall")


def test_cards_are_removed_a_copy_or_several_at_a_time() -> None:
    deck = Deck(name="d", set="kata", counts=(("bolt", 2), ("wall", 1)))
    assert remove_cards(deck, "bolt").counts == (("bolt", 1), ("wall", 1))
    assert remove_cards(deck, "bolt", 2).counts == (("wall", 1),)
    with pytest.raises(RulesetError, match=r"holds no 'blot' \(did you mean 'bolt'\?\)"):
        remove_cards(deck, "blot")
    with pytest.raises(RulesetError, match="holds 1 of 'wall': remove 1 to 1"):
        remove_cards(deck, "wall", 2)


def test_tokens_never_go_into_a_deck(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="'burden' is a token: only effects make it"):
        add_cards(Deck(name="d", set="legends", counts=()), LEGENDS, TcgRules(), "burden")
    text = 'name = "t"\nset = "legends"\n\n[cards]\nfireball = 4\nskeleton = 4\n'
    with pytest.raises(RulesetError, match=r"deck\.toml, line 6: 'skeleton' is a token"):
        load_deck(write(tmp_path, text))
    assert copies_allowed(LEGENDS.card("skeleton"), TcgRules()) == 0
    assert copies_allowed(LEGENDS.card("fireball"), TcgRules(copies_limit=5)) == 5


def test_a_wrong_size_says_how_many_to_add_or_remove(tmp_path: Path) -> None:
    with pytest.raises(
        RulesetError, match=r"holds 19 cards; a deck holds exactly 20 \(add 1 more\)"
    ):
        load_deck(write(tmp_path, GOOD.replace("wall = 2", "wall = 1")))
    with pytest.raises(RulesetError, match=r"holds 21 cards; a deck holds exactly 20 \(remove 1\)"):
        load_deck(write(tmp_path, GOOD.replace("wall = 2", "wall = 3")))


def test_the_mana_curve_counts_cards_per_cost() -> None:
    deck = parse_deck(GOOD, source="deck.toml")
    assert mana_curve(deck, KATA) == ((0, 0), (1, 10), (2, 4), (3, 6))
    assert sum(count for _, count in mana_curve(deck, KATA)) == 20
    assert mana_curve(Deck(name="e", set="kata", counts=()), KATA) == ()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bolt", r"--cards: 'bolt' is not id=copies \(write them like bolt=4,d1=2\)"),
        ("bolt=4,,d1=2", r"--cards: '' is not id=copies"),
        ("bolt=four", r"'bolt=four' is not id=copies"),
        ("bolt=-1", r"'bolt=-1' is not id=copies"),
        ("bolt=0", r"bolt=0: give at least 1 copy"),
        ("bolt=2,bolt=2", r"'bolt' is given twice"),
    ],
)
def test_bad_card_counts_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(RulesetError, match=reason):
        parse_counts(text)


def test_card_counts_round_trip() -> None:
    deck = parse_deck(GOOD, source="deck.toml")
    assert parse_counts(counts_text(deck)) == deck.counts
    assert parse_counts(" bolt = 4 , d1=2 ") == (("bolt", 4), ("d1", 2))


def test_every_card_of_every_set_has_a_summary() -> None:
    for name in ("classic", "kata", "legends"):
        for card in load_set(name).cards:
            assert card_summary(card)
    assert card_summary(load_set("classic").card("d3")) == (
        "Deal 3 damage to an enemy, heal yourself 3, or play it as a 3/3 minion."
    )
    assert card_summary(LEGENDS.card("skeleton")) == (
        "Minion 1/1. Only other cards make it: never in a deck."
    )
    assert card_summary(LEGENDS.card("fireball")) == "Spell: deal 6 damage to a chosen character."


def test_a_set_file_is_named_relative_to_the_deck_file(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    set_file = tmp_path / "sets" / "mine.toml"
    set_file.write_text(
        'name = "Mine"\n\n[[cards]]\nid = "spark"\nname = "Spark"\ncost = 1\ndamage = 2\n',
        encoding="utf-8",
    )
    (tmp_path / "decks").mkdir()
    deck_path = tmp_path / "decks" / "sparks.toml"
    reference = set_reference(str(set_file), deck_path)
    assert reference == "../sets/mine.toml"
    save_deck(Deck(name="Sparks", set=reference, counts=(("spark", 4),)), deck_path)
    rules = TcgRules(deck_size=4, decks=(("d1",) * 4,) * 2)
    deck, card_set = load_deck(deck_path, rules)
    assert card_set.name == "Mine"
    assert read_deck(deck_path) == deck
    assert set_reference("legends", deck_path) == "legends"


def test_unreadable_deck_files(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="that is a folder, not a deck file"):
        read_deck(tmp_path)
    binary = tmp_path / "b.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RulesetError, match="not a text file"):
        read_deck(binary)


def test_a_deck_that_cannot_be_written_says_so(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="cannot write it"):
        save_deck(Deck(name="d", set="kata", counts=(("bolt", 1),)), tmp_path)


@pytest.mark.parametrize("where", ["sub", "x" * 300])
def test_a_set_that_is_no_file_is_no_set(tmp_path: Path, where: str) -> None:
    (tmp_path / "sub").mkdir()
    text = f'set = "{where}"\n[cards]\nd1 = 4\n'
    with pytest.raises(RulesetError, match="is neither a card set of cardtable"):
        load_deck(write(tmp_path, text))
