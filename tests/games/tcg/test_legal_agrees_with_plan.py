"""The legal moves are exactly the decisions the plan takes, on the positions where the two could
part: a full board, sleeping and spent minions, spells with nothing to aim at, minion cards
with nobody to choose, and each variation switched off. Both come from the checks of
``games/tcg/turns.py``; these tests try every decision a position could be asked, not only the
listed ones."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from cardtable.agents import RandomAgent
from cardtable.engine import Card, Decision, Match, Target
from cardtable.games.tcg import Attack, End, Play, TcgRules, TcgState, load_set
from cardtable.games.tcg.decisions import HEAL, MINION
from cardtable.games.tcg.scenario import scenario
from cardtable.games.tcg.turns import moves
from cardtable.simulation import agent_rng
from tests.games.tcg.helpers import GAME, snapshot

LEGENDS = load_set("legends")
CLASSIC = load_set("classic")
POOL = LEGENDS.cards + CLASSIC.cards
"""The Legends cards and the classic ``dN`` cards, for scenarios that mix them."""

EVERYTHING = TcgRules(healing=True, minions=True, cards=POOL)
MINIONS = TcgRules(minions=True, cards=POOL)
HEALING = TcgRules(healing=True, cards=POOL)
CORE = TcgRules(cards=POOL)
"""The core game, its pool holding the Legends cards beside the classic ones."""

SPELLS = ("fireball", "arcane-volley", "drain", "healing-light", "blessing", "planning")
CORE_WITH_SPELLS = TcgRules(cards=POOL, decks=((*SPELLS, *SPELLS, *SPELLS, "d1", "d2"),) * 2)
"""The core game with a deck of spells, most of which choose a target."""


def candidates(state: TcgState, cards: Sequence[Card] | None = None) -> Iterator[Decision]:
    """Every decision a seat could be asked to make about ``cards`` (by default every card of
    ``state``): each played in each mode (and one no card has) at no target and at every
    character or card, each attacking every character or card, and ending the turn."""
    chosen = state.cards if cards is None else cards
    characters = [Target.hero(0), Target.hero(1)] + [Target.minion(card.id) for card in chosen]
    for card in chosen:
        for mode in ("", HEAL, MINION, "fly"):
            yield Play(card.id, mode)
            for target in characters:
                yield Play(card.id, mode, target)
        for target in characters:
            yield Attack(card.id, target)
    yield End()


def assert_agree(
    state: TcgState, seat: int, cards: Sequence[Card] | None = None
) -> tuple[Decision, ...]:
    """Check that the legal moves of ``seat`` are exactly the candidates (about ``cards``) the
    plan takes, each listed once, and that asking changed nothing; return the legal moves."""
    before = snapshot(state)
    legal = GAME.legal(state, seat).moves
    assert len(set(legal)) == len(legal), "a move is listed twice"
    taken = {decision for decision in candidates(state, cards) if GAME.can(state, seat, decision)}
    assert taken == set(legal)
    assert snapshot(state) == before
    return legal


def texts(state: TcgState, seat: int = 0) -> list[str]:
    return [move.text() for move in assert_agree(state, seat)]


def refusal(state: TcgState, text: str, seat: int = 0) -> tuple[str, str]:
    error = GAME.why_not(state, seat, GAME.parse_decision(text))
    assert error is not None, f"{text} was taken"
    return error.code, error.reason


# -- a full board -----------------------------------------------------------------------------


def test_a_full_board_takes_no_minion_but_the_card_plays_its_other_ways() -> None:
    rules = TcgRules(healing=True, minions=True, board_size=2, cards=POOL)
    state = scenario(
        hands=(["d2", "shieldbearer"], []), boards=(["d1", "d1"], []), slots=(5, 0), rules=rules
    )
    assert texts(state) == [
        "play #0 @p1",
        "play #0 heal",
        "attack #2 @p1",
        "attack #3 @p1",
        "end",
    ]
    full = ("board_full", "your board is full: at most 2 minions at a time")
    assert refusal(state, "play #0 minion") == full
    assert refusal(state, "play #1") == full


def test_a_board_with_room_takes_the_minion_of_either_kind() -> None:
    state = scenario(hands=(["d2", "shieldbearer"], []), slots=(5, 0), rules=MINIONS)
    assert texts(state) == ["play #0 @p1", "play #0 minion", "play #1", "end"]


# -- sleeping and spent minions ---------------------------------------------------------------


def test_only_an_awake_minion_with_an_attack_left_attacks() -> None:
    state = scenario(boards=([3, 4, 5], [2]), asleep=([0], []), attacked=([1], []), rules=MINIONS)
    assert texts(state) == ["attack #2 @p1", "attack #2 @#3", "end"]
    assert refusal(state, "attack #0 @p1") == (
        "asleep",
        "Damage 3 is asleep: a minion cannot attack in its first turn",
    )
    assert refusal(state, "attack #1 @p1") == (
        "already_attacked",
        "Damage 4 has already attacked this turn",
    )
    assert refusal(state, "attack #2 @p0")[0] == "invalid_target"
    assert refusal(state, "attack #3 @p0") == ("not_your_card", "#3 is not one of your minions")


def test_a_minion_played_now_sleeps_and_the_legal_moves_say_so() -> None:
    state = scenario(hands=([1], []), slots=(1, 0), rules=MINIONS)
    assert GAME.decide(state, 0, Play(0, MINION)) is None
    assert texts(state) == ["end"]
    assert refusal(state, "attack #0 @p1")[0] == "asleep"


# -- spells and minion cards with nothing to aim at -------------------------------------------


def test_a_spell_with_nothing_to_aim_at_is_not_offered() -> None:
    # Blessing chooses a friendly minion: seat 0 has none.
    state = scenario(
        hands=(["blessing", "planning"], []), boards=([], [2]), slots=(1, 0), rules=MINIONS
    )
    assert texts(state) == ["play #1", "end"]
    assert refusal(state, "play #0") == ("target_needed", "choose a target for Blessing: none now")
    assert refusal(state, "play #0 @#2") == (
        "invalid_target",
        "#2 is not a target Blessing may choose",
    )
    assert refusal(state, "play #1 @p1") == ("takes_no_target", "Planning takes no target")


def test_a_minion_card_with_nobody_to_choose_arrives_without_a_target() -> None:
    # The Sniper chooses an enemy minion when played.
    lonely = scenario(hands=(["sniper"], []), slots=(3, 0), rules=MINIONS)
    assert texts(lonely) == ["play #0", "end"]
    assert refusal(lonely, "play #0 @p1") == (
        "invalid_target",
        "p1 is not a target Sniper may choose",
    )
    crowded = scenario(hands=(["sniper"], []), boards=([], [2, 1]), slots=(3, 0), rules=MINIONS)
    assert texts(crowded) == ["play #0 @#1", "play #0 @#2", "end"]
    assert refusal(crowded, "play #0") == (
        "target_needed",
        "choose a target for Sniper: @#1 @#2",
    )


def test_the_core_game_offers_a_spell_only_at_what_it_may_choose() -> None:
    state = scenario(
        hands=(["fireball", "drain", "blessing", "planning", "d2"], []), slots=(5, 0), rules=CORE
    )
    assert texts(state) == [
        "play #0 @p0",
        "play #0 @p1",
        "play #1 @p1",
        "play #3",
        "play #4",
        "end",
    ]
    assert refusal(state, "play #0") == ("target_needed", "choose a target for Fireball: @p0 @p1")
    assert refusal(state, "play #2")[0] == "target_needed"
    assert refusal(state, "play #4 @p1") == (
        "takes_no_target",
        "without minions an attack always hits the opposing hero",
    )


# -- the variations switched off --------------------------------------------------------------


def test_without_healing_no_card_heals() -> None:
    state = scenario(hands=([2], []), slots=(2, 0), rules=MINIONS)
    assert texts(state) == ["play #0 @p1", "play #0 minion", "end"]
    assert refusal(state, "play #0 heal") == (
        "not_in_these_rules",
        "these rules have no healing: play the card as it is",
    )


def test_without_minions_no_card_becomes_one_and_nothing_attacks() -> None:
    state = scenario(hands=([2, "planning"], [3]), slots=(2, 0), rules=HEALING)
    assert texts(state) == ["play #0", "play #0 heal", "play #1", "end"]
    assert refusal(state, "play #0 minion") == (
        "not_in_these_rules",
        "these rules have no minions: play the card as it is",
    )
    assert refusal(state, "attack #0 @p1") == ("not_in_these_rules", "these rules have no minions")
    assert refusal(state, "play #1 heal") == (
        "wrong_mode",
        "Planning is a spell: play it as it is",
    )
    assert refusal(state, "play #0 @p1")[0] == "takes_no_target"


def test_every_way_at_once_in_the_order_players_pick_from() -> None:
    state = scenario(
        hands=([0, "drain", 3, 8], []),
        boards=([2], [1]),
        slots=(3, 0),
        rules=EVERYTHING,
    )
    assert texts(state) == [
        "play #0",
        "play #0 heal",
        "play #0 minion",
        "play #1 @p1",
        "play #1 @#5",
        "play #2 @p1",
        "play #2 @#5",
        "play #2 heal",
        "play #2 minion",
        "attack #4 @p1",
        "attack #4 @#5",
        "end",
    ]


def test_the_waiting_seat_is_offered_nothing_and_refused_everything() -> None:
    state = scenario(hands=([1], [1]), boards=([1], [1]), slots=(1, 1), rules=EVERYTHING)
    assert GAME.legal(state, 1).moves == ()
    for decision in candidates(state):
        assert not GAME.can(state, 1, decision)


# -- whole matches ----------------------------------------------------------------------------


RULESETS = [*GAME.example_rulesets(), CORE_WITH_SPELLS, EVERYTHING]


@pytest.mark.parametrize("rules", RULESETS, ids=range(len(RULESETS)))
def test_legal_and_plan_agree_throughout_random_matches(rules: TcgRules) -> None:
    for seed in range(2):
        match = Match(GAME, rules, seed)
        agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(2)]
        for _ in range(30):
            if match.over:
                break
            seat = match.to_act
            assert seat is not None
            state = match.state
            near = [*state.hands[seat].cards, *(m for board in state.boards for m in board.cards)]
            elsewhere = [card for card in state.cards if card not in near][:2]
            assert_agree(state, seat, [*near, *elsewhere])
            match.decide(seat, agents[seat].decide(match.view(seat), match.legal(seat)))


@pytest.mark.parametrize("version", [*GAME.older_versions, GAME.version])
def test_every_version_of_the_rules_lists_the_same_moves(version: int) -> None:
    game = GAME.at_version(version)
    state = scenario(
        hands=([0, "drain", 3, 8], []), boards=([2], [1]), slots=(3, 0), rules=EVERYTHING
    )
    assert game.legal(state, 0).moves == GAME.legal(state, 0).moves


def test_the_core_games_short_way_lists_what_the_checks_list() -> None:
    """``legal`` takes a short way in the core game; it must list what ``turns.moves`` does."""
    for rules in (TcgRules(), CORE_WITH_SPELLS):
        for seed in range(3):
            match = Match(GAME, rules, seed)
            agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(2)]
            while not match.over:
                seat = match.to_act
                assert seat is not None
                legal = match.legal(seat)
                assert legal.moves == (*moves(match.state, seat), End())
                match.decide(seat, agents[seat].decide(match.view(seat), legal))
