"""The computer players' fixed ratings on the people's rating scale, measured.

    python benchmarks/computer_ratings.py --workers 1 --write   the full measurement (long)
    python benchmarks/computer_ratings.py --quick               stand-ins, 2 matches a table (CI)
    python benchmarks/computer_ratings.py --game karata --fresh  measure one game's again

For every rated ruleset of every game (``Game.rated_rulesets``), the computer players a room
may seat (``agents_for``) play the offline ladder of that ruleset (every table of them, seats
rotated, rated on openskill's default scale: ``cardtable.simulation.ladder``). Each is then
carried onto the people's scale by its distance from the ``random`` player, the anchor, at
mu 1000 (``from_ladder``); its sigma is its ladder sigma in the scale's points. ``--write``
puts the ratings in ``src/cardtable/ratings/computers.json`` (which the server reads through
``cardtable.ratings.computers``) and their tables in docs/agents.md; ``--out PATH`` writes the
JSON elsewhere (a quick run writes none unless told).

Every table is kept in ``benchmarks/agents-cache/`` as it finishes, as ``agents_report.py``
keeps its own (``rated-*`` files), so a run resumes where the last stopped; ``--fresh``
forgets this script's tables. Results depend only on the seed, not on the workers.
``--game NAME`` measures that game's rated rulesets only (and ``--fresh`` then forgets that
game's tables only); as the ratings' file and section hold every game, it writes neither:
a ``--write`` run after it reads back the tables it kept.

Not measured: the search player's hard level in Karata. A decision takes it about 400 ms, and
the matches of a Karata ladder are long (those with the random player run to hundreds of
decisions), so its tables would take hours; it is placed at the medium level's rating instead (it
searches four times as long, so it is taken to be at least that strong: an assumption, not a
measurement). In the Kata TCG, whose matches are short, it is measured like every other player.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents_report import CACHE, SEED, _simulated
from cardtable.agents import parse_seats
from cardtable.games import find, names
from cardtable.ratings.computers import ANCHOR, ANCHOR_AT, RESOURCE, by_rating
from cardtable.ratings.scale import LADDER_UNIT, MU, SIGMA, Standing, Z, from_ladder
from cardtable.server.web import agents_for
from cardtable.simulation.ladder import LadderResult, standings, table_seed, tables_of
from cardtable.simulation.report import percent
from figures import replace_block

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "agents.md"
JSON = ROOT / "src" / "cardtable" / "ratings" / RESOURCE
START, END = "<!-- computer-ratings:start -->", "<!-- computer-ratings:end -->"
MATCHES = 40
"""Matches a table, rounded up to a multiple of the table's seats (so that they rotate
evenly)."""
QUICK_MATCHES = 2
NOT_MEASURED: dict[str, dict[str, str]] = {"karata": {"ismcts:hard": "ismcts:medium"}}
"""Per game, the players placed at another's rating instead of measured (see above)."""
STAND_INS = {"ismcts:easy": "ismcts:2", "ismcts:medium": "ismcts:4", "ismcts:hard": "ismcts:8"}
"""A quick run's cheap players in place of the search player's levels."""


@dataclass(frozen=True)
class Rated:
    """One rated ruleset's measured ladder and the ratings it fixes."""

    game: str
    name: str
    title: str
    games: int
    """Matches a table."""
    ladder: LadderResult
    ratings: dict[str, Standing]
    placed: dict[str, str]
    """Players not measured -> the measured player whose rating they take."""


