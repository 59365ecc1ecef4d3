"""Protocol 6 sends an outcome's code, seats and words; protocol 5 and older, as before."""

from __future__ import annotations

import json

import pytest

from cardtable.protocol.codec import dump
from cardtable.protocol.messages import JsonObject, ViewMessage

CODED: JsonObject = {
    "winners": [0],
    "code": "fell",
    "seats": [1],
    "reason": "player 1 fell to 0 health or below",
}


def ended(outcome: JsonObject) -> ViewMessage:
    return ViewMessage(
        match="m", version=9, seat=1, view={"outcome": outcome}, legal=[], to_act=None,
        default=None,
        outcome=outcome, outcome_text="You lost — you fell to 0 health or below", events=3,
    )  # fmt: skip


def test_protocol_6_sends_the_code_the_seats_and_the_words() -> None:
    sent = json.loads(dump(ended(CODED)))
    assert sent["outcome"] == CODED
    assert sent["outcome_text"] == "You lost — you fell to 0 health or below"


@pytest.mark.parametrize("protocol", [1, 3, 4, 5])
def test_older_versions_are_sent_the_winners_and_the_reason_alone(protocol: int) -> None:
    sent = json.loads(dump(ended(CODED), protocol))
    assert sent["outcome"] == {"winners": [0], "reason": "player 1 fell to 0 health or below"}
    assert sent["view"]["outcome"] == sent["outcome"]
    assert "outcome_text" not in sent


def test_an_outcome_of_a_sentence_alone_is_sent_as_it_is() -> None:
    old: JsonObject = {"winners": [1], "reason": "player 0 conceded"}
    assert json.loads(dump(ended(old), 5))["outcome"] == old
    assert json.loads(dump(ended(old)))["outcome"] == old
