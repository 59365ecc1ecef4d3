"""Guessing a room's password: the throttle counts a guess before checking it, so guesses sent
all at once are throttled like guesses sent one by one, and an address is the connection's own
unless the operator names the proxies whose ``X-Forwarded-For`` to trust."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import pytest

from cardtable.server.security import PasswordHasher
from tests.server.helpers import create, server
from tests.server.processes import Served, Servers

GUESSES = 40


def counting_verifications(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count every password that reaches argon2 (the hasher's own ``verify``, wherever the
    server calls it from)."""
    checked: list[str] = []
    real = PasswordHasher.verify

    def verify(self: PasswordHasher, stored: str | bytes, password: str | bytes) -> bool:
        checked.append(str(password))
        return real(self, stored, password)

    monkeypatch.setattr(PasswordHasher, "verify", verify)
    return checked


def test_guesses_sent_at_once_reach_argon2_only_as_often_as_the_throttle_allows(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with server(sqlite_url) as client:
        room = create(client, game="war", password="open sesame")["room"]["id"]
        checked = counting_verifications(monkeypatch)
        rooms = client.app.state.services.rooms  # type: ignore[attr-defined]
        now = [time.time()]
        rooms.clock = lambda: now[0]  # the guesses arrive at one moment, however slow the machine
        start = threading.Barrier(GUESSES)

        def guess(number: int) -> Any:
            start.wait()
            return client.post(
                f"/api/rooms/{room}/join", json={"name": f"guess {number}", "password": "wrong"}
            )

        with ThreadPoolExecutor(GUESSES) as pool:
            answers = list(pool.map(guess, range(GUESSES)))

        free = rooms.throttle.free
        assert len(checked) == free  # the rest never reached argon2
        codes = sorted(answer.json()["code"] for answer in answers)
        assert codes == ["bad_password"] * free + ["too_many"] * (GUESSES - free)
        waits = [
            int(answer.headers["Retry-After"]) for answer in answers if answer.status_code == 429
        ]
        assert len(waits) == GUESSES - free
        assert all(wait >= 1 for wait in waits)

        now[0] += max(waits)
        joined = client.post(
            f"/api/rooms/{room}/join", json={"name": "bob", "password": "open sesame"}
        )
        assert joined.status_code == 200, joined.text
        assert len(checked) == free + 1


GUESSES_IN_A_ROW = 6
"""Wrong passwords sent one after another: from one address, the throttle refuses at least one
of them (after three free ones, each must wait 1, 2, 4... seconds, far longer than a guess
takes), while six addresses each have all their tries."""


def guess_from(served: Served, room: str, address: str) -> str:
    """The error code of a wrong password whose request claims to come from ``address``."""
    answer = httpx2.post(
        f"{served.url}/api/rooms/{room}/join",
        json={"name": "guesser", "password": "wrong"},
        headers={"X-Forwarded-For": address},
        timeout=10,
    )
    code: str = answer.json()["code"]
    assert answer.status_code == {"bad_password": 403, "too_many": 429}[code], answer.text
    return code


def password_room(served: Served) -> str:
    created = served.post("/api/rooms", {"game": "war", "name": "ann", "password": "open sesame"})
    return str(created["room"]["id"])


def claimed_addresses() -> list[str]:
    return [f"203.0.113.{number}" for number in range(1, GUESSES_IN_A_ROW + 1)]


def test_a_forwarded_address_is_not_believed_by_default(tmp_path: Path, processes: Servers) -> None:
    served = processes.start(f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}")
    room = password_room(served)
    codes = [guess_from(served, room, address) for address in claimed_addresses()]
    # each guess claimed an address of its own, yet all are throttled as the one they came from
    assert codes[:3] == ["bad_password"] * 3
    assert "too_many" in codes


def test_a_forwarded_address_is_believed_from_a_proxy_the_operator_names(
    tmp_path: Path, processes: Servers
) -> None:
    served = processes.start(
        f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}",
        extra=("--forwarded-allow-ips", "127.0.0.1"),
    )
    room = password_room(served)
    apart = [guess_from(served, room, address) for address in claimed_addresses()]
    assert apart == ["bad_password"] * GUESSES_IN_A_ROW  # players behind the proxy, one try each
    again = [guess_from(served, room, "198.51.100.7") for _ in range(GUESSES_IN_A_ROW)]
    assert again[:3] == ["bad_password"] * 3
    assert "too_many" in again