def matches_a_table(seats: int, matches: int) -> int:
    """``matches`` rounded up to a multiple of ``seats``.

    >>> matches_a_table(3, 40), matches_a_table(2, 40)
    (42, 40)
    """
    return -(-matches // seats) * seats


def measure(game: str, rated: str, matches: int, workers: int, quick: bool) -> Rated:
    """The ladder of ``game``'s computer players in its rated ruleset ``rated``, and their
    ratings on the people's scale."""
    found = find(game)
    ruleset = next(entry for entry in found.rated_rulesets() if entry.name == rated)
    rules: dict[str, Any] = ruleset.ruleset.to_json()
    seats = found.seats(ruleset.ruleset)
    games = matches_a_table(seats, matches)

    def shown(agent: str) -> str:
        return STAND_INS.get(agent, agent) if quick else agent

    placed = {shown(a): shown(b) for a, b in NOT_MEASURED.get(game, {}).items()}
    agents = [shown(agent) for agent in agents_for(game) if shown(agent) not in placed]
    played = []
    for number, table in enumerate(tables_of(len(agents), seats)):
        seated = [agents[entry] for entry in table]
        name = f"rated-{game}-{rated}-{'-'.join(agents)}-{games}-table{number}".replace(":", "_")
        started = time.perf_counter()
        result = _simulated(
            name, game, rules, seated, games, table_seed(SEED, number), workers, quick
        )
        if result.agents != tuple(seated) or _canonical(result.ruleset) != _canonical(rules):
            raise SystemExit(f"{CACHE.name}/{name}.json was played otherwise: run with --fresh")
        played.append(result)
        print(
            f"  {game} {rated} table {number + 1}: {' vs '.join(seated)} "
            f"({time.perf_counter() - started:.0f} s)",
            file=sys.stderr,
        )
    ladder = standings(found, parse_seats(",".join(agents)), tuple(played), games, SEED)
    by_agent = {rating.agent: rating for rating in ladder.ratings}
    anchor = by_agent[ANCHOR]
    ratings = {
        rating.agent: dataclasses.replace(
            from_ladder(rating.mu, rating.sigma, anchor_mu=anchor.mu, anchor_at=ANCHOR_AT),
            matches=rating.matches,
        )
        for rating in ladder.ratings
    }
    for agent, like in placed.items():
        ratings[agent] = dataclasses.replace(ratings[like], matches=0)
    return Rated(game, rated, ruleset.title, games, ladder, ratings, placed)


def _wrapped(paragraph: str) -> str:
    """``paragraph`` in lines of at most 100 characters, none starting with a minus (which
    Markdown would read as a list)."""
    glued = paragraph.replace(" - ", "\x00- ")  # a minus keeps to the word before it
    text = textwrap.fill(glued, 100, break_long_words=False, break_on_hyphens=False)
    return text.replace("\x00", " ")


def _canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True)


# -- what is written ------------------------------------------------------------------------


def as_json(measured: list[Rated]) -> str:
    """The fixed ratings as ``computers.json`` holds them (players best first)."""
    games: dict[str, dict[str, object]] = {}
    for rated in measured:
        players: dict[str, dict[str, object]] = {}
        for agent, standing in by_rating(rated.ratings):
            entry: dict[str, object] = {
                "mu": round(standing.mu, 1),
                "sigma": round(standing.sigma, 1),
                "matches": standing.matches,
            }
            if agent in rated.placed:
                entry["placed_as"] = rated.placed[agent]
            players[agent] = entry
        games.setdefault(rated.game, {})[rated.name] = {
            "title": rated.title,
            "matches_a_table": rated.games,
            "players": players,
        }
    data = {
        "about": "The computer players' fixed ratings on the people's scale, per game, rated "
        "ruleset and player: written by benchmarks/computer_ratings.py, read by "
        "cardtable.ratings.computers.",
        "anchor": ANCHOR,
        "anchor_at": ANCHOR_AT,
        "seed": SEED,
        "games": games,
    }
    return json.dumps(data, indent=2) + "\n"


