"""The heuristic Karata player: legal, sensible, repeatable, and at ease with fines."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.agents import Agent, HeuristicAgent, RandomAgent, make_agent, parse_seats
from cardtable.agents.karata import MODEL_LIMIT, HeuristicModel, Seen
from cardtable.agents.registry import default_agent
from cardtable.engine import Decision, DecisionError, Match, Record, Rng
from cardtable.games import find
from cardtable.games.karata import Finish, KarataRules, Pass, Play
from cardtable.simulation import agent_rng, play_match

GAME = find("karata")


def heuristic_match(
    ruleset: KarataRules, seed: int, agents: list[Agent] | None = None
) -> Iterator[tuple[Match[Any], int, Decision]]:
    """A match of heuristic players (or ``agents``), yielding before each decision."""
    match: Match[Any] = Match(GAME, ruleset, seed)
    seats = agents or [HeuristicAgent(agent_rng(seed, s)) for s in range(ruleset.players)]
    while not match.over:
        seat = match.to_act
        assert seat is not None
        decision = seats[seat].decide(match.view(seat), match.legal(seat))
        yield match, seat, decision
        match.decide(seat, decision)


def test_it_is_karatas_own_computer_player() -> None:
    assert default_agent(GAME) == "heuristic"
    agent = make_agent(parse_seats("heuristic")[0], GAME, Rng(0))
    assert isinstance(agent, HeuristicAgent)


RULESETS = GAME.example_rulesets()


@pytest.mark.parametrize("ruleset", RULESETS, ids=[f"rules{i}" for i in range(len(RULESETS))])
def test_it_only_makes_legal_decisions_under_every_example_ruleset(ruleset: KarataRules) -> None:
    for seed in range(6):
        match = None
        for match, seat, decision in heuristic_match(ruleset, seed):
            assert decision in match.legal(seat).moves
        assert match is not None
        assert match.over


def test_it_beats_the_random_player_almost_always() -> None:
    wins = 0
    for seed in range(40):
        heuristic = HeuristicAgent(agent_rng(seed, seed % 2))
        random = RandomAgent(agent_rng(seed, 1 - seed % 2))
        agents: list[Agent] = [heuristic, random] if seed % 2 == 0 else [random, heuristic]
        *_, (match, _, _) = heuristic_match(KarataRules(), seed, agents)
        assert match.outcome is not None
        wins += match.outcome.winners == (seed % 2,)
    assert wins >= 34, f"the heuristic player won only {wins} of 40"


def test_it_declares_last_card_whenever_it_may() -> None:
    declared = 0
    for seed in range(20):
        for match, seat, decision in heuristic_match(KarataRules(players=3), seed):
            if not isinstance(decision, Finish):
                continue
            may = any(isinstance(m, Finish) and m.last for m in match.legal(seat).moves)
            assert decision.last == may
            declared += decision.last
    assert declared > 0


def test_it_never_picks_a_bomb_it_could_counter_or_block() -> None:
    bombs = 0
    for seed in range(20):
        for match, seat, decision in heuristic_match(KarataRules(players=3), seed):
            if match.view(seat).public["bomb"] and isinstance(decision, Pass):
                bombs += 1
                assert not any(isinstance(m, Play) for m in match.legal(seat).moves)
    assert bombs > 0


def test_it_repeats_itself_with_the_same_seeds() -> None:
    def decisions(seed: int) -> list[str]:
        return [d.text() for _, _, d in heuristic_match(KarataRules(players=4), seed)]

    assert decisions(3) == decisions(3)
    assert decisions(3) != decisions(4)


class Blunderer(Agent):
    """Plays like the heuristic player, but one decision in three is a card from its hand
    that does not match, or a last-card declaration it may not make."""

    name = "blunderer"

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self.inner = HeuristicAgent(rng)

    def decide(self, view: Any, legal: Any) -> Decision:
        if self.rng.below(3) == 0:
            hand = [card.key for card in view.cards(f"hand:{legal.seat}")]
            wrong: list[Decision] = [Play(key) for key in hand if Play(key) not in legal.moves]
            finishes = [m for m in legal.moves if isinstance(m, Finish) and not m.last]
            wrong += [Finish(m.request, last=True) for m in finishes]
            wrong = [d for d in wrong if d not in legal.moves]
            if wrong:
                return wrong[self.rng.below(len(wrong))]
        return self.inner.decide(view, legal)


@pytest.mark.parametrize("fine", [1, 2])
def test_fines_on_a_blundering_seat_pays_and_the_match_replays(fine: int) -> None:
    ruleset = KarataRules(players=3, fine=fine)
    fined = {"turn": 0, "declaration": 0}
    for seed in range(6):
        agents: list[Agent] = [
            Blunderer(agent_rng(seed, 0)),
            *(HeuristicAgent(agent_rng(seed, s)) for s in (1, 2)),
        ]
        match: Match[Any] = Match(GAME, ruleset, seed)
        while not match.over:
            seat = match.to_act
            assert seat is not None
            legal = match.legal(seat)
            decision = agents[seat].decide(match.view(seat), legal)
            seen = len(match.events(None))
            error = match.decide(seat, decision)
            if decision in legal.moves:
                assert error is None
                continue
            assert error is not None, "with fines on, a wrong move is fined, not refused"
            assert error.reason
            events = match.events(None)[seen:]
            fines = [e for e in events if e["type"] == "fined"]
            assert [(e["seat"], e["fine"], e["reason"]) for e in fines] == [
                (seat, fine, error.reason)
            ]
            picks = [e for e in events if e["type"] == "pick" and e["reason"] == "fine"]
            if not match.over:  # (a fine may find the deck exhausted)
                assert [(e["seat"], e["count"]) for e in picks] == [(seat, fine)]
            what = str(fines[0]["what"])
            fined[what] += 1
            if what == "turn":  # the turn is over; its cards went back to the hand
                assert not match.state.play.cards
                assert match.over or match.state.active != seat
        record = Record.from_json(json.loads(json.dumps(match.record().to_json())))
        assert Match.replay(GAME, record).hash() == match.hash()
    assert fined["turn"] > 0
    assert fined["declaration"] > 0


def test_fines_off_the_same_blunders_are_refused_and_change_nothing() -> None:
    ruleset = KarataRules(players=3)
    refused = 0
    agents: list[Agent] = [Blunderer(Rng(1)), HeuristicAgent(Rng(2)), HeuristicAgent(Rng(3))]
    match: Match[Any] = Match(GAME, ruleset, 5)
    while not match.over and refused < 20:
        seat = match.to_act
        assert seat is not None
        legal = match.legal(seat)
        decision = agents[seat].decide(match.view(seat), legal)
        if decision not in legal.moves:
            before = match.hash()
            with pytest.raises(DecisionError) as refusal:
                match.decide(seat, decision)
            assert refusal.value.reason
            assert match.hash() == before
            refused += 1
            decision = legal.default if legal.default is not None else legal.moves[0]
        match.decide(seat, decision)
    assert refused > 0


def test_it_plans_with_the_rules_of_the_match_it_was_told() -> None:
    agent = HeuristicAgent(Rng(0))
    assert agent.rules == KarataRules()
    rules = KarataRules(players=2, anything_answers=True, pick_joker=7)
    match = play_match(GAME, rules, [agent, HeuristicAgent(Rng(1))], seed=1)
    assert match.over
    assert agent.rules is rules


def test_a_table_reads_as_its_views_read_it() -> None:
    """The heuristic standing in for a seat inside a search reads the state itself; it reads
    what the seat's view shows, at every decision of a 3-player match under house rules."""
    ruleset = KarataRules(players=3, fine=2)
    checked = 0
    for match, _, _ in heuristic_match(ruleset, 6):
        for who in range(ruleset.players):
            assert Seen.of_state(match.state, who) == Seen.of(match.view(who), who)
        checked += 1
    assert checked > 20


def test_as_a_model_it_decides_as_the_player_does() -> None:
    """:class:`HeuristicModel` makes the heuristic player's decision, looking at fewer
    turns; where both look at every turn, they agree."""
    ruleset = KarataRules(players=3)
    model = HeuristicModel(GAME, ruleset)
    player = HeuristicAgent(Rng(0))
    player.sit(GAME, ruleset)
    agreed = 0
    for match, seat, _ in heuristic_match(ruleset, 7):
        legal = match.legal(seat)
        mine = player.decide_from(Seen.of(match.view(seat), seat), legal, Rng(seat), MODEL_LIMIT)
        assert model(match.state, legal, Rng(seat)) == mine
        agreed += 1
    assert agreed > 20
    with pytest.raises(TypeError, match="Karata tables"):
        model(Match(find("war"), find("war").default_ruleset(), 1).state, legal, Rng(0))
