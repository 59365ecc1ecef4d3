"""Every refusal of the Kata TCG carries its code beside its sentence, and the rules page lists
each code the game declares."""

from __future__ import annotations

import pickle

import pytest

from cardtable.engine import ENGINE_REFUSAL_CODES, IllegalDecision
from cardtable.games.tcg import TcgRules, TcgState
from cardtable.games.tcg.scenario import scenario
from tests.games.tcg.helpers import GAME, snapshot

MINIONS = TcgRules(minions=True)


def refusal(state: TcgState, seat: int, text: str) -> IllegalDecision:
    """The refusal of ``text``; the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as caught:
        GAME.decide(state, seat, GAME.parse_decision(text))
    assert snapshot(state) == before
    return caught.value


@pytest.mark.parametrize(
    ("arguments", "seat", "text", "code", "reason"),
    [
        ({"hands": ([5], []), "slots": (3, 0)}, 0, "play #0", "cannot_afford", "you cannot"),
        (
            {"hands": ([1], []), "boards": ([1, 2, 3], []), "slots": (5, 0), "rules": MINIONS},
            0,
            "play #0 minion",
            "board_full",
            "your board is full",
        ),
        (
            {"boards": ([3], [2]), "asleep": ([0], []), "rules": MINIONS},
            0,
            "attack #0 @p1",
            "asleep",
            "Damage 3 is asleep",
        ),
        (
            {"boards": ([3], [2]), "attacked": ([0], []), "rules": MINIONS},
            0,
            "attack #0 @p1",
            "already_attacked",
            "Damage 3 has already attacked",
        ),
        (
            {"boards": ([3], [2]), "rules": MINIONS},
            0,
            "attack #0 @p0",
            "invalid_target",
            "p0 cannot be attacked",
        ),
        (
            {"hands": ([2], []), "slots": (2, 0), "rules": MINIONS},
            0,
            "play #0",
            "target_needed",
            "choose what Damage 2 attacks",
        ),
        ({"hands": ([2], []), "slots": (2, 0)}, 0, "play #0 @p1", "takes_no_target", "without"),
        ({"hands": ([2], []), "slots": (2, 0)}, 0, "play #0 heal", "not_in_these_rules", "these"),
        ({"hands": ([2], []), "slots": (2, 0)}, 1, "end", "not_your_turn", "it is not your turn"),
        ({"hands": ([2], []), "slots": (2, 0)}, 0, "play #9", "no_such_card", "there is no card"),
        ({"hands": ([2], [3]), "slots": (3, 0)}, 0, "play #1", "not_your_card", "card #1 is not"),
        ({"hands": ([2], [3])}, 2, "end", "no_such_seat", "there is no seat 2"),
    ],
)
def test_a_refusal_carries_its_code(
    arguments: dict[str, object], seat: int, text: str, code: str, reason: str
) -> None:
    error = refusal(scenario(**arguments), seat, text)  # type: ignore[arg-type]
    assert (error.code, error.reason[: len(reason)]) == (code, reason)
    assert code in GAME.all_refusal_codes


def test_a_finished_match_refuses_everything_as_over() -> None:
    state = scenario(hands=([3, 1], []), health=(30, 3), slots=(5, 0))
    GAME.decide(state, 0, GAME.parse_decision("play #0"))
    assert state.outcome is not None
    for seat, text in [(0, "play #1"), (1, "end"), (0, "concede")]:
        assert refusal(state, seat, text).code == "match_over"


def test_a_refusal_keeps_its_code_across_processes() -> None:
    error = refusal(scenario(hands=([5], []), slots=(3, 0)), 0, "play #0")
    copied = pickle.loads(pickle.dumps(error))
    assert (type(copied), copied.code, copied.reason) == (type(error), error.code, error.reason)


def test_the_rules_page_lists_every_code_of_the_game() -> None:
    text = GAME.rules_text()
    for code in GAME.refusal_codes:
        assert f"`{code}`" in text, f"the rules page does not list {code}"
    assert not set(GAME.refusal_codes) & set(ENGINE_REFUSAL_CODES)
