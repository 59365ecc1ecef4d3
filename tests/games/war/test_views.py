"""What each seat sees, the public record of the last battle, JSON and determinisation."""

from __future__ import annotations

import json

import pytest

from cardtable.engine import RecordError, Rng, determinise, view_to_json
from cardtable.engine.json import JsonObject
from cardtable.games.schemas import validate_view
from cardtable.games.war import WarRules, WarState
from cardtable.games.war.scenario import scenario
from tests.games.war.helpers import GAME, play_round, snapshot, turn


def test_piles_are_hidden_from_everyone_face_up_cards_from_no_one() -> None:
    state = scenario(piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"]])
    turn(state, 0)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view.zones["pile:0"].cards is None
        assert view.zones["pile:0"].size == 2
        assert [card.key for card in view.cards("up:0")] == ["9H"]
        assert view.cards("up:0")[0].stats == {"rank": 9, "strength": 8}
        assert view.pools == {"deck": ("9H", "2C", "AC", "9S", "3D", "KC")}
        validate_view(GAME, view_to_json(view))


def test_the_public_data_follows_the_battle() -> None:
    state = scenario(
        piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"], ["4H", "5H"]], rules=WarRules(players=3)
    )
    play_round(state)
    turn(state, 0)
    public = GAME.view(state, None).public
    assert public["rounds"] == [
        [
            {"seat": 0, "down": 0, "up": 1},
            {"seat": 1, "down": 0, "up": 1},
            {"seat": 2, "down": 0, "up": 1},
        ],
        [{"seat": 0, "down": 1, "up": 1}],
    ]
    assert public["contenders"] == [0, 1]
    assert public["to_turn"] == [1]
    assert public["out"] == []
    assert public["last"] is None
    turn(state, 1)
    public = GAME.view(state, None).public
    assert public["last"] == {
        "number": 1,
        "rounds": [
            [
                {"seat": 0, "down": 0, "card": "9H"},
                {"seat": 1, "down": 0, "card": "9S"},
                {"seat": 2, "down": 0, "card": "4H"},
            ],
            [{"seat": 0, "down": 1, "card": "AC"}, {"seat": 1, "down": 1, "card": "KC"}],
        ],
        "winner": 0,
        "cards": 7,
    }
    assert public["rounds"] == [[]]
    assert public["to_turn"] == [0, 2]


def test_a_mid_war_state_round_trips_through_json_and_plays_on_the_same() -> None:
    state = scenario(piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"]], seed=3)
    play_round(state)
    turn(state, 0)
    loaded = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(state))))
    assert snapshot(loaded) == snapshot(state)
    turn(state, 1)
    turn(loaded, 1)
    assert snapshot(loaded) == snapshot(state)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"to_turn": [7]}, "war to_turn: 7 is not a seat of this match"),
        ({"to_turn": [1], "contenders": [0]}, "a player to turn is not among the contenders"),
        ({"out": [1, 1]}, "war out: a seat is listed twice"),
        ({"rounds": [[{"seat": 0, "down": -1, "up": 1}]]}, "down must be 0 or more"),
        (
            {
                "last": {
                    "number": 1,
                    "rounds": [[{"seat": 0, "down": 0, "card": 3}]],
                    "winner": 0,
                    "cards": 1,
                }
            },
            "war last.rounds.card: expected str or null, got int",
        ),
    ],
)
def test_broken_public_data_is_refused_when_loading(change: JsonObject, reason: str) -> None:
    state = scenario(piles=[["9H", "2C", "AC"], ["9S", "3D", "KC"]])
    data = GAME.state_to_json(state)
    public = data["public"]
    assert isinstance(public, dict)
    public.update(change)
    with pytest.raises(RecordError, match=reason):
        GAME.state_from_json(data)


def test_determinised_worlds_match_the_view_and_keep_the_table() -> None:
    state = scenario(piles=[["9H", "2C", "AC", "5S"], ["9S", "3D", "KC", "6S"]])
    play_round(state)
    turn(state, 0)
    view = GAME.view(state, 1)
    worlds = [determinise(view, GAME.rulebook(state.rules.ruleset), Rng(seed)) for seed in range(8)]
    hidden = set()
    for world in worlds:
        assert isinstance(world, WarState)
        assert json.dumps(view_to_json(GAME.view(world, 1))) == json.dumps(view_to_json(view))
        assert [card.key for card in world.ups[0].cards] == ["9H", "AC"]
        hidden.add(tuple(card.key for card in world.piles[1].cards))
        world_pile = {
            card.key
            for zone in (world.piles[0], world.piles[1], world.downs[0])
            for card in zone.cards
        }
        assert world_pile == {"2C", "5S", "3D", "KC", "6S"}
    assert len(hidden) > 1
