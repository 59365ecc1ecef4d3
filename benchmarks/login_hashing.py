"""What accounts' passwords cost the server: argon2id hashes and verifications per second.

    .venv/bin/python benchmarks/login_hashing.py           # about a minute
    .venv/bin/python benchmarks/login_hashing.py --quick   # a few of each, to check it runs

With the server's parameters (``security.HASH_PARAMETERS``: argon2id, 64 MiB, 3 passes, 4
lanes), it measures:

1. one thread: hashes, then verifications, one after another (the cost of one sign-in);
2. a burst of sign-ins through :class:`PasswordHashing` (worker threads), with at most 1,
   2 (``HASHING_CONCURRENCY``) and 4 at once, for the ratios; during each burst a task on
   the event loop asks to wake every 10 ms, and how late it wakes says whether the loop (and
   the live matches on it) stayed responsive.

The machines are shared and noisy: compare the ratios measured in one run more than the
absolute figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import anyio

from cardtable.server.accounts.passwords import (
    HASHING_CONCURRENCY,
    PasswordHashing,
    default_concurrency,
)
from cardtable.server.security import DEFAULT_HASHER, HASH_PARAMETERS

PASSWORD = "correct horse battery staple"


def one_thread(rounds: int) -> tuple[float, float]:
    """Hashes and verifications a second, one after another in this thread."""
    start = time.perf_counter()
    stored = ""
    for _ in range(rounds):
        stored = DEFAULT_HASHER.hash(PASSWORD)
    hashing = rounds / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(rounds):
        DEFAULT_HASHER.verify(stored, PASSWORD)
    verifying = rounds / (time.perf_counter() - start)
    return hashing, verifying


Lateness = tuple[float, float]
"""The event loop's median and worst lateness waking a task (seconds)."""


def lateness(lates: list[float]) -> Lateness:
    return statistics.median(lates), max(lates)


async def idle(seconds: float) -> Lateness:
    """The event loop's lateness with nothing else to do: the machine's own noise."""
    lates: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        asked = time.perf_counter()
        await anyio.sleep(0.01)
        lates.append(time.perf_counter() - asked - 0.01)
    return lateness(lates)


async def burst(logins: int, concurrency: int) -> tuple[float, Lateness]:
    """Sign-ins a second for ``logins`` checks at once, and the event loop's lateness
    meanwhile."""
    hashing = PasswordHashing(DEFAULT_HASHER, concurrency=concurrency)
    stored = DEFAULT_HASHER.hash(PASSWORD)
    lates: list[float] = []
    finished = anyio.Event()

    async def ticker() -> None:
        while not finished.is_set():
            asked = time.perf_counter()
            await anyio.sleep(0.01)
            lates.append(time.perf_counter() - asked - 0.01)

    async def login(number: int) -> None:
        verdict = await hashing.check(PASSWORD if number % 2 else "wrong password", stored)
        assert verdict.valid == bool(number % 2)

    start = time.perf_counter()
    async with anyio.create_task_group() as tickers:
        tickers.start_soon(ticker)
        async with anyio.create_task_group() as tasks:
            for number in range(logins):
                tasks.start_soon(login, number)
        elapsed = time.perf_counter() - start
        finished.set()
    return logins / elapsed, lateness(lates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few of each, to check it runs")
    arguments = parser.parse_args()
    rounds, logins = (3, 6) if arguments.quick else (20, 40)

    parameters = HASH_PARAMETERS
    print(
        f"argon2id: {parameters.memory_cost // 1024} MiB, {parameters.time_cost} passes, "
        f"{parameters.parallelism} lanes; {os.cpu_count()} cores"
    )
    hashing, verifying = one_thread(rounds)
    print(f"one thread: {hashing:.1f} hashes/s ({1000 / hashing:.0f} ms each), "
          f"{verifying:.1f} verifications/s ({1000 / verifying:.0f} ms each)")  # fmt: skip
    median, worst = anyio.run(idle, 1.0 if arguments.quick else 3.0)
    print(f"event loop alone: late {median * 1000:.1f} ms (median), {worst * 1000:.1f} ms (worst)")
    results: dict[int, tuple[float, Lateness]] = {}
    print(f"the server's default here: {default_concurrency()} at a time")
    for concurrency in sorted({1, HASHING_CONCURRENCY, 4}):
        results[concurrency] = anyio.run(burst, logins, concurrency)
        rate, (median, worst) = results[concurrency]
        print(
            f"{logins} sign-ins at once, {concurrency} at a time: {rate:.1f} sign-ins/s "
            f"({rate / verifying:.2f}x one thread); event loop late {median * 1000:.1f} ms "
            f"(median), {worst * 1000:.1f} ms (worst)"
        )
    print(
        f"limit {HASHING_CONCURRENCY} against limit 1: "
        f"{results[HASHING_CONCURRENCY][0] / results[1][0]:.2f}x the sign-ins a second"
    )


if __name__ == "__main__":
    main()
