"""Merging the documents of parts of a simulation (``--indices``) into the document of the
whole (``cardtable merge``): of ``simulate``, ``ladder``, ``balance decks`` and ``balance
cards``.

The parts' ``part`` objects (:mod:`.parts`) must be of one whole (the same command, game,
ruleset, agents, seed and ``--games``, and for a balance the same decks) and together hold
every match of it exactly once. The merge rebuilds every match, then the whole's statistics
from them by the very code that makes a whole run's document, so the merged document is the
whole run's, byte for byte, but for the time taken and the workers, which add up over the
parts.

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> from cardtable.simulation import simulate, summarise
>>> from cardtable.simulation.schema import summary_json
>>> game = find("war")
>>> def part(indices: range) -> Piece:
...     result = simulate(game, game.default_ruleset(), parse_seats("random,random"), games=6,
...                       seed=1, indices=indices)
...     return read_piece(f"{indices.start}.json", summary_json(summarise(result)))
>>> merged = merge([part(range(3, 6)), part(range(0, 3))])
>>> [match.index for match in merged.runs[0].matches]
[0, 1, 2, 3, 4, 5]
>>> merge([part(range(0, 3)), part(range(2, 6))])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.simulation.merge.MergeError: 0.json and 2.json both hold matches 2:3: ...
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from pydantic import ValidationError

from cardtable.simulation.backend import SimulationError
from cardtable.simulation.balance.cards import CardStats, stats_of
from cardtable.simulation.balance.decks import DeckMatrix, matrix_of
from cardtable.simulation.balance.output import balance_json
from cardtable.simulation.batch import SimulationResult
from cardtable.simulation.ladder import LadderResult, ladder_of
from cardtable.simulation.ladder_report import ladder_json
from cardtable.simulation.parts import WHOLE_INDENT, Part, Whole, matches_of, read_part
from cardtable.simulation.schema import summary_json
from cardtable.simulation.stats import Summary, summarise


class MergeError(SimulationError):
    """The documents given are not the parts of one whole simulation, all of them once."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A part's document, read: where it came from (for errors) and its ``part``."""

    name: str
    part: Part


@dataclass(frozen=True, slots=True)
class Merged:
    """The whole, rebuilt: what it is and every run's matches."""

    whole: Whole
    runs: tuple[SimulationResult, ...]


