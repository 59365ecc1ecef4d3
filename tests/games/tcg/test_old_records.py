"""Records of version 2 of the Kata TCG (ids in deck-list order) still replay exactly, and so
do those of version 3, whose card pools may hold a card with both damage and a draw count;
new matches play version 4 (ids at random under closed deck lists, and such cards refused).

The records under tests/fixtures/records were saved by version 2 itself, before version 3
existed, with ``cardtable play tcg --seats random,random --seed 5 --save FILE`` (and
``--cards legends --open-decklists false`` for the closed one).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Match, Record, RecordError, RulesetError
from cardtable.games import find

RECORDS = Path(__file__).resolve().parents[2] / "fixtures" / "records"
OLD = sorted(RECORDS.glob("tcg-v2-*.json"))
GAME = find("tcg")


@pytest.mark.parametrize("path", OLD, ids=lambda path: path.stem)
def test_a_version_2_record_replays_to_its_final_state(path: Path) -> None:
    record = Record.load(path)
    assert (record.game, record.game_version) == ("tcg", 2)
    match = Match.replay(GAME, record)
    assert match.hash() == record.final_hash
    assert match.outcome == record.outcome
    assert match.record() == record  # saved again, it is still a version 2 record
    rules = GAME.load_ruleset(record.ruleset)
    listed = [key for deck in rules.decks for key in deck]
    start = Match(GAME.at_version(2), rules, record.seed)
    assert [card.key for card in start.state.cards] == listed  # version 2: in list order


def test_a_closed_record_of_version_2_does_not_replay_as_version_3() -> None:
    """Its decisions name ids of version 2's numbering: the version is what replays it."""
    record = Record.load(RECORDS / "tcg-v2-legends-closed-seed5.json")
    with pytest.raises(RecordError):
        Match.replay(GAME, replace(record, game_version=3))


def test_the_old_records_were_found() -> None:
    assert {path.name for path in OLD} == {
        "tcg-v2-seed5.json",
        "tcg-v2-legends-closed-seed5.json",
    }


def test_a_new_record_is_of_the_newest_version_and_replays() -> None:
    old = Record.load(RECORDS / "tcg-v2-seed5.json")
    match: Match[Any] = Match(GAME, GAME.load_ruleset(old.ruleset), old.seed)
    while not match.over:
        seat = match.to_act
        assert seat is not None
        match.decide(seat, match.legal(seat).moves[-1])
    record = Record.from_json(match.record().to_json())
    assert GAME.version == record.game_version == 6
    assert record.outcome is not None
    assert sorted(record.outcome.placings) == [1, 2]
    assert Match.replay(GAME, record).hash() == record.final_hash == match.hash()


MIXED = {
    "id": "surge",
    "name": "Surge",
    "cost": 1,
    "damage": 3,
    "draw": 1,
}
"""A card version 4 refuses: it deals damage and draws (as a drawer, it only draws)."""


def mixed_rules() -> dict[str, Any]:
    rules: dict[str, Any] = GAME.default_ruleset().to_json()
    rules["cards"] = [*rules["cards"], MIXED]
    rules["decks"] = [["surge"] * 4 + deck[4:] for deck in rules["decks"]]
    return rules


def test_version_4_refuses_a_card_with_damage_and_a_draw_count() -> None:
    with pytest.raises(RulesetError, match=r"cards\.9: damage \(3\) and draw \(1\) together"):
        GAME.load_ruleset(mixed_rules())


def test_a_version_3_record_with_such_a_card_still_replays() -> None:
    """Version 3 took the card (and played it as a drawer: no damage); its records replay."""
    old = GAME.at_version(3)
    rules = old.load_ruleset(mixed_rules())
    match: Match[Any] = Match(old, rules, seed=4)
    drawn_by_surge = 0
    while not match.over:
        seat = match.to_act
        assert seat is not None
        moves = match.legal(seat).moves
        surges = [m for m in moves if m.text().startswith("play") and _is_surge(match, m.text())]
        decision = surges[0] if surges else moves[0]
        drawn_by_surge += bool(surges)
        match.decide(seat, decision)
    assert drawn_by_surge > 0
    damage = [e for e in match.events(None) if e["type"] == "damage" and e.get("reason") == "card"]
    surge_ids = {card.id for card in match.state.cards if card.key == "surge"}
    assert not [e for e in damage if e.get("source") in surge_ids]  # a drawer deals nothing
    record = Record.from_json(match.record().to_json())
    assert record.game_version == 3
    assert Match.replay(GAME, record).hash() == record.final_hash == match.hash()
    with pytest.raises(RecordError, match="the record's ruleset is not valid"):
        Match.replay(GAME, replace(record, game_version=4))


def _is_surge(match: Match[Any], text: str) -> bool:
    card = int(text.split("#")[1].split()[0])
    return bool(match.state.cards[card].key == "surge")
