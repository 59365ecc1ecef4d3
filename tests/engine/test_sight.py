"""Sights: a seat's view read in place answers exactly as the view does, and shows nothing
the seat may not see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.engine import Card, Component, Game, Rng, State, View
from cardtable.engine.sight import Seen, Sight
from cardtable.games import find, names
from cardtable.games.tcg import TcgGame
from cardtable.games.tcg.facts import TcgDigest, facts_of
from cardtable.games.tcg.scenario import scenario

TCG = TcgGame()


def playouts(game: Game[Any, Any], seed: int, limit: int = 80) -> Iterator[State]:
    """States of random matches of ``game`` under each of its example rulesets."""
    rng = Rng(seed)
    for rules in game.example_rulesets():
        state = game.setup(rules, seed, journal=False)
        for _ in range(limit):
            yield state
            seat = game.to_act(state)
            if seat is None:
                break
            moves = game.legal(state, seat).moves
            game.decide(state, seat, moves[rng.below(len(moves))])


def assert_same_as_view(game: Game[Any, Any], state: State, seat: int) -> None:
    sight, view = game.sight(state, seat), game.view(state, seat)
    assert (sight.seat, sight.turn, sight.to_act) == (view.seat, view.turn, view.to_act)
    assert sight.public == view.public
    if isinstance(game, TcgGame):  # typed facts: the same numbers as the public JSON
        assert sight.facts() == facts_of(view.public)
        assert_digest_as_view(sight.digest(), view)
    else:
        assert sight.facts() == view.public
        assert sight.digest() is None
    for name, zone in view.zones.items():
        assert sight.zone(name) == zone
        assert sight.size(name) == view.size(name) == zone.size
        if zone.cards is None:
            for read in (sight.cards, sight.faces, view.cards):
                with pytest.raises(ValueError, match="hidden"):
                    read(name)
            continue
        faces = sight.faces(name)
        assert sight.cards(name) == view.cards(name)
        assert [sight.looks(card) for card in faces] == list(view.faces(name))
        assert [(c.id, c.key, c.owner, c.pool) for c in faces] == [
            (c.id, c.key, c.owner, c.pool) for c in view.faces(name)
        ]
        assert sight.plain(faces) == view.plain(view.faces(name))
    for pool in state.pools:
        assert sight.manifest(pool) == view.manifest(pool)
    names = list(view.zones)
    shown = [name for name in names if view.zones[name].cards is not None]
    assert sight.sizes(names) == view.sizes(names) == [view.size(name) for name in names]
    assert sight.faces_of(shown) == [sight.faces(name) for name in shown]
    assert view.faces_of(shown) == [view.faces(name) for name in shown]
    for name in set(names) - set(shown):
        for read_all in (sight.faces_of, view.faces_of):
            with pytest.raises(ValueError, match="hidden"):
                read_all([*shown, name])


def assert_digest_as_view(digest: TcgDigest | None, view: View[Any]) -> None:
    """A Kata TCG digest holds what the view shows, and nothing else."""
    seat = view.seat
    assert seat is not None
    assert digest is not None
    other = 1 - seat
    for cards, zone in zip(
        digest[:3], (f"hand:{seat}", f"graveyard:{seat}", f"graveyard:{other}"), strict=True
    ):
        assert [(c.id, c.key, c.owner, c.pool) for c in cards] == [
            (c.id, c.key, c.owner, c.pool) for c in view.faces(zone)
        ]
    assert digest.deck_list == view.manifest(f"p{seat}")
    every = [card for zone in view.zones.values() for card in zone.cards or ()]
    if digest.printed:  # nothing in the match changed: every card the seat sees is plain
        assert view.plain(every)
    facts = facts_of(view.public)
    for at, who in ((0, seat), (8, other)):
        assert digest.numbers[at : at + 8] == (
            facts.life[who],
            facts.slots[who],
            facts.mana[who],
            facts.attack[who],
            view.size(f"hand:{who}"),
            view.size(f"deck:{who}"),
            view.size(f"graveyard:{who}"),
            facts.discounts[who],
        )


@pytest.mark.parametrize("name", names())
def test_a_sight_answers_as_the_view_of_the_same_state(name: str) -> None:
    game = find(name)
    for state in playouts(game, 4):
        for seat in range(state.seats):
            assert_same_as_view(game, state, seat)


def test_changed_cards_look_as_the_view_shows_them() -> None:
    state = scenario(hands=([3, 5], [1]), decks=([2], [0]), graveyards=([7], []))
    card = state.zone("hand:0").cards[0]
    state.attach(card, Component(key="blessing", modifiers=(("cost", -2),)))
    sight = TCG.sight(state, 0)
    faces = sight.faces("hand:0")
    assert not sight.plain(faces)
    assert sight.plain(sight.faces("graveyard:0"))
    assert sight.looks(faces[0]).stat("cost") == card.printed("cost") - 2
    assert_same_as_view(TCG, state, 0)


def test_a_sight_shows_only_the_cards_it_gave() -> None:
    state = scenario(hands=([3], [1]), decks=([2], [0]), graveyards=([], []))
    sight = TCG.sight(state, 0)
    seen: Seen = sight  # as any Seen, a sight may be handed any card: here one of the view's
    with pytest.raises(TypeError, match="the cards it gave"):
        seen.looks(TCG.view(state, 0).cards("hand:0")[0])
    assert isinstance(sight.faces("hand:0")[0], Card)
    assert isinstance(sight, Sight)


def test_a_sight_holds_nothing_hidden_of_its_own() -> None:
    """A sight keeps the state to read it, but offers no way to the hidden zones."""
    state = scenario(hands=([3], [1, 4]), decks=([2], [0]), graveyards=([], []))
    sight = TCG.sight(state, 0)
    public = [name for name in dir(sight) if not name.startswith("_")]
    assert sorted(public) == [
        "cards",
        "digest",
        "faces",
        "faces_of",
        "facts",
        "looks",
        "manifest",
        "plain",
        "public",
        "seat",
        "size",
        "sizes",
        "to_act",
        "turn",
        "zone",
    ]
    assert sight.size("hand:1") == 2
    assert sight.zone("hand:1").cards is None
