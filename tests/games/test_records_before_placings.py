"""Records made before outcomes placed every seat (Kata TCG version 5, War and Karata version
2) still replay exactly, to the unplaced outcome they were saved with; the same decisions
under the newest versions end with every seat placed as RULING 21 says.

The records under tests/fixtures/records named ``tcg-v5-*``, ``karata-v2-*`` and ``war-v2-*``
were saved by the code of that time, playing random legal decisions from the seed in each
(conceding once where the name says so).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record, RecordError
from cardtable.games import find

RECORDS = Path(__file__).resolve().parents[1] / "fixtures" / "records"
BEFORE = {"tcg": 5, "war": 2, "karata": 2}
"""The last version of each game whose outcomes did not place the seats."""
PLACED = {
    # the winner first, the other second, whether they fell or conceded
    "tcg-v5-fell": ((0,), (1, 2)),
    "tcg-v5-conceded": ((0,), (1, 2)),
    # the winner first, then by cards left: 3 before 12
    "karata-v2-three": ((1,), (3, 1, 2)),
    # seat 0 left the table: last, after seat 1 and its 18 cards
    "karata-v2-three-left": ((2,), (3, 2, 1)),
    # seat 1 ran out in battle 2, seat 2 in battle 3: the last out is next after the winner
    "war-v2-three": ((0,), (1, 3, 2)),
    # in battle 2 seat 0 conceded and seat 1 ran out: the one who conceded is last
    "war-v2-three-conceded": ((2,), (3, 2, 1)),
}
OLD = sorted(RECORDS / f"{name}.json" for name in PLACED)


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_a_record_made_before_placings_replays_to_its_unplaced_outcome(path: Path) -> None:
    record = Record.load(path)
    game = find(record.game)
    assert record.game_version == BEFORE[record.game] < game.version
    assert record.outcome is not None
    assert record.outcome.placings == ()
    match = Match.replay(game, record)
    assert match.hash() == record.final_hash
    assert match.outcome == record.outcome
    assert match.record(record.meta) == record  # saved again, it is the same record


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_a_record_made_before_placings_does_not_replay_as_the_newest_version(path: Path) -> None:
    """Its final state held an unplaced outcome: the newest version's places every seat."""
    record = Record.load(path)
    game = find(record.game)
    with pytest.raises(RecordError, match="does not end in the recorded final state"):
        Match.replay(game, replace(record, game_version=game.version))


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_the_same_decisions_under_the_newest_version_place_every_seat(path: Path) -> None:
    record = Record.load(path)
    game = find(record.game)
    match: Match[Any] = Match(game, game.load_ruleset(record.ruleset), record.seed)
    for seat, text in record.decisions:
        match.decide(seat, text)
    assert match.outcome is not None
    assert record.outcome is not None
    assert (match.outcome.winners, match.outcome.placings) == PLACED[path.stem]
    assert match.outcome.unplaced == record.outcome  # nothing else changed
    saved = Record.from_json(match.record().to_json())
    assert saved.game_version == game.version
    assert saved.outcome == match.outcome
    assert Match.replay(game, saved).hash() == saved.final_hash
