"""Cheap War knowledge for players and boards: War has no choices, so what there is to know
is who holds how much.

>>> from cardtable.engine import Match
>>> from cardtable.games.war import GAME, WarRules
>>> match = Match(GAME, WarRules(players=3), seed=1)
>>> held(match.view(None)), leaders(match.view(None))
([18, 17, 17], [0])
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.view import View


def held(view: View[Any]) -> list[int]:
    """Per seat, the cards in their pile plus those they have on the table now."""
    seats = range(len([name for name in view.zones if name.startswith("pile:")]))
    return [
        sum(view.zones[f"{kind}:{seat}"].size for kind in ("pile", "up", "down")) for seat in seats
    ]


def leaders(view: View[Any]) -> list[int]:
    """The seats still in the match holding the most cards."""
    counts = held(view)
    out = set(view.public["out"])
    playing = [seat for seat in range(len(counts)) if seat not in out]
    if not playing:
        return []
    best = max(counts[seat] for seat in playing)
    return [seat for seat in playing if counts[seat] == best]
