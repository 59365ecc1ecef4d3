"""Events in words: one line a person reads in a match's log.

A game words its own events (:meth:`Game.describe_event
<cardtable.engine.game.Game.describe_event>`); every front end shows that line, so the
terminal, the browser and a replay tell a match the same way. Wording reads only the event
(as one seat may see it), what the seats are called and the names of cards that seat was
shown (:class:`Names`), so a line tells no more than the seat knows: a hidden card stays
hidden in words too. An event a game leaves out of a log is worded ``None``. The engine
words its own events (damage, heal, died, move...: :func:`describe`); anything else reads
field by field (:func:`describe_generic`).

>>> describe_generic({"type": "deal", "seat": 1, "cards": 5})
'deal: seat 1, cards 5'
>>> seat_namer(("ann", "bob"))(1), seat_namer(("ann", "bob"))(4)
('bob', 'player 5')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.outcome import Outcome, OutcomeCode, listed

if TYPE_CHECKING:
    from cardtable.engine.game import Game

SeatNamer = Callable[[int], str]
"""How a seat is called in words: its player's name, say, or ``player 2 (greedy)``."""


@dataclass(frozen=True, slots=True)
class Names:
    """What a log line calls things: seats through ``seat``, cards by id through ``cards``
    (the names of cards the reader has been shown), and whether to keep to plain characters
    (``ascii_only``: a terminal without card symbols)."""

    seat: SeatNamer
    cards: Mapping[int, str] = field(default_factory=dict)
    ascii_only: bool = False

    def who(self, event: JsonObject) -> str:
        """The name of the event's seat (``someone`` for an event of no seat)."""
        seat = event.get("seat")
        return self.seat(seat) if isinstance(seat, int) else "someone"

    def card(self, card_id: JsonValue) -> str:
        """The name of card ``card_id`` when the reader was shown it, else ``card #ID``.

        >>> names = Names(str, {7: "Fire Imp"})
        >>> names.card(7), names.card(8)
        ('Fire Imp', 'card #8')
        """
        known = self.cards.get(card_id) if isinstance(card_id, int) else None
        return known if known is not None else f"card #{card_id}"


def describe_generic(event: JsonObject) -> str:
    """An event in plain words, read field by field, for events a game does not word (a
    ``text`` the server added is not one of its fields)."""
    kind = str(event.get("type", "event"))
    details = ", ".join(
        f"{key} {_short(value)}" for key, value in event.items() if key not in ("type", "text")
    )
    return f"{kind}: {details}" if details else kind


def describe(event: JsonObject, names: Names) -> str:
    """An event of the engine's own in words (damage, heals, deaths, moves, made cards,
    concessions, fizzled actions); any other event field by field.

    >>> names = Names(["Ann", "Bob"].__getitem__, {12: "Fire Imp"})
    >>> describe({"type": "damage", "hits": [{"target": "#12", "amount": 2, "life": 1}]}, names)
    'Fire Imp takes 2 (health 1)'
    >>> describe({"type": "move", "card": None, "origin": "deck:1", "destination": "hand:1"}, names)
    "a card goes from Bob's deck to Bob's hand"
    """
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "damage":
        return _damage(event, names)
    if kind == "heal":
        target = character(event.get("target"), names)
        return f"{target} heals {event.get('amount')} (health {event.get('life')})"
    if kind == "died":
        return f"{names.card(event.get('card'))} dies"
    if kind == "conceded" and isinstance(seat, int):
        return f"{names.seat(seat)} concedes"
    if kind == "timed_out":
        return timed_out(event, names, f"{event.get('decision')} was played for them")
    if kind == "fizzled":
        return f"(an action fizzled: {event.get('action')})"
    if kind == "move":
        origin, destination = event.get("origin"), zone_words(event.get("destination"), names)
        where = (
            f"from {zone_words(origin, names)} to {destination}" if origin else f"to {destination}"
        )
        return f"{card_name(event.get('card'))} goes {where}"
    if kind == "card_created":
        return f"{card_name(event.get('card'))} appears in {zone_words(event.get('zone'), names)}"
    return describe_generic(event)


