"""Cards: a definition, a live instance, and components that change its totals."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import CardDef, Component, RecordError, Stat
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


def test_totals_add_every_components_modifiers() -> None:
    wolf = Card(7, WOLF, owner=1, pool="p1")
    assert wolf.key == "wolf"
    assert wolf.total("attack") == 2
    wolf.add_component(Component(key="rage", modifiers=(("attack", 3), ("cost", 1))))
    wolf.add_component(Component(key="chill", modifiers=(("attack", -1), ("attack", -1))))
    wolf.add_component(Component(key="armour", modifiers=(("armour", 2),)))
    assert wolf.total("attack") == 2 + 3 - 1 - 1
    assert wolf.total("cost") == 4
    assert wolf.total("life") == 4
    assert wolf.total("armour") == 2  # a stat the card does not print
    assert wolf.remove_component("rage").key == "rage"
    assert wolf.total("attack") == 0
    with pytest.raises(KeyError):
        wolf.remove_component("rage")


def test_removing_a_component_takes_the_first_with_its_key() -> None:
    wolf = Card(0, WOLF, owner=0, pool=None)
    wolf.add_component(Component(key="buff", modifiers=(("attack", 1),)))
    wolf.add_component(Component(key="buff", modifiers=(("attack", 5),)))
    wolf.remove_component("buff")
    assert wolf.total("attack") == 2 + 5


def test_reaction_names_include_the_components() -> None:
    wolf = Card(0, WOLF, owner=0, pool=None)
    wolf.add_component(Component(key="aura", reactions=("glow", "hum")))
    assert wolf.reaction_names() == ("howl", "glow", "hum")
    assert WOLF.reactions == ("howl",)


def test_a_copy_is_independent() -> None:
    wolf = Card(3, WOLF, owner=0, pool="p0")
    wolf.zone = "board"
    wolf.live["life"] = Stat(4, 2)
    copy = wolf.copy()
    copy.add_component(Component(key="x"))
    copy.live["life"].value = 0
    copy.zone = "graveyard"
    assert wolf.components == []
    assert wolf.live["life"] == Stat(4, 2)
    assert wolf.zone == "board"
    assert (copy.id, copy.definition, copy.owner, copy.pool) == (3, WOLF, 0, "p0")


def test_a_cards_json() -> None:
    wolf = Card(3, WOLF, owner=0, pool="p0")
    assert wolf.to_json() == {"id": 3, "key": "wolf", "owner": 0, "pool": "p0"}
    wolf.add_component(Component(key="rage", modifiers=(("attack", 3),)))
    wolf.live["life"] = Stat(4, 1)
    assert wolf.to_json() == {
        "id": 3,
        "key": "wolf",
        "owner": 0,
        "pool": "p0",
        "components": [{"key": "rage", "modifiers": [["attack", 3]], "reactions": []}],
        "live": {"life": [4, 1]},
    }


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
