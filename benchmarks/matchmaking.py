"""Matchmaking: how long people wait and how close their tables are, over simulated time.

    .venv/bin/python benchmarks/matchmaking.py           # 3,000 people a queue, seconds
    .venv/bin/python benchmarks/matchmaking.py --quick   # 300, to check that it runs

The pairing rule (:func:`cardtable.ratings.pairing.propose_tables`) alone, no server: people
arrive at one queue at random (a Poisson process of ``rate`` people a second), each with a
rating drawn from a realistic spread (``mu`` normal about 1,500 with sd 250, ``sigma``
uniform between 100 and 350, so shown ratings, ``mu - 2 sigma``, of roughly 300 to 1,800);
two in five accept computer players after 30 seconds, the others never. Five computer players
are at hand, ``mu`` 1,000 to 2,000 (sigma 80), the spread of the measured ones. Every second
of simulated time a sweep proposes tables, and whoever is proposed a table leaves the queue
(everyone accepts). After the last arrival the sweeps go on until the queue is empty or ten
minutes have passed. Each queue is run with tables of two and of four, busy (5 a second),
steady (0.5) and quiet (0.05).

Reported per queue: the people seated, the share of them at a table with computer players,
the median and 95th percentile of their waits, the median and 95th percentile of the spread
of ``mu`` at tables of people (highest minus lowest: what the rule compares, its gap being at
most 1,000), and at tables of two people the mean distance of the model's win chance from one
half (0 is a coin toss, 0.5 a certainty), which ``mu`` and ``sigma`` both enter.
Last, the cost of the call itself: the mean and slowest sweep of the simulation, and one
sweep of a queue of 5,000 (joined over the last minute, tables of two and of four).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.ratings.pairing import Seeker, propose_tables
from cardtable.ratings.scale import Standing, win_chance
from figures import describe_machine

COMPUTERS: tuple[tuple[str, Standing], ...] = tuple(
    (name, Standing(mu=mu, sigma=80.0))
    for name, mu in [
        ("random", 1000.0),
        ("greedy", 1250.0),
        ("ismcts:easy", 1500.0),
        ("ismcts:medium", 1750.0),
        ("ismcts:hard", 2000.0),
    ]
)
COMPUTER_SHARE = 0.4
"""The share of people who accept computer players ..."""
COMPUTER_AFTER = 30.0
"""... after this many seconds of waiting."""
DRAIN = 600
"""Sweeps after the last arrival, at most."""
RATES = (5.0, 0.5, 0.05)
"""People arriving a second: busy, steady, quiet."""


@dataclass
class Outcome:
    """What one queue's simulation gave."""

    seats: int
    rate: float
    arrived: int
    waits: list[float] = field(default_factory=list)
    """Seconds from joining to being proposed a table, per person seated."""
    with_computers: int = 0
    """People seated at a table with computer players."""
    spreads: list[float] = field(default_factory=list)
    """Highest minus lowest ``mu``, per table of people."""
    distances: list[float] = field(default_factory=list)
    """``|win_chance - 0.5|``, per table of two people."""
    sweeps: list[float] = field(default_factory=list)
    """Seconds each call of the pairing rule took."""

    @property
    def seated(self) -> int:
        return len(self.waits)


def person(number: int, joined: float, rng: random.Random) -> Seeker:
    """Someone arriving at ``joined``, rated and minded as the module says."""
    standing = Standing(mu=rng.gauss(1500.0, 250.0), sigma=rng.uniform(100.0, 350.0))
    after = COMPUTER_AFTER if rng.random() < COMPUTER_SHARE else None
    return Seeker(number, standing, joined=joined, computer_after=after)


def simulate(seats: int, people: int, rate: float, seed: int = 0) -> Outcome:
    """``people`` arriving at ``rate`` a second at a queue of tables of ``seats``, a sweep a
    second until the queue is empty (or ``DRAIN`` sweeps after the last arrival)."""
    rng = random.Random(seed)
    arrivals: list[Seeker] = []
    clock = 0.0
    for number in range(people):
        clock += rng.expovariate(rate)
        arrivals.append(person(number, clock, rng))
    return queue_of(seats, arrivals, rate)


