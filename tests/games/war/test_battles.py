"""Battles and wars with fixed piles: who takes what, and in which order it goes under."""

from __future__ import annotations

from cardtable.games.war import WarRules
from cardtable.games.war.scenario import events, scenario
from tests.games.war.helpers import kinds, play_round, sizes, top_first, turn


def test_a_plain_battle_the_highest_card_takes_both() -> None:
    state = scenario(piles=[["9H", "2C"], ["KS", "3D"]])
    assert state.turn == 1
    assert state.to_turn == [0, 1]
    turn(state, 0)
    assert top_first(state.ups[0]) == ["9H"]
    assert state.to_turn == [1]
    turn(state, 1)
    assert sizes(state) == [1, 3]
    assert top_first(state.piles[1]) == ["3D", "9H", "KS"]
    assert state.turn == 2
    assert state.to_turn == [0, 1]
    assert state.on_table() == 0
    shown = events(state, None)
    assert kinds(shown)[-5:] == ["battle", "turn", "turn", "won", "battle"]
    assert shown[-2] == {"type": "won", "seat": 1, "cards": 2, "by": "rank"}


def test_won_cards_go_under_the_pile_in_the_order_they_were_played() -> None:
    state = scenario(piles=[["AH", "2C"], ["KS", "3D"], ["QD", "4S"]])
    play_round(state)
    assert top_first(state.piles[0]) == ["2C", "AH", "KS", "QD"]


def test_shuffled_won_cards_follow_the_match_generator() -> None:
    rules = WarRules(players=3, won_cards="shuffled")

    def after(seed: int) -> list[str]:
        state = scenario(piles=[["AH", "2C"], ["KS", "3D"], ["QD", "4S"]], rules=rules, seed=seed)
        play_round(state)
        return top_first(state.piles[0])

    orders = {tuple(after(seed)) for seed in range(12)}
    assert after(3) == after(3)
    assert len(orders) > 1
    for order in orders:
        assert order[0] == "2C"
        assert sorted(order[1:]) == ["AH", "KS", "QD"]


def test_a_two_way_war_the_winner_takes_the_face_down_cards_too() -> None:
    state = scenario(piles=[["KH", "2C", "5D", "6S"], ["KS", "3D", "9C", "7S"]])
    play_round(state)
    assert state.rounds[-1] == []
    assert state.contenders == [0, 1]
    assert events(state, None)[-1] == {"type": "war", "round": 1, "seats": [0, 1]}
    turn(state, 0)
    assert top_first(state.downs[0]) == ["2C"]
    assert top_first(state.ups[0]) == ["5D", "KH"]
    turn(state, 1)
    assert sizes(state) == [1, 7]
    assert top_first(state.piles[1]) == ["7S", "KH", "KS", "2C", "5D", "3D", "9C"]


def test_face_down_cards_are_not_shown_to_anyone() -> None:
    state = scenario(piles=[["KH", "2C", "5D", "6S"], ["KS", "3D", "9C", "7S"]])
    play_round(state)
    since = len(state.journal or [])
    turn(state, 0)
    for seat in (0, 1, None):
        shown = events(state, seat, since)[0]
        assert shown["down"] == 1
        assert "2C" not in str(shown)
        card = shown["card"]
        assert card is not None
        assert isinstance(card, dict)
        assert card["key"] == "5D"
        view = state.rules.game.view(state, seat)
        assert view.zones["down:0"].cards is None
        assert view.zones["down:0"].size == 1
        assert view.zones["pile:0"].cards is None
        assert [card.key for card in view.cards("up:0")] == ["KH", "5D"]


def test_a_three_way_war_and_the_waiting_players_cards_go_to_its_winner() -> None:
    state = scenario(
        piles=[["QH", "2C", "3C"], ["QS", "2D", "AC"], ["QD", "2H", "JC"], ["5D", "9S"]],
        rules=WarRules(players=4),
    )
    play_round(state)
    assert state.contenders == [0, 1, 2]
    assert events(state, None)[-1] == {"type": "war", "round": 1, "seats": [0, 1, 2]}
    assert state.to_turn == [0, 1, 2]
    play_round(state)
    assert sizes(state) == [0, 10, 0, 1]
    assert kinds(events(state, None))[-4:] == ["won", "out", "out", "battle"]
    assert state.out == [0, 2]
    assert top_first(state.piles[1]) == [
        *("QH", "QS", "QD", "5D"),
        *("2C", "3C", "2D", "AC", "2H", "JC"),
    ]


def test_only_the_tied_players_go_to_war() -> None:
    state = scenario(
        piles=[["2H", "5C"], ["QS", "2D", "AC"], ["QD", "2S", "JC"]], rules=WarRules(players=3)
    )
    play_round(state)
    assert state.contenders == [1, 2]
    assert state.to_turn == [1, 2]
    assert top_first(state.ups[0]) == ["2H"]


def test_a_war_inside_a_war() -> None:
    state = scenario(
        piles=[["9H", "2C", "7D", "3C", "AC"], ["9S", "2D", "7S", "3D", "KC"]],
    )
    play_round(state)
    play_round(state)
    assert len(state.rounds) == 3
    assert events(state, None)[-1] == {"type": "war", "round": 2, "seats": [0, 1]}
    play_round(state)
    assert sizes(state) == [10, 0]
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert state.last is not None
    assert [[played.card for played in entries] for entries in state.last.rounds] == [
        ["9H", "9S"],
        ["7D", "7S"],
        ["AC", "KC"],
    ]


def test_no_face_down_cards_a_war_is_just_another_turn() -> None:
    state = scenario(piles=[["8H", "3C"], ["8S", "4D"]], rules=WarRules(face_down=0))
    play_round(state)
    turn(state, 0)
    assert state.downs[0].cards == []
    turn(state, 1)
    assert sizes(state) == [0, 4]
    assert state.outcome is not None
    assert state.outcome.winners == (1,)


def test_three_face_down_cards() -> None:
    piles = [["8H", "2C", "3C", "4C", "AH", "5H"], ["8S", "2D", "3D", "4D", "KS", "5S"]]
    state = scenario(piles=piles, rules=WarRules(face_down=3))
    play_round(state)
    turn(state, 0)
    assert top_first(state.downs[0]) == ["4C", "3C", "2C"]
    assert top_first(state.ups[0]) == ["AH", "8H"]
    turn(state, 1)
    assert sizes(state) == [11, 1]
    assert top_first(state.piles[0])[:6] == ["5H", "8H", "8S", "2C", "3C", "4C"]
