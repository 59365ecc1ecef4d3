"""Playing whole matches between agents, headless.

>>> from cardtable.games import find
>>> from cardtable.agents import RandomAgent
>>> from cardtable.engine import Rng
>>> game = find("tcg")
>>> players = [RandomAgent(Rng(1)), RandomAgent(Rng(2))]
>>> match = play_match(game, game.default_ruleset(), players, seed=5)
>>> match.over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.agents.base import Agent, BlindAgent
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.rng import Rng

DEFAULT_DECISION_LIMIT = 100_000


class MatchTooLong(CardtableError):
    """A match did not end within the decision limit."""


def agent_rng(seed: int, seat: int) -> Rng:
    """The generator of the agent at ``seat`` in the match seeded ``seed``."""
    return Rng.derive(seed, "agent", seat)


def play_match(
    game: Game[Any, Any],
    ruleset: Any,
    agents: Sequence[Agent],
    seed: int,
    *,
    journal: bool = True,
    limit: int = DEFAULT_DECISION_LIMIT,
) -> Match[Any]:
    """Play a match to its end with one agent per seat; return it (record and journal kept).

    Each agent is first told the game and the rules (:meth:`~cardtable.agents.Agent.sit`).
    """
    for agent in agents:
        agent.sit(game, ruleset)
    match: Match[Any] = Match(
        game, ruleset, seed, seats=[agent.name for agent in agents], journal=journal
    )
    state = match.state
    if len(agents) != state.seats:
        raise ValueError(f"{game.title} has {state.seats} seats; got {len(agents)} agents")
    legal_of = game.legal
    # A blind agent's way of choosing, found once (an ABC's isinstance is slow): None for others.
    blind = [agent.choose if isinstance(agent, BlindAgent) else None for agent in agents]
    for _ in range(limit):
        seat = game.to_act(state)
        if seat is None:
            return match
        legal = legal_of(state, seat)
        choose = blind[seat]
        if choose is not None:
            decision = choose(legal)
        else:
            decision = agents[seat].decide(game.view(state, seat), legal)
        match.decide(seat, decision)
    if game.to_act(state) is None:
        return match
    raise MatchTooLong(f"the match did not end within {limit} decisions")
