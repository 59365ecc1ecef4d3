"""Signing in through a real server: sign-ins a second and how long each takes, and how many
password guesses the throttle leaves an attacker.

    .venv/bin/python benchmarks/login_server.py           # about 5 minutes
    .venv/bin/python benchmarks/login_server.py --write   # also update docs/performance.md
    .venv/bin/python benchmarks/login_server.py --quick   # seconds, to check it runs

It starts ``cardtable serve`` with every limit at its default (SQLite in a temporary data
directory, loopback only) and signs in over HTTP as programs do (``POST /api/session`` with
``"token": true``). The server tells clients apart by their address, and on Linux every
address of 127.0.0.0/8 reaches a server on 127.0.0.1, so the script sends from several:
accounts are created from 127.0.0.2 on, five from each (the server's limit of sign-ups at
once per address, :data:`SIGNUPS_PER_ADDRESS`), the sign-ins come from one address, and each
attack from an address of its own.

1. **Sign-ins**: 1, 2, 4, 8 and 16 sign-ins kept in flight from one address, each level for
   ``--seconds``, every password right, each of the loops signing in to accounts of its own in
   turn (so no username is tried twice at once): sign-ins a second, latency p50 and p99, and
   the refusals.
2. **Guessing**, with the default throttle (``login_tries``: 3 wrong passwords in a row per
   username and 12 per address, then waits of 1, 2, 4... seconds up to 5 minutes), for
   ``--attack-seconds`` each; the attacker asks again every :data:`POLL_SECONDS` while refused,
   so it loses none of the time the throttle allows:

   - one account, from one address;
   - one address, a new username at each guess (only the address's count holds it back);
   - one address, a new username at each guess, the attacker signing in to an account of its
     own whenever the address's count is one short of holding it back (a right password
     takes only its own try off the address's count, so this gains the attacker nothing:
     it once wiped the count, which the figures showed).

   Beside what was measured, the guesses the policy allows at one account in a minute, an
   hour and a day: the server's own :class:`~cardtable.server.security.Throttle`, on a
   simulated clock.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import httpx2
from pydantic import BaseModel

from cardtable.protocol.accounts import SignIn, SignUp
from cardtable.server.accounts.service import ADDRESS_TRIES_FACTOR
from cardtable.server.security import Throttle
from cardtable.server.services import ServerConfig
from figures import write_figures
from login_hashing import PASSWORD
from server_process import HOST, free_port, percentile, start_server, stop_server

DOC = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
START, END = "<!-- bench:logins:start -->", "<!-- bench:logins:end -->"
DEFAULTS: dict[str, Any] = {option.name: option.default for option in fields(ServerConfig)}
"""``cardtable serve``'s defaults."""
SIGNUPS_PER_ADDRESS = int(DEFAULTS["signup_burst"])
"""Accounts created from each loopback address: the server's default burst of sign-ups."""
NAME_TRIES = int(DEFAULTS["login_tries"])
ADDRESS_TRIES = ADDRESS_TRIES_FACTOR * NAME_TRIES
CONCURRENCY = (1, 2, 4, 8, 16)
ACCOUNTS_PER_LOOP = 2
POLL_SECONDS = 0.2
"""How soon a refused attacker asks again (a refusal costs the server no hash)."""
WRONG = "not the password at all"
SIGN_IN_ADDRESS = 200
"""Sign-ins come from ``loopback(SIGN_IN_ADDRESS)`` (127.0.0.202), sign-ups from below it."""


def loopback(number: int) -> str:
    """The ``number``-th loopback address the script sends from (127.0.0.2 for 0).

    >>> loopback(0), loopback(300)
    ('127.0.0.2', '127.0.1.46')
    """
    number += 2
    return f"127.0.{number // 256}.{number % 256}"


def client(url: str, address: str) -> httpx2.AsyncClient:
    """An HTTP client of the server at ``url`` whose requests come from ``address``."""
    transport = httpx2.AsyncHTTPTransport(local_address=address)
    return httpx2.AsyncClient(base_url=url, transport=transport, timeout=600.0)


async def post(http: httpx2.AsyncClient, path: str, body: BaseModel) -> httpx2.Response:
    content = body.model_dump_json()
    return await http.post(path, content=content, headers={"Content-Type": "application/json"})


