"""``cardtable deck``: pool, new (at once and card by card), show, validate, list; and a built
deck played with ``cardtable play tcg --deck``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.cli.terminal import Terminal
from cardtable.engine import Record
from cardtable.games.tcg import load_set
from cardtable.games.tcg.decks import load_deck
from tests.cli.helpers import invoke, run_process
from tests.jsondata import strs

KATA_20 = "bolt=4,d1=4,d2=4,d3=4,wall=4"
GOOD = 'name = "Bolts"\nset = "kata"\n\n[cards]\nbolt = 4\nd1 = 4\nd2 = 4\nd3 = 4\nwall = 4\n'


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def no_traceback(*outputs: str) -> None:
    for output in outputs:
        assert "Traceback" not in output


def test_pool_lists_every_card_with_what_it_does_and_the_copies_allowed() -> None:
    result = invoke("deck", "pool", "legends")
    assert result.exit_code == 0, result.output
    assert "The Legends set" in result.output
    assert re.search(r"fireball\s+Fireball\s+4\s+spell\s+Spell: deal 6 damage to a", result.output)
    assert re.search(r"skeleton\s+Skeleton\s+1\s+minion\s+Minion 1/1\. Only other", result.output)
    assert "A deck holds exactly 20 cards, at most 4 of a card." in result.output
    default = invoke("deck", "pool")
    assert "The Classic set" in default.output
    assert re.search(r"d3\s+Damage 3\s+3\s+value\s+Deal 3 damage to an\s", default.output)


def test_pool_of_an_unknown_set_is_an_error() -> None:
    result = invoke("deck", "pool", "zoo")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: no card set is called 'zoo'; the sets are: classic, kata, legends"
    )


def test_new_with_cards_saves_a_deck_that_validates_and_shows(tmp_path: Path) -> None:
    path = tmp_path / "fire.toml"
    made = invoke("deck", "new", str(path), "--set", "kata", "--name", "Fire", "--cards", KATA_20)
    assert made.exit_code == 0, made.output
    assert f"Saved {path}: Fire, 20 cards from the Kata set." in made.output
    assert f"cardtable play tcg --deck {path}" in made.output
    deck, card_set = load_deck(path)
    assert (deck.name, deck.set, card_set.name) == ("Fire", "kata", "Kata")
    assert deck.counts == (("bolt", 4), ("d1", 4), ("d2", 4), ("d3", 4), ("wall", 4))

    valid = invoke("deck", "validate", str(path))
    assert valid.exit_code == 0
    assert valid.output.strip() == f"ok: {path} (Fire, 20 cards from Kata)"

    shown = invoke("deck", "show", str(path))
    assert shown.exit_code == 0, shown.output
    assert "Fire · 20 cards from the Kata set (kata)" in shown.output
    assert re.search(r"4\s+bolt\s+Bolt\s+1\s+value\s+Deal 3 damage to", shown.output)
    assert re.search(r"20\s+total", shown.output)
    curve = shown.output.split("Mana curve (cards per cost)\n")[1].splitlines()
    assert [re.sub(r"[^0-9 ]", "", line).split() for line in curve] == [
        ["0"],
        ["1", "8"],
        ["2", "4"],
        ["3", "8"],
    ]


def test_new_names_the_deck_after_its_file_and_uses_the_default_set(tmp_path: Path) -> None:
    path = tmp_path / "plain.toml"
    result = invoke("deck", "new", str(path), "--cards", "d1=4,d2=4,d3=4,d4=4,d5=4")
    assert result.exit_code == 0, result.output
    deck, card_set = load_deck(path)
    assert (deck.name, deck.set, card_set.name) == ("plain", "classic", "Classic")


def test_new_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.toml", "precious\n")
    refused = invoke("deck", "new", str(path), "--cards", "d1=4,d2=4,d3=4,d4=4,d5=4")
    assert refused.exit_code == 2
    assert refused.stderr.strip() == f"error: {path} exists already: give --force to overwrite it"
    assert path.read_text(encoding="utf-8") == "precious\n"
    interactive = invoke("deck", "new", str(path), input="d1 4\n")
    assert interactive.exit_code == 2
    assert "0/20>" not in interactive.output  # refused before anything is asked
    forced = invoke("deck", "new", str(path), "--force", "--cards", "d1=4,d2=4,d3=4,d4=4,d5=4")
    assert forced.exit_code == 0, forced.output
    assert load_deck(path)[0].size == 20


@pytest.mark.parametrize(
    ("args", "code", "reason"),
    [
        (
            ["--cards", "bolt4"],
            2,
            "--cards: 'bolt4' is not id=copies (write them like bolt=4,d1=2)",
        ),
        (["--cards", "bolt=4,bolt=1"], 2, "--cards: 'bolt' is given twice"),
        (["--cards", "bolt=4,d1=4"], 1, "--cards: the deck holds 8 cards; a deck holds exactly 20"),
        (["--cards", "bolt=5,d1=3,d2=4,d3=4,d4=4"], 1, "--cards: 5 copies of 'bolt'; at most 4"),
        (
            ["--cards", "blot=4"],
            1,
            "--cards: no card 'blot' in the Kata set (did you mean 'bolt'?)",
        ),
        (["--set", "zoo", "--cards", "d1=4"], 1, "no card set is called 'zoo'"),
        (["--name", " ", "--cards", "d1=4"], 2, "--name: give the deck a name"),
        (["--name", "Two\nlines", "--cards", "d1=4"], 2, "--name: name must be one line"),
    ],
)
def test_new_with_bad_cards_says_what_is_wrong_and_saves_nothing(
    tmp_path: Path, args: list[str], code: int, reason: str
) -> None:
    path = tmp_path / "deck.toml"
    extra = [] if "--set" in args else ["--set", "kata"]
    result = invoke("deck", "new", str(path), *extra, *args)
    assert result.exit_code == code, result.output
    assert result.stderr.startswith("error: ")
    assert reason in result.stderr
    no_traceback(result.output)
    assert not path.exists()


def test_new_refuses_paths_it_could_not_write(tmp_path: Path) -> None:
    a_file = write(tmp_path, "file.txt", "x")
    for path, reason in (
        (tmp_path / "nowhere" / "d.toml", "there is no folder"),
        (a_file / "d.toml", "there is no folder"),
        (tmp_path, "that is a folder; give a file name"),
    ):
        result = invoke("deck", "new", str(path), "--cards", "d1=4,d2=4,d3=4,d4=4,d5=4")
        assert result.exit_code == 2
        assert reason in result.stderr
        no_traceback(result.output)


def test_a_deck_built_card_by_card_from_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "piped.toml"
    typed = "\n".join(
        [
            "bolt 3",
            "blot",  # a typo: reported, with a suggestion
            "bolt 2",  # one copy too many
            "skeleton",  # not in this set
            "d1 4",
            "-bolt",
            "bolt x",  # not a number
            "done",  # too early
            "?",
            "show",
            "d2 4",
            "d3 4",
            "wall 4",
            "d4 3",  # over 20
            "bolt 2",
            "d5",  # the deck is full
            "done",
        ]
    )
    result = invoke("deck", "new", str(path), "--set", "kata", input=typed + "\n")
    output = result.output
    assert result.exit_code == 0, output
    no_traceback(output)
    assert "Building 'piped' from the Kata set: exactly 20 cards, at most 4 copies" in output
    assert "0/20> bolt 3\n+3 Bolt (bolt): 3 in the deck, 3/20 cards" in output
    assert "no card 'blot' in the Kata set (did you mean 'bolt'?)" in output
    assert "the deck would hold 5 copies of 'bolt'; at most 4 are allowed (it holds 3)" in output
    assert "no card 'skeleton' in the Kata set" in output
    assert "6/20> bolt x\n'bolt x': type a card's id and a number, as in bolt 2" in output
    assert "not done: the deck holds 6 cards; a deck holds exactly 20 (add 14 more)" in output
    assert "take one copy out, or two" in output  # the help
    assert re.search(r"4\s+d1\s+Damage 1", output)  # the deck so far
    assert "the deck would hold 21 cards; a deck holds exactly 20 (room for 2 more)" in output
    assert "The deck is complete: type done to save it." in output
    assert "the deck is full: it holds 20 cards" in output
    assert f"Saved {path}: piped, 20 cards from the Kata set." in output
    deck, _ = load_deck(path)
    assert dict(deck.counts) == {"bolt": 4, "d1": 4, "d2": 4, "d3": 4, "wall": 4}


def test_the_end_of_input_before_done_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "half.toml"
    result = run_process("deck", "new", str(path), input="d1 4\nd2 4\n")
    output = result.stdout + result.stderr
    assert result.returncode == 1
    no_traceback(output)
    assert "The input ended before done: nothing was saved." in output
    assert not path.exists()


def test_quitting_asks_first_and_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "q.toml"
    kept = invoke("deck", "new", str(path), input="d1 4\nquit\nn\nquit\ny\n")
    assert kept.exit_code == 1
    assert kept.output.count("Leave without saving the deck? [y/N]") == 2
    assert "You quit: nothing was saved." in kept.output
    assert not path.exists()
    ended = invoke("deck", "new", str(path), input="d1 4\nquit\n")
    assert ended.exit_code == 1
    assert "The input ended before done: nothing was saved." in ended.output
    empty = invoke("deck", "new", str(path), input="q\n")
    assert empty.exit_code == 1
    assert "Leave without saving" not in empty.output


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (GOOD.replace("wall = 4", "wall = 3"), "the deck holds 19 cards; a deck holds exactly 20"),
        (GOOD.replace("wall = 4", "wall = 4\nd4 = 1"), "the deck holds 21 cards"),
        (GOOD.replace("bolt = 4", "blot = 4"), ", line 5: no card 'blot' in the Kata set"),
        (
            GOOD.replace("d1 = 4", "d1 = 3").replace("bolt = 4", "bolt = 5"),
            ", line 5: 5 copies of 'bolt'; at most 4 are allowed",
        ),
        (GOOD.replace("d1 = 4", "d1 = "), ": not valid TOML"),
        (
            GOOD.replace('set = "kata"', 'set = "legends"').replace("wall = 4", "burden = 4"),
            "no card 'bolt' in the Legends set",
        ),
    ],
)
def test_validate_names_the_file_the_line_and_the_card(
    tmp_path: Path, text: str, reason: str
) -> None:
    path = write(tmp_path, "bad.toml", text)
    result = invoke("deck", "validate", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}")
    assert reason in result.stderr
    assert "ok:" not in result.output
    no_traceback(result.output)


def test_validate_checks_every_file_and_fails_when_one_does(tmp_path: Path) -> None:
    good = write(tmp_path, "good.toml", GOOD)
    token = write(
        tmp_path,
        "token.toml",
        'set = "legends"\n[cards]\nfireball = 4\nblizzard = 4\nsniper = 4\nrally = 4\n'
        "skeleton = 4\n",
    )
    missing = tmp_path / "missing.toml"
    result = invoke("deck", "validate", str(good), str(token), str(missing))
    assert result.exit_code == 1
    assert f"ok: {good} (Bolts, 20 cards from Kata)" in result.stdout
    assert f"error: {token}, line 7: 'skeleton' is a token" in result.stderr
    assert f"error: {missing}: no such deck file" in result.stderr
    assert "2 of 3 deck files failed" in result.stderr
    assert invoke("deck", "validate").exit_code == 2  # at least one file


def test_show_of_a_broken_deck_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "b.toml", GOOD.replace("wall = 4", "wall = 3"))
    result = invoke("deck", "show", str(path))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"error: {path}: the deck holds 19 cards; a deck holds exactly 20 (add 1 more)"
    )


def test_list_shows_valid_and_invalid_decks(tmp_path: Path) -> None:
    write(tmp_path, "a-good.toml", GOOD)
    write(tmp_path, "b-short.toml", GOOD.replace("wall = 4", "wall = 3"))
    write(tmp_path, "c-broken.toml", "name = \n")
    write(tmp_path, "notes.txt", "not a deck")
    result = invoke("deck", "list", str(tmp_path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.search(r"a-good\.toml\s+Bolts\s+kata\s+20\s+valid", lines[1])
    assert re.search(r"b-short\.toml\s+Bolts\s+kata\s+19\s+invalid: the deck holds 19", lines[2])
    assert re.search(r"c-broken\.toml\s+\?\s+\?\s+\?\s+invalid: not valid TOML", result.output)
    assert "notes.txt" not in result.output
    assert "3 deck files: 1 valid, 2 invalid" in result.output


def test_list_of_an_empty_or_missing_folder(tmp_path: Path) -> None:
    empty = invoke("deck", "list", str(tmp_path))
    assert empty.exit_code == 0
    assert f"No deck files (*.toml) in {tmp_path}." in empty.output
    missing = invoke("deck", "list", str(tmp_path / "nowhere"))
    assert missing.exit_code == 2
    assert "there is no such folder" in missing.stderr


def test_list_looks_in_the_current_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "here.toml", GOOD)
    monkeypatch.chdir(tmp_path)
    result = invoke("deck", "list")
    assert re.search(r"here\.toml\s+Bolts\s+kata\s+20\s+valid", result.output)


def test_a_deck_from_a_set_file_names_the_set_relative_to_itself(tmp_path: Path) -> None:
    cards = "".join(
        f'\n[[cards]]\nid = "c{n}"\nname = "Card {n}"\ncost = {n}\ndamage = {n}\n' for n in range(5)
    )
    (tmp_path / "sets").mkdir()
    (tmp_path / "decks").mkdir()
    set_file = write(tmp_path / "sets", "mine.toml", f'name = "Mine"\n{cards}')
    path = tmp_path / "decks" / "d.toml"
    result = invoke(
        "deck", "new", str(path), "--set", str(set_file), "--cards", "c0=4,c1=4,c2=4,c3=4,c4=4"
    )
    assert result.exit_code == 0, result.output
    assert 'set = "../sets/mine.toml"' in path.read_text(encoding="utf-8")
    assert invoke("deck", "validate", str(path)).exit_code == 0
    assert "Card 4" in invoke("deck", "pool", str(set_file)).output


@pytest.mark.parametrize("set_name", ["kata", "classic"])
def test_a_built_deck_is_played_with_play_tcg_deck(tmp_path: Path, set_name: str) -> None:
    path = tmp_path / "mine.toml"
    cards = KATA_20 if set_name == "kata" else "d2=4,d3=4,d4=4,d5=4,d6=4"
    made = invoke("deck", "new", str(path), "--set", set_name, "--cards", cards)
    assert made.exit_code == 0, made.output
    record_path = tmp_path / "match.json"
    played = invoke(
        "play", "tcg", "--deck", str(path), "--seats", "random,random", "--seed", "5",
        "--delay", "0", "--save", str(record_path),
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    assert "Outcome:" in played.output
    decks = Record.load(record_path).ruleset["decks"]
    assert isinstance(decks, list)
    assert sorted(strs(decks[0])) == sorted(load_deck(path)[0].cards)
    assert sorted(strs(decks[1])) == sorted(load_set(set_name).deck)


def test_the_builder_shows_the_pool_and_hints_and_survives_an_interrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "i.toml"
    shown = invoke("deck", "new", str(path), "--set", "kata", input="bolt 2\npool\n\n")
    assert re.search(r"bolt\s+Bolt\s+1\s+value\s+Deal 3 damage.*\s4\s+2\n", shown.output)
    assert shown.output.count("-bolt takes one out") == 2

    def interrupted(*_: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Terminal, "ask", interrupted)
    result = invoke("deck", "new", str(path))
    assert result.exit_code == 130
    assert "Interrupted: nothing was saved." in result.output
    assert not path.exists()


def test_a_file_name_the_file_system_refuses_is_an_error(tmp_path: Path) -> None:
    too_long = tmp_path / ("x" * 300 + ".toml")
    made = invoke("deck", "new", str(too_long), "--cards", "d1=4,d2=4,d3=4,d4=4,d5=4")
    assert made.exit_code == 2
    assert "cannot save there" in made.stderr
    listed = invoke("deck", "list", str(tmp_path / ("x" * 300)))
    assert listed.exit_code == 2
    assert "cannot look in it" in listed.stderr
    checked = invoke("deck", "validate", str(too_long))
    assert checked.exit_code == 1
    assert "cannot read it" in checked.stderr
    no_traceback(made.output, listed.output, checked.output)
