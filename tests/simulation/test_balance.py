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
from cardtable.simulation.balance.decks import deck_labels

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
    folder.mkdir(parents=True, exist_ok=True)
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
    assert matrix.decks == ("Strong", "Weak", "Middle")
    assert len(matrix.cells) == 6
    strong_weak, weak_strong = matrix.versus(0, 1), matrix.versus(1, 0)
    assert strong_weak.matches == weak_strong.matches == 8
    assert strong_weak.wins.rate >= 0.8
    assert strong_weak.wins.count + strong_weak.losses + strong_weak.draws == 8
    assert strong_weak.wins.count == weak_strong.losses
    assert strong_weak.went_first + weak_strong.went_first == 8
    standings = {standing.name: standing.wins for standing in matrix.standings}
    assert standings["Strong"].rate > standings["Middle"].rate > standings["Weak"].rate
    assert standings["Strong"].interval.low > 0.5
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


def write_deck(path: Path, text: str, name: str | None = None) -> Path:
    """A deck file at ``path`` (its folders made), with a ``name`` line when ``name`` is given."""
    path.parent.mkdir(parents=True, exist_ok=True)
    line = "" if name is None else f'name = "{name}"\n'
    path.write_text(line + text, encoding="utf-8")
    return path


def test_decks_are_called_by_their_name_field_or_else_their_file_name(tmp_path: Path) -> None:
    named = write_deck(tmp_path / "fire.toml", STRONG, name="Bolts and embers")
    unnamed = write_deck(tmp_path / "water.toml", WEAK)
    game = find("tcg")
    matrix = deck_matrix(game, game.default_ruleset(), [named, unnamed], SeatSpec("greedy"), 1, 1)
    assert matrix.decks == ("Bolts and embers", "water")
    assert [standing.name for standing in matrix.standings] == ["Bolts and embers", "water"]
    assert matrix.files == (str(named), str(unnamed))


def test_decks_that_share_a_name_are_told_apart_by_their_paths(tmp_path: Path) -> None:
    decks = [
        write_deck(tmp_path / "red" / "fire.toml", STRONG),
        write_deck(tmp_path / "blue" / "fire.toml", WEAK),
        write_deck(tmp_path / "blue" / "one.toml", MIDDLE, name="Twin"),
        write_deck(tmp_path / "blue" / "two.toml", STRONG, name="Twin"),
    ]
    game = find("tcg")
    matrix = deck_matrix(game, game.default_ruleset(), decks, SeatSpec("greedy"), 1, 1)
    assert matrix.decks == (
        "fire (red/fire.toml)",
        "fire (blue/fire.toml)",
        "Twin (one.toml)",
        "Twin (two.toml)",
    )
    assert tuple(standing.name for standing in matrix.standings) == matrix.decks


@pytest.mark.parametrize(
    ("names", "files", "labels"),
    [
        (["Fire", "Water"], ["a/fire.toml", "a/water.toml"], ["Fire", "Water"]),
        (
            ["fire", "fire"],
            ["a/fire.toml", "b/fire.toml"],
            ["fire (a/fire.toml)", "fire (b/fire.toml)"],
        ),
        (
            ["fire", "fire", "fire"],
            ["x/a/fire.toml", "y/a/fire.toml", "z/b/fire.toml"],
            ["fire (x/a/fire.toml)", "fire (y/a/fire.toml)", "fire (b/fire.toml)"],
        ),
        (
            ["Fire", "Fire"],
            ["fire.toml", "old/fire.toml"],
            ["Fire (fire.toml)", "Fire (old/fire.toml)"],
        ),
        (
            ["Fire", "Fire"],
            ["fire.toml", "./fire.toml"],
            ["Fire (fire.toml)", "Fire (./fire.toml)"],
        ),
        (["Fire", "Fire"], ["a/fire.toml", "a/fire.toml"], ["Fire", "Fire"]),
        (
            ["Fire (a/fire.toml)", "Fire", "Fire"],
            ["c/x.toml", "a/fire.toml", "b/fire.toml"],
            ["Fire (a/fire.toml)", "Fire (a/fire.toml) #2", "Fire (b/fire.toml)"],
        ),
    ],
)
def test_labels_tell_different_files_apart_and_only_them(
    names: list[str], files: list[str], labels: list[str]
) -> None:
    assert deck_labels(names, files) == tuple(labels)


def test_labels_need_a_name_per_file() -> None:
    with pytest.raises(ValueError, match="one name per file: got 2 for 1"):
        deck_labels(["a", "b"], ["a.toml"])


def test_card_statistics_say_which_deck_each_seat_played(tmp_path: Path) -> None:
    deck = write_nuke_deck(tmp_path)
    game = find("tcg")
    option = game.ruleset_options()["deck"]
    ruleset = option.apply(game.default_ruleset(), f"0={deck}")
    specs = parse_seats("greedy,greedy")
    stats = card_stats(game, ruleset, specs, 2, seed=3, decks=["Nuke", None])
    assert stats.decks == ("Nuke", None)
    assert card_stats(game, ruleset, specs, 2, seed=3).decks == (None, None)
    with pytest.raises(SimulationError, match="a deck name for each of the 2 seats"):
        card_stats(game, ruleset, specs, 2, seed=3, decks=["Nuke"])


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
    assert document["decks"] == ["Strong", "Weak"]
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
