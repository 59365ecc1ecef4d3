"""The ways a match of Karata ends, each a code with the seats it concerns (see
:mod:`cardtable.engine.outcome`), and how version 1, before codes, said them.

>>> PLAYED_OUT.outcome(winners=(1,), seats=(1,)).reason
'player 1 declared last card and played out'
"""

from __future__ import annotations

from cardtable.engine.outcome import Outcome, OutcomeCode, outcome_codes

PLAYED_OUT = OutcomeCode("played_out", "{seats} declared last card and played out")
"""The winner played out their hand after declaring last card (the seat: the winner)."""
LEFT = OutcomeCode("left", "{seats} left the table")
"""Every other player left the table (conceded); the seat is the last one to leave."""
DECK_RAN_OUT = OutcomeCode("deck_ran_out", "the deck ran out: there were no cards left to pick")
"""A player had to pick with no card left in the deck or under the pile: nobody won."""
OUTCOMES = outcome_codes(PLAYED_OUT, LEFT, DECK_RAN_OUT)
OUTCOMES_SINCE = 2
"""The version of Karata's rules whose outcomes first carried codes."""


def older_outcome(outcome: Outcome) -> Outcome:
    """``outcome`` as version 1 said it, in a sentence alone.

    >>> older_outcome(LEFT.outcome(winners=(0,), seats=(1,))).reason
    'player 1 left: one player is left'
    """
    seats = outcome.seats
    if outcome.code == PLAYED_OUT.code:
        reason = f"player {seats[0]} played out their hand after declaring last card"
    elif outcome.code == LEFT.code:
        reason = f"player {seats[0]} left: one player is left"
    elif outcome.code == DECK_RAN_OUT.code:
        reason = "the deck ran out: there are no cards left to pick"
    else:
        reason = outcome.reason
    return Outcome(winners=outcome.winners, reason=reason)
