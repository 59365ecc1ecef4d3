"""Records made before Karata's public data named the cards everybody saw go into the hidden
deck (Karata version 3) still replay exactly, with the public data they were saved with; the
same decisions under the newest version name those cards (``buried``, ``recycled``), so that
no event names a card that no view shows any more.

The records under tests/fixtures/records named ``karata-v3-*`` were saved by the code of that
time, playing random legal decisions (``RandomAgent``, seeded with ``agent_rng(seed, seat)``)
from the seed in each: the standard rules (seed 33), three players with a random starter
(seed 19), and six full hands with fines (seed 36, where the deck runs out). Each buries
special cards at the opening and shuffles the pile back into the deck at least once.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record, RecordError
from cardtable.engine.json import JsonObject
from cardtable.games import find
from cardtable.testing.naming import named_cards, unseen
from tests.jsondata import arr, obj, strs

RECORDS = Path(__file__).resolve().parents[1] / "fixtures" / "records"
BEFORE = 3
"""The last version of Karata whose public data named no card."""
OLD = sorted(RECORDS.glob(f"karata-v{BEFORE}-*.json"))
PUBLIC_BEFORE = {"direction", "request", "bomb", "declared", "out"}
"""The fields of Karata's public data in version 3."""


def test_the_records_were_found() -> None:
    assert {path.stem for path in OLD} == {
        "karata-v3-two",
        "karata-v3-three",
        "karata-v3-six-ran-out",
    }


Step = tuple[list[str], JsonObject, list[JsonObject]]
"""The pile's keys before a decision, a spectator's public data after it, and the events it
made as a spectator saw them."""


def _pile(match: Match[Any]) -> list[str]:
    cards = match.view(None).zones["pile"].cards
    assert cards is not None
    return [card.key for card in cards]


def _steps(match: Match[Any], record: Record) -> list[Step]:
    """The set-up's step, then each decision's, of ``record``."""
    steps: list[Step] = [([], match.view(None).public, match.events(None, 0))]
    for seat, text in record.decisions:
        since, pile = match.journal_length, _pile(match)
        match.decide(seat, text)
        steps.append((pile, match.view(None).public, match.events(None, since)))
    return steps


def _leaks(match: Match[Any], record: Record) -> int:
    """How many events of ``record`` (from the set-up on) a spectator was shown with a card
    that the spectator's view no longer showed once the decision was processed."""
    found = sum(
        1 for event in match.events(None, 0) if unseen(named_cards(event), match.view(None))
    )
    for seat, text in record.decisions:
        since = match.journal_length
        match.decide(seat, text)
        view = match.view(None)
        found += sum(1 for event in match.events(None, since) if unseen(named_cards(event), view))
    return found


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_a_record_made_before_public_names_replays_exactly(path: Path) -> None:
    record = Record.load(path)
    game = find(record.game)
    assert record.game_version == BEFORE < game.version
    match = Match.replay(game, record)
    assert match.hash() == record.final_hash
    assert match.outcome == record.outcome
    assert match.record(record.meta) == record  # saved again, it is the same record
    assert set(match.view(None).public) == PUBLIC_BEFORE


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_its_public_data_names_no_card_at_any_step(path: Path) -> None:
    record = Record.load(path)
    game = find(record.game).at_version(BEFORE)
    match: Match[Any] = Match(game, game.load_ruleset(record.ruleset), record.seed)
    for _, public, _ in _steps(match, record):
        assert set(public) == PUBLIC_BEFORE
    assert match.hash() == record.final_hash


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_a_record_made_before_public_names_does_not_replay_as_the_newest_version(
    path: Path,
) -> None:
    """Its final state named no card: the newest version's names the buried ones."""
    record = Record.load(path)
    game = find(record.game)
    with pytest.raises(RecordError, match="does not end in the recorded final state"):
        Match.replay(game, replace(record, game_version=game.version))


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_the_same_decisions_under_the_newest_version_name_buried_and_recycled_cards(
    path: Path,
) -> None:
    record = Record.load(path)
    game = find(record.game)
    ruleset = game.load_ruleset(record.ruleset)
    old = _steps(Match(game.at_version(BEFORE), ruleset, record.seed), record)
    match: Match[Any] = Match(game, ruleset, record.seed)
    new = _steps(match, record)
    (turned,) = [event for event in new[0][2] if event["type"] == "turn_up"]
    buried = [obj(face)["key"] for face in arr(turned["buried"])]
    assert buried  # every record buries a card at the opening
    recycled: list[str] = []
    recycles = 0
    for (_, old_public, old_events), (pile, public, events) in zip(old, new, strict=True):
        assert events == old_events  # the events are the same in both versions
        assert {k: v for k, v in public.items() if k in PUBLIC_BEFORE} == old_public
        assert public["buried"] == {"cards": buried}
        seen = pile + [card for e in events if e["type"] == "finish" for card in strs(e["cards"])]
        for event in events:
            if event["type"] == "pick" and event["recycled"]:
                recycles += 1
                recycled = strs(obj(public["recycled"])["cards"])
                assert len(recycled) == event["recycled"]
                assert set(recycled) <= set(seen)  # everybody saw them on the pile
        assert public["recycled"] == {"cards": recycled}
    assert recycles  # every record shuffles the pile back at least once
    assert match.outcome is not None
    assert record.outcome is not None
    assert match.outcome == record.outcome  # nothing else changed
    saved = Record.from_json(match.record().to_json())
    assert saved.game_version == game.version
    assert Match.replay(game, saved).hash() == saved.final_hash


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_under_the_newest_version_no_event_names_a_card_the_view_forgot(path: Path) -> None:
    """The break this version mends: under version 3 the same decisions leak."""
    record = Record.load(path)
    game = find(record.game)
    ruleset = game.load_ruleset(record.ruleset)
    assert _leaks(Match(game.at_version(BEFORE), ruleset, record.seed), record) > 0
    assert _leaks(Match(game, ruleset, record.seed), record) == 0
