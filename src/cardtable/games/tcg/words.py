"""The Kata TCG's events in words, one log line each (see :mod:`cardtable.engine.wording`).

Cards are named when the reader was shown them (a minion by the name it was played with),
else by id: ``card #12``. The engine's own events (damage, heals, deaths) are worded by the
engine (:func:`cardtable.engine.wording.describe`).

>>> from cardtable.engine.wording import Names
>>> names = Names(["Ann", "Bob"].__getitem__, {12: "Fire Imp"})
>>> describe({"type": "attack", "seat": 0, "minion": 12, "target": "p1"}, names)
"Ann's Fire Imp attacks Bob"
>>> describe({"type": "died", "card": 13}, names)
'card #13 dies'
"""

from __future__ import annotations

from cardtable.engine import wording
from cardtable.engine.json import JsonObject
from cardtable.engine.wording import Names

_QUIET = frozenset({"shuffle"})
"""Events left out of a log."""


def describe(event: JsonObject, names: Names) -> str | None:
    """One line for a Kata TCG event (a deck's shuffle is left out)."""
    kind = event.get("type")
    who = names.who(event)
    if kind in _QUIET:
        return None
    if kind == "first_player":
        return f"{who} goes first"
    if kind == "turn_started":
        mana = event.get("mana")
        return f"-- {who}'s turn --" if mana is None else f"-- {who}'s turn, {mana} mana --"
    if kind == "turn_ended":
        return f"{who} ends the turn"
    if kind == "draw":
        return _draw(event, who)
    if kind == "play":
        return _play(event, who, names)
    if kind == "attack":
        minion = names.card(event.get("minion"))
        return f"{who}'s {minion} attacks {wording.character(event.get('target'), names)}"
    if kind == "enchant":
        return _enchant(event, names)
    if kind == "random_target":
        source = names.card(event.get("source"))
        return f"{who}'s {source} picks {wording.character(event.get('target'), names)} at random"
    if kind == "discount":
        return f"{who}'s next card drawn costs {event.get('amount')} less"
    if kind == "discount_used":
        return f"the card {who} draws costs {event.get('amount')} less"
    if kind == "expired":
        return "the changes that lasted this turn wear off"
    if kind == "timed_out":
        return wording.timed_out(event, names, "their turn ended")
    return wording.describe(event, names)


def _play(event: JsonObject, who: str, names: Names) -> str:
    name = wording.card_name(event.get("card"))
    mode = event.get("mode")
    if mode == "minion":
        return f"{who} plays {name} as a minion"
    if mode == "heal":
        return f"{who} plays {name} to heal"
    target = event.get("target")
    if target is not None:
        return f"{who} plays {name} at {wording.character(target, names)}"
    return f"{who} plays {name}"


def _draw(event: JsonObject, who: str) -> str:
    result = event.get("result")
    card = event.get("card")
    if result == "empty":
        return f"{who} has no card left to draw"
    if result == "overload":
        return f"{who}'s hand is full: {wording.card_name(card)} goes to the graveyard"
    if card is not None:
        return f"{who} draws {wording.card_name(card)}"
    return f"{who} draws a card"


def _enchant(event: JsonObject, names: Names) -> str:
    amount = event.get("amount")
    change = f"+{amount}" if isinstance(amount, int) and amount >= 0 else str(amount)
    text = f"{names.card(event.get('card'))} gets {change} {event.get('stat')}"
    return text + (" until the end of the turn" if event.get("until") == "turn_end" else "")
