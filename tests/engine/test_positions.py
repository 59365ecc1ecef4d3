"""A match may begin from a built position (a game's ``scenario()``, a loaded state); its
record, in the one record format of every game, holds that position instead of a seed and
replays exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record, RecordError, State
from cardtable.games import find
from cardtable.games.karata.scenario import scenario as karata_scenario
from cardtable.games.tcg.scenario import scenario as tcg_scenario
from cardtable.games.war.scenario import scenario as war_scenario


def positions() -> dict[str, State]:
    return {
        "tcg": tcg_scenario(hands=([1, 2], [3]), decks=([4, 5, 6], [7, 8, 2]), active=1),
        "war": war_scenario(piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"]]),
        "karata": karata_scenario(hands=[["7H", "8H"], ["9S", "QC"]], pile=["7S"]),
    }


def play_out(match: Match[Any], seed: int, decisions: int = 40) -> None:
    chooser = random.Random(seed)
    for _ in range(decisions):
        seat = match.to_act
        if seat is None:
            return
        moves = match.legal(seat).moves
        match.decide(seat, moves[chooser.randrange(len(moves))])


@pytest.mark.parametrize("name", ["tcg", "war", "karata"])
def test_a_match_from_a_scenario_replays_from_its_record(name: str) -> None:
    game = find(name)
    position = positions()[name]
    match = Match.from_position(game, position, seats=("random", "random"))
    play_out(match, seed=7)
    assert match.decisions
    data = json.loads(json.dumps(match.record().to_json()))
    assert data["format_version"] == 2
    assert data["start"] == game.state_to_json(position)
    replayed = Match.replay(game, Record.from_json(data))
    assert replayed.hash() == match.hash()
    assert replayed.events(0) == match.events(0)


def test_the_position_is_copied_not_played_on() -> None:
    game = find("war")
    position = positions()["war"]
    before = game.state_to_json(position)
    play_out(Match.from_position(game, position), seed=1)
    assert game.state_to_json(position) == before


def test_a_loaded_state_begins_a_match_and_the_record_survives_a_file(tmp_path: Path) -> None:
    game = find("karata")
    earlier = Match(game, game.default_ruleset(), seed=3)
    play_out(earlier, seed=3, decisions=6)
    loaded = game.state_from_json(game.state_to_json(earlier.state))
    match = Match.from_position(game, loaded)
    play_out(match, seed=4)
    path = tmp_path / "position.json"
    match.record().save(path)
    assert Match.replay(game, Record.load(path)).hash() == match.hash()


def test_a_record_from_a_seed_keeps_its_format() -> None:
    game = find("war")
    match = Match(game, game.default_ruleset(), seed=2)
    play_out(match, seed=2, decisions=5)
    data = match.record().to_json()
    assert data["format_version"] == 1
    assert "start" not in data


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"format_version": 1}, "format version 1 cannot begin from a position"),
        ({"start": None}, "format version 2 begins from no position"),
        ({"start": {"format": "nothing"}}, "not a cardtable state"),
    ],
)
def test_a_broken_position_record_is_refused(change: dict[str, Any], problem: str) -> None:
    game = find("tcg")
    data = Match.from_position(game, positions()["tcg"]).record().to_json()
    data.update(change)
    with pytest.raises(RecordError, match=problem):
        Match.replay(game, Record.from_json(data))


def test_a_position_under_another_ruleset_than_the_records_is_refused() -> None:
    game = find("war")
    data = Match.from_position(game, positions()["war"]).record().to_json()
    data["ruleset"] = {**game.default_ruleset().to_json(), "turn_limit": 7}
    with pytest.raises(RecordError, match="not under the record's ruleset"):
        Match.replay(game, Record.from_json(data))


def test_a_position_of_another_game_is_refused() -> None:
    with pytest.raises(RecordError, match="of war, not tcg"):
        Match.from_position(find("tcg"), positions()["war"])
