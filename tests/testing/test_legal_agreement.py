"""The contract that ``can`` agrees with ``legal``: the games keep it, and a game whose
legal decisions leave out, or list wrongly, what its rules say is caught."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import Decisions, Game
from cardtable.games import find
from cardtable.testing import Budget, check_game
from cardtable.testing.refusals import can_agrees_with_legal

QUICK = Budget(seeds=2, decisions=0)
CONTRACT = [can_agrees_with_legal.__name__]


@pytest.mark.parametrize("name", ["tcg", "war", "karata"])
def test_the_games_keep_it(name: str) -> None:
    assert check_game(find(name), contracts=CONTRACT, budget=QUICK).kept


def test_the_example_game_keeps_it(highcard: Game[Any, Any]) -> None:
    assert check_game(highcard, contracts=CONTRACT, budget=QUICK).kept


def _broken(highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch, how: str) -> str:
    """The problem the contract finds once High Card's legal decisions are changed: the
    last card of the hand ``left out``, or an ``added`` play of a card the seat lacks."""
    legal = type(highcard).legal

    def changed(self: Game[Any, Any], state: Any, seat: int) -> Decisions:
        found = legal(self, state, seat)
        if not found.moves:
            return found
        if how == "left out":
            moves = found.moves[:-1] if len(found.moves) > 1 else found.moves
        else:
            moves = (*found.moves, highcard.parse("play #999"))
        return Decisions(found.seat, moves, found.default, found.can_concede)

    monkeypatch.setattr(type(highcard), "legal", changed)
    report = check_game(highcard, highcard.example_rulesets()[:1], contracts=CONTRACT, budget=QUICK)
    (verdict,) = report.broken
    assert verdict.problem is not None
    return verdict.problem


def test_a_move_left_out_of_legal_breaks_it(
    highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "is allowed but not listed as legal" in _broken(highcard, monkeypatch, "left out")


def test_a_move_legal_lists_but_the_rules_refuse_breaks_it(
    highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    problem = _broken(highcard, monkeypatch, "added")
    assert "card #999 is not in your hand" in problem  # asked first, or played at random
