"""How strong and how fast the computer players are, written into docs/agents.md.

    ./dev agents             the full runs (long: about an hour on two cores)
    ./dev agents --quick     a few matches of each, to check that everything runs (CI)

Three parts: a ladder of every player per game; the search player's targets (seats rotated,
95% intervals); and the search player's speed (iterations a second, time a decision at each
level). The full runs are resumable: every table and every block of matches is kept in
``benchmarks/agents-cache/`` as it finishes (committed, so a run can go on on another
machine), and a run started again picks up where the last one stopped (``--fresh`` forgets
them). Results depend only on the seeds, not on the workers.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable.agents import HeuristicAgent, parse_seats
from cardtable.agents.ismcts import LEVELS, IsmctsAgent
from cardtable.engine import Decisions, Match, Rng, View
from cardtable.games import find
from cardtable.simulation import MatchResult, SimulationResult, simulate, summarise
from cardtable.simulation.ladder import LadderResult, standings, table_seed, tables_of
from cardtable.simulation.report import percent, span
from figures import replace_block

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "agents.md"
CACHE = ROOT / "benchmarks" / "agents-cache"
START, END = "<!-- agents:start -->", "<!-- agents:end -->"
SEED = 2026
BLOCK = 24
"""Matches per kept block of a target run (a multiple of 2 and 3, so seats rotate evenly)."""

TCG_RULES: dict[str, object] = {"healing": True, "minions": True}
KARATA_RULES: dict[str, object] = {"players": 3}

LADDERS: list[tuple[str, dict[str, object], list[str], int]] = [
    (
        "tcg",
        TCG_RULES,
        ["random", "greedy", "highest", "cautious", "planner", "ismcts:easy", "ismcts:medium"],
        40,
    ),
    ("karata", KARATA_RULES, ["random", "heuristic", "ismcts:easy", "ismcts:medium"], 40),
    ("war", {}, ["random", "ismcts:easy", "ismcts:medium"], 40),
]
"""(game, rules, players, matches a table)."""

TARGETS: list[tuple[str, str, dict[str, object], list[str], int, float]] = [
    ("tcg-hard-vs-planner", "tcg", TCG_RULES, ["ismcts:hard", "planner"], 408, 0.70),
    (
        "karata-hard-vs-heuristics",
        "karata",
        KARATA_RULES,
        ["ismcts:hard", "heuristic", "heuristic"],
        408,
        0.45,
    ),
]
"""(name, game, rules, agents, matches, the share of matches the first agent must win)."""


# -- keeping what is done -------------------------------------------------------------------


def _kept(name: str) -> SimulationResult | None:
    path = CACHE / f"{name}.json"
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    matches = tuple(
        MatchResult(
            **{
                **match,
                "seating": tuple(match["seating"]),
                "winners": tuple(match["winners"]),
                "placings": tuple(match.get("placings", ())),
            }
        )
        for match in data.pop("matches")
    )
    return SimulationResult(**{**data, "agents": tuple(data["agents"]), "matches": matches})


def _keep(name: str, result: SimulationResult) -> None:
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"{name}.json"
    path.write_text(json.dumps(dataclasses.asdict(result)), encoding="utf-8")


def _simulated(
    name: str, game: str, rules: dict[str, object], agents: Sequence[str], games: int, seed: int,
    workers: int, quick: bool,
) -> SimulationResult:  # fmt: skip
    if not quick and (kept := _kept(name)) is not None and len(kept.matches) == games:
        return kept
    found = find(game)
    result = simulate(found, found.load_ruleset(rules), parse_seats(",".join(agents)), games,
                      seed, workers)  # fmt: skip
    if not quick:
        _keep(name, result)
    return result


# -- the three parts ------------------------------------------------------------------------


def run_ladder(
    game: str, rules: dict[str, object], agents: list[str], games: int, workers: int,
    quick: bool,
) -> LadderResult:  # fmt: skip
    found = find(game)
    seats = found.seats(found.load_ruleset(rules))
    played = []
    for number, table in enumerate(tables_of(len(agents), seats)):
        names = [agents[entry] for entry in table]
        name = f"ladder-{game}-{'-'.join(agents)}-{games}-table{number}".replace(":", "_")
        played.append(
            _simulated(name, game, rules, names, games, table_seed(SEED, number), workers, quick)
        )
        print(f"  {game} table {number + 1}: {' vs '.join(names)}", file=sys.stderr)
    return standings(found, parse_seats(",".join(agents)), tuple(played), games, SEED)


def run_target(
    name: str, game: str, rules: dict[str, object], agents: list[str], games: int,
    workers: int, quick: bool,
) -> SimulationResult:  # fmt: skip
    blocks = []
    for block in range(max(1, games // BLOCK)):
        size = len(agents) if quick else BLOCK
        blocks.append(
            _simulated(
                f"target-{name}-block{block}",
                game,
                rules,
                agents,
                size,
                table_seed(SEED, 1000 + block),
                workers,
                quick,
            )
        )
        print(f"  {name}: block {block + 1} of {max(1, games // BLOCK)}", file=sys.stderr)
        if quick:
            break
    matches = [match for result in blocks for match in result.matches]
    renumbered = tuple(dataclasses.replace(m, index=i) for i, m in enumerate(matches))
    return dataclasses.replace(
        blocks[0], matches=renumbered, seconds=sum(result.seconds for result in blocks)
    )


def search_speed(
    game: str, rules: dict[str, object], positions: int
) -> list[tuple[str, float, float]]:
    """For each level: (level, iterations a second, milliseconds a decision), measured on
    ``positions`` positions of heuristic-or-random play where the search has a choice."""
    found = find(game)
    ruleset = found.load_ruleset(rules)
    sample: list[tuple[View[Any], Decisions]] = []
    seed = 0
    while len(sample) < positions and seed < 50:  # (War never offers a choice)
        match: Match[Any] = Match(found, ruleset, seed)
        helper = HeuristicAgent(Rng(seed)) if game == "karata" else None
        step = 0
        while not match.over and len(sample) < positions:
            seat = match.to_act
            assert seat is not None
            legal = match.legal(seat)
            if len(legal.moves) > 1 and step % 3 == 0:
                sample.append((match.view(seat), legal))
            if helper is not None:
                helper.sit(found, ruleset)
                decision = helper.decide(match.view(seat), legal)
            else:
                decision = legal.moves[(seed + step) % len(legal.moves)]
            match.decide(seat, decision)
            step += 1
        seed += 1
    rows: list[tuple[str, float, float]] = []
    if not sample:
        return rows
    for level, budget in LEVELS.items():
        agent = IsmctsAgent(_rng(level), level=budget)
        agent.sit(found, ruleset)
        started = time.perf_counter()
        iterations = 0
        for view, legal in sample:
            agent.decide(view, legal)
            iterations += agent.last_iterations
        seconds = time.perf_counter() - started
        rows.append((level, iterations / seconds, 1000 * seconds / len(sample)))
    return rows


def _rng(level: str) -> Rng:
    return Rng.derive(SEED, "speed", level)


# -- the page -------------------------------------------------------------------------------


def ladder_section(result: LadderResult, rules: dict[str, object]) -> list[str]:
    shown = ", ".join(f"{key} = {json.dumps(value)}" for key, value in rules.items()) or "usual"
    lines = [
        f"### {result.title} ({shown} rules; {result.games} matches a table, seats rotated)",
        "",
        "| place | player | rating (mu - 3 sigma) | mu | sigma | won |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    for place, rating in enumerate(result.ratings, start=1):
        won = percent(rating.wins / rating.matches) if rating.matches else "-"
        lines.append(
            f"| {place} | {rating.agent} | {rating.ordinal:.1f} | {rating.mu:.1f} | "
            f"{rating.sigma:.2f} | {won} of {rating.matches} |"
        )
    return [*lines, ""]


def target_section(
    name: str, result: SimulationResult, goal: float, speed: dict[str, float]
) -> list[str]:
    rate = summarise(result).by_agent[0].won
    met = (
        "met"
        if rate.interval.low >= goal
        else ("not met" if rate.interval.high < goal else "not yet certain")
    )
    return [
        f"- **{name}**: {result.agents[0]} won {percent(rate.rate)} of {len(result.matches)} "
        f"matches (95% interval {span(rate.interval)}) against {', '.join(result.agents[1:])}; "
        f"target {percent(goal)}: **{met}**. The hard level's decisions take "
        f"{speed.get(result.game, 0):.0f} ms on average (search speed, below).",
    ]


def page(
    ladders: list[tuple[LadderResult, dict[str, object]]],
    targets: list[tuple[str, SimulationResult, float]],
    speeds: dict[str, list[tuple[str, float, float]]],
    command: str,
) -> str:
    lines = [
        START,
        f"Produced by `{command}` on {time.strftime('%Y-%m-%d')} (seed {SEED}).",
        "",
        "## Ladders",
        "",
    ]
    for ladder, rules in ladders:
        lines += ladder_section(ladder, rules)
    lines += ["## Targets", ""]
    hard_ms = {game: rows[-1][2] for game, rows in speeds.items() if rows}
    for name, result, goal in targets:
        lines += target_section(name, result, goal, hard_ms)
    if not targets:
        lines.append(
            "Not measured in this run (`--no-targets`): `./dev agents --write` plays them, 408 "
            "matches each, and resumes from the blocks already kept."
        )
    lines += [
        "",
        "## Search speed",
        "",
        "| game | level | iterations a second | ms a decision |",
        "|---|---|---:|---:|",
    ]
    for game, rows in speeds.items():
        for level, rate, ms in rows:
            lines.append(f"| {game} | {level} | {rate:,.0f} | {ms:,.0f} |")
    lines.append(END)
    return "\n".join(lines)


def write(text: str) -> None:
    inner = text.removeprefix(START + "\n").removesuffix("\n" + END)
    replace_block(DOC, START, END, inner)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few matches: does it run?")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--fresh", action="store_true", help="forget the kept results")
    parser.add_argument("--write", action="store_true", help=f"update {DOC.name}")
    parser.add_argument(
        "--no-targets", action="store_true", help="only the ladders and the search speed"
    )
    args = parser.parse_args()
    if args.fresh and CACHE.exists():
        for path in CACHE.glob("*.json"):
            path.unlink()
    quick = args.quick
    ladders = []
    for game, rules, agents, games in LADDERS:
        shown = agents[:3] if quick else agents
        ladders.append(
            (run_ladder(game, rules, shown, 2 if quick else games, args.workers, quick), rules)
        )
    speeds = {
        game: search_speed(game, rules, 3 if quick else 40)
        for game, rules in (("tcg", TCG_RULES), ("karata", KARATA_RULES))
    }
    targets = []
    for name, game, rules, agents, games, goal in [] if args.no_targets else TARGETS:
        shown = [agent.replace("ismcts:hard", "ismcts:8") for agent in agents] if quick else agents
        targets.append(
            (name, run_target(name, game, rules, shown, games, args.workers, quick), goal)
        )
    options = " --quick" if quick else (" --no-targets" if args.no_targets else "")
    text = page(ladders, targets, speeds, "./dev agents" + options + ("" if quick else " --write"))
    print(text)
    if args.write and not quick:
        write(text)
        print(f"updated {DOC.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
