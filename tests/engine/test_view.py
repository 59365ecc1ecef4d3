"""Views: what one seat (or a spectator) may know of a state, and nothing more."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine import Component, Stat, digest, view_to_json
from cardtable.games.tcg import TcgGame, TcgState
from cardtable.games.tcg.scenario import scenario
from tests.jsondata import obj

GAME = TcgGame()


def table() -> TcgState:
    return scenario(
        hands=([3, 5], [1, 0]),
        decks=([2, 4], [0, 6, 6]),
        graveyards=([7], []),
        slots=(5, 4),
        mana=(2, 4),
        turn=9,
    )


def test_a_seat_sees_its_hand_and_the_graveyards_but_no_deck() -> None:
    state = table()
    view = GAME.view(state, 0)
    assert [card.key for card in view.cards("hand:0")] == ["d3", "d5"]
    assert [card.stat("cost") for card in view.cards("graveyard:0")] == [7]
    assert view.cards("graveyard:1") == ()
    for hidden, size in (("hand:1", 2), ("deck:0", 2), ("deck:1", 3)):
        assert view.zone(hidden).cards is None
        assert view.zone(hidden).size == size
        with pytest.raises(ValueError, match=f"{hidden} is hidden from seat 0"):
            view.cards(hidden)
    assert (view.seat, view.turn, view.active, view.to_act, view.outcome) == (0, 9, 0, 0, None)
    assert view.next_id == 10
    assert view.public["heroes"][0]["mana"] == [5, 2]


def test_a_spectator_sees_only_public_zones() -> None:
    view = GAME.view(table(), None)
    visible = {name for name, zone in view.zones.items() if zone.cards is not None}
    assert visible == {"graveyard:0", "graveyard:1"}


def test_unseen_cards_are_the_manifest_minus_what_the_seat_sees() -> None:
    view = GAME.view(table(), 0)
    assert view.unseen("p0") == Counter({"d2": 1, "d4": 1})
    assert view.unseen("p1") == Counter({"d0": 2, "d1": 1, "d6": 2})


def test_a_view_holds_nothing_the_seat_may_not_see() -> None:
    state = table()
    shown = view_to_json(GAME.view(state, 1))
    text = repr(shown)
    for card in state.cards:
        seen_by_1 = state.zone_of(card).name in ("hand:1", "graveyard:0", "graveyard:1")
        assert (f"'id': {card.id}," in text) == seen_by_1


def test_views_do_not_depend_on_what_the_seat_cannot_see() -> None:
    one = table()
    two = table()
    two.decks[1].cards.reverse()
    two.hands[1].cards.reverse()
    # Neither seat 0 nor a spectator sees the order of seat 1's deck or hand.
    for seat in (0, None):
        assert digest(view_to_json(GAME.view(one, seat))) == digest(
            view_to_json(GAME.view(two, seat))
        )
    assert view_to_json(GAME.view(one, 1)) != view_to_json(GAME.view(two, 1))


def test_a_visible_card_shows_its_current_stats() -> None:
    state = table()
    card = state.graveyards[0].cards[0]  # a 7
    state.attach(card, Component(key="cheaper", modifiers=(("cost", -2),)))
    state.track(card, "damage", Stat(7, 4))
    shown = GAME.view(state, 1).cards("graveyard:0")[0]
    stats = {"cost": 5, "damage": 4, "heal": 7, "attack": 7, "health": 7, "draw": 0, "shield": 0}
    assert shown.stats == stats
    assert shown.components == (Component(key="cheaper", modifiers=(("cost", -2),)),)
    assert shown.live == {"damage": (7, 4)}
    zones = obj(view_to_json(GAME.view(state, None))["zones"])
    cards = obj(zones["graveyard:0"])["cards"]
    assert cards == [
        {
            "id": card.id,
            "key": "d7",
            "name": "Damage 7",
            "owner": 0,
            "pool": "p0",
            "stats": stats,
            "components": [{"key": "cheaper", "modifiers": [["cost", -2]], "reactions": []}],
            "live": {"damage": [7, 4]},
        }
    ]


def test_a_stat_only_a_component_gives_is_shown() -> None:
    state = table()
    card = state.graveyards[0].cards[0]
    state.attach(card, Component(key="plated", modifiers=(("armour", 2),)))
    shown = GAME.view(state, None).cards("graveyard:0")[0]
    assert shown.stats["armour"] == 2
    assert state.stat(card, "armour") == 2
