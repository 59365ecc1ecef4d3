"""docs/writing-a-game.md is true: the files it shows are the example files, its Python runs
and prints what the page says, its commands work, and its game installs as a plug-in and
keeps the contracts of the conformance kit (:mod:`cardtable.testing`).

The page marks a code block that shows a file (or one part of it) with ``<!-- file: PATH -->``
and a block that shows what the Python block before it prints with ``<!-- output -->``.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Game
from cardtable.testing import CONTRACTS, Budget, Contract
from tests import highcard as highcard_plugin
from tests.cli.helpers import PLAIN_ENV, TIMEOUT, invoke

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "writing-a-game.md"
EXAMPLES = ROOT / "examples"
PACKAGE = EXAMPLES / "highcard"


@dataclass(frozen=True, slots=True)
class Block:
    """A fenced code block of the page."""

    lang: str
    body: str
    file: str | None
    output: bool
    line: int


def _blocks() -> list[Block]:
    text = PAGE.read_text(encoding="utf-8")
    pattern = re.compile(
        r"^(?:<!-- (?:file: (?P<file>\S+)|(?P<output>output)) -->\n)?"
        r"```(?P<lang>\w*)\n(?P<body>.*?)^```$",
        re.DOTALL | re.MULTILINE,
    )
    return [
        Block(
            lang=found["lang"],
            body=found["body"],
            file=found["file"],
            output=found["output"] is not None,
            line=text.count("\n", 0, found.start()) + 1,
        )
        for found in pattern.finditer(text)
    ]


def _interactive(args: list[str]) -> bool:
    """Whether a ``cardtable`` command seats a person (who would be asked for input)."""
    if args[0] != "play":
        return False
    if "--seats" not in args:
        return True
    return "human" in args[args.index("--seats") + 1].split(",")


BLOCKS = _blocks()
FILES: dict[str, list[str]] = {}
for _block in BLOCKS:
    if _block.file is not None:
        FILES.setdefault(_block.file, []).append(_block.body)
EXAMPLE_CODE = [
    (block, following.body if following.output else None)
    for block, following in zip(BLOCKS, [*BLOCKS[1:], BLOCKS[0]], strict=True)
    if block.lang == "python" and block.file is None
]
COMMANDS = [
    shlex.split(line, comments=True)
    for block in BLOCKS
    if block.lang == "sh"
    for line in block.body.splitlines()
    if line.strip()
]
CARDTABLE = [args[1:] for args in COMMANDS if args[0] == "cardtable"]
GAMES = ["games"]
PLAY = next(
    (args for args in CARDTABLE if args[:2] == ["play", "highcard"] and not _interactive(args)),
    ["play", "highcard", "--seats", "random,random"],
)


# -- the page and the example files agree ---------------------------------------------------


def test_the_page_shows_files_examples_and_commands() -> None:
    assert len(FILES) >= 5
    assert len(EXAMPLE_CODE) >= 4
    assert ["pip", "install", "-e", "examples/highcard"] in COMMANDS
    assert GAMES in CARDTABLE
    assert PLAY in CARDTABLE
    assert any(args[:2] == ["play", "tcg"] and "--cards" in args for args in CARDTABLE)


@pytest.mark.parametrize("path", sorted(FILES))
def test_a_file_shown_is_the_example_file(path: str) -> None:
    """A file shown in parts is its parts in order, two blank lines apart."""
    shown = "\n\n".join(FILES[path])
    assert shown == (ROOT / path).read_text(encoding="utf-8"), f"the page shows {path} otherwise"


def test_every_example_file_is_shown() -> None:
    made = {"__pycache__", ".mypy_cache", ".ruff_cache", "build", "dist"}
    files = {
        path.relative_to(ROOT).as_posix()
        for path in EXAMPLES.rglob("*")
        if path.is_file()
        and not made & set(path.parts)
        and not any(part.endswith(".egg-info") for part in path.parts)
    }
    assert files == set(FILES)


# -- the Python examples run and print what the page says -----------------------------------


@pytest.mark.parametrize(
    ("block", "printed"), EXAMPLE_CODE, ids=[f"line{block.line}" for block, _ in EXAMPLE_CODE]
)
def test_a_python_example_prints_what_the_page_shows(
    block: Block,
    printed: str | None,
    highcard: Game[Any, Any],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(block.body, f"{PAGE.name}:{block.line}", "exec"), {"__name__": "page_example"})
    assert printed is not None, "each Python example is followed by what it prints"
    assert capsys.readouterr().out == printed


def test_a_broken_card_set_is_refused_on_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (EXAMPLES / "cards" / "tinkers.toml").read_text(encoding="utf-8")
    (tmp_path / "broken.toml").write_text(text.replace('"turn_end"', '"turn_ends"'), "utf-8")
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "tcg", "--cards", "broken.toml", "--seats", "random,random")
    assert result.exit_code == 1
    shown = [block.body for block in BLOCKS if block.output and "turn_ends" in block.body]
    assert len(shown) == 1
    assert result.stderr == f"error: {shown[0]}"


# -- the game installs as a plug-in, and the page's commands work ---------------------------


@pytest.fixture
def installed(tmp_path: Path) -> dict[str, str]:
    """The environment of a process in which the example package is installed (see
    :mod:`tests.highcard`), in plain output."""
    env = {key: value for key, value in os.environ.items() if key not in PLAIN_ENV}
    env.update({key: value for key, value in PLAIN_ENV.items() if value is not None})
    env["PYTHONIOENCODING"] = "utf-8"
    return highcard_plugin.install(tmp_path, env)


def test_the_installed_plugin_is_listed_and_played(installed: dict[str, str]) -> None:
    """The page's ``cardtable games`` and its High Card match, as real processes (side by
    side, to save time)."""
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "cardtable", *args],
            cwd=ROOT,
            env=installed,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        for args in (GAMES, PLAY)
    ]
    (games, games_err), (play, play_err) = [run.communicate(timeout=TIMEOUT) for run in running]
    assert [run.returncode for run in running] == [0, 0], games_err + play_err
    assert games_err == play_err == "", "no plug-in failed to load"
    assert re.search(r"^highcard\s+High Card\s+Everyone plays a card", games, re.MULTILINE)
    assert re.search(r"^Outcome: player \d \(random\) (wins|and player)", play, re.MULTILINE)


@pytest.fixture
def registered(highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process sees every entry point of the example's ``pyproject.toml``."""
    with highcard_plugin.registered(monkeypatch):
        yield


