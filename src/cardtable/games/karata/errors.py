"""Karata's refusal codes, and the refusals its fines punish: moves that break a rule of play.

Other refusals (it is not your turn, you do not hold that card, a decision that means nothing
now) are never fined: they are mistakes of input, not of play.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.engine.errors import IllegalDecision

REFUSAL_CODES: Mapping[str, str] = {
    "must_follow_suit_or_face": "the first card must match the pile's top card by face or "
    "suit (or be an Ace or a Joker)",
    "request_not_met": "a suit or a card has been requested: play it, or an Ace",
    "pending_pick": "a bomb is on you: counter it with a bomb, block it with an Ace, or pass "
    "to pick",
    "cannot_counter": "that bomb cannot counter the bomb on you (a Two or Three must match its "
    "face or suit; only a Joker counters a Joker)",
    "must_follow_face": "within a turn, a card must have the face of the card before it",
    "must_answer": "after a question comes an answer: the question's face or suit, an Ace or "
    "a Joker",
    "empty_turn": "a turn plays at least one card (or pass to pick)",
    "card_repeated": "a card can only be played once in a turn",
    "request_needed": "your turn's Aces must make a request: finish with ask and a suit or a card",
    "cannot_request": "this turn may not make that request (no Aces left to spend, or one Ace "
    "asking for a card)",
    "cannot_declare": "you may not declare last card now (no cards left, or holding an Ace, a "
    "bomb, a Jack or a King)",
    "turn_under_way": "you have played cards this turn: play on or finish it (no pass, no "
    "whole turn)",
    "nothing_played": "a turn is finished after playing a card: play one first, or pass",
}
"""Karata's own refusal codes, each with its meaning (the game declares them)."""


class RuleBroken(IllegalDecision):
    """A turn that breaks a rule of play (a card that may not follow, a missing request)."""


class BadDeclaration(RuleBroken):
    """A last-card declaration the rules do not allow; the turn itself is fine."""
