"""Many matches between agents, in worker processes, reproducible for any number of workers.

Match ``i`` of a simulation seeded ``seed`` is played with its own seed, :func:`match_seed`
``(seed, i)``, and with the agents rotated by ``i`` (:func:`seating`: agent ``j`` sits at seat
``(j + i) mod n``), so no agent profits from always starting. Each match's agents are made
fresh, each with its own generator (:func:`~cardtable.simulation.play.agent_rng`). A match
therefore depends on nothing but ``(seed, i)``: workers receive chunks of match indices, and
the results are put back in index order, so one worker and eight give identical results.

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> game = find("war")
>>> result = simulate(game, game.default_ruleset(), parse_seats("random,random"), games=4, seed=1)
>>> [match.index for match in result.matches]
[0, 1, 2, 3]
>>> [match.seating for match in result.matches]
[(0, 1), (1, 0), (0, 1), (1, 0)]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.agents.registry import SeatSpec, check_seats, make_agent
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.rng import Rng
from cardtable.simulation.backend import (
    MAX_WORKERS,
    Backend,
    ProcessPool,
    SimulationError,
    arrived,
    pool_context,
    portable,
)
from cardtable.simulation.play import DEFAULT_DECISION_LIMIT, MatchTooLong, agent_rng, play_match

__all__ = [
    "MAX_WORKERS",
    "UNFINISHED",
    "Backend",
    "Collect",
    "MatchResult",
    "Progress",
    "SimulationError",
    "SimulationResult",
    "chunk_size",
    "match_seed",
    "play_one",
    "pool_context",
    "seating",
    "simulate",
    "whole",
]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` in the calling process as matches finish."""

Collect = Callable[[Match[Any]], Any]
"""Called in the worker with each finished match (its journal kept) to keep what a study
needs of it (:attr:`MatchResult.data`): small, picklable data, never the match itself."""

