"""A tournament run's standings in plain words (Rich tables) and as JSON.

Beside each entrant's standing, a summary per computer player: its entrants, their mean
points and best place, which answers a designer's question (which player wins a Swiss of
64?) without reading 64 rows.

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> from cardtable.simulation.tournament import run_tournament
>>> from cardtable.tournaments.settings import Settings
>>> game = find("war")
>>> run = run_tournament(game, game.preset("quick").ruleset, Settings(format="swiss", rounds=2),
...                      parse_seats("random"), entrants=4, seed=3)
>>> sorted(tournament_json(run))
['agents', 'entrants', 'game', 'rounds', 'ruleset', 'seed', 'settings', 'standings', \
'tiebreaks', 'title', 'winner']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine.json import JsonObject, JsonValue
from cardtable.simulation.tournament import TournamentRun
from cardtable.tournaments.standings import TIEBREAKS, Standing

__all__ = ["AgentSummary", "agent_summaries", "points_text", "render_tournament", "tournament_json"]


def points_text(points: Fraction) -> str:
    """Points as people read them: whole, a half, or two decimals.

    >>> points_text(Fraction(7, 2)), points_text(Fraction(3)), points_text(Fraction(8, 3))
    ('3½', '3', '2.67')
    """
    if points.denominator == 1:
        return str(points.numerator)
    if points.denominator == 2:
        whole = points.numerator // 2
        return f"{whole}½" if whole else "½"
    return f"{float(points):.2f}"


@dataclass(frozen=True, slots=True)
class AgentSummary:
    """How one computer player's entrants did."""

    agent: str
    entrants: int
    mean_points: float
    best_place: int
    won: bool
    """Whether one of its entrants won the tournament."""


def agent_summaries(run: TournamentRun) -> list[AgentSummary]:
    """Each agent's entrants' results, best mean points first."""
    standings = run.tournament.standings()
    winner = run.tournament.winner
    summaries = []
    for agent in dict.fromkeys(run.names.values()):
        mine = [s for s in standings if run.names[s.entrant] == agent]
        summaries.append(
            AgentSummary(
                agent=agent,
                entrants=len(mine),
                mean_points=float(sum((s.points for s in mine), Fraction(0)) / len(mine)),
                best_place=min(s.place for s in mine),
                won=any(s.entrant == winner for s in mine),
            )
        )
    return sorted(summaries, key=lambda summary: (-summary.mean_points, summary.best_place))


def render_tournament(run: TournamentRun, *, top: int | None = None) -> RenderableType:
    """The summary per agent and the standings (the first ``top`` of them, if given)."""
    tournament = run.tournament
    settings = tournament.settings
    tables = sum(len(played.tables) for played in tournament.rounds)
    headline = Text(f"{run.title} {settings.format.replace('_', ' ')}", style="bold")
    headline.append(
        f" · {len(tournament.entrants)} entrants · {len(tournament.rounds)} rounds · "
        f"{tables} tables · seed {run.seed} · {run.seconds:.1f} s"
    )
    winner = Text(f"Winner: {tournament.winner}", style="bold green")
    standings = tournament.standings()
    shown = standings if top is None else standings[:top]
    return Group(headline, winner, Text(""), _summary(run), _standings(run, shown))


def _summary(run: TournamentRun) -> Table:
    table = Table(title="By computer player", title_justify="left", box=box.SIMPLE_HEAD)
    for column in ("player", "entrants", "mean points", "best place", "won"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for summary in agent_summaries(run):
        table.add_row(
            summary.agent,
            str(summary.entrants),
            f"{summary.mean_points:.2f}",
            str(summary.best_place),
            "yes" if summary.won else "",
        )
    return table


def _standings(run: TournamentRun, standings: Sequence[Standing]) -> Table:
    table = Table(title="Standings", title_justify="left", box=box.SIMPLE_HEAD)
    names = [name for name, _ in standings[0].tiebreaks] if standings else []
    for column in ("place", "entrant", "points", *names, "played", "byes"):
        table.add_column(column, justify="left" if column == "entrant" else "right")
    for standing in standings:
        table.add_row(
            str(standing.place),
            standing.entrant + (" (withdrew)" if standing.withdrawn else ""),
            points_text(standing.points),
            *(points_text(value) for _, value in standing.tiebreaks),
            str(standing.played),
            str(standing.byes),
        )
    return table


def _number(value: Fraction) -> JsonValue:
    return value.numerator if value.denominator == 1 else float(value)


def standing_json(standing: Standing) -> JsonObject:
    """One standing as JSON (points and tie-breaks as numbers)."""
    return {
        "place": standing.place,
        "entrant": standing.entrant,
        "points": _number(standing.points),
        "tiebreaks": {name: _number(value) for name, value in standing.tiebreaks},
        "played": standing.played,
        "byes": standing.byes,
        "withdrawn": standing.withdrawn,
    }


def tournament_json(run: TournamentRun) -> JsonObject:
    """The whole run as one JSON document: settings, entrants, every table, standings."""
    tournament = run.tournament
    matches = {(match.round, match.table): match for match in run.matches}
    rounds: list[JsonValue] = []
    for played in tournament.rounds:
        tables: list[JsonValue] = []
        for index, (table, result) in enumerate(zip(played.tables, played.results, strict=True)):
            match = matches.get((played.number, index))
            tables.append(
                {
                    "seats": list(table.seats),
                    "placings": None if result is None else list(result.placings),
                    "seed": None if match is None else match.seed,
                    "decisions": None if match is None else match.decisions,
                    "reason": "bye" if table.bye else None if match is None else match.reason,
                }
            )
        rounds.append({"number": played.number, "tables": tables})
    summaries: list[JsonValue] = [asdict(summary) for summary in agent_summaries(run)]
    settings = tournament.settings
    return {
        "game": run.game,
        "title": run.title,
        "ruleset": run.ruleset,
        "seed": run.seed,
        "settings": settings.to_json(),
        "entrants": [
            {"id": entrant.id, "agent": run.names[entrant.id], "seed": place}
            for place, entrant in enumerate(tournament.entrants, start=1)
        ],
        "rounds": rounds,
        "standings": [standing_json(standing) for standing in tournament.standings()],
        "tiebreaks": {name: TIEBREAKS[name] for name, _ in tournament.standings()[0].tiebreaks},
        "agents": summaries,
        "winner": tournament.winner,
    }
