"""The contract that events name only cards a seat still sees: its convention, the games that
keep it, and games made to leak, which it catches."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import EventShape, Game, JsonObject, JsonValue, Match
from cardtable.games import find
from cardtable.testing import Budget, check_game, named_cards
from cardtable.testing.naming import events_name_only_cards_still_seen

QUICK = Budget(seeds=3, decisions=0)
CONTRACT = [events_name_only_cards_still_seen.__name__]


def test_faces_keys_ids_and_targets_are_read_by_the_convention() -> None:
    event: JsonValue = {
        "type": "x",
        "card": 4,
        "cards": ["7S", {"id": 2, "key": "QH", "name": "Queen of Hearts"}, 9],
        "hits": [{"target": "#12", "amount": 1}, {"target": "p0", "amount": 1}],
        "deep": {"inner": [{"id": 5, "key": "d1", "stats": {"card": 99}}]},
    }
    named = named_cards(event)
    assert named.faces == {2: "QH", 5: "d1"}
    assert named.keys == {"7S"}
    assert named.ids == {4, 9, 12}


def test_counts_and_other_fields_name_no_card() -> None:
    event: JsonValue = {"type": "won", "seat": 1, "cards": 6, "id": 3, "request": "7S"}
    named = named_cards(event)
    assert (named.faces, named.keys, named.ids) == ({}, set(), set())


@pytest.mark.parametrize("name", ["tcg", "war"])
def test_games_that_show_only_what_stays_seen_keep_it(name: str) -> None:
    game = find(name)
    assert check_game(game, contracts=CONTRACT, budget=QUICK).kept


def test_the_example_game_keeps_it(highcard: Game[Any, Any]) -> None:
    assert check_game(highcard, contracts=CONTRACT, budget=QUICK).kept


class _Told(EventShape):
    """An event that shows every seat the same JSON, whatever it holds."""

    __slots__ = ("data",)
    kind = "leak"

    def __init__(self, data: JsonObject) -> None:
        self.data = data

    def event(self, seat: int | None) -> JsonObject:
        return self.data


def _leak_played_card(monkeypatch: pytest.MonkeyPatch, shown: str) -> None:
    """Make High Card's play event show every seat the card played face down: its key, its
    id or its face."""
    from highcard.game import PlayCard

    play = PlayCard.execute

    def execute(self: PlayCard, state: Any) -> EventShape:
        play(self, state)
        card = self.card
        told: dict[str, JsonValue] = {
            "key": card.key,
            "id": card.id,
            "face": {"id": card.id, "key": card.key, "name": card.definition.name},
        }
        return _Told({"type": "play", "seat": self.seat, "card": told[shown]})

    monkeypatch.setattr(PlayCard, "execute", execute)


@pytest.mark.parametrize("shown", ["key", "id", "face"])
def test_an_event_naming_a_card_played_face_down_breaks_it(
    shown: str, highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """High Card numbers its cards in the order of its public deck list, so even the id of
    a card played face down tells which card it is: the twins of the hidden-cards contract,
    which share every card's id, cannot see that leak; this contract does."""
    _leak_played_card(monkeypatch, shown)
    report = check_game(highcard, highcard.example_rulesets()[:1], contracts=CONTRACT, budget=QUICK)
    assert not report.kept
    (verdict,) = report.broken
    assert verdict.problem is not None
    assert verdict.problem.startswith("seat 1 was shown card #") or verdict.problem.startswith(
        "seat 1 was shown a card "
    )
    assert "in a 'play' event of decision 1 (seed 0: play #" in verdict.problem
    assert "cannot see it afterwards" in verdict.problem


def test_an_id_alone_is_no_leak_to_the_hidden_cards_contract(
    highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why the contract is needed: the leak of an id alone passes the older one."""
    _leak_played_card(monkeypatch, "id")
    rulesets = highcard.example_rulesets()[:1]
    contracts = ["hidden_cards_do_not_change_views_or_events", *CONTRACT]
    report = check_game(highcard, rulesets, contracts=contracts, budget=QUICK)
    assert [verdict.kept for verdict in report.verdicts] == [True, False]


def test_a_card_shown_then_hidden_in_one_decision_breaks_it(
    highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal tells everybody the face of card #0, which then lies in the deck or in one
    player's hand: hidden from some seat."""
    from highcard.game import Deal

    key = Match(highcard, highcard.default_ruleset(), 0).state.cards[0].key
    deal = Deal.execute

    def execute(self: Deal, state: Any) -> EventShape:
        deal(self, state)
        return _Told({"type": "deal", "first": {"id": 0, "key": key, "name": "the first card"}})

    monkeypatch.setattr(Deal, "execute", execute)
    (verdict,) = check_game(highcard, highcard.example_rulesets()[:1], contracts=CONTRACT).verdicts
    assert verdict.problem is not None
    assert "in a 'deal' event of the set-up (seed 0)" in verdict.problem
