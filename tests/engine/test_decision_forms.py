"""A decision declared with a text form gets its text, and its game's parsing, from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import Game, InvalidDecision

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "highcard" / "src"


def test_a_form_gives_the_text_and_reads_it_back(highcard: Game[Any, Any]) -> None:
    play = highcard.parse("  PLAY   #12 ")
    assert play.text() == "play #12"
    assert highcard.parse(play.text()) == play
    assert highcard.parse_decision("concede").text() == "concede"


@pytest.mark.parametrize("text", ["play", "play #", "play #x", "play #1234567890", "fly #3"])
def test_text_in_no_form_is_refused_saying_what_to_write(
    highcard: Game[Any, Any], text: str
) -> None:
    with pytest.raises(InvalidDecision, match="is not a High Card decision: write play #CARD"):
        highcard.parse(text)