def section(rated: Rated) -> list[str]:
    lines = [
        f"### {rated.title} (`{rated.name}`: {rated.games} matches a table, seats rotated)",
        "",
        "| player | shown rating (mu - 2 sigma) | mu | sigma | ladder matches | won |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    by_agent = {rating.agent: rating for rating in rated.ladder.ratings}
    for agent, standing in by_rating(rated.ratings):
        if agent in rated.placed:
            measured = f"placed as {rated.placed[agent]}"
            won = "-"
        else:
            rating = by_agent[agent]
            measured = f"{rating.matches}"
            won = percent(rating.wins / rating.matches) if rating.matches else "-"
        lines.append(
            f"| {agent} | {standing.shown:,} | {standing.mu:,.0f} | {standing.sigma:.0f} | "
            f"{measured} | {won} |"
        )
    return [*lines, ""]


def both_measured(measured: list[Rated]) -> str:
    """What the ladders say of a player placed by rule where they measure it beside the
    player it is placed at ('' where none does)."""
    said = []
    for rule in NOT_MEASURED.values():
        for agent, like in rule.items():
            for rated in measured:
                if agent in rated.placed or not {agent, like} <= set(rated.ratings):
                    continue
                a, b = rated.ratings[agent], rated.ratings[like]
                said.append(
                    f" In the {rated.title} (`{rated.name}`), which measures both, `{agent}` is "
                    f"at mu {a.mu:,.0f} and `{like}` at {b.mu:,.0f} (sigmas {a.sigma:.0f} and "
                    f"{b.sigma:.0f})."
                )
    return "".join(said)


def page(measured: list[Rated], command: str) -> str:
    placed = sorted(
        {(agent, find(rated.game).title) for rated in measured for agent in rated.placed}
    )
    lines = [
        START,
        f"Produced by `{command}` on {time.strftime('%Y-%m-%d')} (seed {SEED}).",
        "",
        f"People and computer players are rated on one scale (`cardtable.ratings.scale`: "
        f"openskill's Plackett-Luce, a newcomer at mu {MU:.0f} and sigma {SIGMA:.0f}), shown as "
        f"mu - {Z} sigma. A computer player's rating is fixed: it moves the people it plays as "
        f"a person of that rating would, and is never moved. The anchor is the `{ANCHOR}` "
        f"player, at mu {ANCHOR_AT:.0f} in every rated ruleset (a newcomer is assumed better "
        f"than random). Every other player is measured against it on the offline ladder of "
        f"that ruleset (every table of the players a room may seat, seats rotated, rated on "
        f"openskill's default scale) and carried over: mu = {ANCHOR_AT:.0f} + (its ladder mu "
        f"- `{ANCHOR}`'s) x {LADDER_UNIT:.0f}, sigma = its ladder sigma x {LADDER_UNIT:.0f}. "
        f"The ratings ship in `src/cardtable/ratings/{RESOURCE}` (read by "
        f"`cardtable.ratings.computers`); the ladders' tables are kept in "
        f"`benchmarks/agents-cache/` (`rated-*`), so the command above resumes and repeats "
        f"them exactly.",
        "",
    ]
    lines += [
        "Each ladder match ranks every seat by its place (1 first, equal places shared), as "
        "the offline ladder does and as a rated match ranks people: at three and four seats "
        "the runner-up is seen ahead of the players behind it, not level with every other "
        "player that did not win, so a player that rarely wins but often comes second is told "
        "apart from one that comes last.",
        "",
    ]
    if placed:
        lines += [
            f"Not measured: {', '.join(f'`{agent}` in {game}' for agent, game in placed)}. A "
            f"decision of the hard search takes about 400 ms, and the matches of a Karata "
            f"ladder are long, so its tables would take hours; it is placed at the medium "
            f"level's rating instead: it searches four times as long, so it is taken to be at "
            f"least that strong (an assumption, not a measurement).{both_measured(measured)}",
            "",
        ]
    lines = [line if line.startswith(("<", "#", "|")) else _wrapped(line) for line in lines]
    for rated in measured:
        lines += section(rated)
    lines.append(END)
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="stand-ins, 2 matches a table")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--matches", type=int, default=MATCHES, help="matches a table")
    parser.add_argument("--fresh", action="store_true", help="forget the kept tables")
    parser.add_argument("--write", action="store_true", help=f"update {RESOURCE} and {DOC.name}")
    parser.add_argument("--out", type=Path, help="write the ratings' JSON here instead")
    parser.add_argument(
        "--game",
        choices=names(),
        help="measure this game's rated rulesets only (writes nothing: see above)",
    )
    args = parser.parse_args()
    if args.game is not None and (args.write or args.out is not None):
        parser.error("--game measures one game: --write and --out need every game's ratings")
    games = names() if args.game is None else [args.game]
    if args.fresh and CACHE.exists():
        for game in games:
            for path in CACHE.glob(f"rated-{game}-*.json"):
                path.unlink()
    quick = args.quick
    matches = QUICK_MATCHES if quick else args.matches
    measured = [
        measure(game, rated.name, matches, args.workers, quick)
        for game in games
        for rated in find(game).rated_rulesets()
    ]
    options = " --quick" if quick else f"{'' if matches == MATCHES else f' --matches {matches}'}"
    command = f"python benchmarks/computer_ratings.py{options} --write"
    text = page(measured, command)
    print(text)
    out = args.out or (JSON if args.write and not quick else None)
    if out is not None:
        out.write_text(as_json(measured), encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    if args.write and not quick:
        replace_block(DOC, START, END, text.removeprefix(START + "\n").removesuffix("\n" + END))
        print(f"updated {DOC.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
