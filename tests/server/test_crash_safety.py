"""Servers SIGKILLed at random moments in the middle of live rooms of every game, and of
correspondence rooms of Karata and the Kata TCG, and started again; the bots playing them
reconnect and play on.

Afterwards every acknowledged decision (its sender saw a view of a later version) is stored
exactly once, every match has finished, no room is stuck, and every record replays to its
stored final hash. The correspondence matches sleep on every turn (nobody misses a deadline of
an hour or a day): meanwhile their stored rows are watched, and none may be seen asleep with a
decision pending, nor awake for long while every process is up; decisions sent through each
process, the one that put the match to sleep or not, killed since or not, must be seen waking
them; and a rematch of each falls asleep, its person told. Once with one process on SQLite,
once with two processes on PostgreSQL and Redis (killing either of them; each seat's bot plays
through one of the two). The moments are
drawn from a seeded generator (``CARDTABLE_FAULT_SEED`` changes the seed); each run takes a
minute or two.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.server.faults import (
    PASSED_OVER,
    Node,
    Play,
    PrivateRedis,
    Sleepers,
    afterwards,
    open_tables,
    report,
)
from tests.server.processes import Servers

SEED = int(os.environ.get("CARDTABLE_FAULT_SEED", "25"))
KILLS = 8
BETWEEN_KILLS = (0.5, 4.0)
"""Seconds of play between a restart and the next kill (drawn uniformly)."""
DOWN = (0.0, 1.0)
"""Seconds a killed process stays dead before it is started again."""
FINISHING_SECONDS = 45.0
"""How long the bots have to finish their last matches once the kills are over."""


async def kill_at_random(nodes: Sequence[Node], rng: random.Random) -> list[str]:
    """SIGKILL one of ``nodes`` at random moments, starting it again each time; what was
    killed, when."""
    targets = [rng.randrange(len(nodes)) for _ in range(KILLS)]
    for missing in set(range(len(nodes))) - set(targets):  # each process dies at least once
        targets[missing] = missing
    killed = []
    loop = asyncio.get_running_loop()
    started = loop.time()
    for target in targets:
        await asyncio.sleep(rng.uniform(*BETWEEN_KILLS))
        node = nodes[target]
        killed.append(f"{loop.time() - started:.1f}s: process {target}")
        await asyncio.to_thread(node.kill)
        await asyncio.sleep(rng.uniform(*DOWN))
        await asyncio.to_thread(node.restart)
    return killed


async def crash_and_check(nodes: Sequence[Node], log: Path) -> None:
    """Rooms of every game played by bots through ``nodes`` while they are killed; then every
    check."""
    play = Play(await open_tables([node.url for node in nodes], seed=SEED, copies=2))
    sleepers = Sleepers(
        nodes[0].database, play.tables,
        up=lambda: all(node.served.process.poll() is None for node in nodes),
    )  # fmt: skip
    play.start()
    sleepers.start()
    try:
        killed = await kill_at_random(nodes, random.Random(SEED))
        problems = await afterwards(
            play, nodes[0].url, log, seconds=FINISHING_SECONDS, allowed=PASSED_OVER,
            faults=False, sleepers=sleepers,
        )  # fmt: skip
    finally:
        await sleepers.stop()
    bots = [bot for table in play.tables for bot in table.bots]
    summary = (
        f"seed {SEED}: {len(play.tables)} rooms, "
        f"{len({sent.match for bot in bots for sent in bot.sent})} matches, "
        f"{sum(len(bot.sent) for bot in bots)} decisions sent, "
        f"{sum(len(bot.acknowledged()) for bot in bots)} acknowledged; "
        f"{sleepers.summary()}; killed at {', '.join(killed)}"
    )
    assert not problems, report(problems, log, summary)


@pytest.mark.anyio
async def test_one_process_on_sqlite_killed_at_random_loses_and_sticks_nothing(
    tmp_path: Path, processes: Servers
) -> None:
    node = Node(processes, f"sqlite+aiosqlite:///{tmp_path / 'cardtable.db'}")
    await crash_and_check([node], processes.log)


@pytest.mark.anyio
async def test_two_processes_on_postgres_and_redis_killed_at_random_lose_and_stick_nothing(
    tmp_path: Path, postgres_url: str, processes: Servers
) -> None:
    with PrivateRedis(tmp_path) as redis:
        nodes = [Node(processes, postgres_url, redis.url) for _ in range(2)]
        try:
            await crash_and_check(nodes, processes.log)
        finally:
            processes.stop_all()  # before their Redis goes
