"""Every game as a PettingZoo AEC environment.

Agents are ``player_0``, ``player_1``... one per seat, and act when the game says so: a seat
that decides several times in a row (a Kata TCG turn, a Karata turn built card by card)
keeps the selection. Each observation is ``{"observation": float32 vector, "action_mask":
int8 vector}``, built from the seat's view alone; the mask marks the legal actions of the
selected agent and is all zeros for the others. Rewards come at the end: ``+1`` for each
winner (a shared win counts for every winner), ``-1`` for every other seat, ``0`` for all
when nobody won. ``reset(seed=S)`` plays the match the engine seeds ``S``; later resets
without a seed draw their seeds from it.

>>> env = CardtableEnv("war", {"players": 3, "suits": 2, "ranks": 4})
>>> env.reset(seed=3)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_0', 1)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated or truncated else 0)
>>> env.agents, env.outcome.winners
([], (0,))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.engine.decisions import Decision
from cardtable.engine.errors import IllegalDecision
from cardtable.engine.outcome import Outcome
from cardtable.engine.sight import Sight
from cardtable.engine.state import State
from cardtable.engine.view import View, describe
from cardtable.envs.encoding import Mask, Observation
from cardtable.envs.encodings import encoding_for, resolve

RENDER_MODES = ("ansi",)


def agent_name(seat: int) -> str:
    """The PettingZoo name of a seat.

    >>> agent_name(1)
    'player_1'
    """
    return f"player_{seat}"


class CardtableEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One game under one ruleset as an AEC environment (see the module)."""

    def __init__(self, game: str, rules: object = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r}: choose from {', '.join(RENDER_MODES)}")
        self.game, self.rules = resolve(game, rules)
        self.encoding = encoding_for(self.game, self.rules)
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "name": f"cardtable_{self.game.name}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [agent_name(seat) for seat in range(self.encoding.seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoding.actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.actions) for agent in self.possible_agents
        }
        self._no_moves: Mask = np.zeros(self.encoding.actions, dtype=np.int8)
        self._seed_source: np.random.Generator | None = None
        """Where seeds for resets without one come from (made when first needed: from the
        last seed given, else fresh)."""
        self._seed_given: int | None = None
        self.match_state: State | None = None
        self.match_seed = 0
        """The seed of the match being played."""
        self._known: tuple[int, int, View[Any]] | None = None
        self._sight: tuple[int, int, Sight] | None = None
        self._legal: tuple[int, Mask, dict[int, Decision]] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the match ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match: seeded ``seed``, or with a seed drawn from the last one given."""
        if seed is not None:
            self._seed_source, self._seed_given = None, seed
            self.match_seed = seed
        else:
            if self._seed_source is None:
                self._seed_source = np.random.default_rng(self._seed_given)
            self.match_seed = int(self._seed_source.integers(2**63))
        self.restore(self.game.setup(self.rules, self.match_seed, journal=False))

    def restore(self, state: State) -> None:
        """Play on from ``state``, a running match of this game and ruleset (a scenario, or a
        copy kept earlier); every agent starts afresh, with no reward yet."""
        if state.outcome is not None:
            raise ValueError("the match is over: restore a state that is still running")
        if state.rules.game.name != self.game.name or state.rules.ruleset != self.rules:
            raise ValueError(f"restore a state of this {self.game.title} under these rules")
        self.match_state = state
        self._known = None
        self._sight = None
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    @property
    def state_now(self) -> State:
        """The match being played (``RuntimeError`` before the first reset)."""
        if self.match_state is None:
            raise RuntimeError("reset the environment before using it")
        return self.match_state

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (``None`` while it runs)."""
        return self.state_now.outcome

    def step(self, action: Any) -> None:
        """Make the selected agent's decision of index ``action`` (``IllegalDecision`` for an
        index the mask does not allow)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal
        if legal is None or legal[0] != (self.match_state or self.state_now).version:
            self._moves(self._seats[agent])
            legal = self._legal
            assert legal is not None
        decision = legal[2].get(int(action))
        if decision is None:
            raise IllegalDecision(
                f"action {action} ({self.encoding.action_text(int(action))}) is not legal for "
                f"{agent} now; choose an action the mask allows"
            )
        self.play(decision)

    def play(self, decision: Decision) -> None:
        """Make ``decision``, a legal decision of the selected agent's seat, as :meth:`step`
        does with an index (a cardtable agent can play a seat this way)."""
        agent = self.agent_selection
        state = self.match_state or self.state_now
        self.game.decide(state, self._seats[agent], decision)
        self._cumulative_rewards[agent] = 0.0
        outcome = state.outcome
        if outcome is not None:  # rewards are all zero until the match ends
            for other, seat in self._seats.items():
                self.rewards[other] = reward_for(outcome, seat)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        state = self.match_state or self.state_now
        seat = self.game.to_act(state)
        if seat is None:
            self.agent_selection = self.agents[0]
            if state.outcome is None:
                raise RuntimeError(f"{self.game.title}: nobody is to act, yet the match runs")
        else:
            self.agent_selection = self.possible_agents[seat]

    # -- what a seat sees -----------------------------------------------------------------

    def view(self, seat: int) -> View[Any]:
        """The view of ``seat`` now (built once per state version)."""
        state = self.state_now
        known = self._known
        if known is not None and known[0] == state.version and known[1] == seat:
            return known[2]
        view = self.game.view(state, seat)
        self._known = (state.version, seat, view)
        return view

    def sight(self, seat: int) -> Sight:
        """What ``seat`` may know now, read from the state when asked (one per state
        version): observations and masks are made from it alone."""
        state = self.state_now
        known = self._sight
        if known is not None and known[0] == state.version and known[1] == seat:
            return known[2]
        sight = self.game.sight(state, seat)
        self._sight = (state.version, seat, sight)
        return sight

    def _moves(self, seat: int) -> tuple[Mask, dict[int, Decision]]:
        state = self.state_now
        legal = self._legal
        if legal is not None and legal[0] == state.version:
            return legal[1], legal[2]
        mask, moves = self.encoding.mask(self.sight(seat), self.game.legal(state, seat))
        self._legal = (state.version, mask, moves)
        return mask, moves

    def observe(self, agent: str) -> dict[str, Observation | Mask]:
        seat = self._seats[agent]
        state = self.match_state or self.state_now
        version = state.version
        known = self._sight
        if known is not None and known[0] == version and known[1] == seat:
            sight = known[2]
        else:
            sight = self.game.sight(state, seat)
            self._sight = (version, seat, sight)
        observation = self.encoding.observe(sight)
        if agent != self.agent_selection or self.terminations.get(agent, True):
            return {"observation": observation, "action_mask": self._no_moves.copy()}
        legal = self._legal
        if legal is None or legal[0] != version:  # the mask from the same sight
            mask, moves = self.encoding.mask(sight, self.game.legal(state, seat))
            legal = self._legal = (version, mask, moves)
        return {"observation": observation, "action_mask": legal[1].copy()}

    def mask(self, agent: str) -> Mask:
        """``agent``'s action mask now: its legal actions when it is selected and the match
        runs, else all zeros."""
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            return self._moves(self._seats[agent])[0].copy()
        return self._no_moves.copy()

    def render(self) -> str | None:
        """The table as a spectator sees it (the ``ansi`` mode's text)."""
        if self.render_mode is None:
            return None
        state = self.state_now
        text = describe(self.game.view(state, None))
        return f"{self.game.title}\n{text}"

    def close(self) -> None:
        """Nothing to release: a match is plain data."""


def reward_for(outcome: Outcome, seat: int) -> float:
    """``seat``'s reward for a finished match: +1 for a winner, -1 for the others, 0 for all
    when nobody won.

    >>> shared, nobody = Outcome(winners=(0, 2), reason="tie"), Outcome(winners=(), reason="")
    >>> reward_for(shared, 2), reward_for(shared, 1), reward_for(nobody, 1)
    (1.0, -1.0, 0.0)
    """
    if not outcome.winners:
        return 0.0
    return 1.0 if seat in outcome.winners else -1.0


def env(game: str, rules: object = None, render_mode: str | None = None) -> CardtableEnv:
    """The AEC environment of ``game`` under ``rules`` (a ruleset, a mapping of rule fields,
    or ``None`` for the defaults).

    >>> table = env("tcg", {"minions": True}, render_mode="ansi")
    >>> table.reset(seed=1)
    >>> table.observe(table.agent_selection)["action_mask"].sum() > 0
    np.True_
    """
    return CardtableEnv(game, rules, render_mode)
