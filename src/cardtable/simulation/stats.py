"""The statistics of a simulation: win rates with 95% intervals, seats, lengths, first movers.

How wins are counted. An outcome names its winners: none (nobody won: a draw, or a match
that did not finish), one, or several who share the win. A player *won* a match when it is
among the winners, alone or not, so win rates are "matches won or shared, out of matches
played" and can add up to more than 100% when wins are shared; ``shared_wins`` says how many
of those wins were shared. ``score`` counts a win alone as 1 and a win shared by ``k``
winners as ``1/k``, so the scores of all players add up to the matches that somebody won.

Intervals are Wilson score intervals (:func:`wilson`), which stay inside 0..1 and behave for
rates near 0% or 100% and for few matches, where the textbook "rate ± 1.96 standard errors"
does not.

>>> round(wilson(50, 100).low, 4), round(wilson(50, 100).high, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from cardtable.simulation.batch import SimulationResult
from cardtable.simulation.documents import RESULT_CONFIG
from cardtable.simulation.parts import OMITTED, Part, part_of

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

FORMAT = "cardtable-simulation"
FORMAT_VERSION = 2
"""2 added ``part`` (a document of ``--indices``); documents of version 1 read as before."""


HISTOGRAM_BINS = 20
"""At most this many bars in the match length histogram."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Interval:
    """A 95% confidence interval for a rate."""

    __pydantic_config__ = RESULT_CONFIG

    low: float
    """The lower end, a rate from 0 to 1."""
    high: float
    """The upper end, a rate from 0 to 1."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rate:
    """How often something happened: ``count`` of ``matches``, with a 95% interval."""

    __pydantic_config__ = RESULT_CONFIG

    count: int
    """How many matches it happened in."""
    matches: int
    """Out of how many matches."""
    rate: float
    """``count / matches`` (0 when there were no matches)."""
    interval: Interval
    """The Wilson score interval at 95%."""

    @classmethod
    def of(cls, count: int, matches: int) -> Rate:
        """``count`` of ``matches``, with its interval.

        >>> Rate.of(3, 4).rate
        0.75
        """
        return cls(
            count=count,
            matches=matches,
            rate=count / matches if matches else 0.0,
            interval=wilson(count, matches),
        )


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion (95% by default); ``[0, 1]`` for no trials.

    >>> interval = wilson(5, 10)
    >>> round(interval.low, 4), round(interval.high, 4)
    (0.2366, 0.7634)
    >>> interval = wilson(0, 10)
    >>> interval.low, round(interval.high, 4)
    (0.0, 0.2775)
    >>> interval = wilson(10, 10)
    >>> round(interval.low, 4), interval.high
    (0.7225, 1.0)
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    if trials == 0:
        return Interval(low=0.0, high=1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(low=low, high=high)


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentStats:
    """One agent's results, over every seat it sat in."""

    __pydantic_config__ = RESULT_CONFIG

    agent: int
    """The agent's place in the list of agents (0 for the first one named)."""
    name: str
    """The agent as named (``greedy``, ``ismcts:hard``)."""
    won: Rate
    """Matches it won, alone or shared."""
    shared_wins: int
    """How many of those wins it shared with other winners."""
    score: float
    """1 per win alone, ``1/k`` per win shared by ``k`` winners."""
    by_seat: list[Rate]
    """Matches won at each seat (``by_seat[s]``: the matches it played at seat ``s``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatStats:
    """The results of one seat, whoever sat in it."""

    __pydantic_config__ = RESULT_CONFIG

    seat: int
    won: Rate
    """Matches in which the player at this seat won, alone or shared."""
    shared_wins: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstMover:
    """Whether going first helps."""

    __pydantic_config__ = RESULT_CONFIG

    seat_zero: Rate
    """Matches won by the player at seat 0."""
    first_to_act: Rate
    """Matches won by the player who made the match's first decision (games such as the Kata
    TCG choose a random starter, so this may be another seat than 0); out of the matches in
    which anyone decided anything."""
    seat_zero_acted_first: int
    """In how many matches seat 0 made the first decision."""
    fair_share: float
    """``1 / seats``: the win rate of a seat that has no advantage."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Bin:
    """One bar of a histogram: matches of ``low`` to ``high`` decisions (both included)."""

    __pydantic_config__ = RESULT_CONFIG

    low: int
    high: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Lengths:
    """The distribution of match lengths, in decisions."""

    __pydantic_config__ = RESULT_CONFIG

    min: int
    median: float
    mean: float
    p90: int
    """The 90th percentile (nearest rank): 90% of matches took at most this many decisions."""
    max: int
    histogram: list[Bin]
    """Equal-width bins from ``min`` to ``max``, at most 20."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """Everything ``cardtable simulate`` reports: the JSON document of ``--json``."""

    __pydantic_config__ = RESULT_CONFIG

    format: str
    """Always ``cardtable-simulation``."""
    format_version: int
    """Bumped when a field changes meaning or goes away."""
    game: str
    title: str
    ruleset: dict[str, Any]
    """The ruleset played, as in a rules file or a record."""
    agents: list[str]
    """The agents in the order named; agent ``j`` sits at seat ``(j + i) mod n`` in match
    ``i``."""
    seed: int
    """The simulation's seed: the same seed gives the same results, whatever the workers."""
    matches: int
    workers: int
    seconds: float
    """Wall-clock time (the only figures here that vary from run to run are this one and
    ``matches_per_second``)."""
    matches_per_second: float
    by_agent: list[AgentStats]
    by_seat: list[SeatStats]
    no_winner: int
    """Matches that ended with nobody winning (draws), unfinished ones included."""
    unfinished: int
    """Matches that stopped without an outcome (too long)."""
    shared: int
    """Matches whose win was shared by several winners."""
    reasons: dict[str, int]
    """How matches ended, in the game's words, with how many ended so."""
    first_mover: FirstMover
    length: Lengths
    part: Annotated[Part | None, OMITTED] = None
    """Only in the document of a part of a simulation (``--indices A:B``): which part, and its
    matches, for ``cardtable merge`` to rebuild the whole; the figures above are the part's."""

    def label(self, agent: int) -> str:
        """How agent ``agent`` is called in tables and pictures: its name, numbered when the
        same agent is named more than once (``greedy #1``, ``greedy #2``)."""
        name = self.agents[agent]
        if self.agents.count(name) == 1:
            return name
        return f"{name} #{self.agents[:agent].count(name) + 1}"


