"""Records made before outcomes carried codes (Kata TCG version 4, War and Karata version 1)
still replay exactly, to the outcome of a sentence they were saved with; new matches end with
an outcome of a code.

The records under tests/fixtures/records named ``*-v4-*`` (tcg) and ``*-v1-*`` (war, karata)
were saved by the code of that time, playing random legal decisions from the seed in each
(conceding where the name says so).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record, RecordError
from cardtable.games import find

RECORDS = Path(__file__).resolve().parents[1] / "fixtures" / "records"
BEFORE = {"tcg": 4, "war": 1, "karata": 1}
"""The last version of each game whose outcomes were sentences alone."""
OLD = sorted(
    path
    for game, version in BEFORE.items()
    for path in RECORDS.glob(f"{game}-v{version}-*.json")
    if "seed" not in path.stem  # the Kata TCG's version 2 records are tested on their own
)


def test_the_records_were_found() -> None:
    assert {path.stem for path in OLD} == {
        "tcg-v4-fell",
        "tcg-v4-conceded",
        "war-v1-out-of-cards",
        "war-v1-turn-limit",
        "war-v1-conceded",
        "war-v1-three-conceded",
        "war-v1-alone",
        "karata-v1-played-out",
        "karata-v1-left",
    }


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_a_record_made_before_codes_replays_to_its_outcome(path: Path) -> None:
    record = Record.load(path)
    game = find(record.game)
    assert record.game_version == BEFORE[record.game] < game.version
    assert record.outcome is not None
    assert record.outcome.code == ""
    match = Match.replay(game, record)
    assert match.hash() == record.final_hash
    assert match.outcome == record.outcome
    assert match.record(record.meta) == record  # saved again, it is the same record


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_a_record_made_before_codes_does_not_replay_as_the_newest_version(path: Path) -> None:
    """Its final state held an outcome of a sentence: the newest version's differs."""
    record = Record.load(path)
    game = find(record.game)
    with pytest.raises(RecordError, match="does not end in the recorded final state"):
        Match.replay(game, replace(record, game_version=game.version))


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_the_same_decisions_under_the_newest_version_end_with_a_code(path: Path) -> None:
    record = Record.load(path)
    game = find(record.game)
    match: Match[Any] = Match(game, game.load_ruleset(record.ruleset), record.seed)
    for seat, text in record.decisions:
        match.decide(seat, text)
    old, new = record.outcome, match.outcome
    assert old is not None
    assert new is not None
    assert new.winners == old.winners
    assert new.code in game.outcome_codes
    assert all(0 <= seat < match.state.seats for seat in new.seats)
    saved = Record.from_json(match.record().to_json())
    assert saved.game_version == game.version
    assert saved.outcome == new
    assert Match.replay(game, saved).hash() == saved.final_hash


EXPECTED = {
    "tcg-v4-fell": ("fell", (1,)),
    "tcg-v4-conceded": ("conceded", (1,)),
    "war-v1-out-of-cards": ("out_of_cards", (1,)),
    "war-v1-turn-limit": ("turn_limit", (0,)),
    "war-v1-conceded": ("conceded", (0,)),
    "war-v1-alone": ("alone", ()),
    "karata-v1-played-out": ("played_out", (1,)),
    "karata-v1-left": ("left", (1,)),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_old_outcome_has_its_code_now(name: str) -> None:
    record = Record.load(RECORDS / f"{name}.json")
    game = find(record.game)
    match: Match[Any] = Match(game, game.load_ruleset(record.ruleset), record.seed)
    for seat, text in record.decisions:
        match.decide(seat, text)
    assert match.outcome is not None
    assert (match.outcome.code, match.outcome.seats) == EXPECTED[name]
