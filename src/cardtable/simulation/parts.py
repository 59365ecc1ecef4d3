"""A part of a simulation (``--indices A:B``): what its document carries so that
``cardtable merge`` can rebuild the whole.

Medians, percentiles, histograms and ratings cannot be added up from the summaries of parts,
so a part's document carries, beside its own summary, a ``part`` object (:class:`Part`): what
the whole is (:class:`Whole`: the command, game, ruleset, agents, seed and matches per run,
the same in every part of it), which matches it played (``start`` to ``stop - 1``), and each
of its runs' matches compactly (:data:`Row`). A run is one seeded simulation of the whole: a
``simulate`` has one; a ``ladder`` one per table. A match's own seed and seating are not kept:
they follow from the run's seed and the match's index
(:func:`~cardtable.simulation.batch.match_seed`, :func:`~cardtable.simulation.batch.seating`).

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> from cardtable.simulation.batch import simulate
>>> game = find("war")
>>> result = simulate(game, game.default_ruleset(), parse_seats("random,random"), games=4,
...                   seed=1, indices=range(2, 4))
>>> part = part_of("simulate", [result], agents=result.agents, seed=1, games=4)
>>> part.start, part.stop, len(part.runs[0].matches)
(2, 4, 2)
>>> [match.seating for match in matches_of(part.runs[0], part)] == [
...     match.seating for match in result.matches]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, cast

from pydantic import Field, TypeAdapter

from cardtable.engine.json import JsonObject
from cardtable.simulation.backend import SimulationError
from cardtable.simulation.batch import (
    UNFINISHED,
    MatchResult,
    SimulationResult,
    match_seed,
    seating,
)
from cardtable.simulation.documents import RESULT_CONFIG

Command = Literal["simulate", "ladder", "balance decks", "balance cards"]
"""The commands whose runs can be split into parts and merged."""

OMITTED = Field(exclude_if=lambda value: value is None)
"""A field that only some documents have: left out of the others' (where it is ``None``)."""

