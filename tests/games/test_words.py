"""Each game words every event it makes: whole matches of every example ruleset, read by
every seat and by a spectator, give no line in the field-by-field fallback."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.agents import RandomAgent
from cardtable.engine import Match
from cardtable.engine.game import Game
from cardtable.engine.json import JsonObject
from cardtable.engine.wording import Names, describe_generic, seat_namer, with_text
from cardtable.games import find
from cardtable.simulation import agent_rng

LEFT_OUT = {"tcg": {"shuffle"}, "war": set(), "karata": {"take_back"}}
"""The events each game may leave out of a log."""
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def _played(name: str, ruleset: Any, seed: int) -> Match[Any]:
    game = find(name)
    match: Match[Any] = Match(game, ruleset, seed, seats=NAMES[: game.seats(ruleset)])
    agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(match.state.seats)]
    for _ in range(2_000):
        seat = match.to_act
        if seat is None:
            break
        match.decide(seat, agents[seat].choose(match.legal(seat)))
    return match


@pytest.mark.parametrize("name", ["tcg", "war", "karata"])
def test_every_event_of_a_match_is_worded_by_its_game(name: str) -> None:
    game = find(name)
    kinds: set[str] = set()
    for ruleset in game.example_rulesets():
        for seed in (1, 2):
            match = _played(name, ruleset, seed)
            for viewer in (*range(match.state.seats), None):
                names = Names(seat_namer(match.seats), {})
                for event in with_text(game, match.events(viewer), names):
                    text = event.pop("text")
                    kind = str(event["type"])
                    kinds.add(kind)
                    if text is None:
                        assert kind in LEFT_OUT[name], event
                        continue
                    assert isinstance(text, str), event
                    assert text, event
                    assert text != describe_generic(event), f"{kind} has no words: {text}"
                    seat = event.get("seat")
                    if isinstance(seat, int) and kind not in {"deal", "take_back", "expired"}:
                        assert match.seats[seat] in text, (event, text)
    assert len(kinds) >= 6, kinds


def test_a_card_is_named_once_the_reader_was_shown_it() -> None:
    game = find("tcg")
    names = Names(seat_namer(("Ann", "Bob")), {})
    played: JsonObject = {
        "type": "play",
        "seat": 0,
        "card": {
            "id": 12,
            "key": "imp",
            "name": "Fire Imp",
            "cost": 2,
            "damage": 0,
            "heal": 0,
            "attack": 2,
            "health": 2,
            "draw": 0,
        },
        "mode": "minion",
        "target": None,
    }
    attack: JsonObject = {"type": "attack", "seat": 0, "minion": 12, "target": "p1"}
    early = with_text(game, [attack], Names(seat_namer(("Ann", "Bob")), {}))
    assert early[0]["text"] == "Ann's card #12 attacks Bob"
    lines = [event["text"] for event in with_text(game, [played, attack], names)]
    assert lines == ["Ann plays Fire Imp as a minion", "Ann's Fire Imp attacks Bob"]


def test_an_event_a_game_does_not_word_reads_field_by_field() -> None:
    names = Names(seat_namer(("Ann", "Bob")), {})
    unknown: dict[str, Any] = {"type": "juggle", "seat": 1, "balls": [3, 4]}
    assert Game.describe_event(find("war"), unknown, names) == "juggle: seat 1, balls [3, 4]"
    for name in ("tcg", "war", "karata"):
        assert find(name).describe_event(unknown, names) == "juggle: seat 1, balls [3, 4]"
