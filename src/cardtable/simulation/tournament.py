"""A whole tournament of computer players, offline: the formats of
:mod:`cardtable.tournaments`, each table's match played headless, in worker processes.

Entrant ``i`` (0 first) plays the agent ``agents[i mod len(agents)]``, and is called by its
agent and its number among that agent's entrants (``heuristic #2``). Each round's tables are
played side by side; table ``t`` of round ``r`` is played with its own seed,
:func:`table_seed` ``(seed, r, t)``, its agents made fresh with their own generators, under
the tournament's rules reseated for the table's size (:meth:`~cardtable.engine.game.Game.reseated`).
A table therefore depends on nothing but the seed and who sits there, and a tournament's
standings on nothing but its arguments, whatever the number of workers. A match that does not
end within the decision limit counts as a draw among its seats.

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> from cardtable.tournaments.settings import Settings
>>> game = find("war")
>>> rules = game.preset("quick").ruleset
>>> run = run_tournament(
...     game, rules, Settings(format="knockout"), parse_seats("random"), entrants=4, seed=1
... )
>>> [len(played.tables) for played in run.tournament.rounds]
[2, 1]
>>> run.tournament.winner in run.names
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from cardtable.agents.registry import SeatSpec, check_seats, make_agent
from cardtable.engine.game import Game
from cardtable.engine.outcome import ranked
from cardtable.engine.rng import Rng
from cardtable.ratings.computers import computer_rating
from cardtable.simulation.backend import (
    MAX_WORKERS,
    Backend,
    ProcessPool,
    SimulationError,
    arrived,
    portable,
)
from cardtable.simulation.play import DEFAULT_DECISION_LIMIT, MatchTooLong, agent_rng, play_match
from cardtable.tournaments.event import Tournament
from cardtable.tournaments.model import Entrant, Result, Table, TournamentError
from cardtable.tournaments.rules import rules_by_size
from cardtable.tournaments.settings import Settings

__all__ = ["TableMatch", "TournamentRun", "run_tournament", "table_seed"]

Progress = Callable[[int, int], None]
"""Called as ``progress(tables_done, tables_paired)`` as tables finish."""


def table_seed(seed: int, round_number: int, table: int) -> int:
    """The seed of table ``table`` (0 first) of round ``round_number`` (1 first).

    >>> table_seed(1, 1, 0) == table_seed(1, 1, 0) != table_seed(1, 1, 1)
    True
    """
    return Rng.derive(seed, "round", round_number, "table", table).next64() >> 1


@dataclass(frozen=True, slots=True, kw_only=True)
class TableMatch:
    """What the run keeps of one table's match."""

    round: int
    table: int
    seed: int
    decisions: int
    reason: str
    finished: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentRun:
    """A tournament of computer players, played to its end."""

    game: str
    title: str
    ruleset: dict[str, Any]
    seed: int
    workers: int
    seconds: float
    """Wall-clock time (not reproducible: everything else is)."""
    names: dict[str, str]
    """Each entrant's id and the agent it plays, in the seat grammar (``ismcts:easy``)."""
    tournament: Tournament
    matches: tuple[TableMatch, ...]
    """Every table's match, by round and table (byes and walkovers have none)."""


_Played = tuple[tuple[int, ...], int, str]
"""What a table's match gives back: each seat's place, the decisions taken, why it ended."""


@dataclass(frozen=True, slots=True)
class _Job:
    """What every table of a run shares (a worker keeps it from its start)."""

    game: Game[Any, Any]
    rulesets: dict[int, Any]
    """The rules at each table size."""
    limit: int

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (for Ray) with the game by name: see :func:`portable`."""
        return (_job, (portable(self.game), self.rulesets, self.limit))


def _job(game: Game[Any, Any] | str, rulesets: dict[int, Any], limit: int) -> _Job:
    return _Job(arrived(game), rulesets, limit)


def _play_table(job: _Job, errand: tuple[tuple[SeatSpec, ...], int]) -> _Played:
    """Play one table's match (in a worker, or in this process)."""
    specs, seed = errand
    return _play(job, specs, seed)


def _play(job: _Job, specs: tuple[SeatSpec, ...], seed: int) -> _Played:
    """Play one table: each seat's place, the decisions taken, and why it ended."""
    ruleset = job.rulesets[len(specs)]
    agents = [make_agent(spec, job.game, agent_rng(seed, seat)) for seat, spec in enumerate(specs)]
    try:
        match = play_match(job.game, ruleset, agents, seed, journal=False, limit=job.limit)
    except MatchTooLong:
        return (1,) * len(specs), job.limit, "unfinished"
    except Exception as error:
        raise SimulationError(
            f"a table (seed {seed}, seats {', '.join(spec.text() for spec in specs)}) failed: "
            f"{type(error).__name__}: {error}"
        ) from None
    outcome = match.outcome
    assert outcome is not None
    won = outcome.winners
    placings = outcome.placings or ranked(
        [seat not in won and bool(won) for seat in range(len(specs))]
    )
    return placings, len(match.decisions), outcome.reason


