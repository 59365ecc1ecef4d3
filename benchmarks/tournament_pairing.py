"""Swiss pairing: how long one round's pairing of a big field takes, and what it makes.

    .venv/bin/python benchmarks/tournament_pairing.py           # 1,000 players, 5 repeats
    .venv/bin/python benchmarks/tournament_pairing.py --quick   # 100 players, once

:func:`cardtable.tournaments.swiss.pair_swiss` alone, no server: a field of ``--players``
plays earlier rounds paired by the tournament's own driver
(:class:`~cardtable.tournaments.event.Tournament`), with random results (every seat an even
chance of each place, equal places possible: a drawn duel, a shared place at a table of
four), and then the next round's contenders are paired ``--repeats`` times and timed, on one
core. Duels (tables of 2) and
tables of four (as few as three when the field does not divide), pairing round 2 (one round
of history: big score groups) and round 7 (six rounds: small groups, many met).

Reported per case: the median and the fastest pairing, in seconds; the tables (byes apart)
and byes; the earlier meetings repeated at the new tables (two who met, counted once per time
they met); and the share of the tables that seat one score group only (all on the same
points).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cardtable.engine.outcome import ranked
from cardtable.tournaments.event import Tournament
from cardtable.tournaments.model import Entrant, Result, Table
from cardtable.tournaments.settings import Settings
from cardtable.tournaments.swiss import Contender, pair_swiss
from figures import describe_machine

ROUNDS = (2, 7)
"""The rounds paired: after one round of history, and after six."""
TABLES = ((2, 2), (4, 3))
"""(seats, fewest): duels, and tables of four (three when the field does not divide)."""


def field_before(
    round_: int, players: int, seats: int, fewest: int, seed: int = 0
) -> list[Contender]:
    """``players`` as they stand before round ``round_``: the earlier rounds paired by the
    tournament's own driver, each table's places drawn at random (each seat draws a number,
    lowest first, equal numbers sharing a place)."""
    rng = random.Random(seed)
    entrants = [Entrant(f"p{number:04d}") for number in range(players)]
    settings = Settings(format="swiss", rounds=round_, seats=seats, fewest=fewest)
    tournament = Tournament.begin(settings, entrants, seed=seed)
    for _ in range(round_ - 1):
        tournament = tournament.next_round()
        played = tournament.rounds[-1]
        for index, (table, result) in enumerate(zip(played.tables, played.results, strict=True)):
            if result is None:
                drawn = [rng.randrange(2 * len(table.seats)) for _ in table.seats]
                tournament = tournament.record(played.number, index, Result(ranked(drawn)))
    return tournament.contenders()


@dataclass
class Case:
    """One round's pairing, timed."""

    seats: int
    players: int
    round: int
    seconds: list[float]
    tables: tuple[Table, ...]
    field: list[Contender]

    def repeats(self) -> int:
        """Earlier meetings repeated at this round's tables."""
        met = {contender.id: contender.met for contender in self.field}
        return sum(
            met[one].get(other, 0)
            for table in self.tables
            for one, other in combinations(table.seats, 2)
        )

    def in_one_group(self) -> float:
        """The share of tables (byes apart) whose players are all on the same points."""
        points = {contender.id: contender.points for contender in self.field}
        seated = [table for table in self.tables if not table.bye]
        alike = sum(len({points[id] for id in table.seats}) == 1 for table in seated)
        return alike / max(1, len(seated))


def measure(seats: int, fewest: int, round_: int, players: int, repeats: int, seed: int) -> Case:
    field = field_before(round_, players, seats, fewest, seed)
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        tables = pair_swiss(field, seats=seats, fewest=fewest)
        seconds.append(time.perf_counter() - start)
    return Case(seats, players, round_, seconds, tables, field)


def row(case: Case) -> str:
    byes = sum(table.bye for table in case.tables)
    kind = "duels" if case.seats == 2 else f"tables of {case.seats}"
    return (
        f"| {kind} | {case.players:,} | {case.round} | "
        f"{statistics.median(case.seconds):.3f} s | {min(case.seconds):.3f} s | "
        f"{len(case.tables) - byes:,} | {byes} | {case.repeats()} | {case.in_one_group():.0%} |"
    )


def table(cases: Sequence[Case]) -> str:
    lines = [
        "| tables | players | round | median | fastest | tables | byes | repeated meetings "
        "| tables of one score group |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines.extend(row(case) for case in cases)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000, help="the field's size")
    parser.add_argument("--repeats", type=int, default=5, help="pairings timed per case")
    parser.add_argument("--seed", type=int, default=0, help="the results' seed")
    parser.add_argument("--quick", action="store_true", help="100 players, once: does it run?")
    args = parser.parse_args(argv)
    players, repeats = (100, 1) if args.quick else (args.players, args.repeats)
    print(
        f"Swiss pairing: {players:,} players, {repeats} timed pairing(s) a case, "
        f"seed {args.seed}; {describe_machine()}."
    )
    print()
    cases = [
        measure(seats, fewest, round_, players, repeats, args.seed)
        for seats, fewest in TABLES
        for round_ in ROUNDS
    ]
    print(table(cases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
