"""Ranked play: rating a match, the rating write in the transaction that finishes it, and
leaderboard reads among 100,000 rated accounts.

    .venv/bin/python benchmarks/ratings.py            # 100,000 accounts; SQLite, then
                                                      # PostgreSQL: about 10 minutes
    .venv/bin/python benchmarks/ratings.py --quick    # 2,000 accounts, fewer calls (CI runs it)
    .venv/bin/python benchmarks/ratings.py --databases sqlite --accounts 20000 --reads 100

**The model.** :func:`cardtable.ratings.scale.rate` for tables of 2, 4 and 6 seats, every
seat a person's, then half of them computer players' (``fixed``: rated, never moved), each
call on ratings drawn as the leaderboard's are (below) and placings as Karata makes them (the
winner first, the others by cards left, equal counts sharing a place). The six cases take
turns call by call (``--model-calls`` each), so that the machine's noise falls on all alike;
median and p99 of one call.

**The rating write.** On each database (migrated as a server does), after the leaderboard's
rows below are in: rated Karata ``standard-4`` matches (the largest rated table today: six-seat
tables exist only in the model above), each in a room of its own made rated as the server
makes one, its match live with its participants, finished by
:meth:`~cardtable.server.storage.sql.SqlStorage.finish_match` with the server's writer,
:func:`~cardtable.server.ratings.store.rate_match`, in the same transaction, as the server
finishes a match. The people at each table are drawn from the leaderboard's accounts (each
once), so their ratings exist and are updated. Five kinds take turns, ``--matches`` each:

* *match end alone*: no writer, the control;
* *unrated room*: the writer, which finds the room unrated and writes nothing;
* *4 people*: four all-time ratings moved, four points of history;
* *4 people, a season running*: the same and, first, each person's rating of the season,
  made at their first match of it from their all-time rating (season 1 is started, with a
  start between these matches' clocks and the others');
* *2 people + 2 computers*: the heuristic and random players' fixed ratings, and each
  person's gains from computer players over the last day read (the daily cap).

Median and p99 of ``rate_match`` alone (its statements, in the transaction; how many it sent
is counted) and of the whole transaction (taking the process's turn to write, the match's end,
the writer, the commit).

**The leaderboard.** ``--accounts`` accounts (100,000), each with an all-time rating in Karata
``standard-4``, inserted in bulk: ``mu`` ~ N(1500, 250); ``matches`` uniform from 0 to 200
(5% provisional, under 10); ``sigma`` from 350 at no match towards 60 (60 + 290
e^(-matches/25), +-10%); 1% of the accounts disabled and 0.5% deleted (their ratings kept,
left off the board). PostgreSQL is analysed after loading, as autovacuum would; SQLite is not
(the server never runs ``ANALYZE``). Then, through :class:`~cardtable.server.ratings.store.
RatingStore`, taking turns call by call (``--reads`` each, after a few to warm up):

* *top page*: ``board``, offset 0, 50 lines;
* *deep page*: ``board``, offset half the accounts (50,000), 50 lines;
* *rank*: ``rank`` of an account in the middle of the board (one of 20 spread over its middle
  tenth, in turn);
* *around me*: what the ``around`` board does: that ``rank``, then ``board`` from 5 above,
  11 lines;
* *ranked*: ``ranked``, how many settled ratings the board holds.

Each answer is checked (the page's length, the rank against the one the loaded ratings give).
Two facts are printed beside the times: what ``ranked`` counts against the board's lines (it
also counts the ratings of disabled and deleted accounts), and in how many of the 20 ``around``
boards the asker is among the 11 lines (``rank`` counts those rated strictly above, the board
orders equal ratings by matches then id: an asker deep in a crowd of equal shown ratings is
below the lines shown).

The statements these reads send are caught as they go and explained (``EXPLAIN QUERY PLAN``,
``EXPLAIN``); a plan that reads a whole table (SQLite's ``SCAN``, PostgreSQL's ``Seq Scan``)
gets a one-line note.

PostgreSQL is measured in a scratch database made on the server of ``--postgres`` and dropped
after; it is skipped, saying so, when that server cannot be reached. Timings are reported,
never checked; the script fails when a match that should be rated is not, or a read is wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import math
import os
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from cardtable.engine.json import JsonObject
from cardtable.engine.outcome import ranked
from cardtable.engine.record import ENGINE_VERSION
from cardtable.games import find
from cardtable.ratings.scale import PROVISIONAL_MATCHES, Standing, rate
from cardtable.server.accounts.tables import accounts, participants
from cardtable.server.ratings.service import AROUND
from cardtable.server.ratings.store import RatingStore, rate_match
from cardtable.server.ratings.tables import rated_matches, rating_history, ratings, seasons
from cardtable.server.storage import MatchRow, SqlStorage
from cardtable.server.storage.tables import matches, rooms, seats, to_columns
from figures import describe_machine
from scratch import drop_database, scratch_database

GAME = "karata"
RATED = "standard-4"
SEATS = 4
"""Karata ``standard-4``: the largest rated table today."""
COMPUTERS = ("heuristic", "random")
"""The computer players at the tables of two people and two computers."""
PAGE = 50
MIDDLE = 20
"""Accounts in the middle of the board whose rank is read, in turn (spread over its middle
tenth)."""
WARM = 5
"""Calls of each kind before the timed ones."""
BATCH = 5_000
NOW = 1.9e9
"""The clock of the rated matches of no season (a few seconds apart)."""
SEASON_AT = NOW + 1e6
"""When season 1 starts: after those matches' clocks, before the season matches'."""
SCRATCH = "cardtable_ratings_bench"
DATABASES = {"sqlite": "SQLite", "postgres": "PostgreSQL"}


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(values: Sequence[float], unit: str = "ms") -> tuple[str, str]:
    """Median and p99 of ``values`` (seconds), in ``unit`` (``ms`` or ``µs``)."""
    scale = 1e3 if unit == "ms" else 1e6
    digits = 2 if unit == "ms" else 0
    return (
        f"{statistics.median(values) * scale:,.{digits}f} {unit}",
        f"{percentile(values, 0.99) * scale:,.{digits}f} {unit}",
    )


# -- ratings as they are spread ------------------------------------------------------------------


def drawn_standing(rng: random.Random) -> Standing:
    """A rating as the leaderboard's are spread (see the module's text)."""
    played = rng.randint(0, 200)
    sigma = 60 + 290 * math.exp(-played / 25) * rng.uniform(0.9, 1.1)
    return Standing(mu=rng.gauss(1500, 250), sigma=min(350.0, max(60.0, sigma)), matches=played)


def karata_placings(seat_count: int, rng: random.Random) -> tuple[int, ...]:
    """Places as Karata gives them: a winner, the others by the cards left in their hands
    (fewer first), equal counts sharing a place."""
    winner = rng.randrange(seat_count)
    return ranked([0 if seat == winner else rng.randint(1, 7) for seat in range(seat_count)])


# -- 1. the model ------------------------------------------------------------------------------


@dataclass
class ModelCase:
    seats: int
    computers: int
    times: list[float] = field(default_factory=list)


def time_model(calls: int, seed: int) -> list[ModelCase]:
    """``rate`` for each case, the cases taking turns call by call."""
    rng = random.Random(seed)
    cases = [ModelCase(n, computers) for computers in (False, True) for n in (2, 4, 6)]
    for case in cases:
        case.computers = case.seats // 2 if case.computers else 0
    inputs = [
        [
            (
                [drawn_standing(rng) for _ in range(case.seats)],
                karata_placings(case.seats, rng),
                [seat >= case.seats - case.computers for seat in range(case.seats)],
            )
            for _ in range(calls)
        ]
        for case in cases
    ]
    clock = time.perf_counter
    for index in range(calls):
        for case, made in zip(cases, inputs, strict=True):
            standings, placings, fixed = made[index]
            start = clock()
            after = rate(standings, placings, fixed)
            case.times.append(clock() - start)
            assert len(after) == case.seats
    return cases


def model_table(cases: Sequence[ModelCase]) -> str:
    lines = [
        "| seats | people + computers | calls | p50 | p99 |",
        "|---:|---|---:|---:|---:|",
    ]
    for case in cases:
        p50, p99 = spread(case.times, "µs")
        lines.append(
            f"| {case.seats} | {case.seats - case.computers} + {case.computers} | "
            f"{len(case.times):,} | {p50} | {p99} |"
        )
    return "\n".join(lines)


# -- the leaderboard's rows --------------------------------------------------------------------


@dataclass
class Loaded:
    """What was put in a database: the accounts that may sit at a table, and the board's
    middle."""

    seconds: float
    sitting: list[str]
    middle: dict[str, int]
    """Accounts in the middle of the board, with their places (1 + how many are above)."""
    tied: dict[str, int]
    """How many settled accounts on the board share each middle account's shown rating
    (itself included)."""
    settled: int
    """Settled ratings of accounts neither disabled nor deleted: the board's lines."""
    settled_off: int
    """Settled ratings of disabled or deleted accounts, which the board leaves off."""


