"""Which characters a filter names, from one seat's side of the table.

>>> from cardtable.games.tcg.scenario import scenario
>>> from cardtable.games.tcg.config import TcgRules
>>> state = scenario(boards=([2], [3, 4]), rules=TcgRules(minions=True))
>>> [target.text() for target in characters(state, 0, "enemy")]
['p1', '#1', '#2']
"""

from __future__ import annotations

from cardtable.engine.cards import Card
from cardtable.engine.characters import Target
from cardtable.games.tcg.state import TcgState


def characters(
    state: TcgState, seat: int, filter: str, *, source: Card | None = None
) -> list[Target]:
    """Every character ``filter`` names for ``seat``: heroes first (own, then enemy), then
    minions in board order (own, then enemy). ``other_friendly_minion`` leaves out ``source``."""
    enemy = 1 - seat
    heroes: list[int] = []
    boards: list[int] = []
    if filter in ("any", "hero"):
        heroes = [seat, enemy]
    elif filter == "enemy":
        heroes = [enemy]
    elif filter == "friendly":
        heroes = [seat]
    if filter in ("any", "minion"):
        boards = [seat, enemy]
    elif filter in ("enemy", "enemy_minion"):
        boards = [enemy]
    elif filter in ("friendly", "friendly_minion", "other_friendly_minion"):
        boards = [seat]
    found = [Target.hero(hero) for hero in heroes]
    if state.boards:
        for board in boards:
            for minion in state.boards[board].cards:
                if filter == "other_friendly_minion" and minion is source:
                    continue
                found.append(Target.minion(minion.id))
    return found


def on_board(state: TcgState, card: Card) -> bool:
    """Whether ``card`` is on one of the boards."""
    return any(card in board.cards for board in state.boards)


def price(state: TcgState, card: Card) -> int:
    """What a card costs to play now (components may make it cheaper, never below 0)."""
    cost = state.stat(card, "cost")
    return cost if cost > 0 else 0
