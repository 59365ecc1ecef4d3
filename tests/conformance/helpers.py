"""Game-agnostic tools for the conformance suite."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from cardtable.agents import RandomAgent
from cardtable.engine import Decision, Game, Match, Rng, State, canonical, view_to_json
from cardtable.games import find, names
from cardtable.simulation import agent_rng


def all_games() -> list[Game[Any, Any]]:
    return [find(name) for name in names()]


def game_rulesets() -> list[tuple[Game[Any, Any], Any]]:
    """Every (game, example ruleset) pair, for parametrisation."""
    return [(game, ruleset) for game in all_games() for ruleset in game.example_rulesets()]


def pair_id(pair: tuple[Game[Any, Any], Any]) -> str:
    game, ruleset = pair
    index = game.example_rulesets().index(ruleset)
    return f"{game.name}-rules{index}"


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
    chosen = _spread(len(played), states)
    match = Match(game, ruleset, seed)
    for index, (seat, decision) in enumerate(played):
        if index in chosen:
            yield match, seat, decision
        match.decide(seat, decision)
    assert match.over


_LENGTHS: dict[tuple[str, str, int], int] = {}


def match_length(game: Game[Any, Any], ruleset: Any, seed: int) -> int:
    """How many decisions the random match of ``seed`` takes (remembered)."""
    key = (game.name, canonical(ruleset.to_json()), seed)
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


def _spread(length: int, count: int) -> set[int]:
    """``count`` indices spread evenly over ``range(length)``, the first and last included.

    >>> sorted(_spread(10, 4)), sorted(_spread(3, 10))
    ([0, 3, 6, 9], [0, 1, 2])
    """
    if length <= count:
        return set(range(length))
    return {round(i * (length - 1) / (count - 1)) for i in range(count)}


def shuffle_hidden(state: State, seat: int | None, rng: Rng) -> State:
    """A copy of ``state`` whose cards hidden from ``seat`` are permuted within their pools.

    This reads the true state on purpose: it makes a twin that differs from the original only
    in what ``seat`` cannot see, to prove that views and event streams do not depend on it.
    """
    twin = state.copy()
    slots: dict[str, list[tuple[str, int]]] = {}
    for name, zone in twin.zones.items():
        if zone.visible_to(seat) or zone.pool is None:
            continue
        slots.setdefault(zone.pool, []).extend((name, index) for index in range(len(zone.cards)))
    for places in slots.values():
        cards = [twin.zones[name].cards[index] for name, index in places]
        rng.shuffle(cards)
        for (name, index), card in zip(places, cards, strict=True):
            twin.zones[name].cards[index] = card
    return twin


def view_text(game: Game[Any, Any], state: State, seat: int | None) -> str:
    return canonical(view_to_json(game.view(state, seat)))


def state_text(game: Game[Any, Any], state: State) -> str:
    return canonical(game.state_to_json(state))


def zone_census(state: State) -> Counter[int]:
    """How many zones hold each card id (every card must be in exactly one)."""
    census: Counter[int] = Counter()
    for zone in state.zones.values():
        for card in zone.cards:
            census[card.id] += 1
            assert state.cards[card.id] is card, f"{card!r} is not the state's card #{card.id}"
            assert zone.pool is None or card.pool == zone.pool, f"{card!r} strays into {zone}"
    return census
