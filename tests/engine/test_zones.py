"""Zones: who may see them, how many cards they hold, and where each card is."""

from __future__ import annotations

import pytest

from cardtable.engine import NOBODY, OWNER, PUBLIC, Board, CardDef, Hand, Stack, Zone
from cardtable.engine.cards import Card
from cardtable.engine.zones import ZoneFull


def card(card_id: int) -> Card:
    return Card(card_id, CardDef(key="x", name="X"), owner=0, pool="p0")


@pytest.mark.parametrize(
    ("visibility", "owner", "seen_by"),
    [
        (PUBLIC, 0, {0: True, 1: True, None: True}),
        (PUBLIC, None, {0: True, 1: True, None: True}),
        (OWNER, 0, {0: True, 1: False, None: False}),
        (OWNER, 1, {0: False, 1: True, None: False}),
        (NOBODY, 0, {0: False, 1: False, None: False}),
        (NOBODY, None, {0: False, 1: False, None: False}),
    ],
)
def test_who_sees_a_zone(
    visibility: str, owner: int | None, seen_by: dict[int | None, bool]
) -> None:
    zone = Zone("z", owner=owner, visibility=visibility)
    assert {seat: zone.visible_to(seat) for seat in seen_by} == seen_by


def test_zone_kinds_and_their_default_visibility() -> None:
    assert Hand("h", owner=1).visibility == OWNER
    assert Stack("s").visibility == PUBLIC
    assert Board("b").visibility == PUBLIC
    assert [Zone.kind, Stack.kind, Hand.kind, Board.kind] == ["zone", "stack", "hand", "board"]


def test_an_owner_only_zone_needs_an_owner() -> None:
    with pytest.raises(ValueError, match="an owner-only zone needs an owner"):
        Zone("z", visibility=OWNER)


def test_an_unknown_visibility_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown visibility 'friends'"):
        Zone("z", visibility="friends")


def test_a_zone_at_capacity_refuses_another_card() -> None:
    hand = Hand("hand:0", owner=0, capacity=2)
    hand.add(card(0))
    assert not hand.full
    hand.add(card(1))
    assert hand.full
    extra = card(2)
    with pytest.raises(ZoneFull, match="hand:0 already holds 2 cards"):
        hand.add(extra)
    assert len(hand) == 2
    assert extra not in hand


def test_a_zone_without_capacity_is_never_full() -> None:
    stack = Stack("s")
    for card_id in range(100):
        stack.add(card(card_id))
    assert not stack.full


def test_adding_to_the_bottom_respects_the_capacity() -> None:
    stack = Stack("s", capacity=1)
    stack.add(card(0))
    with pytest.raises(ZoneFull):
        stack.add_bottom(card(1))


def test_adding_and_removing_change_what_a_zone_holds() -> None:
    hand, pile = Hand("hand:0", owner=0), Stack("pile")
    first, second = card(0), card(1)
    hand.add(first)
    hand.add(second)
    assert first in hand
    assert second in hand
    assert first not in pile
    hand.remove(first)  # not the newest card
    assert first not in hand
    assert hand.cards == [second]
    pile.add(first)
    assert first in pile
    assert first not in hand
    with pytest.raises(ValueError, match=r"is not in hand:0"):
        hand.remove(first)
    assert "hand:0" not in hand  # only cards are in zones


def test_a_stack_has_a_top_and_a_bottom() -> None:
    deck = Stack("deck")
    assert deck.top is None
    with pytest.raises(IndexError):
        deck.pop()
    deck.add(card(0))
    deck.add(card(1))
    deck.add_bottom(card(2))
    assert [c.id for c in deck.cards] == [2, 0, 1]
    assert deck.top is not None
    assert deck.top.id == 1
    popped = deck.pop()
    assert popped.id == 1
    assert popped not in deck
    assert [c.id for c in deck.cards] == [2, 0]


def test_a_copy_keeps_everything_in_a_list_of_its_own() -> None:
    hand = Hand("hand:1", owner=1, capacity=4, pool="p1")
    first = card(0)
    hand.add(first)
    copy = hand.copy()
    assert type(copy) is Hand
    assert (copy.name, copy.owner, copy.visibility, copy.pool, copy.capacity) == (
        "hand:1",
        1,
        OWNER,
        "p1",
        4,
    )
    assert copy.cards == [first]
    copy.remove(first)
    assert copy.cards == []
    assert hand.cards == [first]
