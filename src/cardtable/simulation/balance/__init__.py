"""Balance tools for games with decks and cards (the Kata TCG): which deck beats which, and
which cards win matches or sit unused.

* :func:`deck_matrix`: every deck against every other, the same computer player on both
  sides, with the decks changing seats (:mod:`.decks`);
* :func:`card_stats`: per card, how often it was drawn and played, and how often its owner
  won when it was (:mod:`.cards`);
* :func:`balance_json`: either result as a JSON document; :mod:`.report` draws them as tables.

Both build on :func:`~cardtable.simulation.batch.simulate`, so their results are the same
whatever the number of worker processes.
"""

from cardtable.simulation.balance.cards import CardStats, CardSummary, card_stats
from cardtable.simulation.balance.decks import DeckMatrix, DeckStanding, Versus, deck_matrix
from cardtable.simulation.balance.output import balance_json

__all__ = [
    "CardStats",
    "CardSummary",
    "DeckMatrix",
    "DeckStanding",
    "Versus",
    "balance_json",
    "card_stats",
    "deck_matrix",
]
