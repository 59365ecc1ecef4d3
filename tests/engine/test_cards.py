"""Cards: a definition, an immutable identity, and what the state tracks about them."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import (
    Board,
    CardDef,
    Component,
    Event,
    RecordError,
    Rng,
    RuleBook,
    Stat,
    State,
    reaction,
)
from cardtable.engine.cards import Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Minion(CardDef):
    cost: int
    attack: int
    life: int


WOLF = Minion(key="wolf", name="Wolf", cost=3, attack=2, life=4, reactions=("howl",))


def test_a_definition_knows_its_stats_and_its_face() -> None:
    assert WOLF.stat("attack") == 2
    assert WOLF.stat("armour") == 0
    assert WOLF.face() == {
        "key": "wolf",
        "name": "Wolf",
        "reactions": ["howl"],
        "cost": 3,
        "attack": 2,
        "life": 4,
    }


@reaction(Event, name="howl")
def _howl(state: State, action: Event[State], source: Card | None) -> None:
    return None


def _state_with_wolf() -> tuple[State, Card]:
    book = RuleBook(
        game=cast(Any, SimpleNamespace(name="test")), ruleset=None, catalogue={"howl": _howl}
    )
    state = State(book, Rng(0), seats=2)
    board = state.add_zone(Board("board:1", owner=1, capacity=3))
    return state, state.create_card(WOLF, board, owner=1, pool="p1")


def test_a_card_is_an_immutable_identity() -> None:
    wolf = Card(7, WOLF, owner=1, pool="p1")
    assert (wolf.id, wolf.key, wolf.owner, wolf.pool) == (7, "wolf", 1, "p1")
    assert wolf.printed("attack") == 2
    assert wolf.printed("armour") == 0
    assert wolf.to_json() == {"id": 7, "key": "wolf", "owner": 1, "pool": "p1"}
    with pytest.raises(AttributeError):
        wolf.zone = "board"


def test_stats_add_every_components_modifiers() -> None:
    state, wolf = _state_with_wolf()
    assert state.stat(wolf, "attack") == 2
    state.attach(wolf, Component(key="rage", modifiers=(("attack", 3), ("cost", 1))))
    state.attach(wolf, Component(key="chill", modifiers=(("attack", -1), ("attack", -1))))
    state.attach(wolf, Component(key="armour", modifiers=(("armour", 2),)))
    assert state.stat(wolf, "attack") == 2 + 3 - 1 - 1
    assert state.stat(wolf, "cost") == 4
    assert state.stat(wolf, "life") == 4
    assert state.stat(wolf, "armour") == 2  # a stat the card does not print
    assert state.detach(wolf, "rage").key == "rage"
    assert state.stat(wolf, "attack") == 0
    assert [component.key for component in state.attached(wolf)] == ["chill", "armour"]
    with pytest.raises(KeyError):
        state.detach(wolf, "rage")


def test_removing_a_component_takes_the_first_with_its_key() -> None:
    state, wolf = _state_with_wolf()
    state.attach(wolf, Component(key="buff", modifiers=(("attack", 1),)))
    state.attach(wolf, Component(key="buff", modifiers=(("attack", 5),)))
    state.detach(wolf, "buff")
    assert state.stat(wolf, "attack") == 2 + 5


def test_a_tracked_stat_is_the_current_value() -> None:
    state, wolf = _state_with_wolf()
    state.attach(wolf, Component(key="tough", modifiers=(("life", 2),)))
    assert state.tracked(wolf, "life") is None
    life = state.track(wolf, "life", Stat(state.total(wolf, "life")))
    life.value -= 5
    assert state.stat(wolf, "life") == 1
    assert state.total(wolf, "life") == 6
    assert state.tracked(wolf, "life") == Stat(6, 1)


def test_copies_of_a_state_share_cards_but_not_their_changes() -> None:
    state, wolf = _state_with_wolf()
    state.track(wolf, "life", Stat(4, 2))
    copy = state.copy()
    assert copy.cards[0] is wolf
    copy.attach(wolf, Component(key="x", modifiers=(("attack", 1),)))
    life = copy.tracked(wolf, "life")
    assert life is not None
    life.value = 0
    copy.zones["board:1"].remove(wolf)
    assert state.attached(wolf) == ()
    assert state.tracked(wolf, "life") == Stat(4, 2)
    assert state.zone_of(wolf).name == "board:1"
    assert copy.stat(wolf, "attack") == 3


components = st.builds(
    Component,
    key=st.text(max_size=8),
    modifiers=st.lists(st.tuples(st.text(max_size=6), st.integers()), max_size=4).map(tuple),
    reactions=st.lists(st.text(max_size=6), max_size=3).map(tuple),
)


@settings(max_examples=100, deadline=None, database=None)
@given(component=components)
def test_components_round_trip_through_json(component: Component) -> None:
    assert Component.from_json(component.to_json()) == component


def test_a_component_without_modifiers_or_reactions_reads_from_its_key() -> None:
    assert Component.from_json({"key": "plain"}) == Component(key="plain")


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "component: expected an object"),
        ({}, "component key: expected a string, got null"),
        ({"key": "k", "modifiers": {}}, "component modifiers: expected a list"),
        ({"key": "k", "modifiers": [["attack"]]}, r"expected \[stat, amount\]"),
        ({"key": "k", "modifiers": [["attack", "2"]]}, "modifier amount: expected an integer"),
        ({"key": "k", "modifiers": [[1, 2]]}, "modifier stat: expected a string"),
        ({"key": "k", "reactions": [3]}, "reaction name: expected a string"),
    ],
)
def test_a_malformed_component_is_a_record_error(data: object, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        Component.from_json(data)  # type: ignore[arg-type]
