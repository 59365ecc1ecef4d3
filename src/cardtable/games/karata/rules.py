"""Karata's rule reactions and checks: how one action leads to the next.

* a finished turn that ended on an unanswered question makes its player pick one card; then
  play moves on (a turn with n Jacks moves 1 + n seats; an even number of Kings, the same
  player again);
* a pass picks the pending bomb's count, or one card; then play moves on;
* a fine for an invalid turn (with fines on) is picked, with a bomb that was pending, and play
  moves on (the fine for an invalid declaration is picked by the penalty itself, before the
  turn takes effect, so a hand the turn empties is not empty any more: no win, no cardless);
* a player who leaves on their turn hands it on;
* a check: a turn that empties its player's hand on a plain card, after a last-card
  declaration, wins the match.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.reactions import Reaction, reaction
from cardtable.games.karata.actions import (
    BOMB,
    FINE,
    QUESTION,
    TURN,
    Advance,
    Fined,
    FinishTurn,
    Leave,
    Passing,
    PickUp,
)
from cardtable.games.karata.outcomes import PLAYED_OUT
from cardtable.games.karata.state import KarataState


@reaction(FinishTurn)
def after_a_turn(state: KarataState, action: FinishTurn, source: Card | None) -> list[Action[Any]]:
    settled = action.settled
    assert settled is not None
    following: list[Action[Any]] = []
    if settled.unanswered:
        following.append(PickUp(action.seat, 1, QUESTION))
    following.append(Advance(action.seat, 1 + settled.jumps, settled.again))
    return following


@reaction(Passing)
def after_a_pass(state: KarataState, action: Passing, source: Card | None) -> list[Action[Any]]:
    return [PickUp(action.seat, action.count, action.reason), Advance(action.seat)]


@reaction(Fined)
def after_a_fine(state: KarataState, action: Fined, source: Card | None) -> list[Action[Any]]:
    if action.what != TURN:  # a declaration's fine is picked before the turn takes effect
        return []
    following: list[Action[Any]] = [PickUp(action.seat, action.fine, FINE)]
    if action.bomb:
        following.append(PickUp(action.seat, action.bomb, BOMB))
    following.append(Advance(action.seat))
    return following


@reaction(Leave)
def after_leaving(state: KarataState, action: Leave, source: Card | None) -> list[Action[Any]]:
    return [Advance(action.seat)] if action.active else []


@reaction(FinishTurn)
def turn_won(state: KarataState, action: FinishTurn, source: Card | None) -> None:
    """A check: the winning turn ends the match at once."""
    if action.won:
        state.outcome = PLAYED_OUT.outcome(winners=(action.seat,), seats=(action.seat,))


RULES: tuple[Reaction, ...] = (after_a_turn, after_a_pass, after_a_fine, after_leaving)
CHECKS: tuple[Reaction, ...] = (turn_won,)
