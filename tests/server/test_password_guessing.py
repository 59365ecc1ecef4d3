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
        start = threading.Barrier(GUESSES)

        def guess(number: int) -> Any:
            start.wait()
            return client.post(
                f"/api/rooms/{room}/join", json={"name": f"guess {number}", "password": "wrong"}
            )

        with ThreadPoolExecutor(GUESSES) as pool:
            answers = list(pool.map(guess, range(GUESSES)))

        free = client.app.state.services.rooms.throttle.free  # type: ignore[attr-defined]
        assert len(checked) == free  # the rest never reached argon2
        codes = sorted(answer.json()["code"] for answer in answers)
        assert codes == ["bad_password"] * free + ["too_many"] * (GUESSES - free)
        waits = [
            int(answer.headers["Retry-After"]) for answer in answers if answer.status_code == 429
        ]
        assert len(waits) == GUESSES - free
        assert all(wait >= 1 for wait in waits)

        time.sleep(max(waits))
        joined = client.post(
            f"/api/rooms/{room}/join", json={"name": "bob", "password": "open sesame"}
        )
        assert joined.status_code == 200, joined.text
        assert len(checked) == free + 1


def guess_from(served: Served, room: str, address: str) -> tuple[int, str]:
    """A wrong password whose request claims to come from ``address``."""
    answer = httpx2.post(
        f"{served.url}/api/rooms/{room}/join",
        json={"name": "guesser", "password": "wrong"},
        headers={"X-Forwarded-For": address},
        timeout=10,
    )
    return answer.status_code, answer.json()["code"]


def password_room(served: Served) -> str:
    created = served.post("/api/rooms", {"game": "war", "name": "ann", "password": "open sesame"})
    return str(created["room"]["id"])


def test_a_forwarded_address_is_not_believed_by_default(tmp_path: Path, processes: Servers) -> None:
    served = processes.start(f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}")
    room = password_room(served)
    answers = [guess_from(served, room, f"203.0.113.{number}") for number in range(1, 5)]
    # each guess claimed an address of its own, yet all are throttled as the one they came from
    assert answers == [(403, "bad_password")] * 3 + [(429, "too_many")]


def test_a_forwarded_address_is_believed_from_a_proxy_the_operator_names(
    tmp_path: Path, processes: Servers
) -> None:
    served = processes.start(
        f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}",
        extra=("--forwarded-allow-ips", "127.0.0.1"),
    )
    room = password_room(served)
    apart = [guess_from(served, room, f"203.0.113.{number}") for number in range(1, 5)]
    assert apart == [(403, "bad_password")] * 4  # four players behind the proxy, one guess each
    again = [guess_from(served, room, "198.51.100.7") for _ in range(4)]
    assert again == [(403, "bad_password")] * 3 + [(429, "too_many")]
