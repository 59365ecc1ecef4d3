"""``cardtable play GAME --server URL [--room ID]`` as a real process against a real server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time

import anyio
import pytest

from cardtable.cli.play import INTERRUPTED
from cardtable.client import Bot, Lobby, Seat, first_legal, play_seat
from tests.cli.helpers import PLAIN_ENV, invoke, run_process
from tests.client.helpers import SHORT_WAR, TIMEOUT, start, until_seated, war_room
from tests.server.processes import free_port

SHORT_RULES = [f"--{key.replace('_', '-')}={value}" for key, value in SHORT_WAR.items()]
TURNS = "t\n" * 200


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


def test_a_person_plays_war_against_a_computer_player_on_a_server(server_url: str) -> None:
    result = run_process(
        "play", "war", "--server", server_url, "--seats", "human,random", "--name", "Fox",
        *SHORT_RULES, input=TURNS,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert re.search(r"^Room \S+ is yours\.$", result.stdout, re.MULTILINE)
    assert "player 0 (you)> t" in result.stdout
    assert "player 1 (Random)" in result.stdout
    # Worded for the person at the seat, from the outcome's code.
    assert re.search(r"^Outcome: You (won|lost)", result.stdout, re.MULTILINE), result.stdout


def test_the_end_of_the_input_leaves_the_room_and_concedes(server_url: str) -> None:
    result = run_process(
        "play", "war", "--server", server_url, "--seats", "human,random", *SHORT_RULES,
        input="",
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    assert "You left the room: the input ended." in result.stdout
    room = result.stdout.split("Room ", 1)[1].split(" ", 1)[0]

    async def matches() -> list[str]:
        async with Lobby(server_url) as lobby:
            return [match.status for match in await lobby.matches(room)]

    assert asyncio.run(matches()) == ["finished"]


@pytest.mark.anyio
async def test_a_person_joins_a_room_with_its_id_and_plays_it(server_url: str) -> None:
    created = await war_room(server_url, "open", "open")
    assert created.token is not None
    env = {key: value for key, value in os.environ.items() if key not in PLAIN_ENV}
    env.update({key: value for key, value in PLAIN_ENV.items() if value is not None})
    env["PYTHONIOENCODING"] = "utf-8"
    with anyio.fail_after(TIMEOUT):
        async with Seat(server_url, created.room.id, created.token) as host:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "cardtable", "play", "war", "--server", server_url,
                "--room", created.room.id, "--name", "Owl",
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=env,
            )  # fmt: skip
            talking = asyncio.create_task(process.communicate(TURNS.encode()))
            await until_seated(host)  # the host starts once the person has sat down
            await start(server_url, created)
            final = await play_seat(host, first_legal)
            stdout, stderr = await talking
    output = (stdout + stderr).decode()
    assert process.returncode == 0, output
    assert f"You sit at seat 1 of room {created.room.id}." in output
    assert "player 1 (you)> t" in output
    assert "player 0 (host)" in output
    assert final.outcome is not None
    assert "Outcome: " in output


def _interruptible() -> None:
    """Ctrl-C as at a terminal: a run in the background (CI) ignores SIGINT, and a child
    that inherits that never hears it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_at_the_prompt_leaves_the_room_without_a_traceback(server_url: str) -> None:
    env = {key: value for key, value in os.environ.items() if key not in PLAIN_ENV}
    env.update({key: value for key, value in PLAIN_ENV.items() if value is not None})
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "play", "war", "--server", server_url,
         "--seats", "human,random", *SHORT_RULES],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        preexec_fn=_interruptible,
    )  # fmt: skip
    assert process.stdout is not None
    shown = b""
    deadline = time.monotonic() + TIMEOUT
    while b"(you)> " not in shown and time.monotonic() < deadline:
        shown += os.read(process.stdout.fileno(), 4096)
    process.send_signal(signal.SIGINT)
    # Let it stop on the interrupt with its input still open: closing the input now would
    # race the signal (and an ended input is its own way out).
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=TIMEOUT)
    stdout, stderr = process.communicate(timeout=TIMEOUT)
    output = (shown + stdout).decode()
    assert process.returncode == INTERRUPTED, output + stderr.decode()
    assert "You left the room: interrupted." in output
    assert stderr.decode().strip() == ""


def test_a_full_room_is_watched(server_url: str) -> None:
    async def finished_room() -> str:
        created = await war_room(server_url, "open", "open")
        assert created.token is not None
        async with Seat(server_url, created.room.id, created.token) as host:
            guest = asyncio.create_task(Bot(url=server_url, room=created.room.id).run())
            await until_seated(host)
            await start(server_url, created)
            await play_seat(host, first_legal)
            await guest
        return created.room.id

    room = asyncio.run(finished_room())
    result = run_process("play", "war", "--server", server_url, "--room", room)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Every seat of room {room} is taken: you are watching." in result.stdout
    assert "Outcome: player " in result.stdout


def test_an_unreachable_server_is_one_line(server_url: str) -> None:
    result = run_process("play", "war", "--server", f"http://127.0.0.1:{free_port()}")
    assert result.returncode == 1
    [line] = error_lines(result.stderr)
    assert line.startswith("error: cannot reach the server at http://127.0.0.1:")
    assert "nothing answers there" in line


def test_a_wrong_password_is_one_line(server_url: str) -> None:
    created = asyncio.run(war_room(server_url, "open", "open", password="sesame"))
    result = run_process(
        "play", "war", "--server", server_url, "--room", created.room.id, "--password", "open"
    )
    assert result.returncode == 1
    assert error_lines(result.stderr) == ["error: wrong password for this room"]


def test_an_unknown_room_is_one_line(server_url: str) -> None:
    result = run_process("play", "war", "--server", server_url, "--room", "no-such-room")
    assert result.returncode == 1
    assert error_lines(result.stderr) == [
        "error: room no-such-room: there is no such room (it may have expired)"
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--server", "ftp://example.org"], "is not a server address"),
        (["--room", "abc"], "--room needs --server"),
        (["--server", "127.0.0.1:1", "--seed", "4"], "--seed: only for a local match"),
        (["--server", "127.0.0.1:1", "--room", "abc", "--players", "3"], "host chose"),
        (["--server", "127.0.0.1:1", "--seats", "random,random"], "needs a human seat"),
        (["--password", "sesame"], "--name and --password are for playing on a server"),
    ],
)
def test_command_line_mistakes_are_usage_errors(args: list[str], message: str) -> None:
    result = invoke("play", "war", *args)
    assert result.exit_code == 2
    [line] = error_lines(result.stderr)
    assert line.startswith("error: ")
    assert message in line
