"""A search player for every game: information-set Monte Carlo tree search.

The player never looks at cards its seat cannot see. Each iteration deals a fresh *world*
(:func:`~cardtable.engine.determinise`): the hidden cards re-dealt at random, consistently with
its view, so that the world looks to its seat exactly like the real table. The game's search
hints (``game.search_hints``, :class:`~cardtable.engine.facets.SearchHints`) guide it. Where
the game infers something from the views the player has been shown during the match
(``beliefs``: in Karata, a player who picked held nothing it could play, and one who declared
last card held no Ace, bomb, Jack or King), the worlds are dealt to agree with it; else
uniformly. It then walks one tree shared by all worlds (single-observer ISMCTS): at each step
the moves legal *in this world* that the game finds worth weighing (``weighed``) are the
candidates, the untried one is tried, or the best by UCB1, where a child's exploration counts
the iterations in which it was available rather than its parent's visits. From the new leaf a
playout (``playout_move``, random unless the game plays more like its players) runs to the
end, or, after ``playout_limit`` decisions and at the next position the game calls quiet
(``quiet``: in Karata, between turns), the game's ``estimate`` scores the position. Each node
keeps the rewards of the seat that made its move, so the tree serves any number of players.

Where the agents know a model of how the game's players play (:mod:`~cardtable.agents.models`:
Karata's is its heuristic player), the other seats' moves in the tree are the model's, made
in the world at hand, rather than searched as though each of them searched too, and every
playout move is the model's: the tree then holds only the player's own decisions, and weighs
them against the replies it expects. ``modelled=False`` searches every seat instead.

Budgets are iterations (repeatable: the same seed and view give the same decision) or a time
limit in milliseconds (not repeatable, as the machine's speed decides how far it looks); an
agent's :attr:`~cardtable.agents.base.Agent.time_limit`, when set, stops any budget. The
levels a player picks map to budgets, smaller where the others are modelled:

>>> [(name, level.iterations, level.modelled) for name, level in LEVELS.items()]
[('easy', 50, 25), ('medium', 250, 125), ('hard', 1000, 500)]

>>> from cardtable.engine import Match, Rng
>>> from cardtable.games import find
>>> game = find("war")
>>> match = Match(game, game.default_ruleset(), seed=3)
>>> agent = IsmctsAgent(Rng(1), iterations=20)
>>> agent.sit(game, game.default_ruleset())
>>> agent.decide(match.view(0), match.legal(0)).text()
'turn'
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from cardtable.agents.base import Agent
from cardtable.agents.models import Model, model_for
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.determinise import Beliefs, Cards, determinise
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.state import State
from cardtable.engine.view import View

PLAYOUT_LIMIT = 10
"""Decisions a playout makes before the game's estimate scores the position. Short playouts
measured best: against two Karata heuristic players, 300 iterations won 8 of 12 three-player
matches with 10 (83 ms a decision), 7 of 12 with 30 (204 ms); against the Kata TCG planner
(healing and minions) all three of 10, 30 and 80 won 20 of 20, in 81, 136 and 184 ms."""

QUIET_LIMIT = 20
"""Decisions a playout past its limit may make to reach a quiet position
(:meth:`~cardtable.engine.facets.SearchHints.quiet`): it stops after them whatever the
position."""


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty: the budget of iterations per decision, and the smaller one it has where
    the others play as the game's model of its players (:mod:`~cardtable.agents.models`): a
    modelled iteration asks the model at every other seat's move, and costs two to three plain
    ones, so that a level's decisions take about as long in every game."""

    iterations: int
    modelled: int
    description: str


LEVELS: dict[str, Level] = {
    "easy": Level(50, 25, "50 iterations a decision (25 modelled): looks a little ahead"),
    "medium": Level(250, 125, "250 iterations a decision (125 modelled)"),
    "hard": Level(1000, 500, "1,000 iterations a decision (500 modelled): about a second here"),
}


class NotSeated(CardtableError):
    """The search player was asked to decide before it was told the game and its rules."""