def account_row(number: int, rng: random.Random) -> dict[str, Any]:
    name = f"r{number:06d}"
    row: dict[str, Any] = {
        "id": name,
        "username": name,
        "username_key": name,
        "display_name": name.title(),
        "password_hash": "x",
        "created_at": NOW - 1e7,
        "updated_at": NOW - 1e7,
        "disabled_at": None,
        "deleted_at": None,
    }
    chance = rng.random()
    if chance < 0.005:  # deleted: its rating stays, off the board
        row |= {"username": None, "username_key": None, "password_hash": None}
        row["deleted_at"] = NOW - 1e6
    elif chance < 0.015:
        row["disabled_at"] = NOW - 1e6
    return row


async def load(storage: SqlStorage, count: int, seed: int) -> Loaded:
    rng = random.Random(seed)
    began = time.perf_counter()
    shown: list[tuple[int, int, str]] = []
    sitting: list[str] = []
    off = 0
    for start in range(0, count, BATCH):
        people = [account_row(n, rng) for n in range(start, min(count, start + BATCH))]
        rows = []
        for person in people:
            standing = drawn_standing(rng)
            rows.append(
                {
                    "account_id": person["id"],
                    "game": GAME,
                    "rated": RATED,
                    "season": 0,
                    "mu": standing.mu,
                    "sigma": standing.sigma,
                    "shown": standing.shown,
                    "matches": standing.matches,
                    "updated_at": NOW - rng.uniform(0, 1e7),
                }
            )
            if person["deleted_at"] is not None or person["disabled_at"] is not None:
                off += not standing.provisional
                continue
            sitting.append(person["id"])
            if not standing.provisional:
                shown.append((-standing.shown, -standing.matches, person["id"]))
        async with storage.write() as connection:
            await connection.execute(sa.insert(accounts), people)
            await connection.execute(sa.insert(ratings), rows)
    if storage.engine.dialect.name == "postgresql":
        async with storage.write() as connection:
            await connection.execute(sa.text("ANALYZE"))
    # the board's order: the highest shown rating, then the most matches, then the account
    # id, highest first (see cardtable.server.ratings.store.BOARD_ORDER)
    shown.sort(key=lambda entry: entry[2], reverse=True)
    shown.sort(key=lambda entry: (entry[0], entry[1]))
    place = {entry[2]: number for number, entry in enumerate(shown, start=1)}
    half = len(shown) // 2
    keys = [entry[0] for entry in shown]
    tenth = shown[max(0, half - len(shown) // 20) : half + len(shown) // 20]
    middle = {
        entry[2]: place[entry[2]] for entry in tenth[:: max(1, len(tenth) // MIDDLE)][:MIDDLE]
    }
    tied = {
        entry[2]: bisect.bisect_right(keys, entry[0]) - bisect.bisect_left(keys, entry[0])
        for entry in shown
        if entry[2] in middle
    }
    return Loaded(time.perf_counter() - began, sitting, middle, tied, len(shown), off)


# -- 3. the leaderboard ------------------------------------------------------------------------


@dataclass
class Read:
    name: str
    call: Callable[[int], Awaitable[object]]
    times: list[float] = field(default_factory=list)
    statements: list[tuple[str, Any]] = field(default_factory=list)


class Caught:
    """The queries (``SELECT``) an engine sends while ``on``, and how many statements of any
    kind it sent."""

    def __init__(self, storage: SqlStorage) -> None:
        self.on = False
        self.statements: list[tuple[str, Any]] = []
        self.sent = 0
        sa.event.listen(storage.engine.sync_engine, "before_cursor_execute", self._heard)

    def _heard(self, *args: Any) -> None:
        _, _, statement, parameters, _, _ = args
        self.sent += 1
        if self.on and statement.lstrip().upper().startswith("SELECT"):
            self.statements.append((statement, parameters))


def board_reads(
    store: RatingStore, loaded: Loaded, accounts_count: int, seen: dict[str, bool]
) -> list[Read]:
    """The reads, each checked; ``seen`` is told, for each account whose ``around`` board is
    read, whether that account is on it."""
    deep = accounts_count // 2

    async def top(_: int) -> object:
        found = await store.board(GAME, RATED, 0, offset=0, limit=PAGE)
        assert len(found) == PAGE
        assert found[0].standing.shown >= found[-1].standing.shown
        return found

    async def deep_page(_: int) -> object:
        found = await store.board(GAME, RATED, 0, offset=deep, limit=PAGE)
        assert len(found) == min(PAGE, max(0, loaded.settled - deep))
        return found

    middle = list(loaded.middle)

    async def rank(index: int) -> object:
        me = middle[index % len(middle)]
        place = await store.rank(GAME, RATED, 0, me)
        assert place == loaded.middle[me]
        return place

    async def around(index: int) -> object:
        me = middle[index % len(middle)]
        place = await store.rank(GAME, RATED, 0, me)
        assert place == loaded.middle[me]
        found = await store.board(
            GAME, RATED, 0, offset=max(place - 1 - AROUND, 0), limit=2 * AROUND + 1
        )
        assert len(found) == 2 * AROUND + 1
        seen[me] = any(row.account_id == me for row in found)
        return found

    async def count(_: int) -> object:
        found = await store.ranked(GAME, RATED, 0)
        assert found in (loaded.settled, loaded.settled + loaded.settled_off)
        return found

    return [
        Read("top page (50 lines)", top),
        Read(f"deep page (offset {deep:,}, 50 lines)", deep_page),
        Read("rank of an account in the middle", rank),
        Read("around me (rank, then 11 lines)", around),
        Read("ranked (settled ratings counted)", count),
    ]


async def time_reads(storage: SqlStorage, reads: Sequence[Read], calls: int) -> None:
    caught = Caught(storage)
    for read in reads:  # once, its statements caught; then warm
        caught.on, caught.statements = True, []
        await read.call(0)
        caught.on = False
        read.statements = caught.statements
        for index in range(WARM):
            await read.call(index)
    clock = time.perf_counter
    for index in range(calls):
        for read in reads:
            start = clock()
            await read.call(index)
            read.times.append(clock() - start)


FULL_SCAN = {
    "sqlite": re.compile(r"^SCAN (\w+)"),
    "postgresql": re.compile(r"Seq Scan on (\w+)"),
}


def full_scans(dialect: str, plan: Sequence[str]) -> list[str]:
    """The tables a plan reads whole (SQLite's ``SCAN t``, with or without an index;
    PostgreSQL's ``Seq Scan on t``).

    >>> full_scans("sqlite", ["SEARCH ratings USING INDEX ix (game=?)", "SCAN accounts"])
    ['accounts']
    >>> full_scans("postgresql", ["Limit", "  ->  Seq Scan on ratings  (cost=0.00..1.00)"])
    ['ratings']
    """
    pattern = FULL_SCAN[dialect]
    return [found.group(1) for line in plan if (found := pattern.search(line.strip()))]


async def explain(storage: SqlStorage, statement: str, parameters: Any) -> list[str]:
    """How the database runs ``statement``: one line a step."""
    dialect = storage.engine.dialect.name
    async with storage.engine.connect() as connection:
        if dialect == "sqlite":
            found = await connection.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)
            rows: list[Sequence[Any]] = [tuple(row) for row in found]
            depth = {row[0]: 0 for row in rows}
            lines = []
            for row in rows:
                depth[row[0]] = depth.get(row[1], -1) + 1
                lines.append("  " * depth[row[0]] + str(row[3]))
            return lines
        found = await connection.exec_driver_sql("EXPLAIN " + statement, parameters)
        return [str(row[0]) for row in found]


async def plans(storage: SqlStorage, reads: Sequence[Read]) -> tuple[list[str], list[str]]:
    """Every read's queries explained (a query planned as an earlier one was is named, not
    repeated), and a note for each plan that reads a whole table."""
    dialect = storage.engine.dialect.name
    lines: list[str] = []
    notes: list[str] = []
    seen: dict[tuple[str, tuple[str, ...]], str] = {}
    for read in reads:
        for number, (statement, parameters) in enumerate(read.statements, 1):
            which = read.name + (f", query {number}" if len(read.statements) > 1 else "")
            plan = tuple(await explain(storage, statement, parameters))
            text = " ".join(statement.split())
            if (text, plan) in seen:
                lines.append(f"  {which}: planned as {seen[text, plan]}")
                continue
            seen[text, plan] = which
            lines.append(f"  {which}: {text[:90]}{'...' if len(text) > 90 else ''}")
            lines.extend(
                "    " + (line if len(line) <= 110 else line[:107] + "...") for line in plan
            )
            whole = full_scans(dialect, plan)
            if whole:
                notes.append(f"note: the plan of {which} reads all of {', '.join(whole)}")
    return lines, notes


def reads_table(results: Sequence[tuple[str, Sequence[Read]]]) -> str:
    lines = ["| database | read | calls | p50 | p99 |", "|---|---|---:|---:|---:|"]
    for database, reads in results:
        for read in reads:
            p50, p99 = spread(read.times)
            lines.append(f"| {database} | {read.name} | {len(read.times):,} | {p50} | {p99} |")
    return "\n".join(lines)


# -- 2. the rating write -----------------------------------------------------------------------


@dataclass
class Kind:
    name: str
    rated_room: bool
    writer: bool
    computers: int
    season: bool
    rate_times: list[float] = field(default_factory=list)
    statements: set[int] = field(default_factory=set)
    """How many statements ``rate_match`` sent (each time the same, or not)."""
    whole_times: list[float] = field(default_factory=list)
    rated: int = 0


KINDS = (
    ("match end alone (no writer)", True, False, 0, False),
    ("unrated room (the writer writes nothing)", False, True, 0, False),
    ("4 people", True, True, 0, False),
    ("4 people, a season running (their first of it)", True, True, 0, True),
    ("2 people + 2 computers (the daily cap read)", True, True, 2, False),
)


def room_settings(rated: bool) -> dict[str, Any]:
    """A room's settings as the server makes a Karata room's."""
    return {
        "spectators": True,
        "turn_seconds": 60,
        "disconnect": {"policy": "forfeit", "wait_seconds": 60},
        "kind": "live",
        "timeout": "forfeit",
        "rated": rated,
        "watch_token": "w",
        "host": "host",
    }


async def lay_tables(
    storage: SqlStorage, kinds: Sequence[Kind], count: int, people: list[str]
) -> dict[str, MatchRow]:
    """A room, its seats, a live match and its participants for each of ``count`` matches of
    every kind; the live rows by match id."""
    game = find(GAME)
    [entry] = [entry for entry in game.rated_rulesets() if entry.name == RATED]
    ruleset = entry.ruleset.to_json()
    pool = iter(people)
    made: dict[str, MatchRow] = {}
    room_rows, seat_rows, match_rows, participant_rows = [], [], [], []
    for number, kind in enumerate(kinds):
        for index in range(count):
            room, match = f"room-{number}-{index}", f"match-{number}-{index}"
            names: list[str] = []
            for seat in range(SEATS):
                computer = seat >= SEATS - kind.computers
                name = COMPUTERS[seat - (SEATS - kind.computers)] if computer else next(pool)
                names.append(name)
                seat_rows.append(
                    {"room_id": room, "seat_index": seat, "kind": "agent" if computer else "guest",
                     "name": name, "account_id": None if computer else name}
                )  # fmt: skip
                participant_rows.append(
                    {"match_id": match, "seat_index": seat,
                     "account_id": None if computer else name,
                     "name_at_the_time": name, "agent": True if computer else None}
                )  # fmt: skip
            room_rows.append(
                {"id": room, "game": GAME, "ruleset": ruleset,
                 "settings": room_settings(kind.rated_room), "password_hash": None,
                 "host_token_hash": "h", "status": "playing", "created_at": NOW - 3600,
                 "updated_at": NOW - 3600, "name": None}
            )  # fmt: skip
            row = MatchRow(
                id=match, room_id=room, game=GAME, game_version=game.version,
                engine_version=ENGINE_VERSION, ruleset=ruleset, seed=index, seats=tuple(names),
                version=120, status="live", outcome=None, final_hash=None,
                started_at=NOW - 3600, finished_at=None, lease_owner=None, lease_until=None,
                timer=None,
            )  # fmt: skip
            made[match] = row
            match_rows.append(to_columns(row))
    async with storage.write() as connection:
        for table, rows in (
            (rooms, room_rows),
            (seats, seat_rows),
            (matches, match_rows),
            (participants, participant_rows),
        ):
            for start in range(0, len(rows), BATCH):
                await connection.execute(sa.insert(table), rows[start : start + BATCH])
        await connection.execute(
            sa.insert(seasons).values(number=1, starts_at=SEASON_AT, started_by=None, created_at=0)
        )
    return made


async def time_writes(storage: SqlStorage, count: int, people: list[str], seed: int) -> list[Kind]:
    kinds = [Kind(*made) for made in KINDS]
    needed = sum(SEATS - kind.computers for kind in kinds) * count
    if needed > len(people):
        raise SystemExit(f"{needed} people are needed at the tables: raise --accounts")
    rng = random.Random(seed)
    made = await lay_tables(storage, kinds, count, rng.sample(people, needed))
    caught = Caught(storage)
    clock = time.perf_counter
    for index in range(count):
        for number, kind in enumerate(kinds):
            row = made[f"match-{number}-{index}"]
            now = (SEASON_AT if kind.season else NOW) + index
            placings = karata_placings(SEATS, rng)
            outcome: JsonObject = {
                "winners": [placings.index(1)],
                "code": "out_of_cards",
                "reason": f"{row.seats[placings.index(1)]} played their last card",
                "placings": list(placings),
            }

            def writer(connection: sa.Connection, finished: MatchRow, kind: Kind = kind) -> None:
                sent, start = caught.sent, clock()
                moved = rate_match(connection, finished, now=finished.finished_at or 0.0)
                kind.rate_times.append(clock() - start)
                kind.rated += moved
                kind.statements.add(caught.sent - sent)

            start = clock()
            await storage.finish_match(
                row.id,
                version=row.version,
                status="finished",
                outcome=outcome,
                final_hash=None,
                at=now,
                also=[writer] if kind.writer else [],
            )
            kind.whole_times.append(clock() - start)
    for kind in kinds:
        expected = count if kind.writer and kind.rated_room else 0
        assert kind.rated == expected, f"{kind.name}: {kind.rated} of {count} rated"
    [[rated_count]] = await storage.read(sa.select(sa.func.count()).select_from(rated_matches))
    [[history]] = await storage.read(sa.select(sa.func.count()).select_from(rating_history))
    assert rated_count == 3 * count, rated_count
    assert history == (4 + 4 + 2) * count, history
    return kinds


def writes_table(results: Sequence[tuple[str, Sequence[Kind]]]) -> str:
    lines = [
        "| database | finishing transaction | matches | rate_match statements | "
        "rate_match p50 | p99 | whole transaction p50 | p99 |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for database, kinds in results:
        for kind in kinds:
            rate_p50, rate_p99 = spread(kind.rate_times) if kind.rate_times else ("", "")
            counts = sorted({min(kind.statements), max(kind.statements)}) if kind.statements else []
            p50, p99 = spread(kind.whole_times)
            lines.append(
                f"| {database} | {kind.name} | {len(kind.whole_times):,} | "
                f"{' to '.join(str(count) for count in counts)} | {rate_p50} | {rate_p99} | "
                f"{p50} | {p99} |"
            )
    return "\n".join(lines)


# -- the databases -----------------------------------------------------------------------------


@dataclass
class Measured:
    database: str
    version: str
    loaded: Loaded
    reads: list[Read]
    kinds: list[Kind]
    plan: list[str]
    notes: list[str]
    seen: dict[str, bool]
    """Whether each account whose ``around`` board was read is on it."""
    ranked: int
    """What ``RatingStore.ranked`` counts."""


async def measure(url: str, database: str, args: argparse.Namespace) -> Measured:
    async with await SqlStorage.open(url) as storage:
        [[version]] = await storage.read(
            sa.select(sa.func.sqlite_version())
            if storage.engine.dialect.name == "sqlite"
            else sa.select(sa.func.current_setting("server_version"))
        )
        loaded = await load(storage, args.accounts, args.seed)
        seen: dict[str, bool] = {}
        reads = board_reads(RatingStore(storage), loaded, args.accounts, seen)
        await time_reads(storage, reads, args.reads)
        plan, notes = await plans(storage, reads)
        counted = await RatingStore(storage).ranked(GAME, RATED, 0)
        kinds = await time_writes(storage, args.matches, loaded.sitting, args.seed + 1)
    return Measured(
        database, str(version).split()[0], loaded, reads, kinds, plan, notes, seen, counted
    )


async def run_databases(args: argparse.Namespace) -> list[Measured]:
    results = []
    for database in args.databases:
        if database == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                url = f"sqlite+aiosqlite:///{Path(folder) / 'ratings.db'}"
                results.append(await measure(url, DATABASES[database], args))
            continue
        name = f"{SCRATCH}_{os.getpid()}"
        found = await scratch_database(args.postgres, name)
        if found is None:
            continue
        try:
            results.append(await measure(found, DATABASES[database], args))
        finally:
            await drop_database(args.postgres, name)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,000 accounts, fewer calls")
    parser.add_argument("--accounts", type=int, default=100_000, help="rated accounts")
    parser.add_argument("--model-calls", type=int, default=20_000, help="rate() calls a case")
    parser.add_argument("--matches", type=int, default=500, help="finished matches a kind")
    parser.add_argument("--reads", type=int, default=200, help="timed calls of each read")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--databases",
        type=lambda text: [name for name in text.split(",") if name],
        default=list(DATABASES),
        help=f"comma-separated, of: {', '.join(DATABASES)}",
    )
    parser.add_argument(
        "--postgres",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="a PostgreSQL server where a scratch database may be made",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.accounts, args.model_calls, args.matches, args.reads = 2_000, 500, 20, 20
    unknown = set(args.databases) - set(DATABASES)
    if unknown:
        parser.error(f"unknown databases: {', '.join(sorted(unknown))}")
    began = time.perf_counter()
    print(
        f"Ranked play: {args.accounts:,} rated accounts, seed {args.seed}; "
        f"{describe_machine()}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} at the start; SQLite {sqlite3.sqlite_version}."
    )
    print()
    print(
        f"Rating a match (cardtable.ratings.scale.rate), {args.model_calls:,} calls a case, "
        "the cases in turn:"
    )
    print()
    print(model_table(time_model(args.model_calls, args.seed)))
    results = asyncio.run(run_databases(args))
    for result in results:
        loaded = result.loaded
        print()
        print(
            f"{result.database} {result.version}: {args.accounts:,} accounts and their ratings "
            f"loaded in {loaded.seconds:.1f} s; {loaded.settled:,} settled (at least "
            f"{PROVISIONAL_MATCHES} matches, on the board)."
        )
    print()
    print(
        f"The rating write in the transaction that finishes a match (Karata {RATED}), "
        f"{args.matches:,} matches a kind, the kinds in turn:"
    )
    print()
    print(writes_table([(result.database, result.kinds) for result in results]))
    print()
    print(f"Leaderboard reads (RatingStore), {args.reads:,} calls each, the reads in turn:")
    print()
    print(reads_table([(result.database, result.reads) for result in results]))
    for result in results:
        loaded, seen = result.loaded, result.seen
        ties = [loaded.tied[me] for me in seen]
        print()
        print(
            f"{result.database}: {loaded.settled + loaded.settled_off:,} settled ratings, "
            f"{loaded.settled_off:,} of them of disabled or deleted accounts, which the board "
            f"leaves off; ranked counted {result.ranked:,}. The asker was on their own around "
            f"board in {sum(seen.values())} of {len(seen)} accounts in the middle, each one's "
            f"shown rating shared by {min(ties):,} to {max(ties):,} settled accounts (rank "
            "counts only those above it)."
        )
    for result in results:
        print()
        print(f"Plans ({result.database}):")
        print("\n".join(result.plan))
        for note in result.notes:
            print(f"{note} ({result.database})")
    print()
    print(f"Ran in {time.perf_counter() - began:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