async def sign_in(http: httpx2.AsyncClient, username: str, password: str) -> httpx2.Response:
    return await post(
        http, "/api/session", SignIn(username=username, password=password, token=True)
    )


def code_of(response: httpx2.Response) -> str:
    """A refusal's code (``too_many``...), or the HTTP status of an answer without one."""
    try:
        return str(response.json()["code"])
    except (ValueError, KeyError, TypeError):
        return str(response.status_code)


async def sign_up_all(url: str, usernames: list[str]) -> None:
    """Create an account for each of ``usernames`` (password :data:`PASSWORD`), five from each
    loopback address from the first on."""
    for number, start in enumerate(range(0, len(usernames), SIGNUPS_PER_ADDRESS)):
        async with client(url, loopback(number)) as http:
            for username in usernames[start : start + SIGNUPS_PER_ADDRESS]:
                body = SignUp(username=username, password=PASSWORD, token=True)
                response = await post(http, "/api/accounts", body)
                if response.status_code != 201:
                    raise SystemExit(f"could not sign up {username}: {response.text}")


def loop_accounts(loops: int) -> list[list[str]]:
    """The usernames each of ``loops`` sign-in loops signs in to, in turn."""
    return [[f"user{loop}x{n}" for n in range(ACCOUNTS_PER_LOOP)] for loop in range(loops)]


@dataclass(slots=True)
class Tally:
    """What a run of sign-ins came to."""

    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    """Of the sign-ins that succeeded, in seconds."""
    refused: Counter[str] = field(default_factory=Counter)

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def row(self, name: str) -> str:
        refused = ", ".join(f"{code} {n}" for code, n in sorted(self.refused.items()))
        if not self.latencies:
            return f"| {name} | 0 | | | {refused or 'none'} |"
        return (
            f"| {name} | {self.rate:.1f} | {1000 * statistics.median(self.latencies):,.0f} ms | "
            f"{1000 * percentile(self.latencies, 0.99):,.0f} ms | {refused or 'none'} |"
        )


TALLY_HEADER = (
    "| sign-ins at once | sign-ins a second | p50 | p99 | refused |\n|---|---:|---:|---:|---|"
)


async def sign_ins(url: str, accounts: list[list[str]], until: float, address: str) -> Tally:
    """Keep one sign-in in flight for each list of ``accounts`` (each list's accounts in
    turn) from ``address`` until ``time.monotonic()`` is ``until``; a sign-in refused
    ``too_many`` waits what it is told. Sign-ins under way at ``until`` finish, but none
    starts after it."""
    tally = Tally()
    begun = time.monotonic()

    async def loop(http: httpx2.AsyncClient, usernames: list[str]) -> None:
        for username in itertools.cycle(usernames):
            if time.monotonic() >= until:
                return
            sent = time.monotonic()
            response = await sign_in(http, username, PASSWORD)
            if response.status_code == 200:
                tally.latencies.append(time.monotonic() - sent)
                continue
            tally.refused[code_of(response)] += 1
            wait = float(response.headers.get("Retry-After", 1))
            await asyncio.sleep(min(wait, max(0.0, until - time.monotonic())))

    async with client(url, address) as http:
        await asyncio.gather(*(loop(http, usernames) for usernames in accounts))
    tally.seconds = time.monotonic() - begun
    return tally


@dataclass(frozen=True, slots=True)
class Attack:
    name: str
    seconds: float
    checked: int
    """Wrong passwords the server checked (each answered ``wrong_password``)."""
    refused: int
    """Tries refused ``too_many`` before any check."""
    own: int
    """The attacker's sign-ins to its own account (to clear the address's count)."""

    def row(self) -> str:
        return (
            f"| {self.name} | {self.checked:,} in {self.seconds:.0f} s | "
            f"{self.checked / self.seconds:.2f} | {self.refused:,} | {self.own:,} |"
        )


