"""A ladder's results in plain words (Rich tables) and as JSON.

>>> from cardtable.agents import parse_seats
>>> from cardtable.games import find
>>> from cardtable.simulation.ladder import ladder
>>> game = find("war")
>>> result = ladder(game, game.default_ruleset(), parse_seats("random,random"), games=2, seed=1)
>>> sorted(ladder_json(result))
['agents', 'game', 'games', 'meetings', 'ratings', 'seed', 'tables', 'title']
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine.json import JsonObject, JsonValue
from cardtable.simulation.ladder import LadderResult
from cardtable.simulation.parts import part_json, part_of
from cardtable.simulation.report import percent
from cardtable.simulation.stats import wilson


def render_ladder(result: LadderResult) -> RenderableType:
    """The ladder and the head-to-head table, to print on a console."""
    tables = len(result.tables)
    matches = sum(len(table.matches) for table in result.tables)
    headline = Text(f"{result.title} ladder", style="bold")
    headline.append(
        f" · {len(result.agents)} players · {tables} table{'s' * (tables != 1)} of "
        f"{result.games} matches · {matches:,} matches · seed {result.seed}"
    )
    part = result.part
    if part is not None:
        headline.append(f" · matches {part.start} to {part.stop - 1} of each table: a part")
    return Group(headline, Text(""), _ratings(result), _head_to_head(result))


def _ratings(result: LadderResult) -> Table:
    table = Table(
        title="Ratings (openskill; place by mu - 3 sigma)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    for column in ("place", "player", "rating", "mu", "sigma", "matches", "won"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for place, rating in enumerate(result.ratings, start=1):
        table.add_row(
            str(place),
            rating.agent,
            f"{rating.ordinal:.1f}",
            f"{rating.mu:.1f}",
            f"{rating.sigma:.2f}",
            f"{rating.matches:,}",
            percent(rating.wins / rating.matches) if rating.matches else "-",
        )
    return table


def _head_to_head(result: LadderResult) -> Table:
    names = _entry_names(result.agents)
    table = Table(
        title="Head to head: how often the row's player came out ahead of the column's, "
        "when one of them won (95% interval, in %)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    for a, name in enumerate(names):
        cells = []
        for b in range(len(names)):
            meeting = result.meeting(a, b)
            if a == b or meeting is None or meeting.rate is None:
                cells.append("-")
                continue
            interval = wilson(meeting.ahead, meeting.ahead + meeting.behind)
            cells.append(
                f"{percent(meeting.rate)} ({interval.low * 100:.0f}-{interval.high * 100:.0f})"
            )
        table.add_row(name, *cells)
    return table


def _entry_names(agents: tuple[str, ...]) -> list[str]:
    """Agent texts, numbered where one agent is entered more than once.

    >>> _entry_names(("random", "greedy", "random"))
    ['random #1', 'greedy', 'random #2']
    """
    names = []
    for index, agent in enumerate(agents):
        if agents.count(agent) > 1:
            agent = f"{agent} #{agents[: index + 1].count(agent)}"
        names.append(agent)
    return names


def ladder_json(result: LadderResult) -> JsonObject:
    """The ladder as JSON: ratings best first, every pair's record, each table's agents; for
    a part of a ladder (``--indices``), its ``part`` too (:mod:`cardtable.simulation.parts`),
    and ``ratings`` and ``meetings`` are the part's."""
    ratings: list[JsonValue] = [
        {
            "agent": rating.agent,
            "ordinal": rating.ordinal,
            "mu": rating.mu,
            "sigma": rating.sigma,
            "matches": rating.matches,
            "wins": rating.wins,
        }
        for rating in result.ratings
    ]
    meetings: list[JsonValue] = [
        {
            "agent": result.agents[meeting.a],
            "entry": meeting.a,
            "against": result.agents[meeting.b],
            "against_entry": meeting.b,
            "ahead": meeting.ahead,
            "behind": meeting.behind,
            "meetings": meeting.meetings,
        }
        for meeting in result.meetings
    ]
    tables: list[JsonValue] = [
        {"agents": list(table.agents), "seed": table.seed, "matches": len(table.matches)}
        for table in result.tables
    ]
    agents: list[JsonValue] = list(result.agents)
    document: JsonObject = {
        "game": result.game,
        "title": result.title,
        "agents": agents,
        "seed": result.seed,
        "games": result.games,
        "tables": tables,
        "ratings": ratings,
        "meetings": meetings,
    }
    if result.part is not None:
        part = part_of(
            "ladder", result.tables, agents=result.agents, seed=result.seed, games=result.games
        )
        document["part"] = part_json(part)
    return document
