"""Decisions: the default (a time-out), whole turns equal to turns built card by card, and
decision texts that parse back."""

from __future__ import annotations

import pytest

from cardtable.engine.errors import IllegalDecision, InvalidDecision
from cardtable.games.karata import PASS, Finish, KarataRules, KarataState, Pass, Play, Turn
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act, hand, new_events

DECK = ["10C", "10D", "6H", "5H", "9D"]


@pytest.mark.parametrize(
    "table", [{}, {"request": "H"}, {"request": "9S"}, {"bomb": 2, "pile": ["2H"]}]
)
def test_with_nothing_played_the_default_is_to_pass(table: dict[str, object]) -> None:
    arguments: dict[str, object] = {"pile": ["7H"], "deck": DECK, **table}
    state = scenario(hands=[["9H", "AS", "5S"], ["5C"]], **arguments)  # type: ignore[arg-type]
    decisions = GAME.legal(state, 0)
    assert decisions.default == PASS
    assert GAME.decide(state, 0, decisions.default) is None
    assert len(hand(state, 0)) == 3 + (2 if table.get("bomb") else 1)


@pytest.mark.parametrize(
    ("held", "played", "default", "request_after"),
    [
        (["9H", "9S", "5S"], ["9H"], Finish(), ""),  # no Aces: finish as it stands
        (["AH", "4S", "5S", "6D"], ["AH"], Finish("S"), "S"),  # the suit held most
        (["AS", "4S", "5D", "6D", "KD"], ["AS"], Finish("D"), "D"),  # a suit, even for two
        (["AH", "4S", "4D"], ["AH"], Finish("D"), "D"),  # ties: C, D, H, S order
        (["AH", "BJ"], ["AH"], Finish("C"), "C"),  # no suited card left: clubs
        (["9H", "4S"], ["9H"], Finish(), ""),  # a time-out never declares last card
    ],
)
def test_with_cards_played_the_default_finishes_with_the_usual_request(
    held: list[str], played: list[str], default: Finish, request_after: str
) -> None:
    state = scenario(hands=[held, ["5C"]], pile=["7H"], deck=DECK)
    for card in played:
        act(state, 0, f"play {card}")
    decisions = GAME.legal(state, 0)
    assert decisions.default == default
    assert default in decisions.moves
    assert GAME.decide(state, 0, default) is None
    assert (state.request, state.active, state.declared[0]) == (request_after, 1, False)


def without_version(state: KarataState) -> object:
    data = GAME.state_to_json(state)
    data.pop("version")
    return data


@pytest.mark.parametrize(
    ("held", "table", "turn"),
    [
        (["7S", "7C", "4D"], {}, "turn 7S 7C"),
        (["7S", "7C", "4D"], {}, "turn 7S 7C last"),
        (["QH", "AH", "4D"], {}, "turn QH AH ask S last"),
        (["AS", "AD", "4D"], {}, "turn AS AD ask 9D"),
        (["QH", "8H", "9H", "4D"], {}, "turn QH 8H 9H last"),
        (["JH", "JS", "4D"], {}, "turn JH JS"),
        (["KH", "KS", "4D"], {}, "turn KH KS"),
        (["2H", "2S", "4D"], {"pile": ["2C"], "bomb": 2}, "turn 2H 2S"),
        (["AC", "4D"], {"pile": ["BJ"], "bomb": 5}, "turn AC"),
        (["8S", "4D"], {"request": "S"}, "turn 8S"),
    ],
)
def test_a_whole_turn_equals_the_same_turn_built_card_by_card(
    held: list[str], table: dict[str, object], turn: str
) -> None:
    arguments: dict[str, object] = {"pile": ["7H"], "deck": DECK, **table}
    whole = scenario(hands=[held, ["5C"], ["6C"]], **arguments)  # type: ignore[arg-type]
    built = scenario(hands=[held, ["5C"], ["6C"]], **arguments)  # type: ignore[arg-type]
    decision = GAME.parse_decision(turn)
    assert isinstance(decision, Turn)
    act(whole, 0, turn)
    for card in decision.cards:
        act(built, 0, f"play {card}")
    act(built, 0, Finish(decision.request, decision.last).text())
    assert without_version(whole) == without_version(built)
    assert new_events(whole) == new_events(built)
    assert new_events(whole, seat=0) == new_events(built, seat=0)


