"""Errands as Ray tasks, on a local Ray started for the run or on an existing cluster.

Ray (the optional extra ``cardtable[distributed]``) is imported only when a
:class:`RayBackend` connects, so ``import cardtable`` never pays for it and an install without
it runs everything else. Each :meth:`RayBackend.map` puts its job in Ray's object store once,
submits one task per errand (on a cluster given a worker count, at most that many at a time),
hands results to ``done`` as tasks finish, and returns them in errand order. A task whose
worker process or machine dies is run again, up to :data:`RETRIES` times; a match that fails
fails the same way anywhere, so its error is never retried but raised as the process pool
raises it.

Every machine of a cluster needs cardtable (and any ``py:MODULE:OBJECT`` player's module)
installed, at the same version: a task names its function and its players by their modules.

>>> backend = RayBackend(workers=2)
>>> backend.name, backend.workers
('ray', 2)
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Sequence
from types import ModuleType, TracebackType
from typing import Any, TypeVar

from cardtable.engine.errors import CardtableError
from cardtable.simulation.backend import BackendName, SimulationError

J = TypeVar("J")
E = TypeVar("E")
R = TypeVar("R")

RETRIES = 3
"""How many times Ray runs a task again whose worker process or machine died."""

EXTRA = "cardtable[distributed]"
"""The optional extra that installs Ray."""

LOOK = 1.0
"""Seconds at most between looks at the tasks under way (Ctrl-C is heard that often)."""

CONNECT_TIMEOUT = 3.0
"""Seconds to wait for a cluster's address to answer before calling it unreachable."""


class RayUnavailable(SimulationError):
    """``--backend ray`` was asked for where Ray is not installed."""


class ClusterUnreachable(SimulationError):
    """The Ray cluster's address does not answer, or Ray could not join it."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`RayUnavailable` saying how to install it."""
    try:
        import ray
    except ImportError as error:
        raise RayUnavailable(
            f"--backend ray needs Ray, which is not installed here ({error}): install "
            f"{EXTRA} (pip install '{EXTRA}') on this machine and on every machine of the "
            "cluster"
        ) from None
    return ray


FORK_SAFE_GRPC = {"GRPC_ENABLE_FORK_SUPPORT": "1", "GRPC_POLL_STRATEGY": "poll"}
"""What lets a process that ran Ray fork later (a process pool, once Ray has stopped): the
settings Ray gives its own workers' gRPC."""


def allow_forks() -> None:
    """Set :data:`FORK_SAFE_GRPC` for the Ray this process is about to start or join, where
    they are not set already (gRPC reads them when Ray starts it).

    >>> sorted(FORK_SAFE_GRPC)
    ['GRPC_ENABLE_FORK_SUPPORT', 'GRPC_POLL_STRATEGY']
    """
    for name, value in FORK_SAFE_GRPC.items():
        os.environ.setdefault(name, value)


def _run_task(work: Callable[[J, E], R], job: J, errand: E) -> R:
    """In a Ray worker: one errand. A cardtable error travels back as itself."""
    return work(job, errand)