def timed_out(event: JsonObject, names: Names, then: str) -> str:
    """A ``timed_out`` event in words, ``then`` saying what the seat's default decision did
    (a game says it in its own words: ``their turn ended``).

    >>> timed_out({"type": "timed_out", "seat": 1, "decision": "end"},
    ...           Names(["Ann", "Bob"].__getitem__), "their turn ended")
    'Bob ran out of time; their turn ended'
    """
    special = TIMED_OUT_THEN.get(str(event.get("decision")))
    return f"{names.who(event)} ran out of time; {special or then}"


TIMED_OUT_THEN = {
    "concede": "they forfeit the match",
    "agent": "a computer player takes their seat",
}
"""What a ``timed_out`` event says followed, in words, where it was no move of the game's but
a forfeit or a computer player taking the seat (whatever the game's words)."""


def describe_outcome(
    outcome: Outcome, codes: Mapping[str, OutcomeCode], names: SeatNamer, viewer: int | None
) -> str:
    """How a match ended, in words for ``viewer`` (a seat, whom it calls "you"; ``None``:
    anyone), the seats called by ``names`` and the reason told by the words of the outcome's
    code among ``codes`` (a game's ``outcome_codes``; an outcome without a code known there
    is told by its ``reason``).

    >>> from cardtable.engine.outcome import CONCEDED, FELL
    >>> codes = {"fell": FELL, "conceded": CONCEDED}
    >>> names = ["Alice", "Bob", "Cy"].__getitem__
    >>> describe_outcome(FELL.outcome(winners=(0,), seats=(1,)), codes, names, None)
    'Alice won — Bob fell to 0 health or below'
    >>> describe_outcome(FELL.outcome(winners=(0,), seats=(1,)), codes, names, 0)
    'You won — Bob fell to 0 health or below'
    >>> describe_outcome(CONCEDED.outcome(winners=(0, 2), seats=(1,)), codes, names, 1)
    'You lost — you conceded'
    >>> describe_outcome(CONCEDED.outcome(winners=(0, 2), seats=(1,)), codes, names, 2)
    'You and Alice won — Bob conceded'
    >>> describe_outcome(Outcome(winners=(), reason="both fell"), codes, names, None)
    'Nobody won — both fell'
    """

    def name(seat: int) -> str:
        return "you" if seat == viewer else names(seat)

    known = codes.get(outcome.code) if outcome.code else None
    reason = known.tell(outcome.seats, name) if known is not None else outcome.reason
    winners = outcome.winners
    if not winners:
        head = "Nobody won"
    elif viewer in winners:
        others = [names(seat) for seat in winners if seat != viewer]
        head = listed(["You", *others]) + " won"
    elif viewer is not None:
        head = "You lost"
    else:
        head = listed([names(seat) for seat in winners]) + " won"
    return f"{head} — {reason}" if reason else head


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... ``11th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    suffix = "th" if 11 <= place % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def describe_places(outcome: Outcome, names: SeatNamer) -> str:
    """Where every seat placed, best first (seats sharing a place together); ``""`` when the
    outcome places nobody or only two seats (who won says it all then).

    >>> placed = Outcome(winners=(2,), placings=(3, 3, 1, 2))
    >>> describe_places(placed, ["Ann", "Bob", "Cy", "Di"].__getitem__)
    '1st Cy, 2nd Di, 3rd Ann and Bob'
    """
    if len(outcome.placings) < 3:
        return ""
    seats = sorted(range(len(outcome.placings)), key=lambda seat: (outcome.placings[seat], seat))
    groups: dict[int, list[str]] = {}
    for seat in seats:
        groups.setdefault(outcome.placings[seat], []).append(names(seat))
    return ", ".join(f"{ordinal(place)} {listed(group)}" for place, group in groups.items())


