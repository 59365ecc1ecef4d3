"""Generic card moves (redacted by zone visibility) and card characters dying at life <= 0."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine import Rng, RuleBook, Stat, Target
from cardtable.engine.actions import Entry
from cardtable.engine.cards import Card, CardDef
from cardtable.engine.characters import BattleState, Damage, Heal, Hero
from cardtable.engine.deaths import deaths
from cardtable.engine.events import DiedEvent, MoveEvent
from cardtable.engine.moves import MoveCard
from cardtable.engine.zones import NOBODY, PUBLIC, Board, Hand, Stack, Zone
from cardtable.games import find
from cardtable.games.schemas import validate_event


class _Minion(CardDef):
    pass


MINION = _Minion(key="m", name="Minion")


def _graveyard(state: Any, card: Card) -> Zone:
    zone: Zone = state.zones[f"graveyard:{card.owner}"]
    return zone


def _state() -> BattleState:
    book = RuleBook(game=find("tcg"), ruleset=None, rules=[deaths(_graveyard)])
    state = BattleState(book, Rng(0), seats=2)
    for seat in (0, 1):
        state.add_zone(Stack(f"deck:{seat}", owner=seat, visibility=NOBODY, pool=f"p{seat}"))
        state.add_zone(Hand(f"hand:{seat}", owner=seat, pool=f"p{seat}"))
        state.add_zone(Board(f"board:{seat}", owner=seat, visibility=PUBLIC, capacity=3))
        state.add_zone(Stack(f"graveyard:{seat}", owner=seat, visibility=PUBLIC))
        state.heroes.append(Hero(seat, 30))
    state.journal = []
    return state


def _kinds(journal: Sequence[Entry] | None) -> list[str]:
    """The type of each journal entry's event, as a spectator reads it."""
    shown = [entry.event(None) for entry in journal or ()]
    return [str(event["type"]) for event in shown if event is not None]


def _minion(state: BattleState, seat: int, life: int) -> Card:
    card = state.create_card(MINION, state.zones[f"board:{seat}"], owner=seat, pool=f"p{seat}")
    state.track(card, "life", Stat(life))
    return card


def test_a_move_shows_the_card_to_seats_that_see_either_zone() -> None:
    state = _state()
    card = state.create_card(MINION, state.zones["deck:0"], owner=0, pool="p0")
    state.run(MoveCard(card.id, state.zones["hand:0"], source="deck:0", reason="draw"))
    assert state.zone_of(card).name == "hand:0"
    move = state.journal[-1] if state.journal else None
    assert isinstance(move, MoveEvent)
    owner, other, spectator = move.event(0), move.event(1), move.event(None)
    assert owner is not None
    assert isinstance(owner["card"], dict)
    assert owner["card"]["id"] == card.id
    assert (
        other
        == spectator
        == {
            "type": "move",
            "card": None,
            "origin": "deck:0",
            "destination": "hand:0",
            "reason": "draw",
        }
    )
    for seat in (0, 1, None):
        shown = move.event(seat)
        assert shown is not None
        validate_event(find("tcg"), shown)


def test_a_move_from_an_unexpected_zone_fizzles() -> None:
    state = _state()
    card = state.create_card(MINION, state.zones["hand:0"], owner=0, pool="p0")
    state.run(MoveCard(card.id, state.zones["graveyard:0"], source="deck:0"))
    assert state.zone_of(card).name == "hand:0"
    assert state.journal is not None
    assert _kinds(state.journal) == ["fizzled"]


def test_a_card_character_at_zero_life_dies_and_goes_to_its_graveyard() -> None:
    state = _state()
    doomed = _minion(state, 1, life=3)
    survivor = _minion(state, 1, life=4)
    state.run(Damage([(Target.minion(doomed.id), 3), (Target.minion(survivor.id), 3)], reason="x"))
    assert state.zone_of(doomed).name == "graveyard:1"
    assert state.zone_of(survivor).name == "board:1"
    assert state.stat(survivor, "life") == 1
    assert state.journal is not None
    died = [entry for entry in state.journal if isinstance(entry, DiedEvent)]
    assert [entry.card for entry in died] == [doomed.id]
    assert state.outcome is None


def test_several_card_characters_can_die_to_one_blow() -> None:
    state = _state()
    first, second = _minion(state, 0, life=1), _minion(state, 1, life=2)
    state.run(Damage([(Target.minion(first.id), 5), (Target.minion(second.id), 5)], reason="x"))
    assert (state.zone_of(first).name, state.zone_of(second).name) == (
        "graveyard:0",
        "graveyard:1",
    )
    assert state.stat(first, "life") == -4


def test_a_card_character_dies_once_however_many_blows_were_queued() -> None:
    state = _state()
    minion = _minion(state, 1, life=1)
    state.run(
        Damage([(Target.minion(minion.id), 1)], reason="x"),
        Damage([(Target.minion(minion.id), 1)], reason="x"),
    )
    assert state.zone_of(minion).name == "graveyard:1"
    assert state.journal is not None
    kinds = _kinds(state.journal)
    assert kinds == ["damage", "damage", "died", "fizzled"]  # the second death fizzles


def test_a_card_in_the_graveyard_does_not_die_again() -> None:
    state = _state()
    minion = _minion(state, 0, life=1)
    state.run(Damage([(Target.minion(minion.id), 2)], reason="x"))
    assert state.journal is not None
    state.journal.clear()
    state.run(Damage([(Target.minion(minion.id), 2)], reason="x"))
    assert _kinds(state.journal) == ["damage"]
    assert state.zone_of(minion).name == "graveyard:0"


def test_a_card_healed_before_its_death_resolves_stays() -> None:
    state = _state()
    minion = _minion(state, 1, life=2)
    state.run(
        Damage([(Target.minion(minion.id), 2)], reason="x"), Heal(Target.minion(minion.id), 1)
    )
    assert state.zone_of(minion).name == "board:1"
    assert state.stat(minion, "life") == 1
    assert state.journal is not None
    assert _kinds(state.journal) == ["damage", "heal", "fizzled"]


def test_a_card_moved_off_its_board_before_its_death_resolves_does_not_die() -> None:
    state = _state()
    minion = _minion(state, 0, life=1)
    state.run(
        Damage([(Target.minion(minion.id), 1)], reason="x"),
        MoveCard(minion.id, state.zones["hand:0"], source="board:0"),
    )
    assert state.zone_of(minion).name == "hand:0"
    assert state.journal is not None
    assert _kinds(state.journal) == ["damage", "move", "fizzled"]


def test_a_move_into_a_full_zone_fizzles_and_loses_nothing() -> None:
    state = _state()
    small = state.add_zone(Hand("hand:x", owner=0, capacity=1))
    state.create_card(MINION, small, owner=0)
    card = state.create_card(MINION, state.zones["deck:0"], owner=0, pool="p0")
    state.run(MoveCard(card.id, small))
    assert state.zone_of(card).name == "deck:0"
    assert state.journal is not None
    assert _kinds(state.journal) == ["fizzled"]