def entrant_names(agents: Sequence[SeatSpec], entrants: int) -> list[tuple[str, SeatSpec]]:
    """Each entrant's id and agent: the agents in turn, numbered when one plays several.

    >>> from cardtable.agents import parse_seats
    >>> [name for name, _ in entrant_names(parse_seats("random,greedy"), 3)]
    ['random #1', 'greedy', 'random #2']
    """
    specs = [agents[index % len(agents)] for index in range(entrants)]
    texts = [spec.text() for spec in specs]
    named: list[tuple[str, SeatSpec]] = []
    for index, spec in enumerate(specs):
        text = texts[index]
        if texts.count(text) == 1:
            named.append((text, spec))
        else:
            named.append((f"{text} #{texts[: index + 1].count(text)}", spec))
    return named


def run_tournament(
    game: Game[Any, Any],
    ruleset: Any,
    settings: Settings,
    agents: Sequence[SeatSpec],
    *,
    entrants: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    limit: int = DEFAULT_DECISION_LIMIT,
    backend: Backend | None = None,
) -> TournamentRun:
    """Play a tournament of ``entrants`` computer players to its end (see the module's text).

    Seeding by rating uses the computer players' fixed ratings under a rated ruleset (equal
    otherwise: the order of ``agents``). With ``backend`` (a process pool or Ray), its workers
    play the tables and ``workers`` is not used. Refused (``SimulationError``): a person among the
    agents, a table size the rules cannot seat, a worker count out of range; an agent that does
    not exist raises ``UnknownAgent``."""
    specs = tuple(agents)
    if not specs:
        raise SimulationError("name at least one computer player")
    if any(spec.human for spec in specs):
        raise SimulationError("a tournament run has no people: name computer players only")
    if not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"workers must be between 1 and {MAX_WORKERS} (asked for {workers})")
    try:
        rulesets = rules_by_size(game, ruleset, settings)
    except TournamentError as error:
        raise SimulationError(error.reason) from None
    for size, rules in rulesets.items():
        check_seats(list(specs[:1]) * size, game, game.seats(rules))
    named = entrant_names(specs, entrants)
    rated = game.rated_ruleset(ruleset)
    field = [
        Entrant(name, _rating(game, rated.name if rated else None, spec)) for name, spec in named
    ]
    try:
        tournament = Tournament.begin(settings, field, seed=seed)
    except TournamentError as error:
        raise SimulationError(error.reason) from None
    by_name = dict(named)
    job = _Job(game, rulesets, limit)
    started = time.perf_counter()
    played: list[TableMatch] = []
    opened: AbstractContextManager[Backend] = (
        ProcessPool(workers) if backend is None else nullcontext(backend)
    )
    with opened as playing:
        done = paired = 0
        while not tournament.over:
            tournament = tournament.next_round()
            current = tournament.rounds[-1]
            waiting = [
                (index, table)
                for index, table in enumerate(current.tables)
                if current.results[index] is None
            ]
            paired += len(waiting)
            results = _play_round(job, playing, current.number, waiting, by_name, seed)
            for (index, _), (placings, decisions, reason) in zip(waiting, results, strict=True):
                tournament = tournament.record(current.number, index, Result(placings))
                played.append(
                    TableMatch(
                        round=current.number,
                        table=index,
                        seed=table_seed(seed, current.number, index),
                        decisions=decisions,
                        reason=reason,
                        finished=reason != "unfinished",
                    )
                )
                done += 1
                if progress is not None:
                    progress(done, paired)
        used = playing.workers
    return TournamentRun(
        game=game.name,
        title=game.title,
        ruleset=ruleset.to_json(),
        seed=seed,
        workers=used,
        seconds=time.perf_counter() - started,
        names={name: spec.text() for name, spec in named},
        tournament=tournament,
        matches=tuple(played),
    )


def _play_round(
    job: _Job,
    backend: Backend,
    number: int,
    waiting: Sequence[tuple[int, Table]],
    by_name: dict[str, SeatSpec],
    seed: int,
) -> list[_Played]:
    """Play the tables of a round that need a match, in table order."""
    errands = [
        (tuple(by_name[entrant] for entrant in table.seats), table_seed(seed, number, index))
        for index, table in waiting
    ]
    return backend.map(_play_table, job, errands)


def _rating(game: Game[Any, Any], rated: str | None, spec: SeatSpec) -> float:
    """A computer player's fixed rating under a rated ruleset (0 when it has none)."""
    if rated is None:
        return 0.0
    found = computer_rating(game.name, rated, spec.text())
    return 0.0 if found is None else found.mu
