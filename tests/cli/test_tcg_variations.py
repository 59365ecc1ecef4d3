"""Short input and the board for the Kata TCG's variations (minions, healing)."""

from __future__ import annotations

import pytest

from cardtable.cli.render import Scene
from cardtable.cli.render.tcg import TcgBoard
from cardtable.engine import Decision, InvalidDecision, Target
from cardtable.games import find
from cardtable.games.tcg import Attack, Play, TcgRules, TcgState
from cardtable.games.tcg.cardsets import load_set
from cardtable.games.tcg.scenario import scenario
from tests.cli.test_render import text_of
from tests.games.tcg.helpers import act

GAME = find("tcg")
BOTH = TcgRules(healing=True, minions=True)


def _state() -> TcgState:
    # Seat 0: hand 2, 3 (ids 0, 1); boards: seat 0 has a 4 (id 2), seat 1 has a 5 and a 1.
    return scenario(hands=([2, 3], []), boards=([4], [5, 1]), slots=(3, 0), rules=BOTH)


def _shortcut(word: str) -> Decision | None:
    state = _state()
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    return TcgBoard(GAME).shortcut(word, view, legal)


@pytest.mark.parametrize(
    ("word", "decision"),
    [
        ("1", Play(0, "", Target.hero(1))),
        ("1>h", Play(0, "", Target.hero(1))),
        ("2>m1", Play(1, "", Target.minion(3))),
        ("2 > m2", Play(1, "", Target.minion(4))),
        ("1h", Play(0, "heal")),
        ("1 heal", Play(0, "heal")),
        ("2m", Play(1, "minion")),
        ("a1", Attack(2, Target.hero(1))),
        ("a1>m2", Attack(2, Target.minion(4))),
        ("2>a1", Play(1, "", Target.minion(2))),
        ("1>me", Play(0, "", Target.hero(0))),
    ],
)
def test_short_input_names_every_mode_and_target(word: str, decision: Decision) -> None:
    assert _shortcut(word) == decision


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("3", "there is no card 3 in your hand: choose 1 to 2"),
        ("1>m3", "they have no minion m3: choose m1 to m2"),
        ("a2", "you have no minion a2: choose a1 to a1"),
        ("1>a2", "you have no minion a2: choose a1 to a1"),
    ],
)
def test_short_input_that_points_at_nothing_says_so(word: str, reason: str) -> None:
    with pytest.raises(InvalidDecision, match=reason):
        _shortcut(word)


def test_the_board_shows_both_boards_and_what_each_card_is_worth() -> None:
    state = _state()
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    board = TcgBoard(GAME)
    shown = text_of(board.render(Scene(view, ("you", "them"), legal)))
    assert "a1 Damage 4 4/4 (ready)" in shown
    assert "m1 Damage 5 5/5" in shown
    assert "m2 Damage 1 1/1" in shown
    assert "heals 3" in shown
    assert "minion 3/3" in shown
    inputs = [row[0] for row in board.shortcut_help()]
    assert "2>m1" in inputs
    assert "2h" in inputs


LEGENDS = load_set("legends")
LEGEND_RULES = TcgRules(minions=True, cards=LEGENDS.cards, decks=(LEGENDS.deck, LEGENDS.deck))


def _legends() -> TcgState:
    # Seat 0: hand healing-light, blessing, fireball (ids 0-2); a shieldbearer (id 3) on its
    # board; seat 1: a berserker (id 4).
    return scenario(
        hands=(["healing-light", "blessing", "fireball"], []),
        boards=(["shieldbearer"], ["berserker"]),
        slots=(10, 0),
        rules=LEGEND_RULES,
    )


@pytest.mark.parametrize(
    ("word", "decision"),
    [
        ("1", Play(0, "", Target.hero(0))),  # a heal for friends only: your own hero
        ("1>a1", Play(0, "", Target.minion(3))),
        ("2", Play(1, "", Target.minion(3))),  # a friendly minion is its only target
        ("3", Play(2, "", Target.hero(1))),  # anything may be hit: their hero first
        ("3>m1", Play(2, "", Target.minion(4))),
    ],
)
def test_a_spell_with_no_target_named_goes_where_it_may(word: str, decision: Decision) -> None:
    state = _legends()
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    chosen = TcgBoard(GAME).shortcut(word, view, legal)
    assert chosen == decision
    assert chosen in legal.moves


def test_the_board_shows_a_minions_shield_until_it_is_spent() -> None:
    state = _legends()
    board = TcgBoard(GAME)
    view = GAME.view(state, 1)
    assert "Shieldbearer 1/3 shielded" in text_of(board.render(Scene(view, ("you", "them"))))
    act(state, 0, "play #2 @#3")  # a fireball at the shieldbearer
    view = GAME.view(state, 1)
    assert "shielded" not in text_of(board.render(Scene(view, ("you", "them"))))
