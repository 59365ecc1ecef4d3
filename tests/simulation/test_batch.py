"""simulate: many matches, reproducible for any number of workers, seats rotated."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.agents import UnknownAgent, parse_seats
from cardtable.agents.registry import make_agent
from cardtable.games import find
from cardtable.simulation import (
    SimulationError,
    Summary,
    agent_rng,
    match_seed,
    play_match,
    seating,
    simulate,
    summarise,
)
from cardtable.simulation.batch import chunk_size

TCG = find("tcg")
RULES = TCG.default_ruleset()


def timeless(summary: Summary) -> Summary:
    """``summary`` without what depends on the clock and the workers."""
    return replace(summary, seconds=0.0, matches_per_second=0.0, workers=1)


def test_one_and_two_workers_give_identical_results() -> None:
    specs = parse_seats("greedy,random")
    alone = simulate(TCG, RULES, specs, games=40, seed=9, workers=1)
    together = simulate(TCG, RULES, specs, games=40, seed=9, workers=2)
    assert alone.matches == together.matches
    assert (alone.workers, together.workers) == (1, 2)
    assert timeless(summarise(alone)) == timeless(summarise(together))


def test_three_workers_and_odd_chunks_keep_the_order() -> None:
    specs = parse_seats("random,random")
    alone = simulate(TCG, RULES, specs, games=37, seed=2, workers=1)
    many = simulate(TCG, RULES, specs, games=37, seed=2, workers=3)
    assert [m.index for m in many.matches] == list(range(37))
    assert alone.matches == many.matches


def test_another_seed_gives_other_matches() -> None:
    specs = parse_seats("random,random")
    first = simulate(TCG, RULES, specs, games=5, seed=1)
    second = simulate(TCG, RULES, specs, games=5, seed=2)
    assert [m.seed for m in first.matches] != [m.seed for m in second.matches]


def test_seats_rotate_so_every_agent_sits_everywhere() -> None:
    assert [seating(i, 2) for i in range(3)] == [(0, 1), (1, 0), (0, 1)]
    # agent j sits at seat (j + i) mod n
    for index in range(7):
        sitting = seating(index, 3)
        for agent in range(3):
            assert sitting[(agent + index) % 3] == agent
    result = simulate(TCG, RULES, parse_seats("greedy,random"), games=6, seed=4)
    assert [m.seating for m in result.matches] == [(0, 1), (1, 0)] * 3


def test_a_match_replays_from_its_seed_and_seating() -> None:
    specs = parse_seats("greedy,random")
    result = simulate(TCG, RULES, specs, games=3, seed=5)
    match = result.matches[1]
    assert match.seed == match_seed(5, 1)
    agents = [
        make_agent(specs[agent], TCG, agent_rng(match.seed, seat))
        for seat, agent in enumerate(match.seating)
    ]
    again = play_match(TCG, RULES, agents, match.seed)
    assert again.outcome is not None
    assert again.outcome.winners == match.winners
    assert len(again.decisions) == match.decisions
    assert again.decisions[0][0] == match.first_to_act


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        TCG,
        RULES,
        parse_seats("random,random"),
        10,
        seed=1,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen[-1] == (10, 10)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_progress_is_reported_from_workers_too() -> None:
    seen: list[int] = []
    simulate(
        TCG,
        RULES,
        parse_seats("random,random"),
        50,
        seed=1,
        workers=2,
        progress=lambda done, total: seen.append(done),
    )
    assert seen[-1] == 50


def test_never_more_workers_than_matches() -> None:
    result = simulate(TCG, RULES, parse_seats("random,random"), 1, seed=1, workers=4)
    assert result.workers == 1
    assert chunk_size(1, 4) == 1


def test_the_rules_reach_the_workers() -> None:
    rules = RULES.changed(starting_health=5)
    short = simulate(TCG, rules, parse_seats("greedy,greedy"), 6, seed=1, workers=2)
    usual = simulate(TCG, RULES, parse_seats("greedy,greedy"), 6, seed=1, workers=2)
    assert max(m.decisions for m in short.matches) < min(m.decisions for m in usual.matches)
    assert short.ruleset["starting_health"] == 5


def test_too_long_matches_count_as_unfinished() -> None:
    result = simulate(TCG, RULES, parse_seats("random,random"), 3, seed=1, limit=5)
    assert all(not m.finished and m.winners == () for m in result.matches)
    assert summarise(result).unfinished == 3


@pytest.mark.parametrize(
    ("games", "workers", "message"),
    [(0, 1, "at least one match"), (3, 0, "workers"), (3, 65, "workers")],
)
def test_bad_counts_are_refused(games: int, workers: int, message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        simulate(TCG, RULES, parse_seats("random,random"), games, seed=1, workers=workers)


def test_people_and_unknown_agents_are_refused() -> None:
    with pytest.raises(SimulationError, match="no people"):
        simulate(TCG, RULES, parse_seats("human,random"), 3, seed=1)
    with pytest.raises(UnknownAgent, match="nobody"):
        simulate(TCG, RULES, parse_seats("nobody,random"), 3, seed=1)
    with pytest.raises(UnknownAgent, match="needs 2 seats"):
        simulate(TCG, RULES, parse_seats("random,random,random"), 3, seed=1)


def test_a_failing_match_is_named_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.simulation import batch

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the rules broke")

    monkeypatch.setattr(batch, "play_match", broken)
    with pytest.raises(SimulationError, match=r"match 0 \(seed \d+, seats random, random\)"):
        simulate(TCG, RULES, parse_seats("random,random"), 2, seed=1)


def test_a_failing_match_in_a_worker_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.simulation import batch

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the rules broke")

    monkeypatch.setattr(batch, "play_match", broken)  # forked workers inherit the patch
    with pytest.raises(SimulationError, match="the rules broke"):
        simulate(TCG, RULES, parse_seats("random,random"), 4, seed=1, workers=2)


def test_every_game_simulates() -> None:
    for name, agents in [("war", "random,random,random"), ("karata", "heuristic,heuristic")]:
        game = find(name)
        rules = game.default_ruleset()
        if name == "war":
            rules = rules.changed(players=3)
        result = simulate(game, rules, parse_seats(agents), 3, seed=1, workers=2)
        assert len(result.matches) == 3
