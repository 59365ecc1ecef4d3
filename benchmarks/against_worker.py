"""One workload of ``against.py``, timed in a process of its own: the engine's speed through
its public API, whichever source tree's ``cardtable`` is on the path.

    PYTHONPATH=TREE/src python benchmarks/against_worker.py NAME SIZE TREE/src [--no-collector]

NAME is a workload of :data:`WORKLOADS`, SIZE how much of it to do (matches, decisions or
passes over the states or journals, as the workload says), and the last argument the folder
the ``cardtable`` package must be imported from (the worker refuses to time another). The
workload's inputs are made first, then a small part of the work warms the caches, untimed;
then the work is timed and one line of JSON printed: ``count`` (the units of the rate: the
decisions, copies, views, round trips or events made), ``decisions`` (the decisions played,
timed or not, to tell whether two trees did the same work), ``seconds`` (the timed work
only), and whether the compiled ``cardtable.envs.tcg_native`` was imported (none of these
workloads needs it). Every seed is fixed, so two trees that play alike do exactly the same
work.
"""

from __future__ import annotations

import gc
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cardtable
from cardtable.agents import GreedyAgent, HeuristicAgent, RandomAgent, make_agent, parse_seats
from cardtable.engine import Match
from cardtable.engine.wording import Names, seat_namer
from cardtable.games import find
from cardtable.simulation import agent_rng, play_match

if TYPE_CHECKING:
    from cardtable.agents import Agent
    from cardtable.engine import Game, State

NATIVE = "cardtable.envs.tcg_native"
WARM_SEED = 1_000_000
"""The first seed of the warm-up's matches, far from the timed ones (0, 1, 2...)."""

SEARCH = "ismcts:100"
"""The search player's seat: 100 iterations a decision, whatever the machine's speed."""

STATES_PER_GAME = 40
SAMPLED: tuple[tuple[str, dict[str, Any], int, int], ...] = (
    ("tcg", {}, 2, 30),
    ("karata", {"players": 3}, 3, 120),
    ("war", {}, 2, 600),
)
"""(game, ruleset, seats, reach) of the games whose states are copied, viewed and written:
each state is that of a random match seeded 0, 1, 2... after a random number of decisions
below ``reach`` (a point before most such matches end)."""

JOURNALED: tuple[tuple[str, dict[str, Any], int, int], ...] = (
    ("tcg", {}, 2, 20),
    ("karata", {"players": 3}, 3, 1),
    ("war", {}, 2, 1),
)
"""(game, ruleset, seats, matches) of the games whose journals are written and read: random
matches seeded 0, 1, 2... played to their end (a Karata or War match between random players
is long)."""


@dataclass(frozen=True)
class Prepared:
    """A workload ready to run: ``warm`` does a little of it, ``run`` all of it and returns
    (count, decisions)."""

    warm: Callable[[], object]
    run: Callable[[], tuple[int, int]]


def matches(
    name: str,
    rules: dict[str, Any],
    seats: int,
    kind: type[Agent],
    size: int,
    *,
    journal: bool = True,
) -> Prepared:
    """``size`` matches of ``name``, one ``kind`` of agent at every seat, their events kept
    in a journal or not (as a search's playouts and the research environments play):
    decisions."""
    game = find(name)
    ruleset = game.load_ruleset(rules)

    def play(seeds: range) -> tuple[int, int]:
        decisions = 0
        for seed in seeds:
            agents = [kind(agent_rng(seed, seat)) for seat in range(seats)]
            played = play_match(game, ruleset, agents, seed, journal=journal)
            decisions += len(played.decisions)
        return decisions, decisions

    return Prepared(lambda: play(range(WARM_SEED, WARM_SEED + 1)), lambda: play(range(size)))


def search(size: int) -> Prepared:
    """The search player (seat 0) against the greedy one in Kata TCG matches seeded 0, 1,
    2..., until it has made ``size`` decisions among more than one legal move: those."""
    game = find("tcg")
    ruleset = game.default_ruleset()
    spec = parse_seats(SEARCH)[0]

    def play(first_seed: int, wanted: int) -> tuple[int, int]:
        asked = decisions = 0
        seed = first_seed
        while asked < wanted:
            agents = [make_agent(spec, game, agent_rng(seed, 0)), GreedyAgent(agent_rng(seed, 1))]
            for agent in agents:
                agent.sit(game, ruleset)
            match: Match[Any] = Match(game, ruleset, seed)
            while not match.over and asked < wanted:
                seat = match.to_act
                assert seat is not None
                legal = match.legal(seat)
                match.decide(seat, agents[seat].decide(match.view(seat), legal))
                decisions += 1
                if seat == 0 and len(legal.moves) > 1:
                    asked += 1
            seed += 1
        return asked, decisions

    return Prepared(lambda: play(WARM_SEED, 3), lambda: play(0, size))


