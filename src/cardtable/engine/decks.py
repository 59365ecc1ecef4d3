"""Games whose players bring their own decks to a match.

A game with decks keeps them in its ruleset (so a record replays whatever happens to deck
files later); :class:`SeatDecks` is how a front end that knows nothing of the game puts a
player's deck in: the deck as JSON, in the shape the game's deck files have, checked against
the ruleset's deck-building limits.

>>> from cardtable.games import find
>>> isinstance(find("tcg"), SeatDecks), isinstance(find("war"), SeatDecks)
(True, False)
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from cardtable.engine.json import JsonObject
from cardtable.engine.ruleset import Ruleset


@runtime_checkable
class SeatDecks(Protocol):
    """A game whose seats may each bring a deck."""

    def with_seat_deck(self, ruleset: Ruleset, seat: int, deck: JsonObject) -> Ruleset:
        """``ruleset`` with seat ``seat`` playing ``deck``; :class:`RulesetError` saying
        what is wrong when the deck is not one these rules allow."""
        ...
