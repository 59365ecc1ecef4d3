"""``cardtable balance``: decks against decks and cards, in tables or JSON; bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import invoke
from tests.simulation.test_balance import (
    MIDDLE,
    STRONG,
    write_deck,
    write_decks,
    write_nuke_deck,
)


def no_traceback(*outputs: str) -> None:
    for output in outputs:
        assert "Traceback" not in output


def test_decks_prints_the_matrix_and_each_decks_win_rate(tmp_path: Path) -> None:
    decks = write_decks(tmp_path)
    result = invoke(
        "balance", "decks", str(decks["strong"]), str(decks["weak"]),
        "--agent", "greedy", "--games", "2", "--seed", "1", "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "vs Weak" in result.output
    assert "Each deck against all the others" in result.output
    assert "Strong" in result.output
    assert "went first" in result.output


def test_decks_as_json_is_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    decks = write_decks(tmp_path)
    files = [str(decks["strong"]), str(decks["weak"]), str(decks["middle"])]
    documents = []
    for workers in ("1", "2"):
        result = invoke(
            "balance", "decks", *files, "--games", "2", "--seed", "5", "--workers", workers,
            "--json",
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        document = json.loads(result.output)
        del document["seconds"], document["workers"]
        documents.append(document)
    assert documents[0] == documents[1]
    assert documents[0]["kind"] == "decks"
    assert len(documents[0]["cells"]) == 6
    assert [standing["name"] for standing in documents[0]["standings"]] == [
        "Strong",
        "Weak",
        "Middle",
    ]


def test_cards_flags_a_strong_card_in_a_table_and_in_json(tmp_path: Path) -> None:
    deck = str(write_nuke_deck(tmp_path))
    args = ["balance", "cards", "--agents", "greedy,greedy", "--games", "40", "--seed", "3"]
    args += ["--workers", "1", "--deck", deck, "--deck", f"1={deck}"]
    table = invoke(*args)
    assert table.exit_code == 0, table.output
    assert "won when played" in table.output
    assert "strong" in table.output
    assert "rarely played" in table.output
    document = json.loads(invoke(*args, "--json").output)
    assert document["kind"] == "cards"
    flags = {card["card"]: card["flag"] for card in document["cards"]}
    assert flags["nuke"] == "strong"
    assert flags["dud"] == "unused"


def test_decks_of_the_same_name_show_where_they_come_from(tmp_path: Path) -> None:
    old = write_deck(tmp_path / "old" / "fire.toml", MIDDLE)
    new = write_deck(tmp_path / "new" / "fire.toml", STRONG)
    args = ["balance", "decks", str(old), str(new), "--agent", "greedy", "--games", "1"]
    args += ["--seed", "1", "--workers", "1"]
    document = json.loads(invoke(*args, "--json").output)
    assert document["decks"] == ["fire (old/fire.toml)", "fire (new/fire.toml)"]
    table = invoke(*args)
    assert table.exit_code == 0, table.output
    assert "old/fire.toml" in table.output
    assert "new/fire.toml" in table.output


def test_cards_says_which_deck_each_seat_played(tmp_path: Path) -> None:
    nuke = str(write_nuke_deck(tmp_path))
    args = ["balance", "cards", "--agents", "greedy,greedy", "--games", "2", "--seed", "3"]
    args += ["--workers", "1", "--deck", nuke]
    document = json.loads(invoke(*args, "--json").output)
    assert document["decks"] == ["Nuke", None]
    both = json.loads(invoke(*args, f"--deck=1={nuke}", "--json").output)
    assert both["decks"] == ["Nuke", "Nuke"]
    table = invoke(*args)
    assert table.exit_code == 0, table.output
    assert "Decks: Nuke at seat 0, the rules' own at seat 1" in table.output
    plain = invoke("balance", "cards", "--games", "2", "--seed", "1", "--json")
    assert json.loads(plain.output)["decks"] == [None, None]
    assert "Decks:" not in invoke("balance", "cards", "--games", "2", "--seed", "1").output


def test_cards_tells_apart_two_decks_of_the_same_name(tmp_path: Path) -> None:
    first = write_nuke_deck(tmp_path / "a")
    second = write_nuke_deck(tmp_path / "b")
    args = ["balance", "cards", "--agents", "greedy,greedy", "--games", "2", "--seed", "3"]
    args += ["--workers", "1", "--deck", str(first), "--deck", f"1={second}", "--json"]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["decks"] == ["Nuke (a/nuke.toml)", "Nuke (b/nuke.toml)"]


def test_cards_with_a_card_set_and_the_default_players() -> None:
    result = invoke("balance", "cards", "--games", "2", "--seed", "1", "--cards", "kata", "--json")
    assert result.exit_code == 0, result.output
    assert "bolt" in {card["card"] for card in json.loads(result.output)["cards"]}


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["decks", "{strong}"], "at least two deck files"),
        (["decks", "{strong}", "{gone}"], "no such deck file"),
        (["decks", "{strong}", "{bad}"], "the deck holds 3 cards"),
        (["decks", "{strong}", "{strong}"], "given twice"),
        (["decks", "{strong}", "{weak}", "--agent", "nobody"], "nobody"),
        (["decks", "{strong}", "{weak}", "--agent", "greedy,random"], "name one computer"),
        (["decks", "{strong}", "{weak}", "--games", "0"], "--games 0"),
        (["cards", "--games", "0"], "--games 0"),
        (["cards", "--agents", "greedy,nobody"], "nobody"),
        (["cards", "--deck", "{gone}"], "no such deck file"),
        (["cards", "--agents", "greedy", "--games", "1"], "2 seats"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], reason: str) -> None:
    decks = write_decks(tmp_path)
    bad = tmp_path / "bad.toml"
    bad.write_text('set = "kata"\n[cards]\nd1 = 3\n', encoding="utf-8")
    names = {"strong": decks["strong"], "weak": decks["weak"], "gone": tmp_path / "gone.toml"}
    names["bad"] = bad
    result = invoke("balance", *(arg.format(**names) for arg in args))
    assert result.exit_code == 2, result.output
    assert reason in result.output
    assert result.output.count("error:") == 1
    no_traceback(result.output)
