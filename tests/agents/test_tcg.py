"""The greedy Kata TCG agent: it plays the best set of cards, then ends the turn."""

from __future__ import annotations

from cardtable.agents import GreedyAgent
from cardtable.engine import Decision, Rng
from cardtable.games.tcg import End, Play, TcgGame, TcgRules, TcgState
from cardtable.games.tcg.scenario import scenario
from cardtable.simulation import play_match

GAME = TcgGame()


def greedy_turn(state: TcgState, agent: GreedyAgent) -> list[Decision]:
    """Let the agent decide for the active seat until it ends its turn."""
    seat = state.active
    decisions: list[Decision] = []
    while state.active == seat and state.outcome is None:
        legal = GAME.legal(state, seat)
        decision = agent.decide(GAME.view(state, seat), legal)
        assert decision in legal.moves
        decisions.append(decision)
        GAME.decide(state, seat, decision)
    return decisions


def test_it_plays_the_best_set_then_ends_the_turn() -> None:
    # Hand ids 0..4 cost 4, 3, 2, 0, 1 and mana is 6. The most damage is 6, dealt by
    # {4, 2}, {3, 2, 1}, {4, 2, 0}, {3, 2, 1, 0}...; the most cards: 3 + 2 + 1 + the dud.
    state = scenario(hands=([4, 3, 2, 0, 1], []), decks=([], [5]), slots=(6, 0))
    decisions = greedy_turn(state, GreedyAgent(Rng(0)))
    assert decisions[-1] == End()
    assert sorted(d.card for d in decisions[:-1] if isinstance(d, Play)) == [1, 2, 3, 4]
    assert len(decisions) == 5
    assert state.heroes[1].life.value == 30 - 6
    assert state.heroes[0].mana.value == 0
    assert [card.id for card in state.hands[0].cards] == [0]


def test_it_ends_at_once_when_nothing_is_worth_playing() -> None:
    state = scenario(hands=([4, 5], []), decks=([], [5]), slots=(3, 0))
    assert greedy_turn(state, GreedyAgent(Rng(0))) == [End()]


def test_it_prefers_the_cheaper_of_equal_sets() -> None:
    # 5 damage: the 5 alone, or 2 + 3; two cards win.
    state = scenario(hands=([5, 2, 3], []), decks=([], [5]), slots=(5, 0))
    decisions = greedy_turn(state, GreedyAgent(Rng(0)))
    assert sorted(d.card for d in decisions if isinstance(d, Play)) == [1, 2]


def test_it_finishes_the_opponent() -> None:
    state = scenario(hands=([1, 2, 6], []), health=(30, 3), slots=(6, 0))
    decisions = greedy_turn(state, GreedyAgent(Rng(0)))
    assert state.outcome is not None
    assert state.outcome.winners == (0,)
    assert End() not in decisions


def test_its_own_generator_breaks_ties_and_repeats_with_its_seed() -> None:
    def first_play(seed: int) -> Decision:
        state = scenario(hands=([2, 2, 2], []), slots=(2, 0))
        return GreedyAgent(Rng(seed)).decide(GAME.view(state, 0), GAME.legal(state, 0))

    choices = [first_play(seed) for seed in range(30)]
    assert set(choices) == {Play(0), Play(1), Play(2)}
    assert [first_play(seed) for seed in range(30)] == choices


def test_a_whole_match_between_greedy_agents_repeats_with_the_seeds() -> None:
    def record() -> object:
        agents = [GreedyAgent(Rng(1)), GreedyAgent(Rng(2))]
        return play_match(GAME, TcgRules(), agents, seed=6).record()

    assert record() == record()
