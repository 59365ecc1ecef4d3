"""Where a simulation's errands run: in this process, in a pool of worker processes, or (with
:mod:`cardtable.simulation.ray_backend`) on a Ray cluster.

A *backend* maps a function over errands (chunks of match indices, a round's tables) that all
share one *job* (the game, the rules, the agents): ``backend.map(work, job, errands, done)``
returns ``[work(job, errand) for errand in errands]``, in errand order, whatever order they
finished in, and calls ``done(position, result)`` in the calling process as each finishes.
``work`` is a module-level function, so that a worker finds it by name. Results never depend
on the backend: only the speed does.

>>> def double(job: int, errand: int) -> int:
...     return job * errand
>>> with ProcessPool(1) as pool:
...     pool.map(double, 2, [1, 2, 3])
[2, 4, 6]
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import signal
import sys
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Literal, Protocol, TypeVar

from cardtable.engine.errors import CardtableError, UnknownGame
from cardtable.engine.game import Game

J = TypeVar("J")
E = TypeVar("E")
R = TypeVar("R")

BackendName = Literal["processes", "ray"]
"""The backends a command offers (``--backend``)."""

BACKENDS: tuple[BackendName, ...] = ("processes", "ray")

MAX_WORKERS = 64
"""More worker processes than this is surely a typing mistake."""


class SimulationError(CardtableError):
    """A simulation cannot run as asked, or one of its matches failed."""


class Backend(Protocol):
    """Runs errands of one job and hands their results back in order."""

    @property
    def name(self) -> BackendName:
        """The backend's name, as ``--backend`` takes it."""
        ...

    @property
    def workers(self) -> int:
        """How many errands run at once."""
        ...

    def map(
        self,
        work: Callable[[J, E], R],
        job: J,
        errands: Sequence[E],
        done: Callable[[int, R], None] | None = None,
    ) -> list[R]:
        """``[work(job, errand) for errand in errands]``, calling ``done(position, result)``
        as each errand finishes."""
        ...


def portable(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """What to send of ``game`` to another process: its registered name where the registry
    knows it (each worker then uses its own, whatever caches this one's has filled), else the
    game itself. :func:`arrived` undoes it.

    >>> from cardtable.games import find
    >>> portable(find("war")), arrived("war") is find("war")
    ('war', True)
    """
    from cardtable.games import find

    try:
        registered = find(game.name)
    except UnknownGame:
        return game
    return game.name if type(registered) is type(game) else game


def arrived(game: Game[Any, Any] | str) -> Game[Any, Any]:
    """The game :func:`portable` sent."""
    from cardtable.games import find

    return find(game) if isinstance(game, str) else game


_WORKER_JOB: Any = None
"""The job of this worker process (set once, when the process starts)."""


def _start_worker(job: object) -> None:
    """Keep ``job`` for the worker's errands, and leave Ctrl-C to the calling process, which
    cancels what is left and waits for the errands under way (no traceback from each worker)."""
    global _WORKER_JOB
    _WORKER_JOB = job
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_worker(work: Callable[[Any, E], R], errand: E) -> R:
    """In a worker: ``work`` of the worker's job and ``errand``."""
    return work(_WORKER_JOB, errand)


def pool_context() -> multiprocessing.context.BaseContext:
    """Fork where there is fork (Linux): workers inherit the job as it is, nothing is pickled
    or imported again; but spawn in a process that runs Ray, whose gRPC threads make a forked
    copy of it unsafe (the job is pickled, its game sent by name); elsewhere, the platform's
    default."""
    if _runs_ray():
        return multiprocessing.get_context("spawn")
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _runs_ray() -> bool:
    """Whether this process is connected to Ray (without importing it).

    >>> _runs_ray()
    False
    """
    ray = sys.modules.get("ray")
    return ray is not None and bool(ray.is_initialized())


class ProcessPool:
    """Errands in ``workers`` processes forked from this one (one worker: in this process).

    The pool starts at the first errands of a job and serves every later ``map`` of the same
    job object (a tournament's rounds); another job starts another pool. Use it as a context
    manager, or :meth:`close` it.
    """

    def __init__(self, workers: int) -> None:
        if not 1 <= workers <= MAX_WORKERS:
            raise SimulationError(
                f"workers must be between 1 and {MAX_WORKERS} (asked for {workers})"
            )
        self._workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._job: object = None

    @property
    def name(self) -> BackendName:
        return "processes"

    @property
    def workers(self) -> int:
        return self._workers

    def map(
        self,
        work: Callable[[J, E], R],
        job: J,
        errands: Sequence[E],
        done: Callable[[int, R], None] | None = None,
    ) -> list[R]:
        if self._workers == 1 or (len(errands) <= 1 and self._pool is None):
            results: list[R] = []
            for position, errand in enumerate(errands):
                results.append(work(job, errand))
                if done is not None:
                    done(position, results[-1])
            return results
        pool = self._pool_for(job, len(errands))
        found: dict[int, R] = {}
        try:
            futures = {
                pool.submit(_in_worker, work, errand): position
                for position, errand in enumerate(errands)
            }
            for future in concurrent.futures.as_completed(futures):
                position = futures[future]
                found[position] = future.result()
                if done is not None:
                    done(position, found[position])
        except concurrent.futures.process.BrokenProcessPool as error:
            self.close()
            raise SimulationError(f"a worker process died: {error}") from None
        except BaseException:
            self.close()
            raise
        return [found[position] for position in range(len(errands))]

    def _pool_for(self, job: object, errands: int) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is not None and self._job is job:
            return self._pool
        self.close()
        self._pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=min(self._workers, max(errands, 1)),
            mp_context=pool_context(),
            initializer=_start_worker,
            initargs=(job,),
        )
        self._job = job
        return self._pool

    def close(self) -> None:
        """Stop the pool's processes (after the errands under way; the others are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool, self._job = None, None

    def __enter__(self) -> ProcessPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