def journals(size: int, *, words: bool) -> Prepared:
    """``size`` passes over the journals of the matches of :data:`JOURNALED`: every seat's
    events and a spectator's written as JSON (what the server sends, and a record's log
    shows), or (``words``) that JSON read back into each event's line in a log: the events."""
    played: list[tuple[Game[Any, Any], Match[Any], Names, int]] = []
    decisions = 0
    for name, rules, seats, count in JOURNALED:
        game = find(name)
        ruleset = game.load_ruleset(rules)
        names = Names(seat_namer([f"player {seat}" for seat in range(seats)]))
        for seed in range(count):
            agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(seats)]
            match = play_match(game, ruleset, agents, seed)
            decisions += len(match.decisions)
            played.append((game, match, names, seats))
    written = [
        (game, match.events(seat), names)
        for game, match, names, seats in played
        for seat in (*range(seats), None)
    ]

    def write(count: int) -> tuple[int, int]:
        units = 0
        for _ in range(count):
            for _, match, _, seats in played:
                for seat in (*range(seats), None):
                    units += len(match.events(seat))
        return units, decisions

    def read(count: int) -> tuple[int, int]:
        units = 0
        for _ in range(count):
            for game, events, names in written:
                for shown in events:
                    game.describe_event(shown, names)
                units += len(events)
        return units, decisions

    passes = read if words else write
    return Prepared(lambda: passes(1), lambda: passes(size))


def sample_states() -> tuple[list[tuple[Game[Any, Any], State, int]], int]:
    """(game, mid-match state, seats) of every game of :data:`SAMPLED`, and the decisions
    played to reach them."""
    states: list[tuple[Game[Any, Any], State, int]] = []
    decisions = 0
    for name, rules, seats, reach in SAMPLED:
        game = find(name)
        ruleset = game.load_ruleset(rules)
        for seed in range(STATES_PER_GAME):
            match: Match[Any] = Match(game, ruleset, seed)
            agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(seats)]
            for _ in range(random.Random(seed).randrange(1, reach)):
                seat = match.to_act
                if seat is None:
                    break
                match.decide(seat, agents[seat].choose(match.legal(seat)))
                decisions += 1
            states.append((game, match.state, seats))
    return states, decisions


def over_states(act: Callable[[Game[Any, Any], State, int], int], size: int) -> Prepared:
    """``size`` passes over the sampled states, ``act`` on each (which returns how many
    units it did): the units."""
    states, decisions = sample_states()

    def passes(count: int) -> tuple[int, int]:
        units = 0
        for _ in range(count):
            for game, state, seats in states:
                units += act(game, state, seats)
        return units, decisions

    return Prepared(lambda: passes(1), lambda: passes(size))


def copy(game: Game[Any, Any], state: State, seats: int) -> int:
    state.copy()
    return 1


def views(game: Game[Any, Any], state: State, seats: int) -> int:
    for seat in range(seats):
        game.view(state, seat)
    return seats


def round_trip(game: Game[Any, Any], state: State, seats: int) -> int:
    game.state_from_json(game.state_to_json(state))
    return 1


NO_COLLECTOR = "--no-collector"
"""The worker's last argument that turns the garbage collector off for the work measured (a
count of instructions then depends on the work alone, not on where a collection falls)."""

WORKLOADS: dict[str, Callable[[int], Prepared]] = {
    "tcg-random": lambda size: matches("tcg", {}, 2, RandomAgent, size),
    "tcg-greedy": lambda size: matches("tcg", {}, 2, GreedyAgent, size),
    "war": lambda size: matches("war", {}, 2, RandomAgent, size),
    "karata-heuristic": lambda size: matches("karata", {"players": 3}, 3, HeuristicAgent, size),
    "tcg-playouts": lambda size: matches("tcg", {}, 2, RandomAgent, size, journal=False),
    "karata-playouts": lambda size: matches(
        "karata", {"players": 3}, 3, RandomAgent, size, journal=False
    ),
    "war-playouts": lambda size: matches("war", {}, 2, RandomAgent, size, journal=False),
    "search": search,
    "state-copy": lambda size: over_states(copy, size),
    "views": lambda size: over_states(views, size),
    "state-json": lambda size: over_states(round_trip, size),
    "events": lambda size: journals(size, words=False),
    "event-words": lambda size: journals(size, words=True),
}


def main(argv: list[str]) -> int:
    optional = argv[3:]
    if (
        len(argv) not in (3, 4)
        or argv[0] not in WORKLOADS
        or not argv[1].isdigit()
        or (optional and optional != [NO_COLLECTOR])
    ):
        names = ",".join(WORKLOADS)
        print(f"usage: against_worker.py {{{names}}} SIZE SRC [{NO_COLLECTOR}]", file=sys.stderr)
        return 2
    quiet = optional == [NO_COLLECTOR]
    name, size, src = argv[0], int(argv[1]), Path(argv[2]).resolve()
    loaded = Path(cardtable.__file__ or "").resolve()
    if src not in loaded.parents:
        print(f"cardtable was imported from {loaded.parent}, not from {src}", file=sys.stderr)
        return 2
    prepared = WORKLOADS[name](size)
    prepared.warm()
    gc.collect()
    if quiet:
        gc.disable()
    start = time.perf_counter()
    count, decisions = prepared.run()
    seconds = time.perf_counter() - start
    result = {
        "workload": name,
        "count": count,
        "decisions": decisions,
        "seconds": seconds,
        "native": NATIVE in sys.modules,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
