"""High Card's own computer player, and the opponent model the search player uses for it."""

from __future__ import annotations

from typing import Any

from cardtable.agents import Agent
from cardtable.agents.models import Model
from cardtable.agents.players import ComputerPlayer
from cardtable.engine import Decision, Decisions, Game, Rng, State, View
from highcard.game import Play, hand


class Strongest(Agent):
    """Plays the strongest card it holds: every trick is worth the same, so why wait."""

    name = "strongest"

    def decide(self, view: View[Any], legal: Decisions) -> Decision:
        assert view.seat is not None
        strength = {card.id: card.stat("strength") for card in view.cards(hand(view.seat))}
        plays = [move for move in legal.moves if isinstance(move, Play)]
        return max(plays, key=lambda play: strength.get(play.card, 0), default=legal.options[0])


STRONGEST = ComputerPlayer(make=Strongest, games=("highcard",))
"""What the ``cardtable.agents`` entry point names: ``--seats human,strongest``."""


def strongest_model(game: Game[Any, Any], ruleset: Any) -> Model:
    """How High Card players play, as the search player expects: strongest card first."""

    def decide(world: State, legal: Decisions, rng: Rng) -> Decision:
        plays = [move for move in legal.moves if isinstance(move, Play)]
        return max(plays, key=lambda play: world.stat(world.card(play.card), "strength"))

    return decide
