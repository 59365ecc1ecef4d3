"""Reactions, their tables by action type, and the catalogue cards name them from."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import Action, Event, Reaction, ReactionTable, reaction
from cardtable.engine.reactions import catalogue


class Base(Event[Any]):
    __slots__ = ()


class Derived(Base):
    __slots__ = ()


class Other(Event[Any]):
    __slots__ = ()


def nothing(state: Any, action: Any, source: Any) -> None:
    return None


def test_the_decorator_names_the_reaction_after_its_function() -> None:
    made = reaction(Base)(nothing)
    assert made.name == "nothing"
    assert made.listens_to == (Base,)
    assert reaction(Base, Other, name="both")(nothing).name == "both"
    assert made(None, Base(), None) is None


def test_a_table_finds_reactions_by_type_and_base_type() -> None:
    on_base = Reaction("base", (Base,), nothing)
    on_derived = Reaction("derived", (Derived,), nothing)
    on_other = Reaction("other", (Other,), nothing)
    on_action = Reaction("action", (Action,), nothing)
    table = ReactionTable([on_base, on_derived, on_other, on_action])
    assert table
    assert set(table.for_type(Base)) == {on_base, on_action}
    assert set(table.for_type(Derived)) == {on_base, on_derived, on_action}
    assert set(table.for_type(Other)) == {on_other, on_action}
    assert table.for_type(Derived) is table.for_type(Derived)  # computed once
    assert not ReactionTable()
    assert ReactionTable().for_type(Base) == ()


def test_the_catalogue_refuses_two_reactions_with_one_name() -> None:
    first, second = Reaction("same", (Base,), nothing), Reaction("same", (Other,), nothing)
    assert catalogue([first]) == {"same": first}
    with pytest.raises(ValueError, match="two reactions are named 'same'"):
        catalogue([first, second])
