"""Train or evaluate an agent with each research API, and score it against random play.

The figures of docs/research.md come from this script (``python scripts/research_example.py``);
CI runs ``--quick``, a smaller form with a smaller margin, through tests/docs/test_research.py.
Each example fails (exit status 1) when its agent does not beat random play by its margin:

* PettingZoo: a linear softmax policy learns the Kata TCG by REINFORCE, playing either seat
  against a uniformly random player in the AEC environment;
* Gymnasium: the same learner, one seat of the Kata TCG with minions against cardtable's
  ``random`` agent, through the single-seat environment;
* OpenSpiel: OpenSpiel's information-set MCTS, searching worlds dealt from its own view,
  against OpenSpiel's uniformly random bot.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from cardtable.envs import env
from cardtable.envs.openspiel import load
from cardtable.envs.seat import SeatEnv

DOC = Path(__file__).resolve().parent.parent / "docs" / "research.md"
START, END = "<!-- research:start -->", "<!-- research:end -->"
Vector = npt.NDArray[np.float64]
LEARNER = "linear policy, REINFORCE"


@dataclass(frozen=True)
class Plan:
    """How big an example run is, and the share of games its agent must win."""

    episodes: int
    games: int
    margin: float
    simulations: int


FULL = Plan(episodes=3000, games=400, margin=0.75, simulations=60)
QUICK = Plan(episodes=300, games=60, margin=0.6, simulations=20)


@dataclass(frozen=True)
class Result:
    api: str
    agent: str
    wins: int
    games: int
    seconds: float
    before: int | None = None
    """Games won before training, on the same deals (``None``: nothing was trained)."""

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def line(self) -> str:
        before = "-" if self.before is None else f"{self.before / self.games:.0%}"
        return (
            f"| {self.api} | {self.agent} | {before} | {self.wins} of {self.games} "
            f"({self.rate:.0%}) | {self.seconds:.0f} s |"
        )


class LinearPolicy:
    """A softmax over the legal actions of ``observation @ weights + bias``, learnt by
    REINFORCE with a running baseline."""

    def __init__(self, size: int, actions: int, seed: int, rate: float = 0.05) -> None:
        self.weights = np.zeros((size, actions))
        self.bias = np.zeros(actions)
        self.rng = np.random.default_rng(seed)
        self.rate = rate
        self.baseline = 0.0
        self.trace: list[tuple[Vector, Vector, int]] = []

    def act(
        self, observation: npt.NDArray[Any], mask: npt.NDArray[Any], *, learn: bool = True
    ) -> int:
        """An action drawn among the legal ones (``mask``); the observation may be of any
        numeric type (the environments give ``float32``, masks ``int8``)."""
        logits = observation @ self.weights + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        chances = np.exp(logits - logits.max())
        chances /= chances.sum()
        action = int(self.rng.choice(len(chances), p=chances))
        if learn:
            self.trace.append((observation.astype(np.float64), chances, action))
        return action

    def finish(self, reward: float) -> None:
        """Learn from one episode's steps and its final reward."""
        advantage = reward - self.baseline
        self.baseline += 0.02 * (reward - self.baseline)
        for observation, chances, action in self.trace:
            step = -chances
            step[action] += 1.0
            self.weights += self.rate * advantage * np.outer(observation, step)
            self.bias += self.rate * advantage * step
        self.trace = []


def uniform(rng: np.random.Generator) -> Callable[[Vector], int]:
    def choose(mask: Vector) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[rng.integers(len(legal))])

    return choose


def trained(api: str, plan: Plan, episode: Callable[[int, bool], float], start: float) -> Result:
    """Score the learner before training, train it for the plan's episodes, score it again
    on the same deals (an episode returns the learner's reward)."""
    before = sum(episode(number, False) > 0 for number in range(plan.games))
    for number in range(plan.episodes):
        episode(number, True)
    wins = sum(episode(number, False) > 0 for number in range(plan.games))
    return Result(api, LEARNER, wins, plan.games, time.perf_counter() - start, before)


