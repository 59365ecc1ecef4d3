"""A ladder: every table of agents plays, and each agent gets a rating and a record against
each other agent.

With ``k`` agents and a game of ``n`` seats, every combination of ``n`` agents makes a table,
and each table plays ``games`` matches with the seats rotated (:func:`simulate`). Ratings come
from openskill's Plackett-Luce model: each match ranks its seats by their places (its
:attr:`~cardtable.simulation.batch.MatchResult.placings`: 1 first, equal places shared, so at
three seats the runner-up is seen ahead of the last), or, for a match that has none (a game's
version that places nobody, a table kept before places were), its winners first and everyone
else level after them (a match nobody won is a draw). The matches are rated in a fixed order
(the first match of every table, then the second...), so a ladder repeats exactly with its
seed.
An agent's place is its *ordinal*, ``mu - 3 sigma``: a rating it is very probably above.

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> game = find("war")
>>> result = ladder(game, game.default_ruleset(), parse_seats("random,random"), games=4, seed=1)
>>> [table.agents for table in result.tables]
[('random', 'random')]
>>> [rating.matches for rating in result.ratings]
[4, 4]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from cardtable.agents.registry import SeatSpec
from cardtable.engine.game import Game
from cardtable.simulation.backend import Backend
from cardtable.simulation.batch import (
    MatchResult,
    Progress,
    SimulationError,
    SimulationResult,
    match_seed,
    simulate,
    whole,
)


@dataclass(frozen=True, slots=True)
class Rating:
    """One agent's place on the ladder."""

    agent: str
    """The agent's seat text (``ismcts:hard``); the same agent named twice is two entries."""
    mu: float
    sigma: float
    matches: int
    wins: float
    """Matches won, a shared win counting its share."""

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the ladder's order."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class Meeting:
    """How agent ``a`` did against agent ``b`` in the matches where both sat."""

    a: int
    b: int
    ahead: int
    """Matches ``a`` won and ``b`` did not."""
    behind: int
    """Matches ``b`` won and ``a`` did not."""
    meetings: int

    @property
    def rate(self) -> float | None:
        """The share of decided meetings ``a`` came out ahead in (``None``: none decided)."""
        decided = self.ahead + self.behind
        return self.ahead / decided if decided else None


@dataclass(frozen=True, slots=True)
class LadderResult:
    """The tables played, the ratings (best first), and every pair's record."""

    game: str
    title: str
    agents: tuple[str, ...]
    seed: int
    games: int
    tables: tuple[SimulationResult, ...]
    ratings: tuple[Rating, ...]
    meetings: tuple[Meeting, ...]
    """One per ordered pair of distinct agent entries that met."""

    @property
    def part(self) -> range | None:
        """The match indices each table played when this is a part of a ladder (``None``: the
        whole ladder)."""
        return self.tables[0].part if self.tables else None

    def meeting(self, a: int, b: int) -> Meeting | None:
        """Agent entry ``a``'s record against ``b``."""
        for found in self.meetings:
            if (found.a, found.b) == (a, b):
                return found
        return None


def tables_of(agents: int, seats: int) -> list[tuple[int, ...]]:
    """The tables of a ladder: every combination of ``seats`` agent entries.

    >>> tables_of(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    >>> tables_of(4, 3)
    [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    """
    return list(itertools.combinations(range(agents), seats))


def ladder(
    game: Game[Any, Any],
    ruleset: Any,
    agent_specs: Sequence[SeatSpec],
    games: int,
    seed: int,
    workers: int = 1,
    *,
    progress: Progress | None = None,
    backend: Backend | None = None,
    indices: range | None = None,
) -> LadderResult:
    """Play every table of ``agent_specs`` ``games`` times and rate the agents.

    With ``backend``, its workers play (``workers`` is not used). With ``indices``, every
    table plays only those of its matches, the same as in the whole ladder: a part of it, whose
    ratings are the part's (:func:`cardtable.simulation.merge.merge` rebuilds the whole)."""
    specs = tuple(agent_specs)
    seats = game.seats(ruleset)
    if len(specs) < max(seats, 2):
        raise SimulationError(
            f"a ladder of {game.title} needs at least {max(seats, 2)} agents (got "
            f"{len(specs)}); to pit fewer against each other, use simulate"
        )
    tables = tables_of(len(specs), seats)
    each = len(whole(games) if indices is None else indices)
    total = len(tables) * each
    played: list[SimulationResult] = []
    for number, table in enumerate(tables):
        done_before = number * each

        def report(done: int, _: int, before: int = done_before) -> None:
            if progress is not None:
                progress(before + done, total)

        played.append(
            simulate(
                game,
                ruleset,
                [specs[entry] for entry in table],
                games,
                table_seed(seed, number),
                workers,
                progress=report,
                backend=backend,
                indices=indices,
            )
        )
    return standings(game, specs, tuple(played), games, seed)


