"""How the search player expects the other players of a game to play: its opponent models.

A model answers, at a table the search player dealt (a world, its hidden cards dealt at
random), the decision a seat would make there. The search player (:mod:`~.ismcts`) then lets
the model make the others' moves in its tree, rather than searching them as if every other
player searched too, and makes every playout move with it, rather than with the game's quick
playout moves. Karata's model is its heuristic player (:class:`~.karata.HeuristicModel`); a
game without a model is searched without one.

A model reads only the world it is given, which the search player dealt from its own view,
so it learns nothing hidden.

>>> from cardtable.games import find
>>> game = find("karata")
>>> model_for(game, game.default_ruleset()) is not None, model_for(find("war"), None)
(True, None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.agents.karata import HeuristicModel
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng
from cardtable.engine.state import State
from cardtable.extensions import Extensions, accepting_callable

Model = Callable[[State, Decisions, Rng], Decision]
"""A seat's decision at a world, given its legal decisions there and a generator to break
ties with."""

ModelMaker = Callable[[Game[Any, Any], Any], Model]
"""Makes a game's model for a game and a ruleset."""

MODELS: Extensions[ModelMaker] = Extensions(
    "cardtable.opponent_models",
    "opponent model",
    lambda: {"karata": HeuristicModel},
    accepting_callable("callable: a model is made from a game and a ruleset"),
)
"""Each game's model by the game's name: ours, then those of plug-ins, which register one
through the ``cardtable.opponent_models`` entry-point group (the entry named as the game)."""


def model_for(game: Game[Any, Any], ruleset: Any) -> Model | None:
    """The model of how ``game``'s players play under ``ruleset`` (``None``: none known)."""
    make = MODELS.get(game.name)
    return None if make is None else make(game, ruleset)
