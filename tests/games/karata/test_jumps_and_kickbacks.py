"""Jacks move play on 1 + n seats (ruling 14); Kings turn the direction round, and an even
number of them gives the same player another turn."""

from __future__ import annotations

import pytest

from cardtable.games.karata import KarataRules
from cardtable.games.karata.scenario import scenario
from cardtable.games.karata.turns import Table, settle
from tests.games.karata.helpers import act, last_of, legal_texts

JACKS = ["JH", "JS", "JD"]
KINGS = ["KH", "KS", "KD"]
FILLERS = ["4C", "5C", "6C", "9C", "10C"]


@pytest.mark.parametrize("direction", [1, -1])
@pytest.mark.parametrize("jacks", [1, 2, 3])
@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("active", [0, 1])
def test_n_jacks_move_play_one_plus_n_seats(
    players: int, jacks: int, direction: int, active: int
) -> None:
    hands = [[filler] for filler in FILLERS[:players]]
    hands[active] = [*JACKS[:jacks], "9H"]
    rules = KarataRules(players=players, max_players=max(4, players))
    state = scenario(hands=hands, pile=["7H"], direction=direction, active=active, rules=rules)
    act(state, active, " ".join(["turn", *JACKS[:jacks]]))
    expected = (active + direction * (1 + jacks)) % players
    assert state.active == expected
    assert state.direction == direction
    assert last_of(state, "finish")["jumps"] == jacks
    assert last_of(state, "next") == {"type": "next", "seat": expected, "again": False}


@pytest.mark.parametrize(
    ("players", "jacks", "expected"),
    [
        (2, 1, 0),  # two players, one Jack: the same player plays again, as a new turn
        (2, 3, 0),
        (3, 2, 0),  # 1 + 2 seats round a table of three: back to the player
        (5, 3, 4),
    ],
)
def test_jumps_wrap_round_counting_the_players_own_seat(
    players: int, jacks: int, expected: int
) -> None:
    hands = [[filler] for filler in FILLERS[:players]]
    hands[0] = [*JACKS[:jacks], "9H"]
    rules = KarataRules(players=players, max_players=max(4, players))
    state = scenario(hands=hands, pile=["7H"], rules=rules)
    turn = state.turn
    act(state, 0, " ".join(["turn", *JACKS[:jacks]]))
    assert state.active == expected
    assert state.turn == turn + 1  # a new turn, even for the same player
    assert state.staged() == ()


def test_jumps_skip_players_who_left() -> None:
    rules = KarataRules(players=4)
    state = scenario(hands=[["JH", "9H"], [], ["5C"], ["6C"]], pile=["7H"], out=[1], rules=rules)
    act(state, 0, "turn JH")
    assert state.active == 3  # seat 1 is gone: the Jack skips seat 2


@pytest.mark.parametrize(
    ("players", "kings", "direction", "expected", "direction_after"),
    [
        (2, 1, 1, 1, -1),  # a single King with two players changes nothing that matters
        (2, 1, -1, 1, 1),
        (2, 2, 1, 0, 1),  # an even number of Kings: the same player again
        (3, 1, 1, 2, -1),  # play turns round: the seat before plays next
        (3, 1, -1, 1, 1),
        (3, 2, 1, 0, 1),
        (3, 2, -1, 0, -1),
        (3, 3, 1, 2, -1),
    ],
)
def test_kings_turn_the_direction_and_even_kings_play_again(
    players: int, kings: int, direction: int, expected: int, direction_after: int
) -> None:
    hands = [[filler] for filler in FILLERS[:players]]
    hands[0] = [*KINGS[:kings], "9H"]
    rules = KarataRules(players=players)
    state = scenario(hands=hands, pile=["7H"], direction=direction, rules=rules)
    act(state, 0, " ".join(["turn", *KINGS[:kings]]))
    assert (state.active, state.direction) == (expected, direction_after)
    finish = last_of(state, "finish")
    assert (finish["kings"], finish["again"]) == (kings, kings % 2 == 0)
    assert last_of(state, "next")["again"] is (kings % 2 == 0)


def test_only_kings_follow_a_king_so_a_king_turn_ends_on_a_king() -> None:
    state = scenario(
        hands=[["KH", "KS", "QS", "2S", "9H"], ["5C"]],
        pile=["7H"],
        rules=KarataRules(anything_answers=True),
    )
    act(state, 0, "play KH")
    act(state, 0, "play KS")
    assert {text for text in legal_texts(state, 0) if text.startswith("play")} == set()


@pytest.mark.parametrize("ending", [("KH", "KS", "QS"), ("KH", "KS", "2S")])
def test_a_turn_ending_on_a_question_or_bomb_ignores_the_even_kings(
    ending: tuple[str, ...],
) -> None:
    # No legal turn reaches this (only Kings follow a King), so the rule is checked on the
    # pure function that settles a turn.
    settled = settle(ending, Table(top="7H"), KarataRules())
    assert settled.kings == 2
    assert settled.again is False
    assert settle(("KH", "KS"), Table(top="7H"), KarataRules()).again is True


def test_a_pick_is_not_jumped_or_kicked_back() -> None:
    state = scenario(hands=[["5C"], ["JH", "KH", "9S"], ["6C"]], pile=["2H"], bomb=2, active=1)
    assert legal_texts(state, 1) == {"pass"}
