"""The Kata TCG's encoding: an index says which hand slot, way and target, or which minion
attacks what, exactly as the decision does."""

from __future__ import annotations

import pytest

from cardtable.engine import Match
from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decisions
from cardtable.engine.rng import Rng
from cardtable.envs.encoding import EncodingError
from cardtable.envs.tcg import TcgEncoding
from cardtable.games import find
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decisions import END, HEAL, Attack, End, Play

GAME = find("tcg")


def aimed(target: Target, seat: int, view_boards: dict[int, list[int]]) -> str:
    if target.seat is not None:
        return "me" if target.seat == seat else "them"
    for side, name in ((seat, "my-minion"), (1 - seat, "their-minion")):
        if target.card in view_boards[side]:
            return f"{name}[{view_boards[side].index(target.card)}]"
    raise AssertionError(f"{target} is on no board")


def test_each_legal_decision_is_described_by_its_index() -> None:
    for rules in GAME.example_rulesets():
        if not rules.minions:
            continue
        encoding = TcgEncoding(rules)
        rng = Rng(5)
        kinds = set()
        for seed in range(3):
            match = Match(GAME, rules, seed)
            while not match.over:
                seat = match.to_act
                assert seat is not None
                view, legal = match.view(seat), match.legal(seat)
                hand = [card.id for card in view.cards(f"hand:{seat}")]
                boards = {side: [c.id for c in view.cards(f"board:{side}")] for side in (0, 1)}
                for move in legal.moves:
                    text = encoding.action_text(encoding.action(view, move))
                    if isinstance(move, End):
                        expected = "end"
                    elif isinstance(move, Play):
                        way = move.mode or (
                            f"@{aimed(move.target, seat, boards)}" if move.target else ""
                        )
                        expected = " ".join(
                            filter(None, [f"play hand[{hand.index(move.card)}]", way])
                        )
                    else:
                        assert isinstance(move, Attack)
                        expected = (
                            f"minion[{boards[seat].index(move.minion)}] attacks "
                            f"{aimed(move.target, seat, boards)}"
                        )
                    assert text == expected, (move.text(), text, expected)
                    kinds.add(type(move).__name__ + (" aimed" if "@" in expected else ""))
                moves = legal.moves
                match.decide(seat, moves[rng.below(len(moves))])
        assert kinds == {"End", "Play", "Play aimed", "Attack"}, kinds


def test_a_decision_that_fits_no_index_gets_a_clear_error() -> None:
    """The core game's one-pass mask hands anything unusual to the general way, which says
    what is wrong: a card that is not in your hand, a way these rules lack."""
    rules = TcgRules()
    encoding = TcgEncoding(rules)
    match = Match(GAME, rules, 3)
    seat = match.to_act
    assert seat is not None
    sight = GAME.sight(match.state, seat)
    held = [card.id for card in sight.faces(f"hand:{seat}")]
    elsewhere = next(card.id for card in match.state.cards if card.id not in held)
    for move, message in (
        (Play(elsewhere), "not in a hand slot"),
        (Play(held[0], HEAL), "a way these rules lack"),
    ):
        with pytest.raises(EncodingError, match=message):
            encoding.mask(sight, Decisions(seat, (move, END), END))
    mask, moves = encoding.mask(sight, Decisions(seat, (Play(held[-1]), END), END))
    assert moves == {1 + len(held) - 1: Play(held[-1]), 0: END}
    assert mask.nonzero()[0].tolist() == [0, len(held)]
