"""Small helpers shared by the Karata scenario tests."""

from __future__ import annotations

import pytest

from cardtable.engine import JsonObject, canonical
from cardtable.engine.errors import IllegalDecision
from cardtable.games.karata import KarataGame, KarataState
from cardtable.games.karata.scenario import events

GAME = KarataGame()


def act(state: KarataState, seat: int, text: str) -> None:
    """Make the decision written as ``text``; it must be accepted (no fine)."""
    assert GAME.decide(state, seat, GAME.parse_decision(text)) is None


def refused(state: KarataState, seat: int, text: str) -> str:
    """The decision ``text`` is refused and changes nothing; the reason the player is given."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as caught:
        GAME.decide(state, seat, GAME.parse_decision(text))
    assert snapshot(state) == before
    return caught.value.reason


def fined(state: KarataState, seat: int, text: str) -> str:
    """The decision ``text`` breaks a rule and is fined (fines on): the reason given."""
    error = GAME.decide(state, seat, GAME.parse_decision(text))
    assert error is not None
    return error.reason


def hand(state: KarataState, seat: int) -> list[str]:
    """The keys of a hand, oldest first."""
    return list(state.hand_keys(seat))


def pile(state: KarataState) -> list[str]:
    """The pile's keys, top first."""
    return [card.key for card in reversed(state.pile.cards)]


def deck(state: KarataState) -> list[str]:
    """The deck's keys, top (next to pick) first."""
    return [card.key for card in reversed(state.deck.cards)]


def sizes(state: KarataState) -> list[int]:
    return [len(zone.cards) for zone in state.hands]


def new_events(state: KarataState, since: int = 0, seat: int | None = None) -> list[JsonObject]:
    return events(state, seat, since)


def kinds(found: list[JsonObject]) -> list[str]:
    return [str(event["type"]) for event in found]


def last_of(state: KarataState, kind: str, seat: int | None = None) -> JsonObject:
    """The latest event of type ``kind``."""
    found = [event for event in events(state, seat) if event["type"] == kind]
    assert found, f"no {kind} event"
    return found[-1]


def snapshot(state: KarataState) -> str:
    """The whole state as canonical JSON: equal snapshots mean byte-identical states."""
    return canonical(GAME.state_to_json(state))


def legal_texts(state: KarataState, seat: int) -> set[str]:
    return {decision.text() for decision in GAME.legal(state, seat).moves}