class Node:
    """One decision in the shared tree: the move that led here and who made it."""

    __slots__ = ("actor", "available", "children", "move", "parent", "reward", "visits")

    def __init__(self, move: Decision | None, actor: int, parent: Node | None) -> None:
        self.move = move
        self.actor = actor
        self.parent = parent
        self.children: dict[Decision, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0

    def ucb(self, exploration: float) -> float:
        """UCB1 of this node's move, with ``exploration`` as its constant."""
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


class IsmctsAgent(Agent):
    """Information-set Monte Carlo tree search (see the module's documentation).

    ``iterations`` bounds the work per decision; ``milliseconds``, when given, bounds it by
    time instead (whichever comes first when both are given).
    """

    name = "ismcts"

    def __init__(
        self,
        rng: Rng,
        *,
        iterations: int = LEVELS["medium"].iterations,
        milliseconds: float | None = None,
        playout_limit: int = PLAYOUT_LIMIT,
        modelled: bool = True,
        level: Level | None = None,
    ) -> None:
        super().__init__(rng)
        if level is not None:
            iterations = level.iterations
        if iterations < 1:
            raise ValueError("a search needs at least one iteration")
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.playout_limit = playout_limit
        self.modelled = modelled
        """Whether the others play as the game's model of its players says, where it has one
        (:mod:`~cardtable.agents.models`)."""
        self.model: Model | None = None
        self.level = level
        """The level the budget comes from, if any: once seated, its iterations, or its
        modelled iterations where the game has a model."""
        self._book: RuleBook | None = None
        self._cards = Cards()
        """The cards of the worlds it searched, for the next worlds (see ``Cards``)."""
        self._beliefs: Beliefs | None = None
        self._believer: int | None = None
        self.last_iterations = 0
        """How many iterations the latest decision made (for measurements)."""

    def sit(self, game: Game[Any, Any], ruleset: Any) -> None:
        super().sit(game, ruleset)
        self._book = game.rulebook(ruleset)
        self._cards = Cards()  # the rules' cards: new rules, new cards
        self.model = model_for(game, ruleset) if self.modelled else None
        if self.level is not None:
            level = self.level
            self.iterations = level.iterations if self.model is None else level.modelled
        self._beliefs, self._believer = None, None

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        book, game = self._book, self.game
        if book is None or game is None:
            raise NotSeated("the search player must be told the game and its rules (Agent.sit)")
        beliefs = self._beliefs
        if self._believer != legal.seat:  # a new match, or a new seat: start afresh
            beliefs = self._beliefs = game.search_hints.beliefs(book, legal.seat)
            self._believer = legal.seat
        if beliefs is not None:
            beliefs.observe(view)
        move = self._search(game, book, beliefs, view, legal)
        if beliefs is not None:
            beliefs.chose(move)
        return move

    def _search(
        self,
        game: Game[Any, Any],
        book: RuleBook,
        beliefs: Beliefs | None,
        view: View[Any],
        legal: Decisions,
    ) -> Decision:
        if len(legal.moves) == 1:
            return legal.moves[0]
        limits = [
            seconds
            for seconds in (
                None if self.milliseconds is None else self.milliseconds / 1000,
                self.time_limit,
            )
            if seconds is not None
        ]
        deadline = time.perf_counter() + min(limits) if limits else None
        world = determinise(view, book, self.rng, dealer=beliefs, cards=self._cards)
        moves = game.search_hints.weighed(world, legal)  # the same in every world: the seat's own
        if len(moves) == 1:
            return moves[0]
        root = Node(None, legal.seat, None)
        done = 0
        while True:
            self._iterate(game, world, root, moves)
            done += 1
            if done >= self.iterations or (
                deadline is not None and time.perf_counter() >= deadline
            ):
                break
            world = determinise(view, book, self.rng, dealer=beliefs, cards=self._cards)
        self.last_iterations = done
        best = max(
            (root.children[move] for move in moves if move in root.children),
            key=lambda node: (node.visits, node.reward),
        )
        assert best.move is not None
        return best.move

    # -- one iteration ------------------------------------------------------------------------

    def _iterate(
        self, game: Game[Any, Any], world: State, root: Node, root_moves: tuple[Decision, ...]
    ) -> None:
        node = root
        rng = self.rng
        hints = game.search_hints
        exploration = hints.exploration
        model, me = self.model, root.actor
        moves = root_moves  # the real legal moves: the world agrees with them
        while world.outcome is None:
            actor = game.to_act(world)
            if actor is None:
                break
            if model is not None and actor != me:  # the others play as modelled: no node
                legal = game.legal(world, actor)
                if not legal.moves:
                    break
                game.decide(world, actor, model(world, legal, rng))
                continue
            if node is not root:
                moves = hints.weighed(world, game.legal(world, actor))
            if not moves:
                break
            children = node.children
            untried = [move for move in moves if move not in children]
            for move in moves:
                if move in children:
                    children[move].available += 1
            if untried:
                move = untried[rng.below(len(untried))]
                child = Node(move, actor, node)
                child.available = 1
                children[move] = child
                game.decide(world, actor, move)
                node = child
                break
            node = max(
                (children[move] for move in moves),
                key=lambda child: child.ucb(exploration),
            )
            assert node.move is not None
            game.decide(world, actor, node.move)
        rewards = self._playout(game, world)
        while node is not root:
            node.visits += 1
            node.reward += rewards[node.actor]
            parent = node.parent
            assert parent is not None
            node = parent
        root.visits += 1

    def _playout(self, game: Game[Any, Any], world: State) -> list[float]:
        """Quick moves (or the model's) to the end, or to ``playout_limit`` and then on to
        the next position the game calls quiet (at most :data:`QUIET_LIMIT` more); each
        seat's reward in [0, 1]."""
        rng = self.rng
        model = self.model
        limit = self.playout_limit
        hints = game.search_hints
        for done in range(limit + QUIET_LIMIT):
            if world.outcome is not None or (done >= limit and hints.quiet(world)):
                break
            actor = game.to_act(world)
            if actor is None:
                break
            legal = game.legal(world, actor)
            if not legal.moves:
                break
            move = (
                hints.playout_move(world, legal, rng) if model is None else model(world, legal, rng)
            )
            game.decide(world, actor, move)
        seats = world.seats
        outcome = world.outcome
        if outcome is None:
            return [hints.estimate(world, seat) for seat in range(seats)]
        winners = outcome.winners
        if not winners:
            return [1 / seats] * seats
        share = 1 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(seats)]


