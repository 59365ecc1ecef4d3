"""Contracts of whole matches: they end, keep their cards, replay, copy and round-trip.

Each contract here plays random matches of a game under one ruleset (see
:mod:`cardtable.testing.contract`) and fails with an assertion naming what went wrong.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from cardtable.agents import RandomAgent
from cardtable.engine import Decision, DecisionError, Game, Match, Record, Rng, canonical
from cardtable.simulation import agent_rng
from cardtable.testing.contract import Budget, refusal
from cardtable.testing.playing import play_on, random_decisions
from cardtable.testing.states import state_text, zone_census


def random_playouts_end_and_never_raise(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """Random matches end with an outcome and never raise; the seat to act always has a legal
    move, and its default decision is one it can make."""
    for seed in budget.seeds_of(game, ruleset):
        match = None
        for match, seat, _ in random_decisions(game, ruleset, seed):
            legal = match.legal(seat)
            assert legal.moves, "the seat to act must have a legal move"
            assert legal.default is not None
            assert game.can(match.state, seat, legal.default)
        assert match is not None
        assert match.over
        assert match.to_act is None
        assert match.outcome is not None
        assert match.outcome.reason


def cards_are_conserved(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """Every card lies in exactly one zone, and cards come and go only by the engine's
    ``card_created`` and ``card_removed`` events."""
    for seed in budget.seeds_of(game, ruleset):
        count = None
        for match, _, _ in random_decisions(game, ruleset, seed, budget.states):
            state = match.state
            census = zone_census(state)
            created = sum(1 for e in match.events(None) if e["type"] == "card_created")
            removed = sum(1 for e in match.events(None) if e["type"] == "card_removed")
            if count is None:
                count = len(state.cards) - created + removed
            assert len(state.cards) == count + created - removed
            assert set(census) == {card.id for card in state.cards}
            assert set(census.values()) == {1}, "every card lies in exactly one zone"


def replay_is_exact(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """A match's record, through JSON, replays to the same state (hash and JSON) and the same
    events."""
    for seed in budget.seeds_of(game, ruleset):
        playing = [match for match, _, _ in random_decisions(game, ruleset, seed)]
        match = playing[-1]
        assert match.over
        record = Record.from_json(json.loads(json.dumps(match.record().to_json())))
        replayed = Match.replay(game, record)
        assert replayed.hash() == match.hash()
        assert state_text(game, replayed.state) == state_text(game, match.state)
        assert replayed.events(None) == match.events(None)


def state_round_trips_through_json(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """A state read back from its JSON writes the same JSON, and plays on exactly as the
    original does."""
    rng = Rng(99)
    for seed in budget.seeds_of(game, ruleset):
        for match, seat, decision in random_decisions(game, ruleset, seed, budget.states):
            if rng.below(4):
                continue
            text = json.dumps(game.state_to_json(match.state))
            loaded = game.state_from_json(json.loads(text))
            assert canonical(game.state_to_json(loaded)) == canonical(json.loads(text))
            loaded.journal = []
            game.decide(loaded, seat, decision)
            original = match.state.copy()
            game.decide(original, seat, decision)
            assert state_text(game, loaded) == state_text(game, original)


def copies_are_independent(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """A copy of a state starts equal to it, and playing the copy on leaves the original
    untouched."""
    for seed in budget.seeds_of(game, ruleset)[:4]:
        for match, _, _ in random_decisions(game, ruleset, seed, budget.states):
            before = state_text(game, match.state)
            clone = match.state.copy()
            assert state_text(game, clone) == before
            play_on(game, clone, seed, budget.playout)
            assert state_text(game, match.state) == before


def decision_texts_round_trip(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """The text of every legal decision parses back to the same decision."""
    for seed in budget.seeds_of(game, ruleset)[:4]:
        for match, seat, _ in random_decisions(game, ruleset, seed, budget.states):
            for option in match.legal(seat).options:
                assert game.parse_decision(option.text()) == option


def refused_decisions_change_nothing(game: Game[Any, Any], ruleset: Any, budget: Budget) -> None:
    """Another seat's legal move, made by a seat that may not make it, is refused and leaves
    the state as it was."""
    for seed in budget.seeds_of(game, ruleset)[:4]:
        for match, seat, _ in random_decisions(game, ruleset, seed, budget.states):
            state = match.state
            before = state_text(game, state)
            others = [other for other in range(state.seats) if other != seat]
            for other in others:
                for move in match.legal(seat).moves:
                    if game.can(state, other, move):
                        continue
                    refusal(partial(game.decide, state, other, move), f"seat {other}: {move}")
                    assert state_text(game, state) == before


def a_seat_trying_illegal_decisions_is_refused_or_penalised(
    game: Game[Any, Any], ruleset: Any, budget: Budget
) -> None:
    """A seat that keeps trying decisions it may not make is refused (changing nothing) or
    penalised where the rules fine it, and the match still ends and replays exactly.

    Seat 0 now and then repeats a decision made earlier in the match that it may not make
    now (a card that does not match, a request without Aces, a move out of turn...). Each is
    either refused, changing nothing, or, where the rules penalise it (Karata's fines),
    applied as the penalty; either way the match goes on to its end and its record replays
    exactly."""
    tried = 0
    for seed in budget.seeds_of(game, ruleset)[:4]:
        match: Match[Any] = Match(game, ruleset, seed)
        agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(match.state.seats)]
        rng = Rng(seed)
        recent: list[Decision] = []
        while not match.over:
            seat = match.to_act
            assert seat is not None
            if rng.below(3) == 0:
                wrong = [d for d in recent if not game.can(match.state, 0, d)]
                if wrong:
                    tried += 1
                    before = state_text(game, match.state)
                    try:
                        error = match.decide(0, rng.choice(wrong))
                    except DecisionError:
                        assert state_text(game, match.state) == before
                    else:
                        assert error is not None, "an illegal decision was accepted"
                        assert state_text(game, match.state) != before
                    continue
            decision = agents[seat].choose(match.legal(seat))
            if decision not in recent:
                recent = [*recent[-19:], decision]
            match.decide(seat, decision)
        census = zone_census(match.state)
        assert set(census.values()) == {1}
        record = Record.from_json(json.loads(json.dumps(match.record().to_json())))
        assert Match.replay(game, record).hash() == match.hash()
    assert tried > 0, "seat 0 never tried an illegal decision: the contract proved nothing"