def summarise(result: SimulationResult) -> Summary:
    """The statistics of ``result``."""
    matches = result.matches
    seats = result.seats
    total = len(matches)
    won = Counter[int]()
    shared = Counter[int]()
    score: dict[int, float] = dict.fromkeys(range(seats), 0.0)
    seat_won = Counter[int]()
    seat_shared = Counter[int]()
    agent_seat_won = Counter[tuple[int, int]]()
    agent_seat_played = Counter[tuple[int, int]]()
    first_won = 0
    first_known = 0
    zero_first = 0
    for match in matches:
        k = len(match.winners)
        for seat, agent in enumerate(match.seating):
            agent_seat_played[agent, seat] += 1
        for seat in match.winners:
            agent = match.seating[seat]
            won[agent] += 1
            seat_won[seat] += 1
            agent_seat_won[agent, seat] += 1
            score[agent] += 1.0 / k
            if k > 1:
                shared[agent] += 1
                seat_shared[seat] += 1
        if match.first_to_act is not None:
            first_known += 1
            first_won += match.first_to_act in match.winners
            zero_first += match.first_to_act == 0
    by_agent = [
        AgentStats(
            agent=agent,
            name=name,
            won=Rate.of(won[agent], total),
            shared_wins=shared[agent],
            score=score[agent],
            by_seat=[
                Rate.of(agent_seat_won[agent, seat], agent_seat_played[agent, seat])
                for seat in range(seats)
            ],
        )
        for agent, name in enumerate(result.agents)
    ]
    by_seat = [
        SeatStats(seat=seat, won=Rate.of(seat_won[seat], total), shared_wins=seat_shared[seat])
        for seat in range(seats)
    ]
    first = FirstMover(
        seat_zero=Rate.of(seat_won[0], total),
        first_to_act=Rate.of(first_won, first_known),
        seat_zero_acted_first=zero_first,
        fair_share=1 / seats,
    )
    return Summary(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        game=result.game,
        title=result.title,
        ruleset=result.ruleset,
        agents=list(result.agents),
        seed=result.seed,
        matches=total,
        workers=result.workers,
        seconds=result.seconds,
        matches_per_second=result.matches_per_second,
        by_agent=by_agent,
        by_seat=by_seat,
        no_winner=sum(not match.winners for match in matches),
        unfinished=sum(not match.finished for match in matches),
        shared=sum(len(match.winners) > 1 for match in matches),
        reasons=dict(sorted(Counter(match.reason for match in matches).items())),
        first_mover=first,
        length=lengths([match.decisions for match in matches]),
        part=None
        if result.games is None
        else part_of(
            "simulate", [result], agents=result.agents, seed=result.seed, games=result.games
        ),
    )


def lengths(decisions: Sequence[int], bins: int = HISTOGRAM_BINS) -> Lengths:
    """The distribution of match lengths (at least one match).

    >>> spread = lengths([10, 12, 12, 15, 30], bins=3)
    >>> spread.min, spread.median, spread.mean, spread.p90, spread.max
    (10, 12.0, 15.8, 30, 30)
    >>> [(b.low, b.high, b.count) for b in spread.histogram]
    [(10, 16, 4), (17, 23, 0), (24, 30, 1)]
    """
    ordered = sorted(decisions)
    if not ordered:
        raise ValueError("no matches to measure")
    low, high = ordered[0], ordered[-1]
    return Lengths(
        min=low,
        median=float(statistics.median(ordered)),
        mean=statistics.fmean(ordered),
        p90=percentile(ordered, 90),
        max=high,
        histogram=histogram(ordered, bins),
    )


def percentile(ordered: Sequence[int], percent: float) -> int:
    """The nearest-rank percentile of sorted values: the smallest value that at least
    ``percent``% of them do not exceed.

    >>> percentile(range(1, 11), 90), percentile([5], 90), percentile([1, 2, 3], 50)
    (9, 5, 2)
    """
    rank = max(1, math.ceil(percent / 100 * len(ordered)))
    return ordered[rank - 1]


def histogram(values: Sequence[int], bins: int = HISTOGRAM_BINS) -> list[Bin]:
    """Whole-number values counted in at most ``bins`` equal-width bins from the least to the
    greatest.

    >>> [(b.low, b.high, b.count) for b in histogram([3, 3, 4], bins=20)]
    [(3, 3, 2), (4, 4, 1)]
    """
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    count = (high - low) // width + 1
    counts = Counter((value - low) // width for value in values)
    return [
        Bin(low=low + i * width, high=low + (i + 1) * width - 1, count=counts[i])
        for i in range(count)
    ]