def split_address(address: str) -> tuple[str, int]:
    """The host and port of a cluster address ``HOST:PORT`` (``ValueError`` when it is not
    one).

    >>> split_address("10.0.0.5:6379"), split_address("head.local:6380")
    (('10.0.0.5', 6379), ('head.local', 6380))
    """
    host, colon, port = address.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{address!r} is not HOST:PORT (such as 10.0.0.5:6379)")
    return host.strip("[]"), int(port)


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse (:class:`ClusterUnreachable`) an address nothing answers at, before Ray spends
    a long while trying."""
    host, port = split_address(address)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return
    except OSError as error:
        raise ClusterUnreachable(
            f"--address {address}: no Ray cluster answers there "
            f"({error.strerror or error}); start its head with `ray start --head` "
            "and give the address it prints"
        ) from None


class RayBackend:
    """Errands as Ray tasks. Without ``address``, a local Ray with ``workers`` CPUs (default:
    every core) is started when the backend is entered and stopped when it is left; with one
    (``HOST:PORT`` of a cluster's head), the backend joins that cluster and uses all of it, or
    at most ``workers`` tasks at a time when ``workers`` is given. Where this process already
    runs Ray (``ray.init`` was called), the backend uses it as it is and leaves it running.
    """

    def __init__(
        self, *, workers: int | None = None, address: str | None = None, retries: int = RETRIES
    ) -> None:
        self._asked = workers
        self._workers = workers or 1
        self._address = address
        self._retries = retries
        self._ray: ModuleType | None = None
        self._owned = False
        self._task: Any = None

    @property
    def name(self) -> BackendName:
        return "ray"

    @property
    def workers(self) -> int:
        """The tasks that run at once: the local Ray's CPUs, the cluster's, or the cap."""
        return self._workers

    def connect(self) -> None:
        """Start or join Ray (:class:`RayUnavailable`, :class:`ClusterUnreachable`)."""
        if self._ray is not None:
            return
        ray = import_ray()
        if not ray.is_initialized():
            if self._address is not None:
                check_reachable(self._address)
            allow_forks()
            try:
                ray.init(
                    address=self._address or "local",
                    num_cpus=None if self._address else self._asked,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.WARNING,
                    namespace="cardtable",
                )
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise ClusterUnreachable(self._refusal(error)) from None
            self._owned = True
        self._ray = ray
        if self._asked is None:
            self._workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(_run_task)

    def _refusal(self, error: Exception) -> str:
        if self._address is None:
            return f"could not start a local Ray: {error}"
        return (
            f"could not join the Ray cluster at {self._address}: {error}. A cluster started "
            "by `ray start` checks a token: run with RAY_AUTH_MODE=token here and the "
            "cluster's token in ~/.ray/auth_token or RAY_AUTH_TOKEN (docs/simulation.md)"
        )

    def close(self) -> None:
        """Stop the local Ray this backend started (an existing one keeps running)."""
        if self._ray is not None and self._owned:
            self._ray.shutdown()
        self._ray, self._owned, self._task = None, False, None

    def __enter__(self) -> RayBackend:
        self.connect()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def map(
        self,
        work: Callable[[J, E], R],
        job: J,
        errands: Sequence[E],
        done: Callable[[int, R], None] | None = None,
    ) -> list[R]:
        self.connect()
        ray = self._ray
        assert ray is not None
        task = self._task.options(max_retries=self._retries, retry_exceptions=False)
        shared = ray.put(job)
        # A local Ray of its own runs as many tasks at once as it has CPUs and queues the
        # rest itself; on a cluster, a worker count caps the tasks handed out at a time.
        capped = self._asked is not None and not self._owned
        limit = self._workers if capped else len(errands)
        waiting = list(enumerate(errands))
        running: dict[Any, int] = {}
        found: dict[int, R] = {}
        try:
            while waiting or running:
                while waiting and len(running) < max(limit, 1):
                    position, errand = waiting.pop(0)
                    running[task.remote(work, shared, errand)] = position
                ray.wait(list(running), num_returns=1, timeout=LOOK)  # the first to finish
                ready, _ = ray.wait(list(running), num_returns=len(running), timeout=0)
                for ref in ready:
                    position = running.pop(ref)
                    found[position] = ray.get(ref)
                    if done is not None:
                        done(position, found[position])
        except ray.exceptions.RayTaskError as error:
            self._cancel(running)
            cause = error.cause
            if isinstance(cause, CardtableError):
                raise cause from None
            raise SimulationError(f"a Ray task failed: {type(cause).__name__}: {cause}") from None
        except ray.exceptions.RayError as error:
            self._cancel(running)
            raise SimulationError(
                f"a Ray task failed after {self._retries} retries: {type(error).__name__}: {error}"
            ) from None
        except BaseException:
            self._cancel(running)
            raise
        return [found[position] for position in range(len(errands))]

    def _cancel(self, running: dict[Any, int]) -> None:
        assert self._ray is not None
        for ref in running:
            self._ray.cancel(ref, force=True)
