"""A tournament's rules at each of its table sizes: a game's ruleset reseated
(:meth:`~cardtable.engine.game.Game.reseated`) for the smaller tables a field that does not
divide needs.

>>> from cardtable.games import find
>>> from cardtable.tournaments.settings import Settings
>>> karata = find("karata")
>>> four = karata.load_ruleset({"players": 4})
>>> smallest_table(karata, four, advance=1)
2
>>> sorted(rules_by_size(karata, four, Settings(format="swiss", rounds=3, seats=4, fewest=3)))
[3, 4]
>>> sorted(rules_by_size(karata, four, Settings(format="knockout", seats=4, fewest=4, advance=2)))
[2, 3, 4]
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import Game
from cardtable.tournaments.model import TournamentError
from cardtable.tournaments.settings import Settings

__all__ = ["rules_by_size", "smallest_table"]


def smallest_table(game: Game[Any, Any], ruleset: Any, *, advance: int = 1) -> int:
    """The fewest a table may seat by default: the smallest size down from the rules' own
    that they seat (every size between seated too), and more than a knockout table sends on."""
    fewest = game.seats(ruleset)
    while fewest > max(2, advance + 1) and game.reseated(ruleset, fewest - 1) is not None:
        fewest -= 1
    return fewest


def rules_by_size(game: Game[Any, Any], ruleset: Any, settings: Settings) -> dict[int, Any]:
    """The rules at each table size the tournament may seat: from its fewest to its table
    size, and for a knockout from 2 (its final seats whoever is left, as few as two). Refused
    (``TournamentError``): rules whose own table is not the tournament's, or that cannot seat
    one of its sizes."""
    if game.seats(ruleset) != settings.seats:
        raise TournamentError(
            f"these rules seat {game.seats(ruleset)} at a table, the tournament {settings.seats}"
        )
    smallest = 2 if settings.format == "knockout" else settings.fewest
    found = {}
    for size in range(smallest, settings.seats + 1):
        reseated = game.reseated(ruleset, size)
        if reseated is None:
            raise TournamentError(
                f"these {game.title} rules cannot seat {size} at a table"
                + (
                    ", which a knockout's final may come to: change the rules"
                    if size < settings.fewest
                    else f": let tables seat at least {size + 1}, or change the rules"
                )
            )
        found[size] = reseated
    return found
