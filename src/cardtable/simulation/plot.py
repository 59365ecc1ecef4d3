"""A simulation as a picture: win rates with 95% error bars, and the match length histogram.

matplotlib is imported only when a picture is drawn (it takes a good part of a second to
import), and only through its object-oriented interface with the Agg renderer: no window, no
global ``pyplot`` state, safe in any process.
"""

from __future__ import annotations

from pathlib import Path

from cardtable.simulation.stats import Summary

FORMATS = (".png", ".svg")
"""The picture formats, by file extension."""


def check_plot_path(path: Path) -> None:
    """Raise ``ValueError`` with the reason when a picture could not be written at ``path``."""
    if path.is_dir():
        raise ValueError(f"{path} is a folder; give a file name")
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"{path}: a picture is PNG or SVG; end the file name with .png or .svg")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"there is no folder {folder}")


def write_plot(summary: Summary, path: Path) -> None:
    """Draw ``summary`` into ``path`` (PNG or SVG, by its extension).

    >>> import tempfile
    >>> from cardtable.agents import parse_seats
    >>> from cardtable.games import find
    >>> from cardtable.simulation import simulate, summarise
    >>> tcg = find("tcg")
    >>> result = simulate(tcg, tcg.default_ruleset(), parse_seats("random,random"), 6, seed=1)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = Path(folder) / "sim.svg"
    ...     write_plot(summarise(result), target)
    ...     target.read_text()[:5]
    '<?xml'
    """
    check_plot_path(path)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(10, 4.2), layout="constrained")
    FigureCanvasAgg(figure)
    wins, spread = figure.subplots(1, 2, width_ratios=(1, 1.3))

    names = [summary.label(agent.agent) for agent in summary.by_agent]
    rates = [agent.won.rate * 100 for agent in summary.by_agent]
    below = [(agent.won.rate - agent.won.interval.low) * 100 for agent in summary.by_agent]
    above = [(agent.won.interval.high - agent.won.rate) * 100 for agent in summary.by_agent]
    positions = list(range(len(names)))
    wins.bar(positions, rates, yerr=[below, above], capsize=6, color="tab:blue", alpha=0.85)
    wins.axhline(summary.first_mover.fair_share * 100, color="grey", linestyle="--", lw=1)
    wins.set_xticks(positions, names)
    wins.set_ylim(0, 100)
    wins.set_ylabel("matches won (%)")
    wins.set_title("Win rate per player, 95% intervals (dashed: a fair share)", fontsize=11)

    bins = summary.length.histogram
    spread.bar(
        [(b.low + b.high) / 2 for b in bins],
        [b.count for b in bins],
        width=[(b.high - b.low + 1) * 0.9 for b in bins],
        color="tab:green",
        alpha=0.85,
    )
    spread.axvline(summary.length.median, color="black", linestyle="--", lw=1)
    spread.set_xlabel("decisions per match (dashed: the median)")
    spread.set_ylabel("matches")
    spread.set_title("Match length", fontsize=11)

    figure.suptitle(
        f"{summary.title}: {' vs '.join(summary.agents)}, "
        f"{summary.matches:,} matches, seed {summary.seed}"
    )
    figure.savefig(path, format=path.suffix.lower()[1:], dpi=100)
