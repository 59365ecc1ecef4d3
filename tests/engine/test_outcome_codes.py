"""Outcomes carry a code and the seats it concerns; front ends word them with names."""

from __future__ import annotations

import pytest

from cardtable.engine import JsonObject, Match, Outcome, RecordError
from cardtable.engine.outcome import ALL_FELL, CONCEDED, FELL, OutcomeCode, outcome_codes
from cardtable.engine.wording import describe_outcome
from tests.engine.test_game import TICK, TickRules

CODES = outcome_codes(CONCEDED, FELL, ALL_FELL)
NAMES = ["Alice", "Bob", "Cy"].__getitem__


def test_an_outcome_of_a_code_keeps_its_plain_sentence_too() -> None:
    outcome = FELL.outcome(winners=(0,), seats=(1, 2))
    assert outcome.to_json() == {
        "winners": [0],
        "code": "fell",
        "seats": [1, 2],
        "reason": "player 1 and player 2 fell to 0 health or below",
    }
    assert Outcome.from_json(outcome.to_json()) == outcome


def test_an_outcome_made_before_codes_reads_back_as_it_was() -> None:
    old: JsonObject = {"winners": [1], "reason": "player 0 conceded"}
    outcome = Outcome.from_json(old)
    assert (outcome.code, outcome.seats, outcome.reason) == ("", (), "player 0 conceded")
    assert outcome.to_json() == old


def test_a_code_must_be_text() -> None:
    with pytest.raises(RecordError, match="outcome code"):
        Outcome.from_json({"winners": [], "code": 3, "seats": [], "reason": "x"})


@pytest.mark.parametrize(
    ("outcome", "viewer", "words"),
    [
        (FELL.outcome(winners=(0,), seats=(1,)), None, "Alice won — Bob fell to 0 health or below"),
        (FELL.outcome(winners=(0,), seats=(1,)), 0, "You won — Bob fell to 0 health or below"),
        (FELL.outcome(winners=(0,), seats=(1,)), 1, "You lost — you fell to 0 health or below"),
        (CONCEDED.outcome(winners=(0, 2), seats=(1,)), None, "Alice and Cy won — Bob conceded"),
        (CONCEDED.outcome(winners=(0, 2), seats=(1,)), 2, "You and Alice won — Bob conceded"),
        (ALL_FELL.outcome(winners=(), seats=(0, 1)), 0, "Nobody won — every player fell at once"),
        (Outcome(winners=(1,), reason="player 0 left"), None, "Bob won — player 0 left"),
        (Outcome(winners=(1,), reason=""), 1, "You won"),
    ],
)
def test_an_outcome_in_words(outcome: Outcome, viewer: int | None, words: str) -> None:
    assert describe_outcome(outcome, CODES, NAMES, viewer) == words


def test_a_code_the_game_does_not_declare_is_told_by_its_reason() -> None:
    stranger = OutcomeCode("stranger", "{seats} met a stranger").outcome(winners=(0,), seats=(1,))
    assert describe_outcome(stranger, CODES, NAMES, None) == "Alice won — player 1 met a stranger"


def test_the_engine_concedes_with_its_code() -> None:
    match = Match(TICK, TickRules(), seed=0)
    match.decide(0, "concede")
    assert match.outcome == CONCEDED.outcome(winners=(1,), seats=(0,)).placed((2, 1))
    assert TICK.outcome_codes == {"conceded": CONCEDED}
    assert TICK.describe_outcome(match.outcome, NAMES, 1) == "You won — Alice conceded"
