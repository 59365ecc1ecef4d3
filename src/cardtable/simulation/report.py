"""A simulation's results in plain words: Rich tables for the terminal.

>>> print(percent(0.8796), span(Interval(low=0.8571, high=0.8999)))
88.0% 85.7% to 90.0%
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.simulation.stats import Interval, Rate, Summary

BAR_WIDTH = 30
"""The width of the longest bar of the match length histogram, in characters."""


def percent(rate: float) -> str:
    """A rate as a percentage with one decimal."""
    return f"{rate * 100:.1f}%"


def span(interval: Interval) -> str:
    """A 95% interval in words."""
    return f"{percent(interval.low)} to {percent(interval.high)}"


def _rate(rate: Rate) -> str:
    return f"{percent(rate.rate)} (95% interval {span(rate.interval)})"


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'es' if word.endswith('ch') else 's'}" if count != 1 else f"1 {word}"


def headline(summary: Summary) -> Text:
    """What was simulated, and how fast."""
    text = Text(summary.title, style="bold")
    text.append(f": {' vs '.join(summary.agents)}, {_plural(summary.matches, 'match')}")
    if summary.part is not None:
        part = summary.part
        text.append(f" ({part.start} to {part.stop - 1} of {part.whole.games}: a part)")
    workers = "1 worker" if summary.workers == 1 else f"{summary.workers} workers"
    text.append(
        f" (seed {summary.seed}, {workers}, {summary.seconds:.1f} s, "
        f"{summary.matches_per_second:,.0f} matches/s)",
        style="dim",
    )
    return text


def agents_table(summary: Summary) -> Table:
    """Wins per agent, over every seat it sat in."""
    table = Table(
        title="Wins per player (seats rotate from match to match)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("player", style="bold", no_wrap=True)
    table.add_column("won", justify="right")
    table.add_column("of", justify="right")
    table.add_column("win rate", justify="right", style="bold", no_wrap=True)
    table.add_column("95% interval", justify="right", no_wrap=True)
    if summary.shared:
        table.add_column("shared", justify="right")
        table.add_column("score", justify="right")
    for agent in summary.by_agent:
        row = [
            summary.label(agent.agent),
            f"{agent.won.count:,}",
            f"{agent.won.matches:,}",
            percent(agent.won.rate),
            span(agent.won.interval),
        ]
        if summary.shared:
            row += [f"{agent.shared_wins:,}", f"{agent.score:,.1f}"]
        table.add_row(*row)
    return table


def seats_table(summary: Summary) -> Table:
    """Win rates at each seat: of each player, and of whoever sat there."""
    table = Table(
        title="Win rate at each seat",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("", style="bold", no_wrap=True)
    for seat in summary.by_seat:
        table.add_column(f"seat {seat.seat}", justify="right", no_wrap=True)
    for agent in summary.by_agent:
        table.add_row(summary.label(agent.agent), *(percent(r.rate) for r in agent.by_seat))
    table.add_section()
    table.add_row("anyone", *(percent(seat.won.rate) for seat in summary.by_seat), style="bold")
    table.add_row(
        "95% interval",
        *(f"{percent(s.won.interval.low)}-{percent(s.won.interval.high)}" for s in summary.by_seat),
        style="dim",
    )
    return table


def facts(summary: Summary) -> Text:
    """Draws, first-seat advantage and match lengths, in sentences."""
    lines: list[str] = []
    first = summary.first_mover
    fair = percent(first.fair_share)
    lines.append(
        f"First seat: the player at seat 0 won {_rate(first.seat_zero)}; a fair share is {fair}."
    )
    known = first.first_to_act.matches
    if known and first.seat_zero_acted_first != known:
        lines.append(
            f"First to act: the player who made the first decision won "
            f"{_rate(first.first_to_act)}; seat 0 acted first in "
            f"{percent(first.seat_zero_acted_first / known)} of the matches."
        )
    no_winner = f"Nobody won {_plural(summary.no_winner, 'match')}"
    if summary.unfinished:
        no_winner += f" ({summary.unfinished:,} of them did not finish)"
    lines.append(no_winner + f"; {_plural(summary.shared, 'match')} had shared winners.")
    length = summary.length
    lines.append(
        f"Match length in decisions: shortest {length.min:,}, median {length.median:,g}, "
        f"mean {length.mean:,.1f}, 90% took at most {length.p90:,}, longest {length.max:,}."
    )
    return Text("\n".join(lines))


def length_histogram(summary: Summary) -> Table:
    """The match lengths as a bar chart of ``#`` characters."""
    table = Table(title="Match length (decisions)", title_justify="left", box=None, pad_edge=False)
    table.add_column("decisions", justify="right")
    table.add_column("matches", justify="right")
    table.add_column("")
    bins = summary.length.histogram
    most = max(b.count for b in bins) or 1
    for b in bins:
        label = str(b.low) if b.low == b.high else f"{b.low}-{b.high}"
        bar = "#" * (round(b.count / most * BAR_WIDTH) if b.count else 0)
        table.add_row(label, f"{b.count:,}", bar)
    return table


def render(summary: Summary) -> RenderableType:
    """The whole report, to print on a console."""
    return Group(
        headline(summary),
        Text(""),
        agents_table(summary),
        seats_table(summary),
        facts(summary),
        Text(""),
        length_histogram(summary),
    )
