"""Random matches for the contracts: who plays them, which seats, and how many states.

Every contract plays its game with random players (one :class:`~cardtable.agents.RandomAgent`
a seat, seeded by :func:`~cardtable.simulation.agent_rng`), so a failure names a seed that
plays the same match again. Long games get fewer matches, not slower checks:

>>> from cardtable.games import find
>>> war = find("war")
>>> seeds_within(war, war.default_ruleset(), range(12), decisions=0)
[0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from cardtable.agents import RandomAgent
from cardtable.engine import Decision, Game, Match, Rng, State, canonical
from cardtable.simulation import agent_rng


def random_decisions(
    game: Game[Any, Any], ruleset: Any, seed: int, states: int | None = None
) -> Iterator[tuple[Match[Any], int, Decision]]:
    """Play a match with random agents, yielding (match, seat, decision) before each decision.

    With ``states``, yield before at most that many decisions, spread evenly over the match
    (the first and last included): checks that cost much per state stay linear in a game
    whose random matches run to thousands of decisions. The match is played once to learn
    its length, then again.
    """
    match: Match[Any] = Match(game, ruleset, seed)
    agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(match.state.seats)]
    played: list[tuple[int, Decision]] = []
    while not match.over:
        seat = match.to_act
        assert seat is not None, "a running match must have a seat to act"
        decision = agents[seat].choose(match.legal(seat))
        if states is None:
            yield match, seat, decision
        played.append((seat, decision))
        match.decide(seat, decision)
    if states is None:
        return
    chosen = spread(len(played), states)
    match = Match(game, ruleset, seed)
    for index, (seat, decision) in enumerate(played):
        if index in chosen:
            yield match, seat, decision
        match.decide(seat, decision)
    assert match.over


_LENGTHS: dict[tuple[str, str, int, str, int], int] = {}


def match_length(game: Game[Any, Any], ruleset: Any, seed: int) -> int:
    """How many decisions the random match of ``seed`` takes (remembered)."""
    kind = f"{type(game).__module__}.{type(game).__qualname__}"
    key = (kind, game.name, game.version, canonical(ruleset.to_json()), seed)
    if key not in _LENGTHS:
        _LENGTHS[key] = sum(1 for _ in random_decisions(game, ruleset, seed))
    return _LENGTHS[key]


def seeds_within(
    game: Game[Any, Any], ruleset: Any, seeds: Sequence[int], decisions: int, least: int = 3
) -> list[int]:
    """The first of ``seeds`` whose random matches take ``decisions`` in all (at least
    ``least`` seeds, whatever their length): long games get fewer matches, not slower checks."""
    chosen: list[int] = []
    total = 0
    for seed in seeds:
        if len(chosen) >= least and total >= decisions:
            break
        chosen.append(seed)
        total += match_length(game, ruleset, seed)
    return chosen


def spread(length: int, count: int) -> set[int]:
    """``count`` indices spread evenly over ``range(length)``, the first and last included.

    >>> sorted(spread(10, 4)), sorted(spread(3, 10))
    ([0, 3, 6, 9], [0, 1, 2])
    """
    if length <= count:
        return set(range(length))
    return {round(i * (length - 1) / (count - 1)) for i in range(count)}


def play_on(game: Game[Any, Any], state: State, seed: int, decisions: int) -> None:
    """Play ``state`` on with random legal moves (seeded ``seed``) until it ends or
    ``decisions`` have been made: a copy or a dealt world must go on as a match does."""
    rng = Rng(seed)
    for _ in range(decisions):
        if state.outcome is not None:
            return
        seat = game.to_act(state)
        assert seat is not None, "a match that is not over has someone to act"
        game.decide(state, seat, rng.choice(game.legal(state, seat).moves))