def pettingzoo_example(plan: Plan, seed: int) -> Result:
    """REINFORCE in the AEC environment: the learner takes either seat in turn."""
    start = time.perf_counter()
    table = env("tcg")
    policy = LinearPolicy(table.encoding.size, table.encoding.actions, seed)
    opponent = uniform(np.random.default_rng(seed + 1))

    def episode(number: int, learn: bool) -> float:
        learner = f"player_{number % 2}"
        table.reset(seed=seed * 1_000_000 + number + (0 if learn else 500_000))
        result = 0.0
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                if agent == learner:
                    result = reward
                table.step(None)
            elif agent == learner:
                mask = observation["action_mask"]
                table.step(policy.act(observation["observation"], mask, learn=learn))
            else:
                table.step(opponent(observation["action_mask"]))
        if learn:
            policy.finish(result)
        return result

    return trained("PettingZoo (AEC)", plan, episode, start)


def gymnasium_example(plan: Plan, seed: int) -> Result:
    """REINFORCE through the Gymnasium single-seat environment, against cardtable's agent."""
    start = time.perf_counter()
    seat = SeatEnv("tcg", {"minions": True}, opponents="random")
    spaces, actions = seat.observation_space, seat.action_space
    assert isinstance(spaces, gymnasium.spaces.Dict)
    assert isinstance(actions, gymnasium.spaces.Discrete)
    size = spaces["observation"].shape
    assert size is not None
    policy = LinearPolicy(size[0], int(actions.n), seed)

    def episode(number: int, learn: bool) -> float:
        observation, _ = seat.reset(seed=seed * 1_000_000 + number + (0 if learn else 500_000))
        while True:
            mask = observation["action_mask"]
            action = policy.act(observation["observation"], mask, learn=learn)
            observation, reward, terminated, truncated, _ = seat.step(np.int64(action))
            if terminated or truncated:
                if learn:
                    policy.finish(reward)
                return reward

    return trained("Gymnasium (one seat)", plan, episode, start)


def openspiel_example(plan: Plan, seed: int) -> Result:
    """OpenSpiel's information-set MCTS against its uniformly random bot, seats alternating."""
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    start = time.perf_counter()
    game = load("tcg", seed=seed)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    games = max(plan.games // 10, 4)
    wins = 0
    for number in range(games):
        searcher = number % 2
        bots = [
            ismcts.ISMCTSBot(game, evaluator, 2.0, plan.simulations, random_state=rng),
            UniformRandomBot(1 - searcher, rng),
        ]
        if searcher:
            bots.reverse()
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        wins += state.returns()[searcher] > 0
    label = f"information-set MCTS, {plan.simulations} simulations"
    return Result("OpenSpiel", label, wins, games, time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the small form CI runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"put the table in {DOC.name}")
    options = parser.parse_args(argv)
    plan = QUICK if options.quick else FULL
    lines = [
        f"Kata TCG, against random play; each agent must win at least {plan.margin:.0%}.",
        "",
        "| API | agent | before training | won against random | time |",
        "|---|---|---:|---:|---:|",
    ]
    print("\n".join(lines), flush=True)
    failed = False
    for example in (pettingzoo_example, gymnasium_example, openspiel_example):
        result = example(plan, options.seed)
        lines.append(result.line())
        print(result.line(), flush=True)
        failed |= result.rate < plan.margin
    if options.write and not options.quick:
        command = "python scripts/research_example.py --write"
        write(f"Made with `{command}` on {time.strftime('%Y-%m-%d')}.\n\n" + "\n".join(lines))
        print(f"updated {DOC.name}")
    return 1 if failed else 0


def write(text: str) -> None:
    """Put ``text`` between the markers of docs/research.md."""
    page = DOC.read_text(encoding="utf-8")
    head, _, rest = page.partition(START)
    _, _, tail = rest.partition(END)
    if not rest or END not in rest:
        raise SystemExit(f"{DOC.name} has no {START} ... {END} markers")
    DOC.write_text(f"{head}{START}\n{text}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
