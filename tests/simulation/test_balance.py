"""The balance tools: deck against deck, and per-card statistics."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from cardtable.agents import SeatSpec, parse_seats
from cardtable.engine.errors import RulesetError
from cardtable.games import find
from cardtable.simulation import SimulationError
from cardtable.simulation.balance import balance_json, card_stats, deck_matrix

STRONG = 'set = "kata"\n[cards]\nbolt = 4\nember = 4\nsprite = 4\nlance = 4\nd3 = 4\n'
WEAK = 'set = "kata"\n[cards]\nd0 = 4\nmend = 4\ntonic = 4\nwall = 4\nd8 = 4\n'
MIDDLE = 'set = "kata"\n[cards]\nd1 = 4\nd2 = 4\nd3 = 4\nd4 = 4\nd5 = 4\n'

_TEST_CARDS = [("d1", 1, 1), ("d2", 2, 2), ("d3", 3, 3), ("d4", 4, 4), ("d5", 5, 5)]
_TEST_CARDS += [("nuke", 1, 25), ("dud", 9, 0)]
_NUKE_DECK = ["nuke", "dud", "dud", *["d1"] * 4, *["d2"] * 4, *["d3"] * 4, *["d4"] * 4, "d5"]


def write_decks(folder: Path) -> dict[str, Path]:
    """Deck files in ``folder``: a strong, a weak and a middling deck of the kata set."""
    paths = {}
    for name, text in (("strong", STRONG), ("weak", WEAK), ("middle", MIDDLE)):
        paths[name] = folder / f"{name}.toml"
        paths[name].write_text(f'name = "{name.title()}"\n{text}', encoding="utf-8")
    return paths


def write_nuke_deck(folder: Path) -> Path:
    """A set file with a card that wins when played (``nuke``: 25 damage for 1 mana) and one
    nobody plays (``dud``: 0 damage for 9), and a deck of that set holding one nuke."""
    lines = ['name = "Test"', "deck = [" + ", ".join(f'"{c}"' for c in _NUKE_DECK) + "]", ""]
    for key, cost, value in _TEST_CARDS:
        lines += ["[[cards]]", f'id = "{key}"', f'name = "{key.title()}"', f"cost = {cost}"]
        lines += [f"value = {value}", ""]
    (folder / "test-set.toml").write_text("\n".join(lines), encoding="utf-8")
    deck = folder / "nuke.toml"
    deck.write_text(
        'name = "Nuke"\nset = "test-set.toml"\n[cards]\nnuke = 1\ndud = 2\nd1 = 4\nd2 = 4\n'
        "d3 = 4\nd4 = 4\nd5 = 1\n",
        encoding="utf-8",
    )
    return deck


def test_a_strong_deck_beats_a_weak_one(tmp_path: Path) -> None:
    decks = write_decks(tmp_path)
    game = find("tcg")
    files = [decks["strong"], decks["weak"], decks["middle"]]
    matrix = deck_matrix(game, game.default_ruleset(), files, SeatSpec("greedy"), 4, seed=2)
    assert matrix.decks == ("strong", "weak", "middle")
    assert len(matrix.cells) == 6
    strong_weak, weak_strong = matrix.versus(0, 1), matrix.versus(1, 0)
    assert strong_weak.matches == weak_strong.matches == 8
    assert strong_weak.wins.rate >= 0.8
    assert strong_weak.wins.count + strong_weak.losses + strong_weak.draws == 8
    assert strong_weak.wins.count == weak_strong.losses
    assert strong_weak.went_first + weak_strong.went_first == 8
    standings = {standing.name: standing.wins for standing in matrix.standings}
    assert standings["strong"].rate > standings["middle"].rate > standings["weak"].rate
    assert standings["strong"].interval.low > 0.5
    with pytest.raises(KeyError):
        matrix.versus(0, 0)


def test_the_matrix_is_the_same_for_one_and_two_workers(tmp_path: Path) -> None:
    decks = write_decks(tmp_path)
    game = find("tcg")
    files = [decks["middle"], decks["strong"]]
    one, two = (
        deck_matrix(game, game.default_ruleset(), files, SeatSpec("random"), 4, 9, workers)
        for workers in (1, 2)
    )
    assert two.workers == 2
    assert one.cells == two.cells
    assert dataclasses.replace(one, seconds=0, workers=0) == dataclasses.replace(
        two, seconds=0, workers=0
    )


def test_a_card_that_wins_is_strong_and_one_never_played_is_unused(tmp_path: Path) -> None:
    deck = write_nuke_deck(tmp_path)
    game = find("tcg")
    option = game.ruleset_options()["deck"]
    ruleset = option.apply(option.apply(game.default_ruleset(), f"0={deck}"), f"1={deck}")
    stats = card_stats(game, ruleset, parse_seats("greedy,greedy"), 60, seed=3)
    assert stats.matches == 60
    assert stats.average.matches == 120
    assert stats.flagged("strong") == ["nuke"]
    assert stats.flagged("unused") == ["dud"]
    nuke = stats.card("nuke")
    assert nuke.name == "Nuke"
    assert nuke.played.interval.low > stats.average.rate
    assert nuke.times_played <= nuke.times_drawn
    assert stats.card("d2").flag is None
    with pytest.raises(KeyError):
        stats.card("bolt")


def test_card_statistics_are_the_same_for_one_and_two_workers() -> None:
    game = find("tcg")
    specs = parse_seats("greedy,random")
    one, two = (
        card_stats(game, game.default_ruleset(), specs, 12, 4, workers) for workers in (1, 2)
    )
    assert two.workers == 2
    assert one.cards == two.cards
    assert one.average == two.average


def test_results_as_json(tmp_path: Path) -> None:
    decks = write_decks(tmp_path)
    game = find("tcg")
    files = [decks["strong"], decks["weak"]]
    matrix = deck_matrix(game, game.default_ruleset(), files, SeatSpec("greedy"), 1, seed=1)
    document = json.loads(balance_json(matrix))
    assert document["kind"] == "decks"
    assert document["decks"] == ["strong", "weak"]
    assert document["cells"][0]["wins"]["interval"].keys() == {"low", "high"}
    stats = card_stats(game, game.default_ruleset(), parse_seats("greedy,greedy"), 2, seed=1)
    document = json.loads(balance_json(stats))
    assert document["kind"] == "cards"
    assert {"card", "times_drawn", "played", "flag"} <= document["cards"][0].keys()


def test_bad_requests_are_refused_before_any_match(tmp_path: Path) -> None:
    decks = write_decks(tmp_path)
    game = find("tcg")
    rules = game.default_ruleset()
    greedy = SeatSpec("greedy")
    with pytest.raises(SimulationError, match="at least two decks"):
        deck_matrix(game, rules, [decks["strong"]], greedy, 2, 1)
    with pytest.raises(SimulationError, match="given twice"):
        deck_matrix(game, rules, [decks["strong"], decks["strong"]], greedy, 2, 1)
    with pytest.raises(SimulationError, match="at least one match"):
        deck_matrix(game, rules, [decks["strong"], decks["weak"]], greedy, 0, 1)
    with pytest.raises(RulesetError, match="no such deck file"):
        deck_matrix(game, rules, [decks["strong"], tmp_path / "gone.toml"], greedy, 2, 1)
    war = find("war")
    with pytest.raises(SimulationError, match="no decks"):
        deck_matrix(war, war.default_ruleset(), [decks["strong"], decks["weak"]], greedy, 2, 1)
