"""``cardtable play``: people against computers, hot seat, watching, and leaving early."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.agents import SeatSpec
from cardtable.cli import render
from cardtable.cli.play import INTERRUPTED, WATCH_DELAY, PlaySession, PlaySettings, play
from cardtable.cli.terminal import Terminal
from cardtable.engine import Match, Record
from cardtable.games import find
from tests.cli.helpers import invoke, run_process

JUNK = "xyz\n99\nc42\n\n?\nplay 3\n"
ROUNDS = "1\nc1\ne\n" * 80


def test_a_whole_match_against_the_computer_as_a_real_process(tmp_path: Path) -> None:
    record_path = tmp_path / "match.json"
    result = run_process(
        "play", "tcg", "--seed", "7", "--save", str(record_path), input=JUNK + ROUNDS
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert "\x1b[" not in output
    assert "'xyz' is not a Kata TCG decision" in output
    assert "there is no card 99 in your hand" in output
    assert "you have no card costing 42 in your hand" in output
    assert "What you can type" in output
    assert re.search(r"Outcome: player \d .* won", output)
    assert "Saved the match record" in output
    record = Record.load(record_path)
    replayed = Match.replay(find("tcg"), record)
    assert replayed.over
    assert replayed.hash() == record.final_hash
    assert record.seats == ("human", "greedy")


def test_an_unaffordable_card_is_answered_with_the_engines_reason() -> None:
    result = invoke("play", "tcg", "--seed", "7", input=ROUNDS)
    assert result.exit_code == 0
    assert re.search(
        r"you cannot afford Damage \d: it costs \d mana and you have \d", result.output
    )


def test_the_end_of_input_mid_match_exits_cleanly_and_saves(tmp_path: Path) -> None:
    record_path = tmp_path / "unfinished.json"
    result = run_process("play", "tcg", "--seed", "7", "--save", str(record_path), input="1\ne\n")
    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert "Traceback" not in output
    assert "abandoned" in output
    assert "the input ended" in output
    assert "Saved the unfinished match" in output
    record = Record.load(record_path)
    assert record.outcome is None
    replayed = Match.replay(find("tcg"), record)
    assert not replayed.over
    assert replayed.hash() == record.final_hash


def test_quitting_asks_first(tmp_path: Path) -> None:
    record_path = tmp_path / "quit.json"
    result = invoke(
        "play", "tcg", "--seed", "3", "--save", str(record_path), input="q\nn\nquit\ny\n"
    )
    assert result.exit_code == 1
    assert "Leave the match unfinished?" in result.output
    assert "you quit" in result.output
    assert record_path.exists()


def test_conceding_asks_first_and_ends_the_match() -> None:
    result = invoke("play", "tcg", "--seed", "3", input="concede\nn\nconcede\ny\n")
    assert result.exit_code == 0
    assert result.output.count("Concede the match?") == 2
    assert "Outcome: player 1 (greedy) won — player 0 (you) conceded." in result.output


def test_the_end_of_input_at_a_confirmation_abandons() -> None:
    result = invoke("play", "tcg", "--seed", "3", input="concede\n")
    assert result.exit_code == 1
    assert "the input ended" in result.output


def test_computers_play_each_other_the_same_way_for_the_same_seed() -> None:
    args = ("play", "tcg", "--seats", "greedy,random", "--delay", "0", "--seed", "42")
    first = invoke(*args)
    second = invoke(*args)
    assert first.exit_code == 0, first.output
    assert "Outcome:" in first.output
    assert "player 0 (greedy)" in first.output
    assert "Your hand" not in first.output
    assert first.output == second.output


def test_a_seed_is_chosen_and_shown_when_none_is_given() -> None:
    result = invoke("play", "tcg", "--seats", "random,random")
    assert result.exit_code == 0
    found = re.search(r"seed (\d+) — repeat this match with --seed (\d+)", result.output)
    assert found
    assert found.group(1) == found.group(2)


def test_hot_seat_hands_over_between_people() -> None:
    turns = "\ne\n" * 4 + "\nconcede\ny\n"
    result = invoke("play", "tcg", "--seats", "human,human", "--seed", "3", input=turns)
    assert result.exit_code == 0, result.output
    assert "Player 1, press Enter" in result.output
    assert "Player 0, press Enter" in result.output
    assert "please look away" in result.output
    assert "conceded" in result.output


def test_hot_seat_boards_never_show_the_other_hand() -> None:
    turns = "\ne\n" * 2 + "\nconcede\ny\n"
    result = invoke("play", "tcg", "--seats", "human,human", "--seed", "3", input=turns)
    boards = result.output.split("press Enter")[1:]
    assert len(boards) == 3
    for board in boards:
        assert board.count("Your hand") <= 1


def test_a_game_without_its_own_board_plays_on_the_generic_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(render.BOARDS, "get", lambda name: None)
    result = invoke("play", "tcg", "--seed", "5", input="zz\n5000\n" + "1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Your options:" in result.output
    assert "there is no option 5000" in result.output
    assert "Outcome:" in result.output


def test_help_board_and_empty_lines_keep_the_turn() -> None:
    result = invoke("play", "tcg", "--seed", "3", input="?\n\nb\nboard\n")
    assert result.exit_code == 1
    assert "What you can type" in result.output
    assert "c3 or $3" in result.output
    assert "Your turn: 1-" in result.output
    assert result.output.count("Your hand") == 3


class Interrupting(io.StringIO):
    """Input where the person presses Ctrl-C at the first prompt."""

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


def test_ctrl_c_abandons_and_saves(tmp_path: Path) -> None:
    output = io.StringIO()
    terminal = Terminal(Console(file=output, width=80), stdin=Interrupting())
    game = find("tcg")
    settings = PlaySettings(
        game=game,
        ruleset=game.default_ruleset(),
        seed=1,
        seats=(SeatSpec("human"), SeatSpec("random")),
        save=tmp_path / "stopped.json",
    )
    assert play(terminal, settings) == INTERRUPTED
    assert "abandoned" in output.getvalue()
    assert "interrupted" in output.getvalue()
    assert Record.load(tmp_path / "stopped.json").outcome is None


def test_watching_waits_only_on_a_terminal() -> None:
    game = find("tcg")
    settings = PlaySettings(
        game=game,
        ruleset=game.default_ruleset(),
        seed=1,
        seats=(SeatSpec("random"), SeatSpec("random")),
    )
    piped = Terminal(Console(file=io.StringIO()))
    assert PlaySession(piped, settings).delay == 0
    on_screen = Terminal(Console(file=io.StringIO(), force_terminal=True))
    assert PlaySession(on_screen, settings).delay == WATCH_DELAY
    with_people = replace(settings, seats=(SeatSpec("human"), SeatSpec("random")))
    assert PlaySession(on_screen, with_people).delay == 0
    assert PlaySession(on_screen, replace(settings, delay=0.25)).delay == 0.25


def test_odd_numbers_at_the_prompt_are_answered_not_crashed_on() -> None:
    odd = "²\n" + "9" * 40 + "\nc" + "9" * 40 + "\n"
    result = invoke("play", "tcg", "--seed", "7", input=odd + ROUNDS)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "is not a Kata TCG decision" in result.output
