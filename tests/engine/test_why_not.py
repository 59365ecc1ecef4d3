"""Why a decision is not legal, asked without trying it, and why each card in a hand cannot be
played; and decisions as programs read them (their shape), with no text to parse."""

from __future__ import annotations

from cardtable.engine import Match
from cardtable.engine.characters import Target
from cardtable.games import find
from cardtable.games.karata import KarataRules
from cardtable.games.karata.decisions import Finish, Turn
from cardtable.games.karata.scenario import scenario as karata_scenario
from cardtable.games.tcg import TcgRules
from cardtable.games.tcg.decisions import END, Attack, Play
from cardtable.games.tcg.scenario import scenario as tcg_scenario
from tests.games.karata.helpers import GAME as KARATA
from tests.games.tcg.helpers import GAME as TCG
from tests.games.tcg.helpers import snapshot

MINIONS = TcgRules(minions=True)


def test_why_not_names_the_refusal_and_changes_nothing() -> None:
    state = tcg_scenario(hands=([5, 2], []), slots=(3, 0))
    before = snapshot(state)
    expensive, cheap = (card.id for card in state.hands[0].cards)
    refusal = TCG.why_not(state, 0, Play(expensive))
    assert refusal is not None
    assert (refusal.code, refusal.reason) == (
        "cannot_afford",
        "you cannot afford Damage 5: it costs 5 mana and you have 3",
    )
    assert TCG.why_not(state, 0, Play(cheap)) is None
    not_yours = TCG.why_not(state, 1, END)
    assert not_yours is not None
    assert not_yours.code == "not_your_turn"
    assert snapshot(state) == before


def test_a_match_answers_for_texts_too() -> None:
    tcg = find("tcg")
    match = Match(tcg, tcg.default_ruleset(), seed=3)
    seat = match.to_act
    assert seat is not None
    typo = match.why_not(seat, "pley #1")
    assert typo is not None
    assert typo.code == "invalid_decision"
    assert match.why_not(seat, "end") is None
    assert len(match.decisions) == 0


def test_each_unplayable_card_in_the_tcg_hand_says_why() -> None:
    state = tcg_scenario(hands=([5, 1, 2], []), boards=([1, 2, 3], []), slots=(2, 0), rules=MINIONS)
    five, one, two = (card.id for card in state.hands[0].cards)
    refusals = TCG.unplayable(state, 0)
    assert {card: refusal.code for card, refusal in refusals.items()} == {five: "cannot_afford"}
    assert one not in refusals
    assert two not in refusals
    assert TCG.unplayable(state, 1) == {}  # not to act: nothing to say


def test_each_unplayable_karata_card_says_why() -> None:
    state = karata_scenario(hands=[["9S", "7H", "QD"], ["5C"]], pile=["7C"], deck=["4D"])
    nine, seven, queen = state.hands[0].cards
    refusals = KARATA.unplayable(state, 0)
    assert {card: refusal.code for card, refusal in refusals.items()} == {
        nine.id: "must_follow_suit_or_face",
        queen.id: "must_follow_suit_or_face",
    }
    assert seven.id not in refusals


def test_a_pending_bomb_is_the_reason_karata_cards_wait() -> None:
    state = karata_scenario(
        hands=[["9D", "2S"], ["5C"]], pile=["2H"], bomb=2, deck=["4D", "5D", "6D"]
    )
    nine, two = state.hands[0].cards
    refusals = KARATA.unplayable(state, 0)
    assert {card: refusal.code for card, refusal in refusals.items()} == {nine.id: "pending_pick"}
    assert two.id not in refusals


def test_a_game_that_names_no_plays_says_nothing_of_cards() -> None:
    war = find("war")
    state = war.setup(war.default_ruleset(), seed=2)
    seat = war.to_act(state)
    assert seat is not None
    assert war.unplayable(state, seat) == {}


def test_decisions_have_shapes_with_their_cards_targets_and_mode() -> None:
    assert Play(12, target=Target.hero(1)).shape().to_json() == {
        "kind": "play",
        "text": "play #12 @p1",
        "cards": [12],
        "targets": ["p1"],
        "mode": "",
        "details": {},
    }
    minion = Attack(3, Target.minion(9)).shape()
    assert (minion.kind, minion.cards, minion.targets, minion.mode) == (
        "attack",
        (3,),
        ("#9",),
        None,
    )
    assert Play(4, "heal").shape().mode == "heal"
    assert END.shape().to_json() == {
        "kind": "end", "text": "end", "cards": [], "targets": [], "mode": None, "details": {}
    }  # fmt: skip
    whole = Turn(("7H", "7S"), "H", last=True).shape()
    assert (whole.kind, whole.cards, whole.details) == (
        "turn",
        ("7H", "7S"),
        {"request": "H", "last": True},
    )
    assert Finish("S").shape().details == {"request": "S", "last": False}


def test_every_legal_decision_of_every_game_has_its_text_in_its_shape() -> None:
    for name in ("tcg", "karata", "war"):
        game = find(name)
        rules = game.default_ruleset()
        if name == "karata":
            rules = KarataRules()
        match = Match(game, rules, seed=11)
        for _ in range(30):
            seat = match.to_act
            if seat is None:
                break
            legal = match.legal(seat)
            for move in legal.moves:
                shape = move.shape()
                assert game.parse_decision(shape.text) == move
                assert shape.kind == move.kind
            match.decide(seat, legal.moves[0])
