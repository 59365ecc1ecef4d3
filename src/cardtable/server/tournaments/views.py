"""A tournament's rows as the REST answers show them: the list's summary, and the page's
detail (entrants, every round's tables, standings with their tie-breaks, the viewer's place).

Pure functions of the rows (:class:`~cardtable.server.tournaments.store.Loaded`): no reads.
A big tournament's standings take a while (a tenth of a second or more at 1,000 entrants), so
the service builds a detail in a thread, off the event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games import find
from cardtable.protocol.tournaments import (
    MyPlace,
    TournamentDetail,
    TournamentEntrantView,
    TournamentRoundView,
    TournamentSeatView,
    TournamentStandingView,
    TournamentSummary,
    TournamentTableView,
)
from cardtable.server.tournaments.store import Loaded, event_of, settings_of
from cardtable.tournaments.event import Tournament
from cardtable.tournaments.knockout import advancing, knockout_rounds
from cardtable.tournaments.model import place_points
from cardtable.tournaments.round_robin import round_robin_schedule
from cardtable.tournaments.settings import Settings
from cardtable.tournaments.standings import TIEBREAKS, Standing

__all__ = ["detail", "planned_rounds", "summary", "title_of"]


def title_of(game: str, rated: str | None) -> str:
    """The game's title, or its rated ruleset's."""
    found = find(game)
    for entry in found.rated_rulesets() if rated else ():
        if entry.name == rated:
            return entry.title
    return found.title


def planned_rounds(settings: Settings, entrants: int) -> int:
    """The rounds a tournament of ``entrants`` plays (0: too few to say)."""
    if entrants < 2:
        return settings.rounds or 0
    if settings.format == "swiss":
        assert settings.rounds is not None
        return settings.rounds
    if settings.format == "round_robin":
        return len(round_robin_schedule([str(index) for index in range(entrants)]))
    return knockout_rounds(
        entrants, seats=settings.seats, fewest=settings.fewest, advance=settings.advance
    )


def summary(row: Any, entrants: int, *, entered: bool, winner: str | None) -> TournamentSummary:
    """A tournament as the list shows it."""
    settings = settings_of(row)
    return TournamentSummary(
        id=row.id,
        name=row.name,
        game=row.game,
        title=title_of(row.game, row.rated),
        rated=row.rated,
        format=settings.format,
        seats=settings.seats,
        state=row.state,
        access=row.access,
        host=row.host_name,
        entrants=entrants,
        fewest_entrants=row.fewest_entrants,
        most_entrants=row.most_entrants,
        starts_at=row.starts_at,
        round=row.round,
        rounds=planned_rounds(settings, entrants),
        winner=winner,
        entered=entered,
    )


def detail(loaded: Loaded, viewer: str | None) -> TournamentDetail:
    """A tournament's page, for the account ``viewer`` (``None``: someone not signed in)."""
    row = loaded.row
    settings = settings_of(row)
    names = {entrant.entrant_id: entrant.name for entrant in loaded.entrants}
    started = row.state in ("running", "finished")
    event = event_of(loaded) if started else None
    mine = next(
        (entrant for entrant in loaded.entrants if viewer and entrant.account_id == viewer), None
    )
    standings = event.standings() if event is not None else ()
    rounds = _rounds(loaded.tables, names, _went_on(event))
    base = summary(
        row,
        len(loaded.entrants),
        entered=mine is not None,
        winner=names.get(row.winner) if row.winner else None,
    )
    return TournamentDetail(
        **base.model_dump(),
        ruleset=row.ruleset,
        fewest=settings.fewest,
        advance=settings.advance,
        seeding=settings.seeding,
        computers=row.computers,
        fill=row.fill,
        turn_seconds=row.turn_seconds,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        field=[_entrant(entrant) for entrant in loaded.entrants],
        tables=rounds,
        standings=_standings(standings, names),
        tiebreaks=_tiebreaks(standings),
        me=None if mine is None else _my_place(mine, rounds, row.round),
        hosting=viewer is not None and row.host_id == viewer,
    )


def _entrant(row: Any) -> TournamentEntrantView:
    return TournamentEntrantView(
        id=row.entrant_id,
        name=row.name,
        kind="agent" if row.agent else "account",
        username=row.username if row.agent is None else None,
        rating=round(row.rating),
        seed=row.seed,
        withdrawn=row.withdrawn_round is not None,
    )


def _went_on(event: Tournament | None) -> dict[tuple[int, int], set[str]]:
    """At a knockout, who went on from each table whose result is known, by round and table
    number (0 first): the rule's :func:`~cardtable.tournaments.knockout.advancing`, and at the
    final the winner alone. Empty for other formats."""
    if event is None or event.settings.format != "knockout":
        return {}
    final = event.rounds[-1].number if event.over else None
    went: dict[tuple[int, int], set[str]] = {}
    for played in event.rounds:
        for number, (table, result) in enumerate(zip(played.tables, played.results, strict=True)):
            if result is None:
                continue
            if played.number == final:
                went[(played.number, number)] = {event.winner} if event.winner else set()
            else:
                gone_on = advancing(table, result, event.seeds, event.settings.advance)
                went[(played.number, number)] = set(gone_on)
    return went


def _rounds(
    tables: Sequence[Any], names: dict[str, str], went_on: dict[tuple[int, int], set[str]]
) -> list[TournamentRoundView]:
    by_round: dict[int, list[TournamentTableView]] = {}
    for row in tables:
        going = went_on.get((row.round, row.number))
        placings = row.placings if row.state == "done" else None
        forfeits = set(row.forfeits or ())
        points = place_points(placings) if placings else None
        seats = [
            TournamentSeatView(
                entrant=entrant,
                name=names.get(entrant, entrant),
                place=None if placings is None else placings[index],
                points=None
                if points is None
                else 0.0
                if index in forfeits
                else float(points[index]),
                forfeit=index in forfeits,
                went_on=None if going is None else entrant in going,
            )
            for index, entrant in enumerate(row.seats)
        ]
        by_round.setdefault(row.round, []).append(
            TournamentTableView(
                number=row.number + 1,
                seats=seats,
                room=row.room_id,
                state=row.state,
                bye=len(row.seats) == 1,
            )
        )
    return [TournamentRoundView(number=n, tables=t) for n, t in sorted(by_round.items())]


def _standings(
    standings: Sequence[Standing], names: dict[str, str]
) -> list[TournamentStandingView]:
    return [
        TournamentStandingView(
            place=standing.place,
            entrant=standing.entrant,
            name=names.get(standing.entrant, standing.entrant),
            points=float(standing.points),
            tiebreaks={name: float(value) for name, value in standing.tiebreaks},
            played=standing.played,
            byes=standing.byes,
            withdrawn=standing.withdrawn,
        )
        for standing in standings
    ]


def _tiebreaks(standings: Sequence[Standing]) -> dict[str, str]:
    return {name: TIEBREAKS[name] for name, _ in standings[0].tiebreaks} if standings else {}


def _my_place(mine: Any, rounds: Sequence[TournamentRoundView], current: int) -> MyPlace:
    table = None
    if rounds and rounds[-1].number == current:
        for candidate in rounds[-1].tables:
            if any(seat.entrant == mine.entrant_id for seat in candidate.seats):
                table = candidate
    return MyPlace(
        entrant=mine.entrant_id,
        table=table,
        round=current or None,
        withdrawn=mine.withdrawn_round is not None,
    )
