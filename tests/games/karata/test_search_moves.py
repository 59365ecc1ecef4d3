"""The moves a search player weighs (``search_hints.weighed``): every play and pass, and only the
finishes a good player would make."""

from __future__ import annotations

from cardtable.engine.rng import Rng
from cardtable.games.karata import Finish, Play
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act


def finishes(moves: tuple[object, ...]) -> set[str]:
    return {move.text() for move in moves if isinstance(move, Finish)}


def test_plays_and_passing_are_always_weighed() -> None:
    state = scenario(hands=[["7S", "9H", "AH", "QC"], ["5C"]], pile=["7H"])
    legal = GAME.legal(state, 0)
    assert GAME.search_hints.weighed(state, legal) == legal.moves


def test_a_finish_without_requests_or_declaring_is_kept_alone() -> None:
    state = scenario(hands=[["7S", "9H", "KC", "QC"], ["5C"]], pile=["7H"])  # the King
    act(state, 0, "play 7S")  # keeps it from declaring
    legal = GAME.legal(state, 0)
    kept = GAME.search_hints.weighed(state, legal)
    assert finishes(kept) == {"finish"}
    assert [move for move in kept if isinstance(move, Play)] == [
        move for move in legal.moves if isinstance(move, Play)
    ]


def test_a_player_who_may_declare_last_card_always_does() -> None:
    state = scenario(hands=[["7S", "9C", "9D"], ["5C"]], pile=["7H"])
    act(state, 0, "play 7S")
    legal = GAME.legal(state, 0)
    assert {"finish", "finish last"} <= {move.text() for move in legal.moves}
    assert finishes(GAME.search_hints.weighed(state, legal)) == {"finish last"}


def test_one_ace_asks_for_any_suit() -> None:
    state = scenario(hands=[["AH", "9C", "5D", "KS"], ["5C"]], pile=["7H"])
    act(state, 0, "play AH")
    kept = GAME.search_hints.weighed(state, GAME.legal(state, 0))
    assert finishes(kept) == {f"finish ask {suit}" for suit in "CDHS"}


def test_aces_that_ask_for_a_card_ask_only_for_one_the_player_holds() -> None:
    state = scenario(hands=[["AS", "9C", "5D", "KS", "BJ"], ["5C"]], pile=["7H"])
    act(state, 0, "play AS")
    legal = GAME.legal(state, 0)
    assert len(finishes(legal.moves)) == 4 + 54
    kept = finishes(GAME.search_hints.weighed(state, legal))
    assert kept == {f"finish ask {ask}" for ask in ("C", "D", "H", "S", "9C", "5D", "KS", "BJ")}


def test_what_is_kept_depends_only_on_what_the_player_sees() -> None:
    hands = [["AS", "9C", "5D", "QS"], ["5C", "KD", "2H"], ["JH", "8S"]]
    worlds = [
        scenario(hands=hands, pile=["7H"], seed=1),
        scenario(hands=[hands[0], ["6C", "6D", "6S"], ["3H", "4D"]], pile=["7H"], seed=2),
    ]
    kept = []
    for world in worlds:
        act(world, 0, "play AS")
        kept.append(GAME.search_hints.weighed(world, GAME.legal(world, 0)))
    assert kept[0] == kept[1]


def test_the_engine_default_weighs_every_legal_move() -> None:
    from cardtable.games import find

    war = find("war")
    state = war.setup(war.default_ruleset(), seed=1)
    seat = war.to_act(state)
    assert seat is not None
    legal = war.legal(state, seat)
    assert war.search_hints.weighed(state, legal) == legal.moves
    assert war.search_hints.playout_move(state, legal, Rng(0)) in legal.moves
