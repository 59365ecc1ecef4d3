"""``cardtable play GAME --json``: a program plays through the CLI, one JSON object a line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record
from cardtable.games import find
from tests.cli.helpers import PLAIN_ENV, invoke

TIMEOUT = 20


def lines_of(output: str) -> list[dict[str, Any]]:
    """Every line of ``output`` as a JSON object (fails on any line that is not one)."""
    messages = []
    for line in output.splitlines():
        message = json.loads(line)
        assert isinstance(message, dict), line
        messages.append(message)
    return messages


class Client:
    """A program playing through ``cardtable play --json`` over pipes, line by line."""

    def __init__(self, *args: str) -> None:
        env = {key: value for key, value in os.environ.items() if key not in PLAIN_ENV}
        env.update({key: value for key, value in PLAIN_ENV.items() if value is not None})
        env["PYTHONIOENCODING"] = "utf-8"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "play", *args, "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env,
        )
        self.watchdog = threading.Timer(TIMEOUT, self.process.kill)
        self.watchdog.start()
        self.seen: list[dict[str, Any]] = []

    def messages(self) -> Iterator[dict[str, Any]]:
        """Each message as it comes, until standard output ends."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            message = json.loads(line)
            assert isinstance(message, dict), line
            self.seen.append(message)
            yield message

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def close(self) -> int:
        """Close standard input and wait for the exit code."""
        assert self.process.stdin is not None
        if not self.process.stdin.closed:
            self.process.stdin.close()
        for _ in self.messages():
            pass
        code = self.process.wait()
        self.watchdog.cancel()
        assert self.process.stderr is not None
        errors = self.process.stderr.read()
        self.process.stderr.close()
        assert self.process.stdout is not None
        self.process.stdout.close()
        assert "Traceback" not in errors, errors
        return code


def test_a_card_that_cannot_be_afforded_is_refused_with_its_code() -> None:
    client = Client("tcg", "--seed", "7")
    stream = client.messages()
    view = next(message for message in stream if message["type"] == "view")
    assert view["seat"] == 0
    assert view["legal"]
    assert all(set(shape) >= {"kind", "text", "cards"} for shape in view["legal"])
    unaffordable = [entry for entry in view["unplayable"] if entry["code"] == "cannot_afford"]
    assert unaffordable, view["unplayable"]
    card = unaffordable[0]["card"]
    client.send(f"play #{card}")
    refused = next(stream)
    assert refused == {
        "type": "refused",
        "decision": f"play #{card}",
        "code": "cannot_afford",
        "reason": unaffordable[0]["reason"],
    }
    again = next(stream)
    assert again["type"] == "view"
    assert again["seat"] == 0
    assert again["version"] == view["version"]
    assert client.close() == 1
    assert client.seen[-1]["type"] == "abandoned"


def test_a_whole_match_played_by_a_program_choosing_the_first_legal_decision(
    tmp_path: Path,
) -> None:
    record_path = tmp_path / "match.json"
    client = Client("tcg", "--seed", "11", "--seats", "human,random", "--save", str(record_path))
    views = 0
    for message in client.messages():
        if message["type"] == "view":
            views += 1
            assert message["seat"] == 0
            assert message["view"]["seat"] == 0
            client.send(message["legal"][0]["text"])
        assert message["type"] not in ("refused", "penalised", "error", "abandoned"), message
    assert client.close() == 0
    assert views > 3
    kinds = {message["type"] for message in client.seen}
    assert kinds == {"view", "events", "over"}
    assert client.seen[-1]["type"] == "over"
    assert client.seen[-1]["outcome"]["winners"] is not None
    events = [
        event
        for message in client.seen
        if message["type"] == "events"
        for event in message["events"]
    ]
    assert events
    assert all("text" in event for event in events)
    record = Record.load(record_path)
    replayed = Match.replay(find("tcg"), record)
    assert replayed.over
    assert replayed.outcome is not None
    assert replayed.outcome.to_json() == client.seen[-1]["outcome"]


def test_an_invalid_text_is_refused_and_the_end_of_input_abandons(tmp_path: Path) -> None:
    record_path = tmp_path / "unfinished.json"
    result = invoke(
        "play", "tcg", "--seed", "7", "--json", "--save", str(record_path), input="xyz\n"
    )
    assert result.exit_code == 1, result.output
    messages = lines_of(result.stdout)
    kinds = [message["type"] for message in messages]
    assert kinds[-1] == "abandoned"
    refused = next(message for message in messages if message["type"] == "refused")
    assert refused["decision"] == "xyz"
    assert refused["code"] == "invalid_decision"
    assert "xyz" in refused["reason"]
    assert kinds.count("view") == 2
    record = Record.load(record_path)
    assert record.outcome is None


def test_a_fined_decision_is_penalised_with_the_rules_code() -> None:
    client = Client("karata", "--seed", "7", "--fine", "1", "--seats", "human,random")
    stream = client.messages()
    view = next(message for message in stream if message["type"] == "view")
    mismatched = [
        entry for entry in view["unplayable"] if entry["code"] == "must_follow_suit_or_face"
    ]
    assert mismatched, view["unplayable"]
    hand = view["view"]["zones"]["hand:0"]["cards"]
    key = next(card["key"] for card in hand if card["id"] == mismatched[0]["card"])
    client.send(f"play {key}")
    penalised = next(stream)
    assert penalised["type"] == "penalised"
    assert penalised["decision"] == f"play {key}"
    assert penalised["code"] == "must_follow_suit_or_face"
    assert penalised["reason"] == mismatched[0]["reason"]
    assert client.close() == 1
    assert client.seen[-1]["type"] == "abandoned"


@pytest.mark.parametrize(
    ("args", "code", "exit_code"),
    [
        (("nosuchgame",), "unknown_game", 2),
        (("tcg", "--seats", "human,nobody"), "unknown_agent", 2),
        (("tcg", "--seats", "human,human,human"), "unknown_agent", 2),
        (("tcg", "--name", "ann"), "usage", 2),
        (("tcg", "--no-such-rule", "3"), "usage", 2),
        (("tcg", "--server", "http://localhost:1"), "usage", 2),
    ],
)
def test_errors_at_the_command_boundary_are_json(
    args: tuple[str, ...], code: str, exit_code: int
) -> None:
    result = invoke("play", *args, "--json", input="")
    assert result.exit_code == exit_code, result.output
    [message] = lines_of(result.stdout)
    assert message["type"] == "error"
    assert message["code"] == code
    assert message["reason"]


def test_a_bad_rules_file_is_a_json_error_with_what_is_known(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text("game = 'tcg'\n[rules]\nstarting_health = 'lots'\n", encoding="utf-8")
    result = invoke("play", "tcg", "--rules", str(rules), "--json", input="")
    assert result.exit_code == 1, result.output
    [message] = lines_of(result.stdout)
    assert message["type"] == "error"
    assert isinstance(message["code"], str)
    assert message["code"]
    assert message["reason"]


def test_the_end_says_its_code_its_seats_and_words_for_the_reader() -> None:
    """A concession: the code and seats for programs, and a sentence with "you" for the one
    seat that reads standard input."""
    result = invoke("play", "tcg", "--seed", "3", "--seats", "random,human", "--json",
                    input="concede\n")  # fmt: skip
    over = lines_of(result.output)[-1]
    assert over["type"] == "over", over
    assert over["outcome"] == {
        "winners": [0],
        "code": "conceded",
        "seats": [1],
        "reason": "player 1 conceded",
        "placings": [1, 2],
    }
    assert over["text"] == "You lost — you conceded"