UNFINISHED = "unfinished"
"""The reason given for a match that stopped without an outcome (too long, or an error the
game reported as the match's failure)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchResult:
    """What a simulation keeps of one match (the rest can be replayed from its seed)."""

    index: int
    """The match's place in the simulation (0, 1, 2...)."""
    seed: int
    """The match's own seed, :func:`match_seed` of the simulation's seed and ``index``."""
    seating: tuple[int, ...]
    """For each seat, the index of the agent (in the simulation's agent list) sitting there."""
    winners: tuple[int, ...]
    """The seats that won: empty when nobody did, several when they share the win."""
    reason: str
    """Why the match ended, in the game's words (``unfinished`` when it did not end)."""
    decisions: int
    """How many decisions the match took: its length."""
    first_to_act: int | None
    """The seat that made the match's first decision (``None`` if nobody decided anything)."""
    finished: bool = True
    """False when the match stopped without an outcome."""
    placings: tuple[int, ...] = ()
    """Each seat's place (1 first, equal places shared: 1, 1, 3), as the outcome gives them:
    empty when the match did not finish, or when its game's version places nobody (and in
    results kept before matches kept their places)."""
    data: Any = None
    """What the simulation's ``collect`` function kept of the match (``None`` without one,
    and for a match that did not finish)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulationResult:
    """The matches of one simulation, in index order, and how long they took."""

    game: str
    """The game's name (``tcg``)."""
    title: str
    """The game's title (``Kata TCG``)."""
    ruleset: dict[str, Any]
    """The ruleset played, as JSON."""
    agents: tuple[str, ...]
    """The agents, as written in the seat grammar (``greedy``, ``ismcts:hard``)."""
    seed: int
    workers: int
    seconds: float
    """Wall-clock time the matches took (not reproducible: everything else is)."""
    matches: tuple[MatchResult, ...]
    start: int = 0
    """The index of the first match played: 0, unless only a part was played (``--indices``)."""
    games: int | None = None
    """The matches of the whole simulation when only a part of it was played (``None``: the
    whole was)."""

    @property
    def part(self) -> range | None:
        """The indices played when only a part of the simulation was (``None``: the whole).

        >>> SimulationResult(game="war", title="War", ruleset={}, agents=(), seed=1, workers=1,
        ...     seconds=0.0, matches=(), start=4, games=9).part
        range(4, 4)
        """
        return None if self.games is None else range(self.start, self.start + len(self.matches))

    @property
    def seats(self) -> int:
        """The number of seats (and of agents)."""
        return len(self.agents)

    @property
    def matches_per_second(self) -> float:
        return len(self.matches) / self.seconds if self.seconds > 0 else 0.0


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` in a simulation seeded ``seed`` (a 63-bit number).

    >>> match_seed(1, 0) == match_seed(1, 0) != match_seed(1, 1)
    True
    """
    return Rng.derive(seed, "match", index).next64() >> 1


def seating(index: int, agents: int) -> tuple[int, ...]:
    """For each seat of match ``index``, the agent sitting there: agent ``j`` sits at seat
    ``(j + index) mod agents``.

    >>> seating(0, 3), seating(1, 3), seating(2, 3)
    ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    """
    return tuple((seat - index) % agents for seat in range(agents))


def chunk_size(games: int, workers: int) -> int:
    """How many matches a worker plays per errand: small enough to keep every worker busy
    to the end and the progress bar moving, large enough that sending them costs little.

    >>> chunk_size(10, 1), chunk_size(100_000, 2), chunk_size(1_000, 2)
    (1, 64, 32)
    """
    return max(1, min(64, math.ceil(games / (workers * 16))))


@dataclass(frozen=True, slots=True)
class _Job:
    """What every match of a simulation shares."""

    game: Game[Any, Any]
    ruleset: Any
    specs: tuple[SeatSpec, ...]
    seed: int
    limit: int
    collect: Collect | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (for Ray) with the game by name: see :func:`portable`."""
        return (_job, (portable(self.game), self.ruleset, self.specs, self.seed, self.limit,
                       self.collect))  # fmt: skip


def _job(game: Game[Any, Any] | str, *rest: Any) -> _Job:
    return _Job(arrived(game), *rest)


def play_one(job: _Job, index: int) -> MatchResult:
    """Play match ``index`` of ``job``."""
    seed = match_seed(job.seed, index)
    sitting = seating(index, len(job.specs))
    agents = [
        make_agent(job.specs[agent], job.game, agent_rng(seed, seat))
        for seat, agent in enumerate(sitting)
    ]
    try:
        match = play_match(
            job.game, job.ruleset, agents, seed, journal=job.collect is not None, limit=job.limit
        )
        data = None if job.collect is None or match.outcome is None else job.collect(match)
    except MatchTooLong:
        return MatchResult(
            index=index,
            seed=seed,
            seating=sitting,
            winners=(),
            reason=UNFINISHED,
            decisions=job.limit,
            first_to_act=None,
            finished=False,
        )
    except Exception as error:
        raise SimulationError(
            f"match {index} (seed {seed}, seats {', '.join(job.specs[a].text() for a in sitting)})"
            f" failed: {type(error).__name__}: {error}"
        ) from None
    outcome = match.outcome
    decisions = match.decisions
    return MatchResult(
        index=index,
        seed=seed,
        seating=sitting,
        winners=() if outcome is None else outcome.winners,
        reason=UNFINISHED if outcome is None else outcome.reason,
        decisions=len(decisions),
        first_to_act=decisions[0][0] if decisions else None,
        finished=outcome is not None,
        placings=() if outcome is None else outcome.placings,
        data=data,
    )


def _play_chunk(job: _Job, chunk: range) -> list[MatchResult]:
    """Play the matches of ``chunk`` (in a worker, or in this process)."""
    return [play_one(job, index) for index in chunk]


def whole(games: int) -> range:
    """Every match index of a simulation of ``games`` matches.

    >>> whole(3)
    range(0, 3)
    """
    return range(games)


def simulate(
    game: Game[Any, Any],
    ruleset: Any,
    agent_specs: Sequence[SeatSpec],
    games: int,
    seed: int,
    workers: int = 1,
    *,
    progress: Progress | None = None,
    limit: int = DEFAULT_DECISION_LIMIT,
    collect: Collect | None = None,
    backend: Backend | None = None,
    indices: range | None = None,
) -> SimulationResult:
    """Play ``games`` matches of ``game`` between the agents ``agent_specs`` (one per seat,
    rotated from match to match) in ``workers`` processes; the results in match order.

    One worker plays in this process. With ``backend`` (a :class:`ProcessPool`, a
    :class:`~cardtable.simulation.ray_backend.RayBackend`), its workers play instead and
    ``workers`` is not used. With ``indices`` (a range within ``range(games)``), only those
    matches of the simulation are played: the same matches, played alike, as in the whole.
    The results (everything but the time taken) depend only on the arguments other than
    ``workers``, ``backend`` and ``progress``. With ``collect``, each match keeps its journal
    and ``collect(match)``, run in the worker, becomes the match's
    :attr:`~MatchResult.data`. Raises :class:`SimulationError` for a count below one or
    indices outside the simulation, ``UnknownAgent`` for an agent that does not exist (or a
    person), and :class:`SimulationError` naming the match (and its seed) if a match fails.
    """
    specs = tuple(agent_specs)
    _check(game, ruleset, specs, games)
    played = whole(games) if indices is None else indices
    check_indices(played, games)
    job = _Job(game, ruleset, specs, seed, limit, collect)
    started = clock()
    if backend is None:
        with ProcessPool(workers) as pool:
            matches = _run(pool, job, played, progress)
            used = min(pool.workers, len(played))
    else:
        matches = _run(backend, job, played, progress)
        used = min(backend.workers, len(played))
    seconds = clock() - started
    return SimulationResult(
        game=game.name,
        title=game.title,
        ruleset=ruleset.to_json(),
        agents=tuple(spec.text() for spec in specs),
        seed=seed,
        workers=used,
        seconds=seconds,
        matches=tuple(matches),
        start=played.start,
        games=None if indices is None else games,
    )


def clock() -> float:
    """Seconds on the clock that times simulations (``time.perf_counter``)."""
    return time.perf_counter()


def check_indices(indices: range, games: int) -> None:
    """Refuse (:class:`SimulationError`) a range of match indices that is empty, steps, or
    leaves a simulation of ``games`` matches.

    >>> check_indices(range(10, 20), 20)
    >>> check_indices(range(10, 21), 20)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.simulation.backend.SimulationError: matches 10:21 are not all within ...
    """
    if indices.step != 1 or not indices:
        raise SimulationError(
            f"matches {indices.start}:{indices.stop}: give a range that holds a match, its "
            "first index below its end"
        )
    if indices.start < 0 or indices.stop > games:
        raise SimulationError(
            f"matches {indices.start}:{indices.stop} are not all within the simulation's "
            f"{games} (0:{games})"
        )


def _check(game: Game[Any, Any], ruleset: Any, specs: tuple[SeatSpec, ...], games: int) -> None:
    if games < 1:
        raise SimulationError(f"a simulation plays at least one match (asked for {games})")
    if any(spec.human for spec in specs):
        raise SimulationError("a simulation has no people at the table: name computer players only")
    check_seats(list(specs), game, game.seats(ruleset))


def _run(
    backend: Backend, job: _Job, played: range, progress: Progress | None
) -> list[MatchResult]:
    """The matches ``played``, in chunks, by ``backend``; in index order."""
    size = chunk_size(len(played), min(backend.workers, len(played)))
    chunks = [
        range(start, min(start + size, played.stop))
        for start in range(played.start, played.stop, size)
    ]
    finished = 0

    def done(_: int, results: list[MatchResult]) -> None:
        nonlocal finished
        finished += len(results)
        if progress is not None:
            progress(finished, len(played))

    results = backend.map(_play_chunk, job, chunks, done)
    return [match for chunk in results for match in chunk]
