"""One tournament's state, advanced by its results: the one driver of every format, shared by
the server's live tournaments and the offline ``cardtable tournament run``.

A :class:`Tournament` is a value: its settings, its entrants in seed order, the rounds so far
with the results known, and who withdrew. :meth:`~Tournament.begin` seeds the field;
:meth:`~Tournament.next_round` pairs the next round once every result of the last one is in
(byes and walkovers are decided at once); :meth:`~Tournament.record` enters a table's result;
:meth:`~Tournament.withdraw` takes an entrant out of what is left (their match under way is
theirs to forfeit: the caller says how it ended). When :attr:`~Tournament.over`, the
:meth:`~Tournament.standings` are final and :attr:`~Tournament.winner` is first.

>>> from cardtable.tournaments.model import Entrant, Result
>>> from cardtable.tournaments.settings import Settings
>>> field = [Entrant("ana", 1600), Entrant("bo", 1500), Entrant("cy", 1400)]
>>> t = Tournament.begin(Settings(format="knockout"), field, seed=1).next_round()
>>> [table.seats for table in t.rounds[0].tables]
[('ana',), ('bo', 'cy')]
>>> t = t.record(1, 1, Result((2, 1))).next_round()
>>> [table.seats for table in t.rounds[1].tables]
[('ana', 'cy')]
>>> t = t.record(2, 0, Result((1, 2)))
>>> t.over, t.winner
(True, 'ana')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

from cardtable.engine.rng import Rng
from cardtable.tournaments.knockout import knockout_round, knockout_rounds
from cardtable.tournaments.model import Entrant, Result, Round, Table, TournamentError
from cardtable.tournaments.round_robin import round_robin_schedule
from cardtable.tournaments.settings import MOST_ENTRANTS, ROUND_ROBIN_MOST, Settings
from cardtable.tournaments.standings import Standing, knockout_standings, swiss_standings
from cardtable.tournaments.swiss import Contender, pair_swiss

__all__ = ["Tournament", "seed_order"]


def seed_order(settings: Settings, entrants: Iterable[Entrant], seed: int) -> tuple[Entrant, ...]:
    """The entrants in seed order: by rating, highest first (equal ratings in the order given),
    or shuffled by ``seed``.

    >>> field = [Entrant("ana", 1400), Entrant("bo", 1600)]
    >>> [e.id for e in seed_order(Settings(format="swiss", rounds=1), field, seed=1)]
    ['bo', 'ana']
    """
    ordered = list(entrants)
    if settings.seeding == "random":
        Rng.derive(seed, "seeding").shuffle(ordered)
        return tuple(ordered)
    return tuple(sorted(ordered, key=lambda entrant: -entrant.rating))


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    """A tournament's state (see the module's text)."""

    settings: Settings
    entrants: tuple[Entrant, ...]
    """Every entrant, in seed order."""
    rounds: tuple[Round, ...] = ()
    withdrawn: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Who withdrew, and how many rounds had been paired when they did."""

    @classmethod
    def begin(cls, settings: Settings, entrants: Iterable[Entrant], *, seed: int) -> Tournament:
        """A tournament of ``entrants`` about to pair its first round.

        Refused (:class:`TournamentError`): fewer than two entrants, one named twice, a field
        too large for the format."""
        field_ = seed_order(settings, entrants, seed)
        ids = [entrant.id for entrant in field_]
        if len(set(ids)) != len(ids):
            raise TournamentError("an entrant is named twice")
        if len(ids) < 2:
            raise TournamentError(f"a tournament needs at least 2 entrants (it has {len(ids)})")
        most = ROUND_ROBIN_MOST if settings.format == "round_robin" else MOST_ENTRANTS
        if len(ids) > most:
            raise TournamentError(f"a {settings.format} takes at most {most} entrants")
        return cls(settings=settings, entrants=field_)

    # -- reading ----------------------------------------------------------------------------

    @property
    def seeds(self) -> tuple[str, ...]:
        """The entrants' ids in seed order."""
        return tuple(entrant.id for entrant in self.entrants)

    @property
    def current(self) -> Round | None:
        """The last round paired (``None`` before the first)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def planned_rounds(self) -> int:
        """How many rounds the tournament plays (a Swiss may stop early when too few are left
        to pair; a knockout's count is for its field at the start)."""
        settings = self.settings
        if settings.format == "swiss":
            assert settings.rounds is not None
            return settings.rounds
        if settings.format == "round_robin":
            return len(round_robin_schedule(self.seeds))
        return knockout_rounds(
            len(self.entrants),
            seats=settings.seats,
            fewest=settings.fewest,
            advance=settings.advance,
        )

    @property
    def over(self) -> bool:
        """Whether the tournament is decided: the last round is over and no other follows
        (for a Swiss, known without pairing one)."""
        current = self.current
        if current is None or not current.over:
            return False
        if self.settings.format == "swiss":
            return not self._swiss_goes_on()
        return self._next_tables() is None

    @property
    def winner(self) -> str | None:
        """The winner, once the tournament is over (equal on everything: the better seed)."""
        return self.standings()[0].entrant if self.over else None

    def _active(self) -> list[str]:
        """The entrants who have not withdrawn, in seed order."""
        return [entrant for entrant in self.seeds if entrant not in self.withdrawn]

    def _swiss_goes_on(self) -> bool:
        """Whether a Swiss pairs another round: rounds are left, and two to pair."""
        assert self.settings.rounds is not None
        return len(self.rounds) < self.settings.rounds and len(self._active()) >= 2

    def standings(self) -> tuple[Standing, ...]:
        """Everyone's standing by the results known so far."""
        if self.settings.format == "knockout":
            return knockout_standings(self.seeds, self.rounds, advance=self.settings.advance)
        return swiss_standings(
            self.seeds, self.rounds, duels=self.settings.duels, withdrawn=set(self.withdrawn)
        )

    def points(self) -> dict[str, Fraction]:
        """Everyone's points so far."""
        return {standing.entrant: standing.points for standing in self.standings()}

    # -- advancing --------------------------------------------------------------------------

    def next_round(self) -> Tournament:
        """The tournament with its next round paired: byes and tables whose every match is
        forfeit (someone at it withdrew) have their results already.

        Refused: a round still being played, or a tournament that is over."""
        current = self.current
        if current is not None and not current.over:
            raise TournamentError(f"round {current.number} is still being played")
        tables = self._next_tables()
        if tables is None:
            raise TournamentError("the tournament is over")
        results = tuple(self._decided(table) for table in tables)
        paired = Round(len(self.rounds) + 1, tables, results)
        return replace(self, rounds=(*self.rounds, paired))

    def record(self, number: int, table: int, result: Result) -> Tournament:
        """The tournament with table ``table`` (0 first) of round ``number`` ended as
        ``result``. Refused: no such round or table, or one whose result is known."""
        if not 1 <= number <= len(self.rounds):
            raise TournamentError(f"there is no round {number}")
        played = self.rounds[number - 1]
        if 0 <= table < len(played.results) and played.results[table] is not None:
            raise TournamentError(f"table {table + 1} of round {number} has its result")
        rounds = list(self.rounds)
        rounds[number - 1] = played.with_result(table, result)
        return replace(self, rounds=tuple(rounds))

    def withdraw(self, entrant: str) -> Tournament:
        """The tournament without ``entrant`` in the rounds still to pair (their table under
        way is not changed: they forfeit it where it is played)."""
        if entrant not in self.seeds:
            raise TournamentError(f"{entrant!r} is not in this tournament")
        if entrant in self.withdrawn:
            return self
        gone = {**self.withdrawn, entrant: len(self.rounds)}
        return replace(self, withdrawn=MappingProxyType(gone))

    def _decided(self, table: Table) -> Result | None:
        """A new table's result when it needs no match: a bye, or a walkover."""
        if table.bye:
            return Result.bye()
        absent = {entrant for entrant in table.seats if entrant in self.withdrawn}
        if absent and len(table.seats) - len(absent) <= 1:
            return Result.walkover(table, absent)
        return None

    def _next_tables(self) -> tuple[Table, ...] | None:
        """The tables of the round after the last (``None``: there is none)."""
        settings = self.settings
        number = len(self.rounds) + 1
        if settings.format == "knockout":
            return knockout_round(
                self.seeds,
                self.rounds,
                seats=settings.seats,
                fewest=settings.fewest,
                advance=settings.advance,
            )
        if settings.format == "round_robin":
            schedule = round_robin_schedule(self.seeds)
            return schedule[number - 1] if number <= len(schedule) else None
        if not self._swiss_goes_on():
            return None
        return pair_swiss(self.contenders(), seats=settings.seats, fewest=settings.fewest)

    def contenders(self) -> list[Contender]:
        """What the Swiss pairing knows of each entrant still in (not withdrawn), in standings
        order: points, place in the standings, whom they met, byes, how often they sat
        first."""
        active = self._active()
        standings = self.standings()
        order = {standing.entrant: index for index, standing in enumerate(standings)}
        points = {standing.entrant: standing.points for standing in standings}
        met: dict[str, dict[str, int]] = {entrant: {} for entrant in self.seeds}
        byes = dict.fromkeys(self.seeds, 0)
        firsts = dict.fromkeys(self.seeds, 0)
        played = dict.fromkeys(self.seeds, 0)
        for paired in self.rounds:
            for table in paired.tables:
                if table.bye:
                    byes[table.seats[0]] += 1
                    continue
                firsts[table.seats[0]] += 1
                for entrant in table.seats:
                    played[entrant] += 1
                    for other in table.seats:
                        if other != entrant:
                            met[entrant][other] = met[entrant].get(other, 0) + 1
        return [
            Contender(
                id=entrant,
                points=points[entrant],
                order=order[entrant],
                met=MappingProxyType(met[entrant]),
                byes=byes[entrant],
                firsts=firsts[entrant],
                played=played[entrant],
            )
            for entrant in sorted(active, key=order.__getitem__)
        ]
