"""Set-up (dealing, the first card, who starts) and running out of cards: the pile is shuffled
back (ruling 18), and a deck truly exhausted ends the match with no winner."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine import JsonValue, Match
from cardtable.games.karata import KarataRules, KarataState, cards
from cardtable.games.karata.actions import TurnUp
from cardtable.games.karata.cards import special
from cardtable.games.karata.outcomes import DECK_RAN_OUT
from cardtable.games.karata.scenario import scenario
from tests.games.karata.helpers import GAME, act, deck, hand, last_of, pile


def test_the_pile_but_its_top_is_shuffled_back_when_the_deck_runs_short() -> None:
    state = scenario(
        hands=[["5C"], ["9S"]], pile=["3H", "4C", "6D", "10S"], deck=["4D"], bomb=3, active=1
    )
    act(state, 1, "pass")
    assert pile(state) == ["3H"]  # the top card stays
    assert hand(state, 1)[:2] == ["9S", "4D"]  # first what the deck held
    assert len(hand(state, 1)) == 4
    assert sorted(hand(state, 1)[2:] + deck(state)) == ["10S", "4C", "6D"]
    assert len(deck(state)) == 1
    picked = last_of(state, "pick")
    assert (picked["count"], picked["recycled"]) == (3, 3)
    assert state.outcome is None
    assert Counter(card.key for card in state.cards) == Counter(
        ["5C", "9S", "3H", "4C", "6D", "10S", "4D"]
    )


def test_a_deck_that_suffices_is_not_refilled() -> None:
    state = scenario(hands=[["5C"], ["9S"]], pile=["7H", "4C"], deck=["4D"])
    act(state, 0, "pass")
    assert pile(state) == ["7H", "4C"]
    assert last_of(state, "pick")["recycled"] == 0


@pytest.mark.parametrize(
    ("pile_cards", "deck_cards", "bomb", "picked", "placings"),
    [
        (["7H"], [], 0, 0, (1, 1)),  # nothing to pick at all: one card each, a shared place
        (["3H", "4C"], [], 3, 1, (2, 1)),  # one card back from the pile; two are missing
        (["2H", "4C", "6D"], ["4D"], 2 + 3, 3, (2, 1)),
    ],
)
def test_a_deck_truly_exhausted_ends_the_match_with_no_winner(
    pile_cards: list[str], deck_cards: list[str], bomb: int, picked: int, placings: tuple[int, ...]
) -> None:
    """Nobody won: both are placed by the cards in their hands, fewer first."""
    state = scenario(hands=[["5C"], ["9S"]], pile=pile_cards, deck=deck_cards, bomb=bomb)
    act(state, 0, "pass")
    assert state.outcome == DECK_RAN_OUT.outcome(winners=()).placed(placings)
    assert (state.outcome.code, state.outcome.seats) == ("deck_ran_out", ())
    assert len(hand(state, 0)) == 1 + picked
    assert GAME.to_act(state) is None
    assert GAME.legal(state, 1).moves == ()


def test_the_pile_card_just_covered_comes_back_when_the_deck_is_empty() -> None:
    state = scenario(hands=[["QH", "5C"], ["9S"]], pile=["7H"], deck=[])
    act(state, 0, "turn QH")  # unanswered: pick one, from the pile under the Queen
    assert state.outcome is None
    assert hand(state, 0) == ["5C", "7H"]
    assert pile(state) == ["QH"]


@pytest.mark.parametrize(("players", "hand_size"), [(2, 4), (3, 6), (4, 1), (6, 7)])
def test_each_player_is_dealt_hand_size_cards(players: int, hand_size: int) -> None:
    rules = KarataRules(players=players, max_players=max(4, players), hand_size=hand_size)
    match = Match(GAME, rules, seed=5)
    state = match.state
    assert [len(zone.cards) for zone in state.hands] == [hand_size] * players
    assert len(state.pile.cards) == 1
    assert len(state.deck.cards) == 54 - players * hand_size - 1
    assert not special(state.top)
    assert {"type": "deal", "count": hand_size} in match.events(None)


def card_keys(faces: JsonValue) -> list[str]:
    """The keys of a list of card faces in an event."""
    assert isinstance(faces, list)
    keys = []
    for face in faces:
        assert isinstance(face, dict)
        keys.append(str(face["key"]))
    return keys


def burying_seed() -> tuple[int, Match[KarataState]]:
    for seed in range(200):
        match = Match(GAME, KarataRules(), seed=seed)
        turned = next(event for event in match.events(None) if event["type"] == "turn_up")
        if len(card_keys(turned["buried"])) >= 2:
            return seed, match
    raise AssertionError("no seed turns up two special cards first")


def test_special_cards_turned_up_go_to_the_bottom_of_the_deck() -> None:  # ruling 19
    _, match = burying_seed()
    state = match.state
    turned = next(event for event in match.events(None) if event["type"] == "turn_up")
    buried = card_keys(turned["buried"])
    assert all(special(key) for key in buried)
    assert not special(state.top)
    assert card_keys([turned["card"]]) == [state.top]
    # each went under the deck in turn: the last one turned lies at the very bottom
    bottom_up = [card.key for card in state.deck.cards[: len(buried)]]
    assert bottom_up == list(reversed(buried))


def test_a_deck_of_only_special_cards_turns_each_once_and_leaves_the_last_up() -> None:
    state = scenario(hands=[["9H"], ["5C"]], pile=["7H"], deck=["2H", "QS", "KD"])
    state.run(TurnUp())  # it used to turn the same cards for ever
    assert state.top == "KD"
    assert deck(state) == ["2H", "QS"]
    assert state.bomb == 0


def test_the_first_seat_starts_unless_random_start() -> None:
    fixed = {Match(GAME, KarataRules(players=3), seed=seed).state.active for seed in range(20)}
    assert fixed == {0}
    starters = set()
    for seed in range(40):
        match = Match(GAME, KarataRules(players=3, random_start=True), seed=seed)
        started = next(event for event in match.events(None) if event["type"] == "starter")
        assert started["seat"] == match.state.active == match.to_act
        starters.add(match.state.active)
    assert starters == {0, 1, 2}


def test_faces_and_kinds_are_read_for_the_deck_and_for_other_text() -> None:
    """The cards' faces and kinds are tabled for the deck's 54 keys; other text is worked out."""
    assert len(cards.keys()) == 54
    assert [cards.face(key) for key in ("10H", "BJ", "2Z")] == ["10", "X", "2"]
    assert [cards.bomb(key) for key in ("3C", "RJ", "3Z", "4C")] == [True, True, True, False]
