"""Karata's rule reactions: how one action leads to the next. Each reads the state, the
action's inputs, and where it says so its event (an action keeps no result of its own: what it
did is its event).

* a finished turn that ended on an unanswered question makes its player pick one card; then
  play moves on (a turn with n Jacks moves 1 + n seats; an even number of Kings, the same
  player again), as its event says (``FinishTurn`` settles the turn: :func:`~.turns.settle`);
* a pass picks the pending bomb's count, or one card; then play moves on;
* a player who leaves on their turn hands it on.

A fine (with fines on) queues its picks itself, in the penalty: for an invalid turn the fine
and a bomb that was pending, then play moves on; for an invalid declaration the fine, before
the turn takes effect, so a hand the turn empties is not empty any more (no win, no
cardless).

No check: the actions that end a match end it themselves (a winning turn, a pick the deck
cannot give, the last but one player leaving), as only they know it (a winning turn ends the
last-card declaration it won with).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.reactions import Reaction, reaction
from cardtable.games.karata.actions import (
    QUESTION,
    Advance,
    FinishTurn,
    Leave,
    Passing,
    PickUp,
    passing_pick,
)
from cardtable.games.karata.events import TurnFinished
from cardtable.games.karata.state import KarataState


@reaction(FinishTurn, told=True)
def after_a_turn(
    state: KarataState, action: FinishTurn, source: Card | None, finished: TurnFinished
) -> list[Action[Any]]:
    """The turn's event says how it hands play on (see ``turns.Settled``)."""
    following: list[Action[Any]] = []
    if finished.unanswered:
        following.append(PickUp(action.seat, 1, QUESTION))
    following.append(Advance(action.seat, 1 + finished.jumps, finished.again))
    return following


@reaction(Passing)
def after_a_pass(state: KarataState, action: Passing, source: Card | None) -> list[Action[Any]]:
    count, reason = passing_pick(state)  # the bomb is still pending: its pick takes it
    return [PickUp(action.seat, count, reason), Advance(action.seat)]


@reaction(Leave)
def after_leaving(state: KarataState, action: Leave, source: Card | None) -> list[Action[Any]]:
    return [Advance(action.seat)] if state.active == action.seat else []


RULES: tuple[Reaction, ...] = (after_a_turn, after_a_pass, after_leaving)
CHECKS: tuple[Reaction, ...] = ()