def read_piece(name: str, text: str | bytes) -> Piece:
    """The part in the document ``text`` (read from ``name``), or :class:`MergeError` saying
    why it is none."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise MergeError(f"{name} is not a JSON document: {error}") from None
    if not isinstance(data, dict):
        raise MergeError(f"{name} is not a document of cardtable simulate or ladder")
    if data.get("part") is None:
        raise MergeError(
            f"{name} is the document of a whole run, not of a part: make parts with "
            "--indices A:B --json"
        )
    try:
        part = read_part(data["part"])
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(step) for step in problem["loc"])
        raise MergeError(f"{name}: its part cannot be read: {where}: {problem['msg']}") from None
    _check_part(name, part)
    return Piece(name, part)


def _check_part(name: str, part: Part) -> None:
    games = part.whole.games
    if not 0 <= part.start < part.stop <= games:
        raise MergeError(f"{name}: matches {part.start}:{part.stop} are not within 0:{games}")
    for run in part.runs:
        if len(run.matches) != part.stop - part.start:
            raise MergeError(
                f"{name}: a run holds {len(run.matches)} matches, not the "
                f"{part.stop - part.start} of {part.start}:{part.stop}"
            )
        if any(not 0 <= row[1] < len(part.reasons) for row in run.matches):
            raise MergeError(f"{name}: a match ends for a reason the part does not list")


def merge(pieces: Sequence[Piece]) -> Merged:
    """Every match of the whole, from its parts (:class:`MergeError` for parts of different
    wholes, parts that overlap, and matches in no part)."""
    if not pieces:
        raise MergeError("give the documents of the parts to merge")
    first = pieces[0]
    for piece in pieces[1:]:
        _same_whole(first, piece)
    ordered = sorted(pieces, key=lambda piece: piece.part.start)
    _check_cover(ordered, first.part.whole.games)
    whole = first.part.whole
    runs = []
    for number, run in enumerate(first.part.runs):
        matches = [
            match for piece in ordered for match in matches_of(piece.part.runs[number], piece.part)
        ]
        runs.append(
            SimulationResult(
                game=whole.game,
                title=whole.title,
                ruleset=whole.ruleset if run.ruleset is None else run.ruleset,
                agents=tuple(run.agents),
                seed=run.seed,
                workers=sum(piece.part.workers for piece in ordered),
                seconds=sum(piece.part.seconds for piece in ordered),
                matches=tuple(matches),
            )
        )
    return Merged(whole, tuple(runs))


def _same_whole(one: Piece, other: Piece) -> None:
    for field in fields(Whole):
        mine, theirs = getattr(one.part.whole, field.name), getattr(other.part.whole, field.name)
        if mine != theirs:
            raise MergeError(
                f"{one.name} and {other.name} are parts of different runs: "
                f"{_difference(field.name, mine, theirs)}"
            )
    differ = f"{one.name} and {other.name} are parts of different runs"
    if [(run.seed, run.agents) for run in one.part.runs] != [
        (run.seed, run.agents) for run in other.part.runs
    ]:
        raise MergeError(f"{differ}: their tables")
    for number, (mine, theirs) in enumerate(zip(one.part.runs, other.part.runs, strict=True)):
        if mine.ruleset != theirs.ruleset:
            keys = sorted(set(mine.ruleset or {}) | set(theirs.ruleset or {}))
            changed = [
                k for k in keys if (mine.ruleset or {}).get(k) != (theirs.ruleset or {}).get(k)
            ]
            raise MergeError(
                f"{differ}: the rule {', '.join(changed) or 'set'} of their run {number} "
                "differs (a deck file that changed?)"
            )


def _difference(name: str, mine: Any, theirs: Any) -> str:
    """Which of the wholes' facts differs, in words.

    >>> _difference("seed", 7, 8)
    'the seed is 7 in one and 8 in the other'
    >>> _difference("ruleset", {"a": 1, "b": 2}, {"a": 1, "b": 3})
    'the rule b is 2 in one and 3 in the other'
    """
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs)):
            if mine.get(key) != theirs.get(key):
                return (
                    f"the rule {key} is {mine.get(key)} in one and {theirs.get(key)} in the other"
                )
    if isinstance(mine, list):
        mine, theirs = ",".join(mine), ",".join(theirs)
    return f"the {name} is {mine} in one and {theirs} in the other"


def _check_cover(ordered: Sequence[Piece], games: int) -> None:
    """Every match index of the whole in exactly one part."""
    reached = 0
    previous: Piece | None = None
    for piece in ordered:
        start, stop = piece.part.start, piece.part.stop
        if start > reached:
            raise MergeError(f"matches {reached}:{start} are in none of the parts")
        if start < reached and previous is not None:
            raise MergeError(
                f"{previous.name} and {piece.name} both hold matches "
                f"{start}:{min(reached, stop)}: give each match in one part only"
            )
        reached, previous = stop, piece
    if reached < games:
        raise MergeError(f"matches {reached}:{games} are in none of the parts")


def whole_summary(merged: Merged) -> Summary:
    """The statistics of a merged ``simulate``."""
    if merged.whole.command != "simulate":
        raise MergeError(f"these are parts of a {merged.whole.command}, not of a simulate")
    return summarise(merged.runs[0])


def whole_ladder(merged: Merged) -> LadderResult:
    """The ladder of a merged ``ladder``."""
    if merged.whole.command != "ladder":
        raise MergeError(f"these are parts of a {merged.whole.command}, not of a ladder")
    whole = merged.whole
    return ladder_of(whole.game, whole.title, whole.agents, merged.runs, whole.games, whole.seed)


def whole_balance(merged: Merged) -> DeckMatrix | CardStats:
    """The deck matrix or card statistics of a merged ``balance``."""
    whole = merged.whole
    if whole.command == "balance decks" and whole.decks is not None and whole.files is not None:
        names = [str(name) for name in whole.decks]
        return matrix_of(
            merged.runs,
            names,
            whole.files,
            whole.agents[0],
            whole.games,
            whole.seed,
            ruleset=whole.ruleset,
        )
    if whole.command == "balance cards" and whole.decks is not None and whole.cards is not None:
        return stats_of(merged.runs[0], whole.cards, tuple(whole.decks), whole.games)
    raise MergeError(f"these are parts of a {whole.command}, not of a balance")


def whole_document(merged: Merged) -> str:
    """The JSON document of the whole, as its command writes it (without the last newline)."""
    command = merged.whole.command
    if command == "ladder":
        return json.dumps(ladder_json(whole_ladder(merged)), indent=WHOLE_INDENT)
    if command in ("balance decks", "balance cards"):
        return balance_json(whole_balance(merged), indent=WHOLE_INDENT)
    return summary_json(whole_summary(merged), indent=WHOLE_INDENT)
