"""The event stream as each seat may see it: a drawn card's face is its owner's secret; each
event class reads back the JSON it writes, and words it."""

from __future__ import annotations

from cardtable.agents import RandomAgent
from cardtable.engine import Match
from cardtable.engine.wording import Names
from cardtable.games.tcg import TcgRules, TcgState, load_set
from cardtable.games.tcg.actions import DrawCard
from cardtable.games.tcg.events import TCG_EVENTS
from cardtable.games.tcg.scenario import events, scenario
from cardtable.simulation import agent_rng, play_match
from tests.games.tcg.helpers import GAME, act, classic_face

LEGENDS = load_set("legends")
LEGENDS_RULES = TcgRules(minions=True, cards=LEGENDS.cards, decks=(LEGENDS.deck, LEGENDS.deck))
ONE_CARD = TcgRules(
    minions=True, cards=LEGENDS.cards, decks=(LEGENDS.deck, LEGENDS.deck), hand_limit=1
)
"""Legends with a one-card hand: every card drawn into a held hand overloads."""


def played_match(seed: int) -> Match[TcgState]:
    """A match a few turns in: each player ends every turn, playing their first card if any."""
    match = Match(GAME, TcgRules(), seed=seed)
    for _ in range(6):
        seat = match.state.active
        legal = match.legal(seat)
        match.decide(seat, legal.moves[0])
        if match.state.active == seat:
            match.decide(seat, "end")
    return match


def test_the_owner_sees_the_drawn_card_and_nobody_else_does() -> None:
    match = played_match(3)
    state = match.state
    streams = {seat: match.events(seat) for seat in (0, 1, None)}
    # No event of this game is hidden entirely: the streams line up one to one.
    assert len(streams[0]) == len(streams[1]) == len(streams[None]) == match.journal_length
    draws = 0
    for mine, theirs, spectator in zip(streams[0], streams[1], streams[None], strict=True):
        if mine["type"] == "draw" and mine["result"] == "hand" and mine["seat"] == 0:
            card = mine["card"]
            assert isinstance(card, dict)
            drawn = state.cards[int(str(card["id"]))]
            cost = drawn.printed("cost")
            assert card == classic_face(drawn.id, cost)
            assert drawn.owner == 0
            hidden = {"type": "draw", "seat": 0, "result": "hand"}
            assert theirs == hidden
            assert spectator == hidden
            draws += 1
        elif theirs["type"] == "draw" and theirs["result"] == "hand" and theirs["seat"] == 1:
            assert "card" in theirs
            assert mine == spectator == {"type": "draw", "seat": 1, "result": "hand"}
        else:
            assert mine == theirs == spectator
    assert draws >= 4  # at least the opening hand


def test_the_spectator_never_sees_a_card_in_a_hand() -> None:
    match = played_match(8)
    in_hands = {card.id for hand in match.state.hands for card in hand.cards}
    for event in match.events(None):
        if event["type"] == "draw":
            assert event["result"] != "hand" or "card" not in event
    shown = [event["card"] for event in match.events(None) if "card" in event]
    assert all(isinstance(card, dict) and card["id"] not in in_hands for card in shown)


def test_events_since_a_position() -> None:
    match = Match(GAME, TcgRules(), seed=1)
    start = match.journal_length
    act(match.state, match.state.active, "end")
    later = match.events(0, since=start)
    assert later == match.events(0)[start:]
    assert [event["type"] for event in later][:2] == ["turn_ended", "turn_started"]


def test_each_event_reads_back_as_written_and_words_itself() -> None:
    kinds = {told.kind: told for told in TCG_EVENTS}
    names = Names(["Ann", "Bob"].__getitem__)
    seen: set[str] = set()
    for rules in (TcgRules(), LEGENDS_RULES):
        for seed in range(3):
            agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(2)]
            match = play_match(GAME, rules, agents, seed)
            for viewer in (0, 1, None):
                for event in match.events(viewer):
                    told = kinds.get(str(event["type"]))
                    if told is None:
                        continue  # one of the engine's
                    seen.add(told.kind)
                    read = told.from_json(event)
                    assert read.to_json() == event
                    assert GAME.describe_event(event, names) == read.words(names)
    assert len(seen) >= 9, seen


def test_a_card_drawn_into_a_full_hand_leaves_the_discount_waiting() -> None:
    state = scenario(hands=(["fireball"], []), decks=(["frenzy", "blessing"], []), rules=ONE_CARD)
    state.discounts[0] = 2
    state.run(DrawCard(0))
    blessing = state.graveyards[0].cards[-1]
    assert blessing.key == "blessing"
    assert events(state, 1) == [
        {"type": "draw", "seat": 0, "result": "overload", "card": events(state, 0)[0]["card"]}
    ]
    assert state.discounts == [2, 0]  # the overloaded card took nothing
    assert state.stat(blessing, "cost") == blessing.printed("cost")


def test_a_draw_from_an_empty_deck_bleeds() -> None:
    state = scenario(hands=(["fireball"], []), rules=ONE_CARD)
    state.run(DrawCard(0))
    assert [event["type"] for event in events(state, None)] == ["draw", "damage"]
    assert events(state, 0)[0] == {"type": "draw", "seat": 0, "result": "empty"}
    assert state.heroes[0].life.value == ONE_CARD.starting_health - 1