def queue_of(
    seats: int,
    arrivals: Sequence[Seeker],
    rate: float,
    computers: Sequence[tuple[str, Standing]] = COMPUTERS,
) -> Outcome:
    """``arrivals`` (in the order they join) at a queue of tables of ``seats``, a sweep a
    second until the queue is empty (or ``DRAIN`` sweeps after the last arrival)."""
    clock = max((seeker.joined for seeker in arrivals), default=0.0)
    outcome = Outcome(seats, rate, len(arrivals))
    waiting: dict[int, Seeker] = {}
    upcoming = iter(arrivals)
    following = next(upcoming, None)
    now = 0
    while following is not None or (waiting and now <= clock + DRAIN):
        now += 1
        while following is not None and following.joined <= now:
            waiting[following.id] = following
            following = next(upcoming, None)
        start = time.perf_counter()
        tables = propose_tables(list(waiting.values()), seats=seats, now=now, computers=computers)
        outcome.sweeps.append(time.perf_counter() - start)
        for table in tables:
            seated = [waiting.pop(number) for number in table.seekers]
            outcome.waits.extend(now - seeker.joined for seeker in seated)
            if table.computers:
                outcome.with_computers += len(seated)
                continue
            mus = [seeker.standing.mu for seeker in seated]
            outcome.spreads.append(max(mus) - min(mus))
            if seats == 2:
                chance = win_chance(seated[0].standing, seated[1].standing)
                outcome.distances.append(abs(chance - 0.5))
    return outcome


def big_sweep(seats: int, people: int = 5000, seed: int = 0) -> float:
    """Seconds for one sweep of a queue of ``people``, who joined over the last minute."""
    rng = random.Random(seed)
    queue = [person(number, rng.uniform(0.0, 60.0), rng) for number in range(people)]
    start = time.perf_counter()
    propose_tables(queue, seats=seats, now=60.0, computers=COMPUTERS)
    return time.perf_counter() - start


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def row(outcome: Outcome) -> str:
    waits, spreads = outcome.waits, outcome.spreads
    fairness = f"{statistics.fmean(outcome.distances):.3f}" if outcome.distances else ""
    return (
        f"| {outcome.seats} | {outcome.rate:g}/s | {outcome.seated:,} of {outcome.arrived:,} | "
        f"{outcome.with_computers / max(1, outcome.seated):.0%} | "
        f"{statistics.median(waits):.1f} s | {percentile(waits, 0.95):.1f} s | "
        f"{statistics.median(spreads):.0f} | {percentile(spreads, 0.95):.0f} | {fairness} |"
    )


def table(outcomes: Sequence[Outcome]) -> str:
    lines = [
        "| seats | arrivals | seated | with computers | wait p50 | wait p95 | spread p50 "
        "| spread p95 | \\|win chance - 0.5\\| |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines.extend(row(outcome) for outcome in outcomes)
    return "\n".join(lines)


def costs(outcomes: Sequence[Outcome], big: dict[int, float]) -> str:
    sweeps = [seconds for outcome in outcomes for seconds in outcome.sweeps]
    return (
        f"The pairing rule's own cost: {len(sweeps):,} sweeps of these queues took "
        f"{statistics.fmean(sweeps) * 1e6:,.0f} µs on average, {max(sweeps) * 1e3:.1f} ms at "
        f"most; one sweep of a queue of 5,000 took "
        + " and ".join(f"{seconds * 1e3:.0f} ms (tables of {n})" for n, seconds in big.items())
        + "."
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=3000, help="arrivals per queue")
    parser.add_argument("--seed", type=int, default=0, help="the simulation's seed")
    parser.add_argument("--quick", action="store_true", help="300 people: does it run?")
    args = parser.parse_args(argv)
    people = 300 if args.quick else args.people
    print(
        f"Matchmaking: {people:,} people a queue, seed {args.seed}; {describe_machine()}.\n"
        f"Spread: mu at tables of people. |win chance - 0.5|: tables of two people."
    )
    print()
    outcomes = [
        simulate(seats, people, rate, args.seed + index)
        for index, (seats, rate) in enumerate((s, r) for s in (2, 4) for r in RATES)
    ]
    print(table(outcomes))
    print()
    big = {seats: min(big_sweep(seats, seed=round_) for round_ in range(3)) for seats in (2, 4)}
    print(costs(outcomes, big))
    return 0


if __name__ == "__main__":
    sys.exit(main())
