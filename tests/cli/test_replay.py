"""``cardtable replay``: stepping through records, checking hashes, refusing broken files."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from rich.console import Console

from cardtable.cli.replay import ReplaySettings, replay
from cardtable.cli.terminal import Terminal
from cardtable.engine import Record
from cardtable.games import find
from tests.cli.helpers import KeyboardInput, invoke, saved_record


def test_replay_all_shows_every_step_the_outcome_and_the_hash(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    record = saved_record(path)
    result = invoke("replay", str(path), "--all")
    assert result.exit_code == 0, result.output
    total = len(record.decisions)
    assert f"Start of the match ({total} decisions recorded)" in result.output
    assert f"Decision {total}/{total}:" in result.output
    assert "Outcome: player" in result.output
    assert "The final state hash matches the record." in result.output
    assert "Your hand" not in result.output


def test_replay_without_a_keyboard_runs_through(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_record(path)
    result = invoke("replay", str(path), "--spectator", input="")
    assert result.exit_code == 0
    assert "hash matches" in result.output


def test_replay_as_a_seat_shows_that_seats_hand(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_record(path)
    result = invoke("replay", str(path), "--seat", "1", "--all")
    assert result.exit_code == 0
    assert "Your hand" in result.output


def test_replay_of_a_seat_the_match_does_not_have(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_record(path)
    result = invoke("replay", str(path), "--seat", "5")
    assert result.exit_code == 2
    assert "there is no seat 5" in result.stderr


def test_replay_refuses_seat_and_spectator_together(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_record(path)
    result = invoke("replay", str(path), "--seat", "0", "--spectator")
    assert result.exit_code == 2
    assert "not both" in result.stderr


def test_a_corrupted_record_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    saved_record(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    result = invoke("replay", str(path), "--all")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")
    assert "broken.json" in result.stderr
    assert "not valid JSON" in result.stderr
    assert "Traceback" not in result.output


def test_a_missing_record_is_a_clear_error(tmp_path: Path) -> None:
    result = invoke("replay", str(tmp_path / "nothing.json"))
    assert result.exit_code == 1
    assert "cannot read" in result.stderr


def test_a_record_of_an_unknown_game(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_record(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"] = "chess"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert "no game is called 'chess'" in result.stderr


def test_a_decision_that_does_not_replay(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_record(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["decisions"][3] = [data["decisions"][3][0], "play #999"]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(path), "--all")
    assert result.exit_code == 1
    assert "error: decision 4" in result.stderr
    assert "does not replay" in result.stderr
    assert "no card #999" in result.stderr


def test_a_different_final_state_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_record(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["final_hash"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(path), "--all")
    assert result.exit_code == 1
    assert "does NOT match" in result.output


def _keyboard_replay(record: Record, keys: str) -> tuple[int, str]:
    output = io.StringIO()
    console = Console(file=output, width=80, color_system=None, highlight=False)
    terminal = Terminal(console, stdin=KeyboardInput(keys))
    settings = ReplaySettings(record=record, game=find(record.game), seat=0)
    code = replay(terminal, settings)
    return code, output.getvalue()


def test_keys_step_go_back_jump_and_quit(tmp_path: Path) -> None:
    record = saved_record(tmp_path / "match.json")
    code, output = _keyboard_replay(record, "\n\nb\nb\nb\n5\nwhat\n99999\nq\n")
    assert code == 0
    captions = re.findall(
        r"─ (Start of the match \(\d+ decisions recorded\)|Decision \d+/\d+)", output
    )
    assert captions == [
        f"Start of the match ({len(record.decisions)} decisions recorded)",
        "Decision 1/" + str(len(record.decisions)),
        "Decision 2/" + str(len(record.decisions)),
        "Decision 1/" + str(len(record.decisions)),
        f"Start of the match ({len(record.decisions)} decisions recorded)",
        "Decision 5/" + str(len(record.decisions)),
    ]
    assert "This is the start of the match." in output
    assert output.count("Press Enter for the next decision") == 2
    assert "Stopped at decision 5" in output


def test_keys_jump_to_the_end(tmp_path: Path) -> None:
    record = saved_record(tmp_path / "match.json")
    code, output = _keyboard_replay(record, f"{len(record.decisions)}\n")
    assert code == 0
    assert "hash matches" in output


def test_the_end_of_keys_runs_to_the_end(tmp_path: Path) -> None:
    record = saved_record(tmp_path / "match.json")
    code, output = _keyboard_replay(record, "\n")
    assert code == 0
    assert f"Decision {len(record.decisions)}/" in output
    assert "hash matches" in output
