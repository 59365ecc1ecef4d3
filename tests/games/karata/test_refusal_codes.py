"""Every refusal of Karata carries its code beside its sentence; a fined decision's result (and
its fine) carries the code of the rule it broke, while the fine's event stays as it was; the
rules page lists each code the game declares."""

from __future__ import annotations

import pytest

from cardtable.engine import ENGINE_REFUSAL_CODES, IllegalDecision
from cardtable.games.karata import KarataRules, KarataState
from cardtable.games.karata.actions import Fined
from cardtable.games.karata.events import FineImposed
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act, last_of, snapshot

DECK = ["4C", "6C", "9C", "10C", "4D", "5D", "6D", "10D", "6S"]


def refusal(state: KarataState, seat: int, text: str) -> IllegalDecision:
    """The refusal of ``text``; the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as caught:
        GAME.decide(state, seat, GAME.parse_decision(text))
    assert snapshot(state) == before
    return caught.value


@pytest.mark.parametrize(
    ("held", "table", "decisions", "code"),
    [
        (["9S"], {}, ["play 9S"], "must_follow_suit_or_face"),
        (["9S"], {"request": "H"}, ["play 9S"], "request_not_met"),
        (["9D"], {"pile": ["2H"], "bomb": 2}, ["play 9D"], "pending_pick"),
        (["3S"], {"pile": ["2H"], "bomb": 2}, ["play 3S"], "cannot_counter"),
        (["7S", "9S"], {}, ["play 7S", "play 9S"], "must_follow_face"),
        (["QH", "9S"], {}, ["play QH", "play 9S"], "must_answer"),
        (["7S", "5C"], {}, ["turn 7S 7S"], "card_repeated"),
        (["AH", "5C"], {}, ["turn AH"], "request_needed"),
        (["7S", "5C"], {}, ["turn 7S ask hearts"], "cannot_request"),
        (["AH", "5C"], {}, ["play AH", "finish ask 9S"], "cannot_request"),
        (["7S", "AH"], {}, ["play 7S", "finish last"], "cannot_declare"),
        (["7S", "5C"], {}, ["play 7S", "pass"], "turn_under_way"),
        (["7S", "5C"], {}, ["play 7S", "turn 5C"], "turn_under_way"),
        (["7S", "5C"], {}, ["finish"], "nothing_played"),
        (["7S", "5C"], {}, ["play 5D"], "not_your_card"),
    ],
)
def test_a_refusal_carries_the_code_of_its_rule(
    held: list[str], table: dict[str, object], decisions: list[str], code: str
) -> None:
    arguments: dict[str, object] = {"pile": ["7H"], "deck": DECK, **table}
    state = scenario(hands=[held, ["5H"]], **arguments)  # type: ignore[arg-type]
    for text in decisions[:-1]:
        act(state, 0, text)
    assert refusal(state, 0, decisions[-1]).code == code
    assert code in GAME.refusal_codes or code in ENGINE_REFUSAL_CODES


def test_turns_and_seats_have_the_engines_codes() -> None:
    state = scenario(hands=[["7S"], ["5H"], []], out=[2], rules=KarataRules(players=3))
    assert refusal(state, 1, "pass").code == "not_your_turn"
    assert refusal(state, 2, "concede").code == "out_of_match"
    assert refusal(state, 2, "pass").code == "out_of_match"
    assert refusal(state, 3, "pass").code == "no_such_seat"


@pytest.mark.parametrize(
    ("held", "decisions", "code", "what"),
    [
        (["7S", "9S", "9D", "AH"], ["turn 9S"], "must_follow_suit_or_face", "turn"),
        (["7S", "9S", "9D", "AH"], ["play 7S", "play 9D"], "must_follow_face", "turn"),
        (["7S", "9S", "9D", "AH"], ["turn AH"], "request_needed", "turn"),
        (["7S", "9S", "9D", "AH"], ["play 7S", "finish last"], "cannot_declare", "declaration"),
        (["7S", "9S", "9D", "AH"], ["turn 7S last"], "cannot_declare", "declaration"),
    ],
)
def test_a_fined_decision_says_which_rule_it_broke(
    held: list[str], decisions: list[str], code: str, what: str
) -> None:
    def played() -> KarataState:
        state = scenario(hands=[held, ["5C"]], pile=["7H"], deck=DECK, rules=KarataRules(fine=1))
        for text in decisions[:-1]:
            act(state, 0, text)
        return state

    state, twin = played(), played()
    since = len(state.journal or [])
    decision = GAME.parse_decision(decisions[-1])
    error = GAME.decide(state, 0, decision)
    assert error is not None
    assert error.code == code
    queued = GAME.penalty(twin, 0, decision, error) or ()  # what the fine queued, on a twin
    fines = [action for action in queued if isinstance(action, Fined)]
    assert [(fine.code, fine.what, fine.reason) for fine in fines] == [(code, what, error.reason)]
    told = [entry for entry in (state.journal or [])[since:] if isinstance(entry, FineImposed)]
    assert [(fine.what, fine.reason) for fine in told] == [(what, error.reason)]
    notice = last_of(state, "fined")
    assert set(notice) == {"type", "seat", "fine", "bomb", "what", "reason"}  # as before codes


def test_with_fines_off_a_whole_turn_declaring_wrongly_is_played_with_its_code() -> None:
    state = scenario(hands=[["7S", "AH"], ["5C"]], pile=["7H"], deck=DECK)
    error = GAME.decide(state, 0, GAME.parse_decision("turn 7S last"))
    assert error is not None
    assert (error.code, state.staged()) == ("cannot_declare", ("7S",))


def test_the_rules_page_lists_every_code_of_the_game() -> None:
    text = GAME.rules_text()
    for code in GAME.refusal_codes:
        assert f"`{code}`" in text, f"the rules page does not list {code}"
    assert not set(GAME.refusal_codes) & set(ENGINE_REFUSAL_CODES)