def card_name(card: JsonValue) -> str:
    """The name an event's card face shows (``a card`` for a hidden one).

    >>> card_name({"id": 3, "key": "7H", "name": "7 of Hearts"}), card_name(None)
    ('7 of Hearts', 'a card')
    """
    name = card.get("name") if isinstance(card, dict) else None
    return name if isinstance(name, str) else "a card"


def character(target: JsonValue, names: Names) -> str:
    """A character as the engine writes it: ``p1`` (seat 1's hero) by its seat's name,
    ``#12`` by the card's."""
    if isinstance(target, str) and target[1:].isdigit():
        if target.startswith("p"):
            return names.seat(int(target[1:]))
        if target.startswith("#"):
            return names.card(int(target[1:]))
    return f"character {target}"


def zone_words(zone: JsonValue, names: Names) -> str:
    """A zone by its name: ``hand:1`` is ``Bob's hand``; a zone of nobody's, its name."""
    text = str(zone)
    kind, _, owner = text.partition(":")
    if owner.isdigit():
        return f"{names.seat(int(owner))}'s {kind}"
    return f"the {kind}" if kind else "somewhere"


def _damage(event: JsonObject, names: Names) -> str:
    hits = event.get("hits")
    parts = []
    for hit in hits if isinstance(hits, list) else []:
        if isinstance(hit, dict):
            target = character(hit.get("target"), names)
            if hit.get("shielded"):
                parts.append(f"{target}'s shield takes the blow")
            else:
                parts.append(f"{target} takes {hit.get('amount')} (health {hit.get('life')})")
    text = ", ".join(parts) or "no damage"
    return f"bleeding out: {text}" if event.get("reason") == "bleeding" else text


def _short(value: JsonValue) -> str:
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, str):
            return name
        return "{" + ", ".join(f"{k} {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_short(item) for item in value) + "]"
    return str(value)


def seat_namer(names: Sequence[str]) -> SeatNamer:
    """Seats called by ``names`` (a match's seat names); a seat beyond them (or of an empty
    name) is ``player N``, counting from 1. Named as they are now (a log names a seat in
    nearly every line: a name is found without a call of Python code)."""
    return _SeatNames((seat, name) for seat, name in enumerate(names) if name).__getitem__


class _SeatNames(dict[int, str]):
    """The names of the seats that have one, by seat; any other is ``player N``."""

    def __missing__(self, seat: int) -> str:
        return f"player {seat + 1}"


def learn_cards(event: JsonObject, into: dict[int, str]) -> None:
    """Note in ``into`` the name of every card ``event`` shows by id and name (its own
    fields, and the cards in its lists), for the lines of later events to name them.

    >>> known: dict[int, str] = {}
    >>> seven = {"id": 3, "key": "7H", "name": "7 of Hearts"}
    >>> learn_cards({"type": "pick", "cards": [seven]}, known)
    >>> known
    {3: '7 of Hearts'}
    """
    for value in event.values():  # plain JSON: exact types are quicker to ask
        if type(value) is dict:
            _learn(value, into)
        elif type(value) is list:
            for item in value:
                if type(item) is dict:
                    _learn(item, into)


def _learn(card: JsonObject, into: dict[int, str]) -> None:
    card_id, name = card.get("id"), card.get("name")
    if isinstance(card_id, int) and isinstance(name, str):
        into[card_id] = name


def with_text(game: Game[Any, Any], events: Sequence[JsonObject], names: Names) -> list[JsonObject]:
    """``events`` (a stream, in order), each with its line in ``text`` (``None``: the game
    leaves it out of a log); the cards each event shows are learnt into ``names.cards``
    (when it is a ``dict``) before it is worded, so later lines name them.

    >>> from cardtable.games import find
    >>> battle = {"type": "battle", "number": 2, "seats": [0, 1]}
    >>> with_text(find("war"), [battle], Names(seat_namer(())))[0]["text"]
    '-- battle 2 --'
    """
    known = names.cards if isinstance(names.cards, dict) else None
    worded = []
    for event in events:
        if known is not None:
            learn_cards(event, known)
        worded.append({**event, "text": game.describe_event(event, names)})
    return worded
