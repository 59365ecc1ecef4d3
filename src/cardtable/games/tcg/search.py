"""What the Kata TCG tells the search player (see
:class:`~cardtable.engine.facets.SearchHints`): how well a seat stands, by the heroes' health,
and what a closed deck list may hold, for dealing worlds.

>>> from cardtable.engine import Match
>>> from cardtable.games.tcg.game import GAME
>>> match = Match(GAME, GAME.default_ruleset(), seed=1)
>>> TcgSearch().estimate(match.state, 0)
0.5
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.facets import SearchHints
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.engine.view import View
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.state import TcgState


class TcgSearch(SearchHints[TcgState]):
    """The Kata TCG's search hints."""

    def estimate(self, state: TcgState, seat: int) -> float:
        """The share of the heroes' health that is ``seat``'s."""
        lives = [max(hero.life.value, 0) for hero in state.heroes]
        total = sum(lives)
        return lives[seat] / total if total else 1 / state.seats

    def sample_unseen(
        self, book: RuleBook, view: View[Any], pool: str, count: int, rng: Rng
    ) -> list[str] | None:
        """With closed deck lists, a deck's unseen cards come from the card pool under the
        deck-building limits (never from the real list): any card but tokens, at most
        ``copies_limit`` copies counting those already seen."""
        rules: TcgRules = book.ruleset
        seen = view.seen(pool)
        copies = [
            card.id
            for card in rules.cards
            if not card.token
            for _ in range(max(rules.copies_limit - seen[card.id], 0))
        ]
        rng.shuffle(copies)
        return copies[:count]
