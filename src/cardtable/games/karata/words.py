"""Karata's events in words, one log line each (see :mod:`cardtable.engine.wording`).

>>> from cardtable.engine.wording import Names
>>> names = Names(["Ann", "Bob"].__getitem__)
>>> describe({"type": "finish", "seat": 1, "cards": ["AH", "AS"], "request": "9S"}, names)
'Bob plays A♥ A♠: asks for the Nine of Spades'
>>> describe({"type": "pick", "seat": 0, "count": 2, "reason": "bomb"}, names)
'Ann picks 2 cards for the bomb'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import card_label
from cardtable.engine import wording
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.wording import Names
from cardtable.games.karata.turns import request_words

_PICK_REASONS = {
    "bomb": " for the bomb",
    "question": " for the unanswered question",
    "fine": " as a fine",
}


def describe(event: JsonObject, names: Names) -> str | None:
    """One line for a Karata event; a ``take_back`` of no card is left out."""
    kind = event.get("type")
    who = names.who(event)
    ascii_only = names.ascii_only
    if kind == "shuffle":
        return "The deck is shuffled"
    if kind == "deal":
        return f"Each player is dealt {plural(_int(event.get('count')), 'card')}"
    if kind == "turn_up":
        return _turn_up(event, ascii_only)
    if kind == "starter":
        return f"{who} starts"
    if kind == "play":
        return f"{who} puts down {card_label(_key(event.get('card')), ascii_only=ascii_only)}"
    if kind == "finish":
        return _finish(event, who, ascii_only)
    if kind == "pass":
        if event.get("reason") == "bomb":
            return f"{who} takes the bomb of {_int(event.get('count'))}"
        return f"{who} passes"
    if kind == "pick":
        return _pick(event, who, ascii_only)
    if kind == "take_back":
        cards = _keys(event.get("cards"))
        if not cards:
            return None
        return f"{who} takes back {_cards(cards, ascii_only)}"
    if kind == "fined":
        return _fine(event, who)
    if kind == "next":
        return f"{who} plays again" if event.get("again") else f"-- {who}'s turn --"
    if kind == "leave":
        held = plural(_int(event.get("cards")), "card")
        return f"{who} leaves the table ({held} go under the deck)"
    if kind == "timed_out":
        passed = event.get("decision") == "pass"
        return wording.timed_out(
            event, names, "they passed" if passed else "their turn was finished for them"
        )
    return wording.describe(event, names)


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}{'s' * (count != 1)}"


def _turn_up(event: JsonObject, ascii_only: bool) -> str:
    top = card_label(_key(event.get("card")), ascii_only=ascii_only)
    buried = _keys(event.get("buried"))
    if not buried:
        return f"The pile starts on {top}"
    shown = _cards(buried, ascii_only)
    return f"Turned up {shown}: special, so under the deck; the pile starts on {top}"


def _finish(event: JsonObject, who: str, ascii_only: bool) -> str:
    cards = [str(key) for key in _list(event.get("cards"))]
    clauses = []
    request = str(event.get("request") or "")
    if request:
        clauses.append(f"asks for {request_words(request)}")
    bomb = _int(event.get("bomb"))
    if bomb:
        clauses.append(f"the next player must pick {bomb} (or counter or block)")
    if event.get("unanswered"):
        clauses.append("leaves a question unanswered")
    jumps = _int(event.get("jumps"))
    if jumps:
        clauses.append(f"jumps {plural(jumps, 'player')}")
    kings = _int(event.get("kings"))
    if kings % 2:
        clauses.append("kicks back (play turns around)")
    elif kings and event.get("again"):
        clauses.append(f"{kings} Kings (plays again)")
    elif kings:
        clauses.append(f"{kings} Kings (the direction stays)")
    if event.get("last"):
        clauses.append("declares last card (niko kadi!)")
    text = f"{who} plays {_cards(cards, ascii_only)}"
    if clauses:
        text += ": " + ", ".join(clauses)
    return text + (" and wins the match!" if event.get("won") else "")


def _pick(event: JsonObject, who: str, ascii_only: bool) -> str:
    count = _int(event.get("count"))
    text = ""
    recycled = _int(event.get("recycled"))
    if recycled:
        text = f"The pile but its top ({plural(recycled, 'card')}) is shuffled into the deck; "
    reason = _PICK_REASONS.get(str(event.get("reason")), "")
    if count == 0:
        return text + f"{who} has no card left to pick"
    text += f"{who} picks {plural(count, 'card')}{reason}"
    cards = _keys(event.get("cards"))
    if cards:
        text += f": {_cards(cards, ascii_only)}"
    return text


def _fine(event: JsonObject, who: str) -> str:
    fine = plural(_int(event.get("fine")), "card")
    reason = str(event.get("reason") or "a rule was broken")
    if event.get("what") == "declaration":
        return (
            f"{who} is fined {fine} for declaring last card: {reason} "
            "(the turn stands, without the declaration)"
        )
    text = f"{who} is fined {fine} for an invalid turn: {reason}"
    bomb = _int(event.get("bomb"))
    if bomb:
        text += f" (and picks the bomb's {bomb} too)"
    return text


def _cards(keys: Sequence[str], ascii_only: bool) -> str:
    return " ".join(card_label(key, ascii_only=ascii_only) for key in keys)


def _int(value: JsonValue) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _list(value: JsonValue) -> list[JsonValue]:
    return value if isinstance(value, list) else []


def _key(card: JsonValue) -> str:
    if isinstance(card, dict) and isinstance(card.get("key"), str):
        return str(card["key"])
    return "?"


def _keys(cards: JsonValue) -> list[str]:
    return [_key(card) for card in _list(cards)]
