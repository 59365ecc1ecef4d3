"""Contracts of what a game declares: the shapes of its JSON, of its decisions, and its
outcomes' codes and words."""

from __future__ import annotations

import json
from typing import Any

from cardtable.agents import RandomAgent
from cardtable.engine import CONCEDE, Game, Match, canonical, view_to_json
from cardtable.games.schemas import decision_from_json, validate_event, validate_view
from cardtable.simulation import agent_rng
from cardtable.testing.contract import Budget
from cardtable.testing.hidden import seats_and_spectator
from cardtable.testing.playing import random_decisions


def views_events_and_decisions_match_their_schemas(
    game: Game[Any, Any], ruleset: Any, budget: Budget
) -> None:
    """Every view, event and legal decision matches the game's JSON Schemas, and a decision
    read back from its JSON is the same decision."""
    for seed in budget.seeds_of(game, ruleset)[:4]:
        match = None
        for match, seat, _ in random_decisions(game, ruleset, seed, budget.states):
            for observer in seats_and_spectator(match.state):
                validate_view(game, view_to_json(match.view(observer)))
            for option in match.legal(seat).options:
                assert decision_from_json(game, json.loads(json.dumps(option.to_json()))) == option
        assert match is not None
        for observer in seats_and_spectator(match.state):
            for event in match.events(observer):
                validate_event(game, event)


def decision_shapes_say_what_their_texts_say(
    game: Game[Any, Any], ruleset: Any, budget: Budget
) -> None:
    """Every legal decision's shape has its kind and its text (which reads back as the same
    decision), and names only cards of the match and targets in their text form."""
    for match, seat, _ in random_decisions(game, ruleset, budget.seeds_of(game, ruleset)[0], 40):
        ids = {card.id for card in match.state.cards}
        keys = {card.key for card in match.state.cards}
        for move in match.legal(seat).moves:
            shape = move.shape()
            assert (shape.kind, shape.text) == (move.kind, move.text())
            assert game.parse_decision(shape.text) == move
            for card in shape.cards:
                assert card in (ids if isinstance(card, int) else keys), f"{shape}: {card!r}"
            for target in shape.targets:
                assert target.startswith(("p", "#")), f"{shape}: target {target!r}"
            assert canonical(shape.to_json()) == canonical(json.loads(json.dumps(shape.to_json())))


def every_outcome_has_a_documented_code_and_seats_in_range(
    game: Game[Any, Any], ruleset: Any, budget: Budget
) -> None:
    """Every match ends with an outcome of one of its game's declared codes (each listed on
    the rules page, under "How a match ends"), whose winners and seats are seats of the match;
    its words name every seat it concerns; seats conceding one after another end it too."""
    # A game that declares no codes (a plug-in written before them) may end with an outcome
    # of a sentence alone, besides the engine's ``conceded``.
    declares = game.outcome_codes is not Game.outcome_codes
    rules = game.rules_text()
    for code in game.outcome_codes if declares else ():
        assert f"`{code}`" in rules, f"{code!r} is not on the rules page"
    ends = []
    for seed in budget.seeds_of(game, ruleset)[:4]:
        match: Match[Any] = Match(game, ruleset, seed)
        agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(match.state.seats)]
        while match.to_act is not None:
            match.decide(match.to_act, agents[match.to_act].choose(match.legal(match.to_act)))
        ends.append(match)
    conceded: Match[Any] = Match(game, ruleset, seed=0)
    while conceded.to_act is not None:  # each seat to act concedes, until the match ends
        conceded.decide(conceded.to_act, CONCEDE)
    ends.append(conceded)
    for match in ends:
        outcome = match.outcome
        assert outcome is not None
        if outcome.code or declares:
            assert outcome.code in game.outcome_codes, f"{outcome.code!r} is not declared"
        seats = range(match.state.seats)
        assert all(seat in seats for seat in (*outcome.winners, *outcome.seats)), outcome
        names = [f"Name{seat}" for seat in seats]
        worded = game.describe_outcome(outcome, names.__getitem__, None)
        assert all(names[seat] in worded for seat in outcome.seats), worded
        mine = game.describe_outcome(outcome, names.__getitem__, 0)
        assert mine.startswith("You " if outcome.winners else "Nobody won"), mine