async def attack(
    url: str, name: str, address: str, targets: Iterator[str], seconds: float,
    own: str | None = None,
) -> Attack:  # fmt: skip
    """Guess a wrong password at ``targets`` in turn from ``address`` for ``seconds``, asking
    again every :data:`POLL_SECONDS` while refused; with ``own`` (an account of the
    attacker's), sign in to it whenever the address's count is one short of its limit."""
    checked = refused = own_sign_ins = in_a_row = 0
    end = time.monotonic() + seconds
    target = next(targets)
    async with client(url, address) as http:
        while time.monotonic() < end:
            if own is not None and in_a_row == ADDRESS_TRIES - 1:
                response = await sign_in(http, own, PASSWORD)
                assert response.status_code == 200, response.text
                own_sign_ins, in_a_row = own_sign_ins + 1, 0
                continue
            response = await sign_in(http, target, WRONG)
            code = code_of(response)
            if code == "too_many":
                refused += 1
                await asyncio.sleep(POLL_SECONDS)
                continue
            assert code == "wrong_password", response.text
            checked, in_a_row, target = checked + 1, in_a_row + 1, next(targets)
    return Attack(name, seconds, checked, refused, own_sign_ins)


def allowed(seconds: float, free: int = NAME_TRIES) -> int:
    """Guesses the server's throttle allows one key in ``seconds``, each asked the moment
    it may be (a guess itself taking no time).

    >>> allowed(60.0), allowed(3600.0)
    (8, 22)
    """
    throttle, now, guesses = Throttle(free=free), 0.0, 0
    while True:
        wait = throttle.attempt("key", now)
        if wait == 0:
            guesses += 1
        elif now + wait > seconds:
            return guesses
        now += wait


def policy_rows() -> list[str]:
    rows = []
    for name, free in (("one username", NAME_TRIES), ("one address", ADDRESS_TRIES)):
        minute, hour, day = (allowed(seconds, free) for seconds in (60.0, 3600.0, 86400.0))
        rows.append(f"| {name} | {minute} | {hour} | {day:,} |")
    return rows


async def measure(url: str, args: argparse.Namespace) -> str:
    levels = CONCURRENCY[:2] if args.quick else CONCURRENCY
    loops = max(levels)
    accounts = loop_accounts(loops)
    own = "attacker"
    print(f"signing up {loops * ACCOUNTS_PER_LOOP + 1} accounts...", flush=True)
    await sign_up_all(url, [name for names in accounts for name in names] + [own])
    lines = ["Sign-ins, every one right, all from one address:", "", TALLY_HEADER]
    address = loopback(SIGN_IN_ADDRESS)
    for level in levels:
        tally = await sign_ins(url, accounts[:level], time.monotonic() + args.seconds, address)
        lines.append(tally.row(str(level)))
        print(lines[-1], flush=True)
    lines += [
        "",
        f"Guessing, {args.attack_seconds:.0f} s each, every limit at its default:",
        "",
        "| attacker | wrong passwords checked | a second | refused (too_many) | own sign-ins |",
        "|---|---:|---:|---:|---:|",
    ]
    first = SIGN_IN_ADDRESS + 1
    guesses = [
        ("one account, one address", itertools.repeat("user0x0"), None),
        ("new usernames, one address", (f"nobody{n}" for n in itertools.count()), None),
        ("new usernames, one address, own sign-ins between",
         (f"someone{n}" for n in itertools.count()), own),
    ]  # fmt: skip
    for number, (name, targets, helper) in enumerate(guesses):
        source = loopback(first + number)
        result = await attack(url, name, source, targets, args.attack_seconds, helper)
        lines.append(result.row())
        print(lines[-1], flush=True)
    lines += [
        "",
        "What the throttle allows one key, asked the moment it may be (simulated):",
        "",
        "| key | a minute | an hour | a day |",
        "|---|---:|---:|---:|",
        *policy_rows(),
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds at each level")
    parser.add_argument("--attack-seconds", type=float, default=60.0, help="seconds an attack")
    parser.add_argument("--quick", action="store_true", help="seconds, to check it runs")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.attack_seconds = 1.0, 2.0
    with tempfile.TemporaryDirectory(prefix="cardtable-logins-") as folder:
        port = free_port()
        server = start_server(port, Path(folder) / "server.log", ["--data-dir", folder])
        try:
            text = asyncio.run(measure(f"http://{HOST}:{port}", args))
        finally:
            stop_server(server)
    print(text)
    if args.write:
        write_figures(DOC, START, END, "python benchmarks/login_server.py --write", text)


if __name__ == "__main__":
    main()
