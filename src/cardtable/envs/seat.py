"""One seat of a game as a Gymnasium environment, against cardtable's computer players.

The learner holds ``seat``; every other seat is a cardtable agent named as on the command
line (``random``, ``greedy``, ``heuristic``, ``ismcts:easy``..., or one's own by import
path, ``py:mypolicies:Frozen``: an earlier policy as a sparring partner), one name for all
of them or one per other seat. Between two of the learner's steps the others play until it is the
learner's turn again or the match is over. Observations are the AEC environment's
(``{"observation", "action_mask"}``), the mask is also :meth:`SeatEnv.action_masks` (the name
maskable learners look for), and the reward is ``+1``, ``-1`` or ``0`` at the end. An action
the mask does not allow raises ``IllegalDecision``; with ``illegal="lose"`` it ends the
episode with ``-1`` instead (for learners that ignore masks, and Gymnasium's checker).

>>> seat = SeatEnv("tcg", opponents="greedy")
>>> observation, info = seat.reset(seed=4)
>>> total = 0.0
>>> while True:
...     legal = observation["action_mask"].nonzero()[0]
...     observation, reward, terminated, truncated, info = seat.step(legal[0])
...     total += reward
...     if terminated or truncated:
...         break
>>> total in (-1.0, 0.0, 1.0), info["winners"] is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np

from cardtable.agents.base import Agent, BlindAgent
from cardtable.agents.registry import UnknownAgent, make_agent, parse_seats
from cardtable.engine.errors import IllegalDecision
from cardtable.engine.rng import Rng
from cardtable.envs.aec import CardtableEnv, agent_name, reward_for
from cardtable.envs.encoding import Mask, Observation

SeatObservation = dict[str, Observation | Mask]


class SeatEnv(gymnasium.Env[SeatObservation, np.int64]):
    """``seat`` of ``game`` for a learner; cardtable agents at the other seats."""

    def __init__(
        self,
        game: str,
        rules: object = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        illegal: Literal["raise", "lose"] = "raise",
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal={illegal!r}: choose raise or lose")
        self.table = CardtableEnv(game, rules, render_mode)
        seats = self.table.encoding.seats
        if not 0 <= seat < seats:
            raise ValueError(f"{self.table.game.title} has seats 0..{seats - 1}, not {seat}")
        names = [opponents] if isinstance(opponents, str) else list(opponents)
        specs = [spec for name in names for spec in parse_seats(name, imports=True)]
        if len(specs) == 1:
            specs = specs * (seats - 1)
        if len(specs) != seats - 1 or any(spec.human for spec in specs):
            raise UnknownAgent(
                f"{self.table.game.title} with these rules needs {seats - 1} computer "
                f"opponent(s); got {', '.join(spec.text() for spec in specs) or 'none'}"
            )
        for spec in specs:  # an unknown name fails now, not at the first reset
            make_agent(spec, self.table.game, Rng(0))
        self.seat = seat
        self.illegal = illegal
        self.lost_by_illegal = False
        """Whether the episode ended on an illegal action (``illegal="lose"``)."""
        self.agent = agent_name(seat)
        self.specs = specs
        self.opponents: dict[int, Agent] = {}
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self.render_mode = render_mode
        self.metadata = self.table.metadata

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[SeatObservation, dict[str, Any]]:
        """A new match (seeded ``seed``: the same seed, the same opponents' choices)."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**63))
        table = self.table
        table.reset(seed=seed)
        self.lost_by_illegal = False
        others = [seat for seat in range(table.encoding.seats) if seat != self.seat]
        self.opponents = {}
        for seat, spec in zip(others, self.specs, strict=True):
            agent = make_agent(spec, table.game, Rng.derive(seed, "agent", seat))
            agent.sit(table.game, table.rules)
            self.opponents[seat] = agent
        self._others_play()
        return table.observe(self.agent), self._info()

    def step(self, action: np.int64) -> tuple[SeatObservation, float, bool, bool, dict[str, Any]]:
        """Play ``action``, then let the others play until the learner's next turn."""
        if self.lost_by_illegal:
            raise IllegalDecision("the episode is over: reset the environment", code="match_over")
        if self.illegal == "lose" and not self.action_masks()[int(action)]:
            self.lost_by_illegal = True
            observation = self.table.observe(self.agent)
            observation["action_mask"][:] = 0
            return observation, -1.0, True, False, {**self._info(), "illegal": True}
        self.table.step(action)
        self._others_play()
        table = self.table
        outcome = table.outcome
        reward = 0.0 if outcome is None else reward_for(outcome, self.seat)
        return table.observe(self.agent), reward, outcome is not None, False, self._info()

    def action_masks(self) -> Mask:
        """The learner's legal actions now (all zeros once the match is over)."""
        return self.table.mask(self.agent)

    def _others_play(self) -> None:
        table = self.table
        game, state = table.game, table.state_now
        while state.outcome is None:
            seat = game.to_act(state)
            if seat is None or seat == self.seat:
                return
            agent = self.opponents[seat]
            legal = game.legal(state, seat)
            if isinstance(agent, BlindAgent):
                decision = agent.choose(legal)
            else:
                decision = agent.decide(table.view(seat), legal)
            table.play(decision)

    def _info(self) -> dict[str, Any]:
        outcome = self.table.outcome
        return {"winners": None if outcome is None else list(outcome.winners)}

    def render(self) -> str | None:
        return self.table.render()
