"""Choosing where a command's matches are played (``--backend``, ``--address``, ``--workers``)
and which of them (``--indices``), refusing what cannot be with the reason.

>>> parse_indices("0:50", games=100), parse_indices(None, games=100)
(range(0, 50), None)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cardtable.cli.errors import UsageProblem
from cardtable.cli.options import default_workers
from cardtable.simulation.backend import BACKENDS, Backend, ProcessPool


def parse_indices(text: str | None, games: int) -> range | None:
    """The match indices ``A:B`` of a part of ``games`` matches (``None``: all of them);
    :class:`UsageProblem` for anything else.

    >>> parse_indices("5:3", games=10)
    Traceback (most recent call last):
    ...
    cardtable.cli.errors.UsageProblem: --indices 5:3: A must be below B (matches A to B-1)
    """
    if text is None:
        return None
    first, colon, last = text.partition(":")
    if not colon or not first.strip().isdigit() or not last.strip().isdigit():
        raise UsageProblem(
            f"--indices {text}: give A:B, two whole numbers, to play matches A to B-1 "
            f"(such as 0:{games // 2})"
        )
    start, stop = int(first), int(last)
    if start >= stop:
        raise UsageProblem(f"--indices {text}: A must be below B (matches A to B-1)")
    if stop > games:
        raise UsageProblem(
            f"--indices {text}: there are only {games} matches (--games {games}), 0 to "
            f"{games - 1}; B is at most {games}"
        )
    return range(start, stop)


@contextmanager
def opened(backend: str, workers: int | None, address: str | None) -> Iterator[Backend]:
    """The backend the options name, open for the command's matches and closed after them.

    ``workers`` is ``--workers`` as given (``None``: one per core here, or, on a Ray cluster
    given by ``--address``, the whole cluster). Refused: an unknown backend, ``--address``
    without Ray, an address that is not ``HOST:PORT`` (:class:`UsageProblem`); Ray not
    installed or a cluster that does not answer (their own errors, which say what to do).
    """
    if backend not in BACKENDS:
        raise UsageProblem(f"--backend {backend}: choose one of {', '.join(BACKENDS)}")
    if backend == "processes":
        if address is not None:
            raise UsageProblem("--address names a Ray cluster: give it with --backend ray")
        with ProcessPool(default_workers() if workers is None else workers) as pool:
            yield pool
        return
    from cardtable.simulation.ray_backend import RayBackend, split_address

    if address is not None:
        try:
            split_address(address)
        except ValueError as error:
            raise UsageProblem(f"--address {error}") from None
    elif workers is None:
        workers = default_workers()
    with RayBackend(workers=workers, address=address) as ray:
        yield ray
