"""War's rule reactions and checks: how one action leads to the next.

* after the deal, players who got no cards are out; then stock is taken;
* after a player turns, the round is resolved once everyone in it has turned;
* a resolved round gives the table to its winner, starts a war, or (when every contender has
  left the match) sets the table aside;
* a war round in which nobody can turn is resolved at once;
* after the table is taken, players without cards are out; then stock is taken;
* a player who concedes in the middle of a round may complete it;
* taking stock starts the next battle, unless a check ended the match: the last player
  holding cards wins; at the turn limit, the most cards win.

What an action did, the rules read in the state (an action keeps only what it was given).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.outcome import CONCEDED as CONCESSION
from cardtable.engine.outcome import Outcome, OutcomeCode, outcome_codes
from cardtable.engine.reactions import Reaction, reaction
from cardtable.games.war.actions import (
    CONCEDED,
    NO_CARDS,
    Deal,
    DropOut,
    Leave,
    ResolveRound,
    SetAsideTable,
    StartBattle,
    StartWar,
    TakeStock,
    TakeTrick,
    TurnCard,
)
from cardtable.games.war.state import WarState


def _clear_out(state: WarState) -> list[Action[Any]]:
    piles = state.piles
    actions: list[Action[Any]] = [
        Leave(seat, NO_CARDS) for seat in state.playing if not piles[seat].cards
    ]
    actions.append(TakeStock())
    return actions


@reaction(Deal)
def after_the_deal(state: WarState, action: Deal, source: Card | None) -> list[Action[Any]]:
    return _clear_out(state)


@reaction(TurnCard)
def after_a_turn(state: WarState, action: TurnCard, source: Card | None) -> list[Action[Any]]:
    actions: list[Action[Any]] = []
    rounds = state.rounds
    if not rounds[-1][-1].up:  # the player's entry in the round: no card turned up
        actions.append(DropOut(action.seat, len(rounds) - 1))
    if not state.to_turn:
        actions.append(ResolveRound())
    return actions


@reaction(ResolveRound)
def round_resolved(state: WarState, action: ResolveRound, source: Card | None) -> list[Action[Any]]:
    """The single highest card wins the table; a tie at the top starts a war among the tied
    players; when no contender turned a card up, the winner is drawn by lot among everyone
    who entered the round (players who left the match aside); when they have all left the
    match, the table is set aside."""
    out = state.out
    entries = [entry for entry in state.rounds[-1] if entry.seat not in out]
    best = 0
    tied: list[int] = []
    for entry in entries:
        if not entry.up:
            continue
        strength = state.ups[entry.seat].cards[-1].printed("strength")
        if strength > best:
            best, tied = strength, [entry.seat]
        elif strength == best:
            tied.append(entry.seat)
    if len(tied) > 1:
        return [StartWar(sorted(tied))]
    if tied:
        return [TakeTrick(tied[0])]
    if entries:
        return [TakeTrick(lot=sorted(entry.seat for entry in entries))]
    return [SetAsideTable()]


@reaction(StartWar)
def war_begins(state: WarState, action: StartWar, source: Card | None) -> list[Action[Any]]:
    rounds = state.rounds
    # The tied players without cards, entered in the new round as having turned nothing.
    actions: list[Action[Any]] = [DropOut(entry.seat, len(rounds) - 1) for entry in rounds[-1]]
    if not state.to_turn:
        actions.append(ResolveRound())
    return actions


@reaction(TakeTrick, SetAsideTable)
def table_cleared(state: WarState, action: Action[Any], source: Card | None) -> list[Action[Any]]:
    return _clear_out(state)


@reaction(Leave)
def after_leaving(state: WarState, action: Leave, source: Card | None) -> list[Action[Any]]:
    if action.reason == CONCEDED and state.rounds and not state.to_turn:
        return [ResolveRound()]
    return []


@reaction(TakeStock)
def next_battle(state: WarState, action: TakeStock, source: Card | None) -> list[Action[Any]]:
    return [StartBattle()]


RULES: tuple[Reaction, ...] = (
    after_the_deal,
    after_a_turn,
    round_resolved,
    war_begins,
    table_cleared,
    after_leaving,
    next_battle,
)


OUT_OF_CARDS = OutcomeCode("out_of_cards", "{seats} ran out of cards")
"""The last player holding cards won; the seat is the last one to run out."""
TURN_LIMIT = OutcomeCode("turn_limit", "the turn limit was reached and {seats} held the most cards")
"""The turn limit was reached: the seats holding the most cards (the winners) share the win."""
ALONE = OutcomeCode("alone", "a one-player game is won at once")
"""A match of one player: won at once."""
OUTCOMES = outcome_codes(CONCESSION, OUT_OF_CARDS, TURN_LIMIT, ALONE)
"""The ways a match of War ends: ``conceded`` is the last player but one conceding."""
OUTCOMES_SINCE = 2
"""The version of War's rules whose outcomes first carried codes."""


def last_player(state: WarState, left: Leave | None = None) -> Outcome | None:
    """The outcome when only one player is left in the match (``left``: the leaving that
    left them alone)."""
    playing = state.playing
    if len(playing) != 1:
        return None
    seat = playing[0]
    if state.seats == 1:
        return ALONE.outcome(winners=(seat,))
    if left is not None and left.reason == CONCEDED:
        return CONCESSION.outcome(winners=(seat,), seats=(left.seat,))
    return OUT_OF_CARDS.outcome(winners=(seat,), seats=tuple(state.out[-1:]))


def most_cards(state: WarState) -> Outcome:
    """The outcome at the turn limit: the most cards win; ties share."""
    counts = {seat: len(state.piles[seat].cards) for seat in state.playing}
    best = max(counts.values())
    winners = tuple(seat for seat, count in counts.items() if count == best)
    return TURN_LIMIT.outcome(winners=winners, seats=winners)


def older_outcome(state: WarState, outcome: Outcome) -> Outcome:
    """``outcome`` as version 1 said it, in a sentence alone."""
    winners = outcome.winners
    if outcome.code == TURN_LIMIT.code:
        best = max(len(state.piles[seat].cards) for seat in state.playing)
        limit = state.rules.ruleset.turn_limit
        reason = f"the turn limit of {limit} battles was reached: most cards ({best})"
    elif outcome.code in (OUT_OF_CARDS.code, CONCESSION.code):
        reason = f"player {winners[0]} is the last player holding cards"
    else:
        reason = outcome.reason
    return Outcome(winners=winners, reason=reason)


@reaction(Leave)
def one_left(state: WarState, action: Leave, source: Card | None) -> None:
    """A check: the moment a single player is left, they have won."""
    state.outcome = last_player(state, action)


@reaction(TakeStock)
def match_over(state: WarState, action: TakeStock, source: Card | None) -> None:
    """A check after each battle: one player left, or the turn limit reached."""
    if state.outcome is not None:  # the last leaving ended it already
        return
    state.outcome = last_player(state)
    if state.outcome is None and state.turn >= state.rules.ruleset.turn_limit:
        state.outcome = most_cards(state)


CHECKS: tuple[Reaction, ...] = (one_left, match_over)
