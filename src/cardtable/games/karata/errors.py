"""The refusals Karata's fines punish: moves that break a rule of play.

Other refusals (it is not your turn, you do not hold that card, a decision that means nothing
now) are never fined: they are mistakes of input, not of play.
"""

from __future__ import annotations

from cardtable.engine.errors import IllegalDecision


class RuleBroken(IllegalDecision):
    """A turn that breaks a rule of play (a card that may not follow, a missing request)."""


class BadDeclaration(RuleBroken):
    """A last-card declaration the rules do not allow; the turn itself is fine."""
