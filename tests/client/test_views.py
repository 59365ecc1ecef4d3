"""The client reads views and legal decisions back exactly as the engine wrote them."""

from __future__ import annotations

import pytest

from cardtable.client import decisions_from, view_from_json
from cardtable.engine import Match
from cardtable.engine.rng import Rng
from cardtable.engine.view import view_to_json
from cardtable.games import find, names


@pytest.mark.parametrize("name", names())
def test_every_view_of_a_random_playout_reads_back_equal(name: str) -> None:
    game = find(name)
    rng = Rng(7)
    for ruleset in game.example_rulesets()[:3]:
        match = Match(game, ruleset, seed=11)
        steps = 0
        while not match.over and steps < 60:
            seat = match.to_act
            assert seat is not None
            for viewer in [None, *range(game.seats(ruleset))]:
                view = match.view(viewer)
                assert view_from_json(view_to_json(view)) == view
            legal = match.legal(seat)
            texts = [decision.text() for decision in legal.options]
            default = None if legal.default is None else legal.default.text()
            back = decisions_from(game, seat, texts, default)
            assert [decision.text() for decision in back.options] == texts
            assert back.default == legal.default
            match.decide(seat, rng.choice(legal.moves))
            steps += 1
