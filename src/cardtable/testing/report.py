"""Run the contracts on one game in one call, without pytest, and read what they found.

>>> from cardtable.games import find
>>> war = find("war")
>>> quick = Budget(seeds=1, decisions=0, states=5, playout=5, id_seeds=2)
>>> report = check_game(war, [war.default_ruleset()], contracts=["replay_is_exact"],
...                     budget=quick)
>>> report.kept, [(verdict.contract.name, verdict.ruleset) for verdict in report.verdicts]
(True, [('replay_is_exact', 0)])
>>> report.text().startswith("replay_is_exact  kept     A match's record")
True
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.engine import CardtableError, Game
from cardtable.testing.catalogue import CONTRACTS, find_contract
from cardtable.testing.contract import Budget, Contract


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one contract found for one ruleset: ``problem`` is ``None`` when it was kept."""

    contract: Contract
    ruleset: int
    """The ruleset's place among those checked (``rules0`` is the first)."""
    problem: str | None
    seconds: float

    @property
    def kept(self) -> bool:
        return self.problem is None


@dataclass(frozen=True, slots=True)
class Report:
    """The verdicts of every contract on one game, ruleset by ruleset."""

    game: str
    rulesets: tuple[Any, ...]
    verdicts: tuple[Verdict, ...]

    @property
    def kept(self) -> bool:
        """Whether every contract was kept under every ruleset."""
        return all(verdict.kept for verdict in self.verdicts)

    @property
    def broken(self) -> list[Verdict]:
        return [verdict for verdict in self.verdicts if not verdict.kept]

    def text(self) -> str:
        """One line a contract (``kept`` or ``BROKEN``), then each problem under it."""
        width = max((len(contract.name) for contract in self._contracts()), default=0)
        lines: list[str] = []
        for contract in self._contracts():
            mine = [verdict for verdict in self.verdicts if verdict.contract == contract]
            word = "kept  " if all(verdict.kept for verdict in mine) else "BROKEN"
            lines.append(f"{contract.name:<{width}}  {word}   {contract.summary}")
            lines.extend(
                f"    {self.game}-rules{verdict.ruleset}: {verdict.problem}"
                for verdict in mine
                if verdict.problem is not None
            )
        return "\n".join(lines)

    def _contracts(self) -> list[Contract]:
        return list(dict.fromkeys(verdict.contract for verdict in self.verdicts))

    def raise_if_broken(self) -> None:
        """Raise :class:`ContractBroken` with :meth:`text` when a contract was broken."""
        if not self.kept:
            raise ContractBroken(self)


class ContractBroken(CardtableError):
    """A game broke at least one contract; ``report`` says which and how."""

    def __init__(self, report: Report) -> None:
        broken = sorted({verdict.contract.name for verdict in report.broken})
        super().__init__(f"{report.game} broke {', '.join(broken)}:\n{report.text()}")
        self.report = report


def check_game(
    game: Game[Any, Any],
    rulesets: Sequence[Any] | None = None,
    *,
    contracts: Sequence[str | Contract] | None = None,
    budget: Budget | None = None,
    progress: Callable[[Verdict], None] | None = None,
) -> Report:
    """Check ``game`` against every contract (or the ``contracts`` named) under each of
    ``rulesets`` (by default its ``example_rulesets()``), and report what each found.

    A broken contract does not stop the others; ``progress`` hears each verdict as it comes.
    The contracts are assertions: under ``python -O`` they could not fail, so they refuse
    to run there.
    """
    if not __debug__:
        raise CardtableError("the contracts are assertions: run Python without -O")
    chosen = [
        find_contract(contract) if isinstance(contract, str) else contract
        for contract in (CONTRACTS if contracts is None else contracts)
    ]
    checked = tuple(game.example_rulesets() if rulesets is None else rulesets)
    budget = Budget() if budget is None else budget
    verdicts: list[Verdict] = []
    for contract in chosen:
        for index, ruleset in enumerate(checked):
            started = time.perf_counter()
            problem = _problem(contract, game, ruleset, budget)
            verdict = Verdict(contract, index, problem, time.perf_counter() - started)
            verdicts.append(verdict)
            if progress is not None:
                progress(verdict)
    return Report(game.name, checked, tuple(verdicts))


def _problem(contract: Contract, game: Game[Any, Any], ruleset: Any, budget: Budget) -> str | None:
    """``None`` when ``contract`` holds, else what broke it, in one readable line."""
    try:
        contract.check(game, ruleset, budget)
    except AssertionError as error:
        said = str(error).strip()
        return said.splitlines()[0] if said else f"failed: {_where(error)}"
    except Exception as error:  # the game raised while the contract played it
        return f"{type(error).__name__}: {error} (at {_where(error)})"
    return None


def _where(error: BaseException) -> str:
    """The innermost line of the error's traceback: its code, file name and line number."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "an unknown place"
    last = frames[-1]
    return f"{(last.line or '').strip()} ({Path(last.filename).name}:{last.lineno})"