def table_seed(seed: int, number: int) -> int:
    """The simulation seed of table ``number`` in a ladder seeded ``seed``."""
    return match_seed(seed, number)


def standings(
    game: Game[Any, Any],
    agent_specs: Sequence[SeatSpec],
    played: tuple[SimulationResult, ...],
    games: int,
    seed: int,
) -> LadderResult:
    """The ladder of tables already played (one per :func:`tables_of`, in order), for
    callers that play the tables themselves, such as a run that keeps each table it
    finishes."""
    agents = tuple(spec.text() for spec in agent_specs)
    return ladder_of(game.name, game.title, agents, played, games, seed)


def ladder_of(
    game: str,
    title: str,
    agents: Sequence[str],
    played: tuple[SimulationResult, ...],
    games: int,
    seed: int,
) -> LadderResult:
    """The ladder of the tables ``played`` (one per :func:`tables_of`, in order) between the
    ``agents`` (as named) of the game called ``game``: what :func:`standings` gives, from
    names alone."""
    tables = tables_of(len(agents), played[0].seats if played else 2)
    if len(played) != len(tables):
        raise SimulationError(f"a ladder of {len(agents)} players has {len(tables)} tables")
    return LadderResult(
        game=game,
        title=title,
        agents=tuple(agents),
        seed=seed,
        games=games,
        tables=played,
        ratings=_rate(tuple(agents), tables, list(played)),
        meetings=_meetings(len(agents), tables, list(played)),
    )


def _rate(
    agents: tuple[str, ...],
    tables: list[tuple[int, ...]],
    played: list[SimulationResult],
) -> tuple[Rating, ...]:
    model = PlackettLuce()
    ratings: list[PlackettLuceRating] = [model.rating(name=str(i)) for i in range(len(agents))]
    matches = [0] * len(agents)
    wins = [0.0] * len(agents)
    count = min((len(result.matches) for result in played), default=0)
    for position in range(count):  # the first match of every table, then the second...
        for table, result in zip(tables, played, strict=True):
            match = result.matches[position]
            if not match.finished:
                continue
            entries = _entries(table, match)
            rated = model.rate([[ratings[entry]] for entry in entries], ranks=ranks(match))
            for entry, team in zip(entries, rated, strict=True):
                ratings[entry] = team[0]
                matches[entry] += 1
            for seat in match.winners:
                wins[entries[seat]] += 1 / len(match.winners)
    board = [
        Rating(agent, rating.mu, rating.sigma, matches[i], wins[i])
        for i, (agent, rating) in enumerate(zip(agents, ratings, strict=True))
    ]
    return tuple(sorted(board, key=lambda rating: -rating.ordinal))


def ranks(match: MatchResult) -> list[float]:
    """Each seat's rank in ``match`` as the ladder rates it (lower is better): its place when
    the match has places, else 1 for a winner (or everyone, when nobody won) and 2 for the
    others.

    >>> from cardtable.simulation.batch import MatchResult
    >>> placed = MatchResult(index=0, seed=0, seating=(0, 1, 2), winners=(1,), reason="",
    ...                      decisions=9, first_to_act=0, placings=(3, 1, 2))
    >>> ranks(placed)
    [3.0, 1.0, 2.0]
    >>> from dataclasses import replace
    >>> ranks(replace(placed, placings=())), ranks(replace(placed, placings=(), winners=()))
    ([2.0, 1.0, 2.0], [1.0, 1.0, 1.0])
    """
    if match.placings:
        return [float(place) for place in match.placings]
    return [
        1.0 if seat in match.winners or not match.winners else 2.0
        for seat in range(len(match.seating))
    ]


def _entries(table: tuple[int, ...], match: MatchResult) -> list[int]:
    """For each seat of ``match``, the ladder entry sitting there."""
    return [table[agent] for agent in match.seating]


def _meetings(
    agents: int, tables: list[tuple[int, ...]], played: list[SimulationResult]
) -> tuple[Meeting, ...]:
    ahead = [[0] * agents for _ in range(agents)]
    met = [[0] * agents for _ in range(agents)]
    for table, result in zip(tables, played, strict=True):
        for match in result.matches:
            if not match.finished:
                continue
            entries = _entries(table, match)
            for (seat_a, a), (seat_b, b) in itertools.permutations(enumerate(entries), 2):
                met[a][b] += 1
                if seat_a in match.winners and seat_b not in match.winners:
                    ahead[a][b] += 1
    return tuple(
        Meeting(a, b, ahead[a][b], ahead[b][a], met[a][b])
        for a in range(agents)
        for b in range(agents)
        if a != b and met[a][b]
    )
