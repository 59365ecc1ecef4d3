"""Small helpers shared by the Kata TCG scenario tests."""

from __future__ import annotations

from cardtable.engine import canonical
from cardtable.engine.zones import Zone
from cardtable.games.tcg import TcgGame, TcgState

GAME = TcgGame()

RULES_DECK = [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8]
"""The deck of rules.md, read from its text: "20 damage cards costing 0, 0, 1, 1, 2, 2, 2, 3,
3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7 and 8 mana"."""


def classic_face(card_id: int, cost: int) -> dict[str, object]:
    """The face events show of classic card ``d{cost}`` with id ``card_id``: worth its cost in
    every way it can be played (a 0 card makes a 0/1 minion), drawing nothing."""
    return {
        "id": card_id,
        "key": f"d{cost}",
        "name": f"Damage {cost}",
        "cost": cost,
        "damage": cost,
        "heal": cost,
        "attack": cost,
        "health": max(cost, 1),
        "draw": 0,
    }


def act(state: TcgState, seat: int, text: str) -> None:
    """Make the decision written as ``text``; it must be accepted (the TCG has no penalties)."""
    assert GAME.decide(state, seat, GAME.parse_decision(text)) is None


def costs(zone: Zone) -> list[int]:
    """The mana costs of a zone's cards, bottom (or oldest) first."""
    return [card.printed("cost") for card in zone.cards]


def ids(zone: Zone) -> list[int]:
    return [card.id for card in zone.cards]


def snapshot(state: TcgState) -> str:
    """The whole state as canonical JSON: equal snapshots mean byte-identical states."""
    return canonical(GAME.state_to_json(state))


def life(state: TcgState, seat: int) -> int:
    return state.heroes[seat].life.value


def mana(state: TcgState, seat: int) -> tuple[int, int]:
    """(slots, mana left) of a seat."""
    stat = state.heroes[seat].mana
    return stat.base, stat.value
