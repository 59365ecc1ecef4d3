"""The results table says what happened in plain words."""

from __future__ import annotations

import io

from rich.console import Console

from cardtable.simulation import MatchResult, SimulationResult, summarise
from cardtable.simulation.report import render


def _text(*matches: MatchResult, agents: tuple[str, ...] = ("greedy", "random")) -> str:
    result = SimulationResult(
        game="tcg",
        title="Kata TCG",
        ruleset={},
        agents=agents,
        seed=7,
        workers=2,
        seconds=0.5,
        matches=matches,
    )
    console = Console(width=120, record=True, color_system=None, file=io.StringIO())
    console.print(render(summarise(result)))
    return " ".join(console.export_text().split())


def _match(index: int, winners: tuple[int, ...], first: int = 0) -> MatchResult:
    return MatchResult(
        index=index,
        seed=index,
        seating=(index % 2, 1 - index % 2),
        winners=winners,
        reason="r",
        decisions=20 + index,
        first_to_act=first,
    )


def test_the_table_names_players_rates_intervals_and_lengths() -> None:
    text = _text(_match(0, (0,)), _match(1, (0,)), _match(2, (1,)), _match(3, (0,)))
    assert "Kata TCG: greedy vs random, 4 matches (seed 7, 2 workers, 0.5 s, 8 matches/s)" in text
    assert "95% interval" in text
    assert "greedy" in text
    assert "random" in text
    assert "seat 0" in text
    assert "seat 1" in text
    assert "First seat: the player at seat 0 won 75.0%" in text
    assert "a fair share is 50.0%" in text
    assert "Nobody won 0 matches" in text
    assert "shortest 20, median 21.5, mean 21.5, 90% took at most 23, longest 23" in text
    assert "First to act" not in text  # seat 0 always acted first here
    assert "shared" not in text.split("Nobody")[0]


def test_the_first_to_act_and_shared_wins_show_when_they_matter() -> None:
    text = _text(_match(0, (0, 1), first=1), _match(1, (0,)), agents=("random", "random"))
    assert "random #1" in text
    assert "random #2" in text
    assert "First to act: the player who made the first decision won 100.0%" in text
    assert "seat 0 acted first in 50.0% of the matches" in text
    assert "shared" in text
    assert "score" in text
    assert "1 match had shared winners" in text
