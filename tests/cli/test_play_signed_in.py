"""``cardtable play GAME --server URL --room ID`` signed in with ``cardtable login``: the seat
the account holds in the room is resumed with the stored session alone, on "another machine"
that never saw the seat's token, over REST and the WebSocket (a real process against a real
server, uvicorn in a thread of this process)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.cli.credentials import Credentials
from cardtable.client import Accounts, Lobby, Seat
from cardtable.protocol.lobby import CreateRoom, RoomCreated
from tests.cli.helpers import PLAIN_ENV, TIMEOUT
from tests.client.helpers import SHORT_WAR, seats
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import sqlite_url

__all__ = ["sqlite_url"]

TURNS = "t\n" * 200


@pytest.fixture
def url(sqlite_url: str) -> Iterator[str]:
    with served(sqlite_url) as found:
        yield found


def _laptop_room(url: str) -> RoomCreated:
    """Fox signs up and, signed in, hosts a started War room against a computer player (seat 0
    is the account's; this "laptop" keeps the seat token, the other machine never sees it)."""

    async def run() -> RoomCreated:
        async with Accounts(url) as accounts:
            session = await accounts.sign_up("Fox", PASSWORD)
        async with Lobby(url, session=session) as lobby:
            created = await lobby.create(
                CreateRoom(game="war", ruleset=SHORT_WAR, seats=seats("open", "random"), name="x")
            )
            await lobby.start(created.room.id, created.host_token)
        return created

    return asyncio.run(run())


def _log_in(url: str, config: Path) -> None:
    """``cardtable login`` on the other machine (its own configuration directory)."""
    env = {**PLAIN_ENV, "XDG_CONFIG_HOME": str(config), "CARDTABLE_PASSWORD": PASSWORD}
    result = CliRunner().invoke(app, ["login", "--server", url, "--username", "Fox"], env=env)
    assert result.exit_code == 0, result.output


def _play(config: Path, *args: str, input: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in PLAIN_ENV}
    env.update({key: value for key, value in PLAIN_ENV.items() if value is not None})
    env.update({"PYTHONIOENCODING": "utf-8", "XDG_CONFIG_HOME": str(config)})
    return subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "war", *args],
        input=input, capture_output=True, text=True, encoding="utf-8", env=env,
        timeout=TIMEOUT, check=False,
    )  # fmt: skip


def _seat_of(url: str, room: str, token: str) -> int | None:
    async def run() -> int | None:
        async with Seat(url, room, token) as seat:
            return seat.seat

    return asyncio.run(run())


def test_play_with_the_stored_session_resumes_the_accounts_seat_by_room_id(
    url: str, tmp_path: Path
) -> None:
    created = _laptop_room(url)
    room = created.room.id
    _log_in(url, tmp_path)
    result = _play(tmp_path, "--server", url, "--room", room, input=TURNS)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert f"You are back at seat 0 of room {room} (signed in as Fox)." in result.stdout
    assert "player 0 (you)> t" in result.stdout
    assert "Outcome: " in result.stdout
    # No new seat token was given out: the laptop's still holds the seat.
    assert created.token is not None
    assert _seat_of(url, room, created.token) == 0


def test_leaving_a_seat_resumed_by_the_session_concedes_without_a_token(
    url: str, tmp_path: Path
) -> None:
    created = _laptop_room(url)
    room = created.room.id
    _log_in(url, tmp_path)
    result = _play(tmp_path, "--server", url, "--room", room, input="")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "You left the room: the input ended." in result.stdout
    assert "Traceback" not in output

    async def matches() -> list[str]:
        async with Lobby(url) as lobby:
            return [match.status for match in await lobby.matches(room)]

    assert asyncio.run(matches()) == ["finished"]


def test_a_session_that_ended_says_to_log_in_again(url: str, tmp_path: Path) -> None:
    created = _laptop_room(url)
    _log_in(url, tmp_path)
    kept = Credentials(tmp_path / "cardtable" / "sessions.json").get(url)
    assert kept is not None

    async def sign_out() -> None:
        async with Accounts(url, session=kept.token) as accounts:
            await accounts.sign_out()

    asyncio.run(sign_out())
    result = _play(tmp_path, "--server", url, "--room", created.room.id, input="")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    [line] = [line for line in result.stderr.splitlines() if line.strip()]
    assert line == (
        f"error: the session kept for {url} no longer signs you in: log in again "
        f"(cardtable login --server {url})"
    )
