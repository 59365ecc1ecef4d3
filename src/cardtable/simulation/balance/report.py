"""The balance results in plain words: Rich tables for the terminal.

>>> from cardtable.simulation.stats import Rate
>>> cell(Rate.of(3, 4))
'75.0% (30.1% to 95.4%)'
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.simulation.balance.cards import UNUSED_SHARE, CardStats
from cardtable.simulation.balance.decks import DeckMatrix
from cardtable.simulation.report import percent, span
from cardtable.simulation.stats import Rate

RULES_DECK = "the rules' own"
"""How the card table names a seat's deck that no deck file gave."""

_FLAG_WORDS = {
    "strong": ("strong", "bold green"),
    "weak": ("weak", "bold red"),
    "unused": ("rarely played", "yellow"),
}


def cell(rate: Rate) -> str:
    """A win rate and its 95% interval, short enough for a matrix cell."""
    return f"{percent(rate.rate)} ({span(rate.interval)})"


def _timing(seed: int, workers: int, seconds: float, matches: int) -> str:
    rate = matches / seconds if seconds > 0 else 0.0
    worker_text = "1 worker" if workers == 1 else f"{workers} workers"
    return f" (seed {seed}, {worker_text}, {seconds:.1f} s, {rate:,.0f} matches/s)"


def render_matrix(matrix: DeckMatrix) -> RenderableType:
    """The matrix (rows: the deck; columns: its opponent) and each deck's overall win rate."""
    matches = sum(c.matches for c in matrix.cells) // 2
    head = Text(f"{matrix.title}: decks compared, {matrix.agent} playing every deck", style="bold")
    head.append(
        _timing(matrix.seed, matrix.workers, matrix.seconds, matches),
        style="dim",
    )
    grid = Table(
        title="How often the row's deck beat the column's (95% interval)",
        box=box.SIMPLE_HEAD,
    )
    grid.add_column("deck", style="bold")
    for name in matrix.decks:
        grid.add_column(f"vs {name}", justify="right")
    for deck, name in enumerate(matrix.decks):
        row: list[str] = [name]
        for other in range(len(matrix.decks)):
            if other == deck:
                row.append("—")
                continue
            wins = matrix.versus(deck, other).wins
            row.append(f"{percent(wins.rate)}\n{span(wins.interval)}")
        grid.add_row(*row)
    overall = Table(title="Each deck against all the others", box=box.SIMPLE_HEAD)
    overall.add_column("deck", style="bold")
    overall.add_column("matches", justify="right")
    overall.add_column("won", justify="right")
    overall.add_column("95% interval", justify="right")
    overall.add_column("went first", justify="right")
    ranked = sorted(matrix.standings, key=lambda standing: -standing.wins.rate)
    for standing in ranked:
        mine = [c for c in matrix.cells if c.deck == standing.deck]
        first = sum(c.went_first for c in mine)
        overall.add_row(
            standing.name,
            f"{standing.wins.matches:,}",
            percent(standing.wins.rate),
            span(standing.wins.interval),
            percent(first / standing.wins.matches) if standing.wins.matches else "—",
        )
    note = Text(
        f"Each ordered pair of decks played {matrix.games:,} matches, every deck at each seat "
        "equally often; who moves first is the rules' coin flip.",
        style="dim",
    )
    return Group(head, grid, overall, note)


def render_cards(stats: CardStats) -> RenderableType:
    """One row per card: drawn, played, the owner's win rates, and a verdict."""
    head = Text(
        f"{stats.title}: cards in {stats.matches:,} matches of {' vs '.join(stats.agents)}",
        style="bold",
    )
    head.append(_timing(stats.seed, stats.workers, stats.seconds, stats.matches), style="dim")
    if any(stats.decks):
        played = [f"{deck or RULES_DECK} at seat {seat}" for seat, deck in enumerate(stats.decks)]
        head.append("\nDecks: " + ", ".join(played))
    table = Table(
        title="How often each card's owner won, when it was drawn and when it was played",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("card", style="bold")
    table.add_column("drawn", justify="right")
    table.add_column("played", justify="right")
    table.add_column("won when drawn", justify="right")
    table.add_column("won when played", justify="right")
    table.add_column("verdict")
    for card in stats.cards:
        word, style = _FLAG_WORDS.get(card.flag or "", ("", ""))
        table.add_row(
            card.card,
            f"{card.times_drawn:,}",
            f"{card.times_played:,}",
            cell(card.drawn),
            cell(card.played) if card.played.matches else "—",
            Text(word, style=style),
        )
    note = Text(
        f"On average a player won {percent(stats.average.rate)} of its matches. Strong: won "
        "more often when the card was played, by more than chance explains (the whole 95% "
        "interval above the average); weak: less often; rarely played: played in fewer than "
        f"{percent(UNUSED_SHARE)} of the matches it was drawn in.",
        style="dim",
    )
    return Group(head, table, note)
