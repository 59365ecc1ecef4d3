"""``cardtable conformance GAME``: check a game, built in or a plug-in, against every contract.

    cardtable conformance highcard
    cardtable conformance war --contract replay_is_exact

Each contract of the kit (:mod:`cardtable.testing`) plays the game under each of its
``example_rulesets()`` and prints one line when done, ``kept`` or ``BROKEN`` with what broke
it under which ruleset (``rules0`` is the first). The exit code is 1 when any contract was
broken. No pytest is needed.
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardtable.cli.errors import UsageProblem, guarded
from cardtable.games import find
from cardtable.testing import Contract, UnknownContract, Verdict, check_game, find_contract
from cardtable.testing.catalogue import CONTRACTS


def conformance_command(
    game: Annotated[str, typer.Argument(help="The game to check, e.g. war or a plug-in's.")],
    contract: Annotated[
        list[str] | None,
        typer.Option(
            "--contract",
            help="Check only this contract (again for more); see the list with --list.",
        ),
    ] = None,
    listing: Annotated[
        bool, typer.Option("--list", help="List the contracts and what each checks, and exit.")
    ] = False,
) -> None:
    """Check a game against the contracts every game keeps (exit code 1 if one is broken)."""
    if listing:
        for each in CONTRACTS:
            typer.echo(f"{each.name}\n    {each.summary}")
        return
    with guarded():
        found = find(game)
        try:
            chosen = [find_contract(name) for name in contract] if contract else list(CONTRACTS)
        except UnknownContract as unknown:
            raise UsageProblem(unknown.reason) from None
        rulesets = found.example_rulesets()
        printer = _Printer(found.name, len(rulesets))
        report = check_game(found, rulesets, contracts=chosen, progress=printer.hear)
    broken = {verdict.contract.name for verdict in report.broken}
    if broken:
        typer.echo(f"{found.name}: {len(broken)} of {len(chosen)} contracts broken")
        raise typer.Exit(1)
    typer.echo(f"{found.name}: all {len(chosen)} contracts kept, under {len(rulesets)} rulesets")


class _Printer:
    """Prints a contract's line once every ruleset's verdict on it has come."""

    def __init__(self, game: str, rulesets: int) -> None:
        self.game = game
        self.rulesets = rulesets
        self.heard: dict[Contract, list[Verdict]] = {}

    def hear(self, verdict: Verdict) -> None:
        mine = self.heard.setdefault(verdict.contract, [])
        mine.append(verdict)
        if len(mine) < self.rulesets:
            return
        kept = all(each.kept for each in mine)
        typer.echo(f"{'kept  ' if kept else 'BROKEN'}  {verdict.contract.name}")
        for each in mine:
            if each.problem is not None:
                typer.echo(f"        {self.game}-rules{each.ruleset}: {each.problem}")
