"""``cardtable merge``: the documents of parts of a simulation, joined into the whole's.

    cardtable simulate tcg --agents greedy,random --games 900 --seed 7 --indices 0:450 --json >a
    cardtable simulate tcg --agents greedy,random --games 900 --seed 7 --indices 450:900 --json >b
    cardtable merge a b --json > whole.json

The parts (``--indices A:B`` of ``simulate``, ``ladder`` or ``balance``, in any order) must be
of one whole (the same command, game, rules, agents, seed and ``--games``) and hold each of its
matches once; the merge rebuilds the whole's statistics from every match, so its document is the one
the whole run prints, but for the time taken and the workers, which add up over the parts.
Without ``--json`` or ``--output`` it prints the whole's tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, cast

import typer

from cardtable.cli.errors import guarded
from cardtable.cli.options import JsonOption
from cardtable.cli.terminal import make_console
from cardtable.simulation.balance import CardStats, DeckMatrix
from cardtable.simulation.balance.report import render_cards, render_matrix
from cardtable.simulation.ladder_report import render_ladder
from cardtable.simulation.merge import (
    MergeError,
    Piece,
    merge,
    read_piece,
    whole_balance,
    whole_document,
    whole_ladder,
    whole_summary,
)
from cardtable.simulation.report import render

__all__ = ["merge_command"]


def merge_command(
    parts: Annotated[
        list[Path],
        typer.Argument(help="The JSON documents of the parts (made with --indices A:B --json)."),
    ],
    json_output: JsonOption = False,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the whole's JSON document to FILE."),
    ] = None,
) -> None:
    """Join the documents of parts of a simulate, ladder or balance run (--indices) into the
    whole's."""
    with guarded():
        merged = merge([_read(path) for path in parts])
        if output is not None or json_output:
            text = whole_document(merged)
            if output is not None:
                _write(output, text)
            if json_output:
                typer.echo(text)
            return
        command = merged.whole.command
        if command == "ladder":
            make_console().print(render_ladder(whole_ladder(merged)))
        elif command == "balance decks":
            make_console().print(render_matrix(cast(DeckMatrix, whole_balance(merged))))
        elif command == "balance cards":
            make_console().print(render_cards(cast(CardStats, whole_balance(merged))))
        else:
            make_console().print(render(whole_summary(merged)))


def _read(path: Path) -> Piece:
    try:
        text = path.read_bytes()
    except OSError as error:
        raise MergeError(f"cannot read {path}: {error.strerror or error}") from None
    return read_piece(str(path), text)


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise MergeError(f"cannot write {path}: {error.strerror or error}") from None
