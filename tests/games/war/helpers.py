"""Small helpers shared by the War tests."""

from __future__ import annotations

from cardtable.engine import JsonObject, canonical
from cardtable.engine.zones import Zone
from cardtable.games.war import WarGame, WarState
from cardtable.games.war.scenario import events

GAME = WarGame()


def turn(state: WarState, seat: int) -> None:
    """``seat`` turns; the decision must be accepted."""
    assert GAME.decide(state, seat, GAME.parse_decision("turn")) is None


def play_round(state: WarState) -> None:
    """Every player still to turn in the current round turns, in order."""
    for seat in list(state.to_turn):
        turn(state, seat)


def top_first(zone: Zone) -> list[str]:
    """The keys of a zone's cards, top first (the next card to turn first)."""
    return [card.key for card in reversed(zone.cards)]


def sizes(state: WarState) -> list[int]:
    return [len(pile.cards) for pile in state.piles]


def new_events(state: WarState, since: int, seat: int | None = None) -> list[JsonObject]:
    return events(state, seat, since)


def kinds(found: list[JsonObject]) -> list[str]:
    return [str(event["type"]) for event in found]


def snapshot(state: WarState) -> str:
    return canonical(GAME.state_to_json(state))
