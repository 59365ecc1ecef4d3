"""How a match ended: who won, and why, as a code with the seats it concerns, and where
every seat placed.

Each game declares once the closed set of ways its matches end (``Game.outcome_codes``): an
:class:`OutcomeCode` each, with the words that tell it (``{seats}`` stands for the seats it
concerns). The rules end a match through them, so an outcome carries its reason as a code
and seats, not as a sentence; each front end words it with the table's own names (see
:func:`cardtable.engine.wording.describe_outcome`). ``reason`` keeps the plain sentence,
seats called ``player N`` (from 0), for readers that know no codes.

>>> fell = OutcomeCode("fell", "{seats} fell to 0 health or below")
>>> outcome = fell.outcome(winners=(1,), seats=(0,))
>>> outcome.to_json()
{'winners': [1], 'code': 'fell', 'seats': [0], 'reason': 'player 0 fell to 0 health or below'}
>>> Outcome.from_json(outcome.to_json()) == outcome
True

``placings`` give every seat its place, 1 first, equal places shared (the next place is then
skipped, as in sport: 1, 1, 3): what ratings and tournaments read. A game's rules place the
seats when its match ends (see ``Game.placings``):

>>> placed = outcome.placed((2, 1))
>>> placed.placings, placed.to_json()["placings"], Outcome.from_json(placed.to_json()) == placed
((2, 1), [2, 1], True)

An outcome made before codes (a record of an older version of a game's rules) has only its
sentence, and keeps it:

>>> old = Outcome(winners=(), reason="both players fell")
>>> old.to_json(), old.is_draw, old.code
({'winners': [], 'reason': 'both players fell'}, True, '')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardtable.engine.json import JsonObject, JsonValue, as_int, as_list, as_object, as_str


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class Outcome:
    """The end of a match. ``winners`` is empty when nobody won; several seats share a tie.

    ``code`` says how the match ended (one of its game's ``outcome_codes``) and ``seats`` the
    seats that concern (who fell, who conceded...); ``reason`` says it in a sentence with the
    seats called ``player N``. An outcome of a game's version before codes has no code
    (``""``) and only its ``reason``. ``placings`` give each seat its place (1 first); they
    are empty in an outcome of a game's version before placings."""

    winners: tuple[int, ...]
    code: str = ""
    seats: tuple[int, ...] = ()
    reason: str = ""
    placings: tuple[int, ...] = ()

    def __repr__(self) -> str:
        """Its fields, without a code and seats it does not have.

        >>> Outcome(winners=(1,), reason="x")
        Outcome(winners=(1,), reason='x')
        """
        coded = f", code={self.code!r}, seats={self.seats!r}" if self.code else ""
        placed = f", placings={self.placings!r}" if self.placings else ""
        return f"Outcome(winners={self.winners!r}{coded}, reason={self.reason!r}{placed})"

    def placed(self, placings: Sequence[int]) -> Outcome:
        """This outcome with every seat's place."""
        return replace(self, placings=tuple(placings))

    @property
    def unplaced(self) -> Outcome:
        """This outcome without places (as a game's version before placings ends a match)."""
        return replace(self, placings=()) if self.placings else self

    @property
    def is_draw(self) -> bool:
        """True unless exactly one seat won."""
        return len(self.winners) != 1

    @property
    def winner(self) -> int | None:
        """The single winner, if there is one."""
        return self.winners[0] if len(self.winners) == 1 else None

    def score(self, seat: int) -> float:
        """1 for a sole winner, a share of 1 for tied winners, 0.5 when nobody won, else 0."""
        if not self.winners:
            return 0.5
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> JsonObject:
        data: JsonObject
        if not self.code:  # an outcome of the form before codes
            data = {"winners": list(self.winners), "reason": self.reason}
        else:
            data = {
                "winners": list(self.winners),
                "code": self.code,
                "seats": list(self.seats),
                "reason": self.reason,
            }
        if self.placings:
            data["placings"] = list(self.placings)
        return data

    @classmethod
    def from_json(cls, value: JsonValue) -> Outcome:
        data = as_object(value, "outcome")
        winners = as_list(data.get("winners"), "outcome winners")
        code = data.get("code")
        return cls(
            winners=tuple(as_int(seat, "outcome winner") for seat in winners),
            code="" if code is None else as_str(code, "outcome code"),
            seats=tuple(
                as_int(seat, "outcome seat") for seat in as_list(data.get("seats", []), "seats")
            ),
            reason=as_str(data.get("reason"), "outcome reason"),
            placings=tuple(
                as_int(place, "outcome place")
                for place in as_list(data.get("placings", []), "outcome placings")
            ),
        )


def plain_seat(seat: int) -> str:
    """A seat as an outcome's ``reason`` calls it: ``player N``, counting from 0 (as the
    sentences of outcomes always have)."""
    return f"player {seat}"


@dataclass(frozen=True, slots=True)
class OutcomeCode:
    """One way a game's matches end: its ``code``, and the ``words`` that tell it, where
    ``{seats}`` stands for the seats it concerns (``Alice``, ``Alice and Bob``, ``you``).
    Words read right whoever the seats are: ``{seats} conceded``, not ``{seats} has``."""

    code: str
    words: str

    def outcome(self, *, winners: Sequence[int], seats: Sequence[int] = ()) -> Outcome:
        """The outcome of this code (its ``reason`` worded with :func:`plain_seat`)."""
        return Outcome(
            winners=tuple(winners),
            code=self.code,
            seats=tuple(seats),
            reason=self.tell(seats, plain_seat),
        )

    def tell(self, seats: Sequence[int], name: Callable[[int], str]) -> str:
        """The words, the seats named by ``name``.

        >>> OutcomeCode("fell", "{seats} fell").tell((0, 2), ["Ann", "Bob", "Cy"].__getitem__)
        'Ann and Cy fell'
        """
        return self.words.replace("{seats}", listed([name(seat) for seat in seats]))


def ranked(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places from sort keys, lower first: equal keys share a place and the places after
    them are skipped (1, 1, 3).

    >>> ranked([(0, 5), (1, 2), (1, 2), (1, 7)])
    (1, 2, 2, 4)
    """
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def listed(names: Sequence[str]) -> str:
    """Names in a sentence: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def outcome_codes(*codes: OutcomeCode) -> Mapping[str, OutcomeCode]:
    """A game's outcome codes by code, as ``Game.outcome_codes`` declares them."""
    return {code.code: code for code in codes}


CONCEDED = OutcomeCode("conceded", "{seats} conceded")
"""A seat conceded (the engine's way to concede: the other seats share the win)."""
FELL = OutcomeCode("fell", "{seats} fell to 0 health or below")
"""Heroes fell to 0 health or below; the living won (see
:func:`~cardtable.engine.characters.hero_outcome`)."""
ALL_FELL = OutcomeCode("all_fell", "every player fell at once")
"""Every hero fell at once: nobody won."""