def test_a_whole_turn_cannot_follow_a_turn_started_card_by_card() -> None:
    state = scenario(hands=[["7S", "7C", "4D"], ["5C"]], pile=["7H"])
    act(state, 0, "play 7S")
    with pytest.raises(IllegalDecision) as caught:
        GAME.decide(state, 0, GAME.parse_decision("turn 7C"))
    assert "you have started this turn card by card" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "decision"),
    [
        ("play 7h", Play("7H")),
        ("PLAY 10s", Play("10S")),
        ("play bj", Play("BJ")),
        ("pass", Pass()),
        ("finish", Finish()),
        ("finish last", Finish("", True)),
        ("finish ask hearts", Finish("H")),
        ("finish ask H last", Finish("H", True)),
        ("Finish  ASK spades LAST", Finish("S", True)),
        ("finish ask 9s", Finish("9S")),
        ("finish ask rj", Finish("RJ")),
        ("turn 7H 7S ask H last", Turn(("7H", "7S"), "H", True)),
        ("turn 7h 7s", Turn(("7H", "7S"))),
        ("turn AS ask BJ", Turn(("AS",), "BJ")),
        ("turn 9H last", Turn(("9H",), "", True)),
    ],
)
def test_decision_texts_parse(text: str, decision: object) -> None:
    parsed = GAME.parse_decision(text)
    assert parsed == decision
    assert GAME.parse_decision(parsed.text()) == parsed


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play 1H", "'1H' is not a card"),
        ("finish ask", "after the cards, write ask and a suit or card"),
        ("finish ask purple", "'purple' is neither a suit nor a card"),
        ("turn ask H", "a whole turn names its cards first"),
        ("jump", "'jump' is not a Karata decision"),
        ("play", "is not a Karata decision"),
    ],
)
def test_texts_that_are_no_decision_say_why(text: str, reason: str) -> None:
    with pytest.raises(InvalidDecision, match=reason):
        GAME.parse_decision(text)


@pytest.mark.parametrize(
    ("held", "table", "played"),
    [
        (["7S", "AS", "9H", "QH", "2H"], {}, []),
        (["AS", "AH", "4D"], {}, ["AS"]),
        (["QH", "8H", "4D", "4H"], {}, ["QH"]),
        (["2S", "AC", "BJ", "4D"], {"pile": ["2H"], "bomb": 2}, []),
        (["9S", "AD", "4D"], {"request": "9S"}, []),
    ],
)
def test_every_legal_decision_text_parses_back_and_is_accepted(
    held: list[str], table: dict[str, object], played: list[str]
) -> None:
    arguments: dict[str, object] = {"pile": ["7H"], "deck": DECK, **table}
    state = scenario(hands=[held, ["5C"]], **arguments)  # type: ignore[arg-type]
    for card in played:
        act(state, 0, f"play {card}")
    decisions = GAME.legal(state, 0)
    assert decisions.moves
    for move in decisions.moves:
        assert GAME.parse_decision(move.text()) == move
        assert GAME.can(state, 0, move)


def test_anything_answers_widens_the_legal_answers() -> None:
    state = scenario(hands=[["QH", "4S", "9C"], ["5C"]], pile=["7H"])
    act(state, 0, "play QH")
    narrow = {move.text() for move in GAME.legal(state, 0).moves}
    loose = scenario(
        hands=[["QH", "4S", "9C"], ["5C"]], pile=["7H"], rules=KarataRules(anything_answers=True)
    )
    act(loose, 0, "play QH")
    wide = {move.text() for move in GAME.legal(loose, 0).moves}
    assert "play 4S" not in narrow
    assert {"play 4S", "play 9C"} <= wide
