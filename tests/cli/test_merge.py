"""``--indices A:B`` and ``cardtable merge``: parts of a run merge into exactly the document of
the whole; parts that do not make one whole are refused in one clear line."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from cardtable.simulation import batch
from tests.cli.helpers import invoke
from tests.services import need_ray

QUICK = ["--ranks", "7", "--turn-limit", "100"]
"""War's quick table (28 cards, at most 100 battles): short matches."""
SIMULATE = ["simulate", "war", *QUICK, "--agents", "random,random", "--games", "20", "--seed", "5"]
LADDER = [
    "ladder",
    "war",
    *QUICK,
    "--agents",
    "random,random,random",
    "--games",
    "9",
    "--seed",
    "2",
]


@pytest.fixture(autouse=True)
def timeless(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every simulation takes no time, so that documents compare byte for byte."""
    monkeypatch.setattr(batch, "clock", lambda: 0.0)


def _run(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def _parts(folder: Path, command: Sequence[str], *indices: str) -> list[str]:
    paths = []
    for number, part in enumerate(indices):
        path = folder / f"part{number}.json"
        path.write_text(_run(*command, "--workers", "1", "--indices", part, "--json"))
        paths.append(str(path))
    return paths


def test_parts_of_a_simulation_merge_into_the_whole_byte_for_byte(tmp_path: Path) -> None:
    whole = _run(*SIMULATE, "--workers", "3", "--json")
    parts = _parts(tmp_path, SIMULATE, "13:20", "0:6", "6:13")  # in any order
    assert _run("merge", *parts, "--json") == whole
    written = tmp_path / "whole.json"
    assert _run("merge", *parts, "-o", str(written)) == ""
    assert written.read_text() == whole
    tables = _run("merge", *parts)
    assert "War: random vs random, 20 matches (seed 5, 3 workers" in " ".join(tables.split())


def test_parts_of_a_ladder_merge_into_the_whole_byte_for_byte(tmp_path: Path) -> None:
    whole = _run(*LADDER, "--workers", "2", "--json")
    parts = _parts(tmp_path, LADDER, "0:4", "4:9")
    assert _run("merge", *parts, "--json") == whole
    assert "War ladder" in _run("merge", *parts)


def _decks(folder: Path) -> list[str]:
    low, high = folder / "low.toml", folder / "high.toml"
    low.write_text('set = "classic"\n[cards]\nd1 = 4\nd2 = 4\nd3 = 4\nd4 = 4\nd5 = 4\n')
    high.write_text('set = "classic"\n[cards]\nd4 = 4\nd5 = 4\nd6 = 4\nd7 = 4\nd8 = 4\n')
    return [str(low), str(high)]


def test_parts_of_the_balance_tools_merge_into_the_whole_byte_for_byte(tmp_path: Path) -> None:
    cards = ["balance", "cards", "--agents", "greedy,greedy", "--games", "8", "--seed", "2"]
    whole = _run(*cards, "--workers", "2", "--json")
    assert _run("merge", *_parts(tmp_path, cards, "3:8", "0:3"), "--json") == whole
    decks = ["balance", "decks", *_decks(tmp_path), "--agent", "greedy", "--games", "5"]
    whole = _run(*decks, "--seed", "3", "--workers", "2", "--json")
    first, second = _parts(tmp_path, [*decks, "--seed", "3"], "0:2", "2:5")
    assert _run("merge", first, second, "--json") == whole
    # a deck file that changed between the parts, under the same name
    (tmp_path / "low.toml").write_text(
        'set = "classic"\n[cards]\nd2 = 4\nd3 = 4\nd4 = 4\nd5 = 4\nd6 = 4\n'
    )
    other = tmp_path / "other.json"
    other.write_text(_run(*decks, "--seed", "3", "--workers", "1", "--indices", "2:5", "--json"))
    refusal = _refused("merge", first, str(other))
    assert "are parts of different runs: the rule" in refusal
    assert "of their run 0 differs (a deck file that changed?)" in refusal


def test_a_part_says_which_matches_it_holds(tmp_path: Path) -> None:
    data = json.loads(_run(*SIMULATE, "--workers", "1", "--indices", "4:10", "--json"))
    assert data["matches"] == 6
    part = data["part"]
    assert (part["start"], part["stop"], part["whole"]["games"]) == (4, 10, 20)
    assert len(part["runs"][0]["matches"]) == 6
    text = _run(*SIMULATE, "--workers", "1", "--indices", "4:10")
    assert "6 matches (4 to 9 of 20: a part)" in " ".join(text.split())


def _refused(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.output
    return " ".join(result.stderr.split())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--seed", "6"], "the seed is 5 in one and 6 in the other"),
        (["--agents", "random,ismcts:10"], "the agents is random,random in one and"),
        (["--face-down", "2"], "the rule face_down is"),
    ],
)
def test_parts_of_different_runs_are_refused(
    tmp_path: Path, change: list[str], message: str
) -> None:
    first = _parts(tmp_path, SIMULATE, "0:10")
    other = tmp_path / "other.json"
    other.write_text(_run(*SIMULATE, *change, "--workers", "1", "--indices", "10:20", "--json"))
    stderr = _refused("merge", *first, str(other))
    assert "are parts of different runs" in stderr
    assert message in stderr


def test_parts_of_another_game_or_command_are_refused(tmp_path: Path) -> None:
    first = _parts(tmp_path, SIMULATE, "0:10")
    other = tmp_path / "karata.json"
    karata = ["simulate", "karata", "--games", "20", "--seed", "5", "--workers", "1"]
    other.write_text(_run(*karata, "--indices", "10:20", "--json"))
    assert "the game is war in one and karata in the other" in _refused("merge", *first, str(other))
    ladder = tmp_path / "ladder.json"
    ladder.write_text(_run(*LADDER, "--workers", "1", "--indices", "0:9", "--json"))
    assert "the command is simulate in one and ladder" in _refused("merge", *first, str(ladder))


def test_overlapping_and_missing_parts_are_refused(tmp_path: Path) -> None:
    a, b, c = _parts(tmp_path, SIMULATE, "0:8", "6:20", "10:20")
    assert f"{a} and {b} both hold matches 6:8" in _refused("merge", a, b)
    assert "matches 8:10 are in none of the parts" in _refused("merge", a, c)
    assert "matches 0:10 are in none of the parts" in _refused("merge", c)
    assert "matches 8:20 are in none of the parts" in _refused("merge", a)


def test_what_is_no_part_is_refused(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    whole.write_text(_run(*SIMULATE, "--workers", "1", "--json"))
    assert "is the document of a whole run, not of a part" in _refused("merge", str(whole))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert f"{broken} is not a JSON document" in _refused("merge", str(broken))
    data = json.loads(_run(*SIMULATE, "--workers", "1", "--indices", "0:20", "--json"))
    del data["part"]["runs"][0]["seed"]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    assert "its part cannot be read: runs.0.seed: Field required" in _refused("merge", str(edited))
    assert "cannot read" in _refused("merge", str(tmp_path / "missing.json"))


@pytest.mark.parametrize(
    ("indices", "message"),
    [
        ("7", "--indices 7: give A:B, two whole numbers"),
        ("a:b", "--indices a:b: give A:B"),
        ("-1:4", "--indices -1:4: give A:B"),
        ("5:5", "--indices 5:5: A must be below B"),
        ("9:3", "--indices 9:3: A must be below B"),
        ("0:21", "--indices 0:21: there are only 20 matches (--games 20)"),
    ],
)
def test_bad_indices_are_one_clear_line(indices: str, message: str) -> None:
    for command in (SIMULATE, [*LADDER[:-4], "--games", "20", "--seed", "2"]):
        result = invoke(*command, "--workers", "1", "--indices", indices)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("error: ")
        assert message in " ".join(result.stderr.split())
        assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "threads"], "--backend threads: choose one of processes, ray"),
        (["--address", "10.0.0.5:6379"], "--address names a Ray cluster: give it with --backend"),
        (["--backend", "ray", "--address", "head"], "--address 'head' is not HOST:PORT"),
        (["--backend", "ray", "--address", "head:99999"], "is not HOST:PORT"),
    ],
)
def test_bad_backend_options_are_one_clear_line(args: list[str], message: str) -> None:
    for command in (SIMULATE, LADDER, ["balance", "cards", "--games", "2"]):
        result = invoke(*command, *args)
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.stderr.split())
        assert "Traceback" not in result.output


def test_without_ray_the_ray_backend_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as where it is missing
    for command in (SIMULATE, ["tournament", "run", "war", "--agents", "random"]):
        stderr = _refused(*command, "--backend", "ray")
        assert "--backend ray needs Ray, which is not installed here" in stderr
        assert "pip install 'cardtable[distributed]'" in stderr


def test_an_address_nothing_answers_at_is_one_clear_line() -> None:
    need_ray()
    stderr = _refused(*SIMULATE, "--backend", "ray", "--address", "127.0.0.1:1")
    assert "--address 127.0.0.1:1: no Ray cluster answers there" in stderr
    assert "ray start --head" in stderr


def test_the_help_names_the_extra_that_brings_ray() -> None:
    result = invoke("simulate", "--help")
    assert "cardtable[distributed]" in " ".join(result.stdout.split())