def ismcts_for(level: str | None, limits: BudgetLimits | None = None) -> IsmctsAgentFactory:
    """The factory of a search player at ``level``: a named level, a number of iterations
    (``ismcts:400``) or a time limit (``ismcts:300ms``); ``None`` is medium. A budget beyond
    ``limits`` (when given) is refused with :class:`BudgetTooLarge`.

    >>> from cardtable.games import find
    >>> agent = ismcts_for("hard")(Rng(0))
    >>> agent.iterations, agent.milliseconds
    (1000, None)
    >>> agent.sit(find("karata"), find("karata").default_ruleset())
    >>> agent.iterations  # the others play as Karata's heuristic player: fewer, dearer ones
    500
    >>> ismcts_for("300ms")(Rng(0)).milliseconds
    300.0
    >>> limits = BudgetLimits(iterations=2000, milliseconds=1000)
    >>> ismcts_for("5000", limits)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.agents.ismcts.BudgetTooLarge: ismcts:5000 asks for 5,000 ... at most 2,000 ...
    """
    budget = _budget(level)
    if limits is not None:
        limits.check(budget, level)
    return IsmctsAgentFactory(budget)


@dataclass(frozen=True, slots=True)
class Budget:
    """A search player's work a decision: iterations, or milliseconds (then ``iterations``
    is only a backstop), and the named level it comes from, if any."""

    iterations: int
    milliseconds: float | None = None
    level: Level | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BudgetLimits:
    """The largest budgets a search player may be given: iterations a decision, and
    milliseconds a decision (the seat grammar's limits are
    :data:`cardtable.agents.registry.BUDGET_LIMITS`).

    >>> limits = BudgetLimits(iterations=2000, milliseconds=1000)
    >>> limits.check(Budget(2000), "2000")
    >>> limits.check(Budget(10**9, milliseconds=1500.0), "1500ms")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.agents.ismcts.BudgetTooLarge: ismcts:1500ms asks for 1,500 ms ... at most 1,000 ...
    """

    iterations: int
    milliseconds: int

    def check(self, budget: Budget, level: str | None) -> None:
        """Raise :class:`BudgetTooLarge` if ``budget`` (written ``level``) is beyond these."""
        asked = f"ismcts:{level}"
        if budget.milliseconds is not None:
            if budget.milliseconds > self.milliseconds:
                raise BudgetTooLarge(
                    f"{asked} asks for {budget.milliseconds:,.0f} ms a decision: at most "
                    f"{self.milliseconds:,} ms a decision are allowed"
                )
        elif budget.iterations > self.iterations:
            raise BudgetTooLarge(
                f"{asked} asks for {budget.iterations:,} iterations a decision: at most "
                f"{self.iterations:,} iterations a decision are allowed"
            )


@dataclass(frozen=True, slots=True)
class IsmctsAgentFactory:
    """Makes search players with one budget."""

    budget: Budget

    def __call__(self, rng: Rng) -> IsmctsAgent:
        budget = self.budget
        return IsmctsAgent(
            rng, iterations=budget.iterations, milliseconds=budget.milliseconds, level=budget.level
        )


class BadLevel(CardtableError):
    """A search level that is neither a level's name, a count nor a time."""


class BudgetTooLarge(BadLevel):
    """A budget beyond the limits of where the player would play (see :class:`BudgetLimits`)."""


def _budget(level: str | None) -> Budget:
    named = LEVELS.get("medium" if level is None else level)
    if named is not None:
        return Budget(named.iterations, level=named)
    assert level is not None
    count = _count(level)
    if count is not None:
        return Budget(count)
    milliseconds = _count(level[:-2]) if level.endswith("ms") else None
    if milliseconds is not None:
        return Budget(10**9, milliseconds=float(milliseconds))
    names = ", ".join(LEVELS)
    raise BadLevel(
        f"{level!r} is not a level of ismcts: choose {names}, a number of iterations (400) "
        "or a time (300ms)"
    )


def _count(text: str) -> int | None:
    """The positive whole number ``text`` writes in ASCII digits (one too long to read is
    as good as endless: it is beyond any limit), or ``None``.

    >>> _count("400"), _count("0"), _count("4e2"), _count("²"), _count("9" * 5000) == 10**30
    (400, None, None, None, True)
    """
    if not (text.isascii() and text.isdigit()):
        return None
    count = int(text) if len(text) <= 30 else 10**30
    return count if count > 0 else None
