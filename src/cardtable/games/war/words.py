"""War's events in words, one log line each (see :mod:`cardtable.engine.wording`).

>>> from cardtable.engine.wording import Names
>>> names = Names(["Ann", "Bob", "Cy"].__getitem__)
>>> describe({"type": "turn", "seat": 0, "down": 3, "card": {"key": "10H"}}, names)
'Ann puts down 3 cards and turns up 10♥'
>>> describe({"type": "war", "seats": [0, 2], "round": 2}, names)
'Another war! Ann and Cy turn again'
"""

from __future__ import annotations

from cardtable.cards import card_label
from cardtable.engine import wording
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.wording import Names


def describe(event: JsonObject, names: Names) -> str | None:
    """One line for a War event."""
    kind = event.get("type")
    who = names.who(event)
    ascii_only = names.ascii_only
    if kind == "shuffle":
        return "The deck is shuffled"
    if kind == "deal":
        return _deal(event)
    if kind == "battle":
        return f"-- battle {event.get('number')} --"
    if kind == "turn":
        return _turn(event, who, ascii_only)
    if kind == "dropped":
        return f"{who} has no card to turn and drops out of the war"
    if kind == "war":
        again = "another war" if event.get("round", 1) != 1 else "war"
        return f"{again.capitalize()}! {_together(event.get('seats'), names)} turn again"
    if kind == "won":
        cards = event.get("cards")
        if event.get("by") == "lot":
            return f"Nobody could turn a card: {who} wins the draw and takes {cards} cards"
        return f"{who} takes {cards} cards"
    if kind == "set_aside":
        return f"Everyone in the war has left: {event.get('cards')} cards are set aside"
    if kind == "out":
        if event.get("reason") == "conceded":
            return f"{who} concedes ({event.get('set_aside')} cards set aside)"
        return f"{who} has no cards left and is out"
    if kind == "timed_out":
        return wording.timed_out(event, names, "their card was turned for them")
    return wording.describe(event, names)


def _turn(event: JsonObject, who: str, ascii_only: bool) -> str:
    down = event.get("down")
    card = event.get("card")
    parts = []
    if isinstance(down, int) and down:
        parts.append(f"puts down {down} card{'s' * (down != 1)}")
    if isinstance(card, dict) and isinstance(card.get("key"), str):
        parts.append(f"turns up {card_label(str(card['key']), ascii_only=ascii_only)}")
    else:
        parts.append("has no card left to turn up")
    return f"{who} " + " and ".join(parts)


def _deal(event: JsonObject) -> str:
    counts = event.get("counts")
    how = "in blocks" if event.get("dealing") == "blocks" else "one card at a time"
    if isinstance(counts, list) and counts and len(set(map(str, counts))) == 1:
        return f"The deck is dealt {how}: {counts[0]} cards each"
    shown = ", ".join(str(count) for count in counts) if isinstance(counts, list) else "?"
    return f"The deck is dealt {how}: {shown} cards"


def _together(seats: JsonValue, names: Names) -> str:
    if not isinstance(seats, list):
        return "the tied players"
    called = [names.seat(seat) for seat in seats if isinstance(seat, int)]
    return ", ".join(called[:-1]) + f" and {called[-1]}" if len(called) > 1 else "".join(called)