@pytest.mark.parametrize("args", CARDTABLE, ids=[" ".join(args) for args in CARDTABLE])
def test_a_command_on_the_page_runs(
    args: list[str], registered: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each ``cardtable`` command of the page runs. One that seats a person gets no input,
    and is abandoned at that person's first decision."""
    monkeypatch.chdir(ROOT)
    result = invoke(*args, input="")
    assert result.stderr == ""
    if _interactive(args):
        assert result.exit_code == 1
        assert re.search(r"abandoned after \d+ decisions?: the input ended", result.stdout)
        return
    assert result.exit_code == 0
    if args == GAMES:
        assert "High Card" in result.stdout
    elif args[0] == "play":
        assert "Outcome: player" in result.stdout


# -- the example game keeps the contracts of the conformance kit ----------------------------


@pytest.mark.parametrize("contract", CONTRACTS, ids=[contract.name for contract in CONTRACTS])
def test_the_example_game_keeps_the_contract(contract: Contract, highcard: Game[Any, Any]) -> None:
    for ruleset in highcard.example_rulesets():
        contract.check(highcard, ruleset, Budget())


def test_the_example_tests_run_the_kit_under_pytest(highcard: Game[Any, Any]) -> None:
    """``pytest examples/highcard/tests`` (on the page) runs one test a contract and ruleset,
    with the example's own (empty) pytest settings, as in a checkout of the example alone."""
    assert ["pytest", "examples/highcard/tests"] in COMMANDS
    env = {**os.environ, "PYTHONPATH": str(PACKAGE / "src")}
    settings = ["-p", "no:cacheprovider", "-c", "pyproject.toml", "--rootdir", ".", "-q"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *settings, "tests"],
        cwd=PACKAGE,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(CONTRACTS) * len(highcard.example_rulesets())} passed" in done.stdout
