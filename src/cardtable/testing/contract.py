"""What a contract is: a named check of one game under one ruleset, within a budget.

A contract is a function ``check(game, ruleset, budget)`` that returns when the game keeps it
and raises :class:`AssertionError` (a plain ``assert``, with a message where one helps) when
it does not; any other exception is the game failing while the contract played it. Its name
is the function's; its summary is the first paragraph of its docstring.

>>> def plays(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
...     '''A match can be set up.'''
>>> Contract.of(plays).summary
'A match can be set up.'
>>> Budget().seeds, Budget(seeds=3).states
(12, 120)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.engine import DecisionError, Game
from cardtable.testing.playing import seeds_within


@dataclass(frozen=True, slots=True, kw_only=True)
class Budget:
    """How much of a game the contracts play: bounded, so that a long game gets fewer
    matches rather than slower checks. The defaults are the conformance suite's."""

    seeds: int = 12
    """The seeds of the matches each contract plays (``range(seeds)``), within ``decisions``:
    all twelve for games whose random matches are short, at least three for games whose random
    matches run to thousands of decisions (see :func:`~cardtable.testing.playing.seeds_within`)."""
    decisions: int = 12_000
    """How many decisions the matches of one contract take in all, once three are played."""
    states: int = 120
    """How many states of one match the costlier contracts examine at most, spread over the
    match (random Karata matches run to thousands of decisions; the other games' stay below
    this)."""
    playout: int = 200
    """How many decisions a playout from a copy or a determinised world takes at most: enough
    to prove it independent and playable without making long games' checks quadratic."""
    id_seeds: int = 48
    """How many new matches the card-id contract sets up to compare ids with a manifest."""

    def seeds_of(self, game: Game[Any, Any], ruleset: Any) -> list[int]:
        """The seeds a contract plays ``game`` under ``ruleset`` with."""
        return seeds_within(game, ruleset, range(self.seeds), self.decisions)


Check = Callable[[Game[Any, Any], Any, Budget], None]
"""A contract's check: returns when the game keeps it, raises when it does not."""


@dataclass(frozen=True, slots=True)
class Contract:
    """One contract every game keeps."""

    name: str
    check: Check

    @classmethod
    def of(cls, check: Check) -> Contract:
        """The contract ``check`` is, named after it."""
        return cls(check.__name__, check)

    @property
    def summary(self) -> str:
        """The first paragraph of the check's docstring, on one line."""
        doc = (self.check.__doc__ or self.name.replace("_", " ")).strip()
        return " ".join(doc.split("\n\n")[0].split())


def refusal(act: Callable[[], object], what: str) -> DecisionError:
    """The :class:`DecisionError` that ``act`` raises (an assertion fails if it raises none).

    >>> refusal(lambda: None, "a move out of turn")
    Traceback (most recent call last):
    ...
    AssertionError: a move out of turn was not refused
    """
    try:
        act()
    except DecisionError as error:
        return error
    raise AssertionError(f"{what} was not refused")