Row = tuple[
    Annotated[list[int], Field(description="winners: the seats that won")],
    Annotated[int, Field(description="reason: why it ended, a place in the part's reasons")],
    Annotated[int, Field(description="decisions: how many the match took")],
    Annotated[int | None, Field(description="first_to_act: the seat that decided first")],
    Annotated[list[int], Field(description="placings: each seat's place (empty: none)")],
]
"""One match, compactly: ``[winners, reason, decisions, first_to_act, placings]``, where
``reason`` is the match's place in :attr:`Part.reasons`. A match that did not finish has the
reason ``unfinished``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Whole:
    """What the whole simulation is: the same in every one of its parts."""

    __pydantic_config__ = RESULT_CONFIG

    command: Command
    """The command that played it: ``simulate`` or ``ladder``."""
    game: str
    """The game's name (``tcg``)."""
    title: str
    """The game's title (``Kata TCG``)."""
    ruleset: dict[str, Any]
    """The ruleset played, as in a rules file or a record."""
    agents: list[str]
    """The agents, as named on the command line."""
    seed: int
    """The seed of the whole."""
    games: int
    """Matches of each run in the whole (``--games``)."""
    decks: Annotated[list[str | None] | None, OMITTED] = None
    """``balance decks``: the decks' names; ``balance cards``: each seat's deck's name
    (``null``: the rules' own). Left out for the other commands."""
    files: Annotated[list[str] | None, OMITTED] = None
    """``balance decks``: the deck files, as given. Left out for the other commands."""
    cards: Annotated[dict[str, str] | None, OMITTED] = None
    """``balance cards``: each card's name by its key. Left out for the other commands."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Run:
    """One seeded simulation of the whole (a ladder's table), its matches of the part."""

    __pydantic_config__ = RESULT_CONFIG

    agents: list[str]
    """The run's agents, in seat-rotation order."""
    seed: int
    """The run's own seed: match ``i`` is seeded ``match_seed(seed, i)``."""
    matches: list[Row]
    """The part's matches of this run, from :attr:`Part.start` on, in index order."""
    ruleset: Annotated[dict[str, Any] | None, OMITTED] = None
    """The run's own ruleset where it is not the whole's (``balance decks``: the pair's
    decks at their seats). Left out otherwise."""
    data: Annotated[list[Any] | None, OMITTED] = None
    """``balance cards``: what each match kept (for each seat, the cards drawn and the cards
    played, as ``[key, times]`` pairs), beside :attr:`matches`. Left out otherwise."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Part:
    """A part of a simulation: which matches it played, and each one compactly."""

    __pydantic_config__ = RESULT_CONFIG

    whole: Whole
    """The simulation this is a part of."""
    start: int
    """The first match index played."""
    stop: int
    """One past the last match index played: the part is matches ``start`` to ``stop - 1``."""
    workers: int
    """Workers that played the part."""
    seconds: float
    """Wall-clock time the part's matches took."""
    reasons: list[str]
    """Why matches ended, each once, in the order first met: rows refer to them by place."""
    runs: list[Run]
    """The runs of the whole (one for ``simulate``, one per table for ``ladder``)."""


def part_of(
    command: Command,
    results: Sequence[SimulationResult],
    *,
    agents: Sequence[str],
    seed: int,
    games: int,
    ruleset: dict[str, Any] | None = None,
    decks: Sequence[str | None] | None = None,
    files: Sequence[str] | None = None,
    cards: dict[str, str] | None = None,
) -> Part:
    """The part object of ``results`` (the runs of one part, each a part of its own seeded
    simulation, all over the same indices), of the whole played by ``command`` under
    ``ruleset`` (default: the first run's) with ``agents``, ``seed`` and ``games``, and (for
    the balance commands) its ``decks``, ``files`` and ``cards``."""
    first = results[0]
    played = first.part
    if played is None:
        raise SimulationError("a whole simulation is no part: play it with indices")
    rules = first.ruleset if ruleset is None else ruleset
    reasons: dict[str, int] = {}
    runs = []
    for result in results:
        if result.part != played:
            raise SimulationError("the runs of a part play the same match indices")
        rows = [_row(match, reasons) for match in result.matches]
        kept = [match.data for match in result.matches] if cards is not None else None
        runs.append(
            Run(
                agents=list(result.agents),
                seed=result.seed,
                matches=rows,
                ruleset=None if result.ruleset == rules else result.ruleset,
                data=kept,
            )
        )
    return Part(
        whole=Whole(
            command=command,
            game=first.game,
            title=first.title,
            ruleset=rules,
            agents=list(agents),
            seed=seed,
            games=games,
            decks=None if decks is None else list(decks),
            files=None if files is None else list(files),
            cards=cards,
        ),
        start=played.start,
        stop=played.stop,
        workers=max(result.workers for result in results),
        seconds=sum(result.seconds for result in results),
        reasons=list(reasons),
        runs=runs,
    )


def _row(match: MatchResult, reasons: dict[str, int]) -> Row:
    reason = reasons.setdefault(match.reason, len(reasons))
    return (list(match.winners), reason, match.decisions, match.first_to_act, list(match.placings))


def matches_of(run: Run, part: Part) -> list[MatchResult]:
    """The matches of ``run`` in ``part``, as the simulation returned them."""
    seats = len(run.agents)
    kept = run.data or [None] * len(run.matches)
    found = []
    for index, ((winners, reason, decisions, first, placings), data) in enumerate(
        zip(run.matches, kept, strict=True), start=part.start
    ):
        why = part.reasons[reason]
        found.append(
            MatchResult(
                index=index,
                seed=match_seed(run.seed, index),
                seating=seating(index, seats),
                winners=tuple(winners),
                reason=why,
                decisions=decisions,
                first_to_act=first,
                finished=why != UNFINISHED,
                placings=tuple(placings),
                data=data,
            )
        )
    return found


WHOLE_INDENT = 2
"""A whole document is written indented, for people to read."""


def indent_for(part: object | None) -> int | None:
    """How a document is indented: a part's on one line (its rows would take a line per
    number), a whole's by :data:`WHOLE_INDENT`.

    >>> indent_for(None), indent_for(object())
    (2, None)
    """
    return WHOLE_INDENT if part is None else None


@cache
def _adapter() -> TypeAdapter[Part]:
    return TypeAdapter(Part)


def part_json(part: Part) -> JsonObject:
    """``part`` as the JSON object of a document's ``part`` field."""
    return cast(JsonObject, _adapter().dump_python(part, mode="json"))


def read_part(data: object) -> Part:
    """A document's ``part`` field read back and checked (pydantic's ``ValidationError``, a
    ``ValueError``, says what is missing, extra or of the wrong type)."""
    return _adapter().validate_python(data)
