"""What War tells the search player (see :class:`~cardtable.engine.facets.SearchHints`): War
has no choices, so only how well a seat stands, by the cards in its pile.

>>> from cardtable.engine import Match
>>> from cardtable.games.war import GAME, WarRules
>>> match = Match(GAME, WarRules(players=3), seed=1)
>>> [round(WarSearch().estimate(match.state, seat), 2) for seat in range(3)]
[0.35, 0.33, 0.33]
"""

from __future__ import annotations

from cardtable.engine.facets import SearchHints
from cardtable.games.war.state import WarState


class WarSearch(SearchHints[WarState]):
    """War's search hints."""

    def estimate(self, state: WarState, seat: int) -> float:
        """The share of the cards in the players' piles that is ``seat``'s."""
        held = [len(pile.cards) for pile in state.piles]
        total = sum(held)
        return held[seat] / total if total else 1 / state.seats
