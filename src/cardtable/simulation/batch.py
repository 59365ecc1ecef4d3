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

import concurrent.futures
import math
import multiprocessing
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.agents.registry import SeatSpec, check_seats, make_agent
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.rng import Rng
from cardtable.simulation.play import DEFAULT_DECISION_LIMIT, MatchTooLong, agent_rng, play_match

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` in the calling process as matches finish."""

Collect = Callable[[Match[Any]], Any]
"""Called in the worker with each finished match (its journal kept) to keep what a study
needs of it (:attr:`MatchResult.data`): small, picklable data, never the match itself."""

MAX_WORKERS = 64
"""More worker processes than this is surely a typing mistake."""

UNFINISHED = "unfinished"
"""The reason given for a match that stopped without an outcome (too long, or an error the
game reported as the match's failure)."""


class SimulationError(CardtableError):
    """A simulation cannot run as asked, or one of its matches failed."""


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


_WORKER_JOB: _Job | None = None
"""The job of this worker process (set once, when the process starts)."""


def _start_worker(job: _Job) -> None:
    """Keep ``job`` for the worker's matches, and leave Ctrl-C to the calling process, which
    cancels what is left and waits for the chunks under way (no traceback from each worker)."""
    global _WORKER_JOB
    _WORKER_JOB = job
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(start: int, stop: int) -> list[MatchResult]:
    """In a worker: play matches ``start`` to ``stop - 1`` of the worker's job."""
    job = _WORKER_JOB
    assert job is not None, "the worker was not started with a job"
    return [play_one(job, index) for index in range(start, stop)]


def pool_context() -> multiprocessing.context.BaseContext:
    """Fork where there is fork (Linux): workers inherit the game and ruleset as they are,
    nothing is pickled or imported again; elsewhere, the platform's default."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


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
) -> SimulationResult:
    """Play ``games`` matches of ``game`` between the agents ``agent_specs`` (one per seat,
    rotated from match to match) in ``workers`` processes; the results in match order.

    One worker plays in this process. The results (everything but the time taken) depend
    only on the arguments other than ``workers`` and ``progress``. With ``collect``, each
    match keeps its journal and ``collect(match)``, run in the worker, becomes the match's
    :attr:`~MatchResult.data`. Raises
    :class:`SimulationError` for a count below one, ``UnknownAgent`` for an agent that does
    not exist (or a person), and :class:`SimulationError` naming the match (and its seed) if
    a match fails.
    """
    specs = tuple(agent_specs)
    _check(game, ruleset, specs, games, workers)
    job = _Job(game, ruleset, specs, seed, limit, collect)
    workers = min(workers, games)
    size = chunk_size(games, workers)
    chunks = [(start, min(start + size, games)) for start in range(0, games, size)]
    started = time.perf_counter()
    if workers == 1:
        matches = _in_process(job, chunks, games, progress)
    else:
        matches = _in_workers(job, chunks, games, workers, progress)
    seconds = time.perf_counter() - started
    return SimulationResult(
        game=game.name,
        title=game.title,
        ruleset=ruleset.to_json(),
        agents=tuple(spec.text() for spec in specs),
        seed=seed,
        workers=workers,
        seconds=seconds,
        matches=tuple(matches),
    )


def _check(
    game: Game[Any, Any], ruleset: Any, specs: tuple[SeatSpec, ...], games: int, workers: int
) -> None:
    if games < 1:
        raise SimulationError(f"a simulation plays at least one match (asked for {games})")
    if not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"workers must be between 1 and {MAX_WORKERS} (asked for {workers})")
    if any(spec.human for spec in specs):
        raise SimulationError("a simulation has no people at the table: name computer players only")
    check_seats(list(specs), game, game.seats(ruleset))


def _in_process(
    job: _Job, chunks: list[tuple[int, int]], games: int, progress: Progress | None
) -> list[MatchResult]:
    matches: list[MatchResult] = []
    for start, stop in chunks:
        matches.extend(play_one(job, index) for index in range(start, stop))
        if progress is not None:
            progress(len(matches), games)
    return matches


def _in_workers(
    job: _Job,
    chunks: list[tuple[int, int]],
    games: int,
    workers: int,
    progress: Progress | None,
) -> list[MatchResult]:
    done: dict[int, list[MatchResult]] = {}
    finished = 0
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=pool_context(),
        initializer=_start_worker,
        initargs=(job,),
    )
    try:
        futures = {pool.submit(_play_chunk, start, stop): start for start, stop in chunks}
        for future in concurrent.futures.as_completed(futures):
            results = future.result()
            done[futures[future]] = results
            finished += len(results)
            if progress is not None:
                progress(finished, games)
    except concurrent.futures.process.BrokenProcessPool as error:
        raise SimulationError(f"a worker process died: {error}") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return [match for start, _ in chunks for match in done[start]]
