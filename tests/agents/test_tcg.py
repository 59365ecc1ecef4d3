"""The Kata TCG's heuristic agents: greedy, and the kata's highest, cautious and planner."""

from __future__ import annotations

import pytest

from cardtable.agents import (
    Agent,
    CautiousAgent,
    GreedyAgent,
    HighestAgent,
    PlannerAgent,
    make_agent,
    parse_seats,
)
from cardtable.agents.registry import agent_names, default_agent
from cardtable.engine import Decision, Match, Record, Rng
from cardtable.engine.characters import Target
from cardtable.games.tcg import Attack, End, Play, TcgGame, TcgRules, TcgState
from cardtable.games.tcg.scenario import scenario
from cardtable.simulation import agent_rng, play_match

GAME = TcgGame()
HEALING = TcgRules(healing=True)
MINIONS = TcgRules(minions=True)
FACE = Target.hero(1)


def play_turn(state: TcgState, agent: Agent) -> list[Decision]:
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
    decisions = play_turn(state, GreedyAgent(Rng(0)))
    assert decisions[-1] == End()
    assert sorted(d.card for d in decisions[:-1] if isinstance(d, Play)) == [1, 2, 3, 4]
    assert len(decisions) == 5
    assert state.heroes[1].life.value == 30 - 6
    assert state.heroes[0].mana.value == 0
    assert [card.id for card in state.hands[0].cards] == [0]


def test_it_ends_at_once_when_nothing_is_worth_playing() -> None:
    state = scenario(hands=([4, 5], []), decks=([], [5]), slots=(3, 0))
    assert play_turn(state, GreedyAgent(Rng(0))) == [End()]


def test_it_prefers_the_cheaper_of_equal_sets() -> None:
    # 5 damage: the 5 alone, or 2 + 3; two cards win.
    state = scenario(hands=([5, 2, 3], []), decks=([], [5]), slots=(5, 0))
    decisions = play_turn(state, GreedyAgent(Rng(0)))
    assert sorted(d.card for d in decisions if isinstance(d, Play)) == [1, 2]


def test_it_finishes_the_opponent() -> None:
    state = scenario(hands=([1, 2, 6], []), health=(30, 3), slots=(6, 0))
    decisions = play_turn(state, GreedyAgent(Rng(0)))
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


# -- the kata's three styles ---------------------------------------------------------------


def first(agent: Agent, state: TcgState) -> Decision:
    """The agent's decision for the active seat of ``state``."""
    seat = state.active
    decision = agent.decide(GAME.view(state, seat), GAME.legal(state, seat))
    assert decision in GAME.legal(state, seat).moves
    return decision


def test_the_styles_are_registered_after_greedy_which_stays_the_default() -> None:
    assert agent_names(GAME) == ["random", "greedy", "highest", "cautious", "planner", "ismcts"]
    assert default_agent(GAME) == "greedy"
    for name, kind in [
        ("highest", HighestAgent),
        ("cautious", CautiousAgent),
        ("planner", PlannerAgent),
    ]:
        agent = make_agent(parse_seats(name)[0], GAME, Rng(0))
        assert type(agent) is kind
        assert agent.name == name


def test_highest_plays_the_strongest_affordable_card_again_and_again() -> None:
    # Ids 0..4 cost 4, 3, 2, 0, 1; mana 6: the 4, then the 2 (the 3 no longer fits), then
    # the dud, and nothing more is affordable. (The greedy player would deal 6 with 4 cards.)
    state = scenario(hands=([4, 3, 2, 0, 1], []), decks=([], [5]), slots=(6, 0))
    assert play_turn(state, HighestAgent(Rng(0))) == [Play(0), Play(2), Play(3), End()]
    assert state.heroes[1].life.value == 30 - 6
    assert [card.printed("cost") for card in state.hands[0].cards] == [3, 1]


def test_highest_ends_at_once_when_nothing_is_affordable() -> None:
    state = scenario(hands=([4, 5], []), decks=([], [5]), slots=(3, 0))
    assert play_turn(state, HighestAgent(Rng(0))) == [End()]


def test_highest_breaks_ties_with_its_own_generator_and_repeats_with_its_seed() -> None:
    def choice(seed: int) -> Decision:
        return first(HighestAgent(Rng(seed)), scenario(hands=([3, 3, 1, 3], []), slots=(4, 0)))

    choices = [choice(seed) for seed in range(30)]
    assert set(choices) == {Play(0), Play(1), Play(3)}
    assert [choice(seed) for seed in range(30)] == choices


def test_highest_never_heals_even_when_low() -> None:
    state = scenario(hands=([2, 5], []), health=(3, 30), slots=(7, 0), rules=HEALING)
    assert play_turn(state, HighestAgent(Rng(0))) == [Play(1), Play(0), End()]
    assert state.heroes[0].life.value == 3


def test_with_minions_highest_hits_the_hero_then_its_minions_attack_it() -> None:
    # Seat 0 has a ready 2/2 minion (#3); seat 1 has a 4/4 (#4) that nobody attacks.
    state = scenario(
        decks=([], [5]), hands=([3, 1], []), boards=([2], [4]), slots=(4, 0), rules=MINIONS
    )
    decisions = play_turn(state, HighestAgent(Rng(0)))
    assert decisions == [Play(0, target=FACE), Play(1, target=FACE), Attack(3, FACE), End()]
    assert state.heroes[1].life.value == 30 - 6
    assert [card.id for card in state.boards[0].cards] == [3]
    assert state.stat(state.boards[1].cards[0], "life") == 4  # untouched


@pytest.mark.parametrize("health", [1, 10, 19])
def test_cautious_below_20_heals_with_its_cheapest_card_first(health: int) -> None:
    # Ids 0..2 cost 5, 2, 3: it heals with the 2, and again while still below 20.
    state = scenario(hands=([5, 2, 3], []), health=(health, 30), slots=(10, 0), rules=HEALING)
    assert first(CautiousAgent(Rng(0)), state) == Play(1, "heal")


def test_cautious_at_20_plays_like_highest() -> None:
    state = scenario(hands=([5, 2, 3], []), health=(20, 30), slots=(10, 0), rules=HEALING)
    assert play_turn(state, CautiousAgent(Rng(0))) == [Play(0), Play(2), Play(1), End()]
    assert state.heroes[0].life.value == 20


def test_cautious_heals_until_it_reaches_20_then_attacks() -> None:
    # At 16: the 1 heals to 17, the 2 to 19, the 3 to 22; then the 4 is played at the hero.
    state = scenario(
        hands=([4, 2, 3, 1], []), decks=([], [5]), health=(16, 30), slots=(10, 0), rules=HEALING
    )
    decisions = play_turn(state, CautiousAgent(Rng(0)))
    assert decisions == [Play(3, "heal"), Play(1, "heal"), Play(2, "heal"), Play(0), End()]
    assert state.heroes[0].life.value == 22
    assert state.heroes[1].life.value == 26


def test_cautious_attacks_when_healing_is_off_or_nothing_affordable_heals() -> None:
    off = scenario(hands=([5, 2, 3], []), health=(5, 30), slots=(10, 0))
    assert first(CautiousAgent(Rng(0)), off) == Play(0)
    duds = scenario(hands=([0, 6], []), health=(5, 30), slots=(3, 0), rules=HEALING)
    assert play_turn(duds, CautiousAgent(Rng(0))) == [Play(0), End()]


def test_cautious_does_not_waste_a_heal_at_full_health() -> None:
    # A short game starting at 15: below 20, but full, so a heal would restore nothing.
    rules = TcgRules(healing=True, starting_health=15)
    full = scenario(hands=([5, 2], []), slots=(10, 0), rules=rules)
    assert first(CautiousAgent(Rng(0)), full) == Play(0)
    hurt = scenario(hands=([5, 2], []), health=(14, 15), slots=(10, 0), rules=rules)
    assert first(CautiousAgent(Rng(0)), hurt) == Play(1, "heal")


def test_cautious_breaks_ties_between_cheapest_cards_with_its_own_generator() -> None:
    def choice(seed: int) -> Decision:
        state = scenario(hands=([2, 4, 2], []), health=(12, 30), slots=(4, 0), rules=HEALING)
        return first(CautiousAgent(Rng(seed)), state)

    choices = [choice(seed) for seed in range(30)]
    assert set(choices) == {Play(0, "heal"), Play(2, "heal")}
    assert [choice(seed) for seed in range(30)] == choices


@pytest.mark.parametrize("health", [1, 5, 9])
def test_planner_below_10_heals_with_its_best_card(health: int) -> None:
    # Ids 0..2 cost 2, 5, 3; it can afford 10: it heals with the 5.
    state = scenario(hands=([2, 5, 3], []), health=(health, 30), slots=(10, 0), rules=HEALING)
    assert first(PlannerAgent(Rng(0)), state) == Play(1, "heal")


def test_planner_heals_with_its_best_affordable_card_then_plans_its_damage() -> None:
    # Mana 5 at health 8: the 6 cannot be paid, the 4 heals to 12; then the 1 deals 1.
    state = scenario(
        hands=([2, 6, 4, 1], []), decks=([], [5]), health=(8, 30), slots=(5, 0), rules=HEALING
    )
    decisions = play_turn(state, PlannerAgent(Rng(0)))
    assert decisions == [Play(2, "heal"), Play(3), End()]
    assert state.heroes[0].life.value == 12
    assert state.heroes[1].life.value == 29


def test_planner_at_10_plays_the_combination_that_deals_the_most_damage() -> None:
    state = scenario(
        decks=([], [5]), hands=([2, 5, 3], []), health=(10, 30), slots=(10, 0), rules=HEALING
    )
    assert play_turn(state, PlannerAgent(Rng(0))) == [Play(1), Play(2), Play(0), End()]
    assert state.heroes[0].life.value == 10
    assert state.heroes[1].life.value == 20


def test_planner_prefers_more_cards_on_ties_and_its_strongest_card_first() -> None:
    # Ids 0..4 cost 4, 3, 2, 0, 1; mana 6: 3 + 2 + 1 + the dud deal 6 with the most cards.
    # (The highest player would play the 4 first and deal 6 with only 3 cards.)
    state = scenario(hands=([4, 3, 2, 0, 1], []), decks=([], [5]), slots=(6, 0))
    decisions = play_turn(state, PlannerAgent(Rng(0)))
    assert decisions == [Play(1), Play(2), Play(4), Play(3), End()]
    assert [card.id for card in state.hands[0].cards] == [0]


def test_planner_attacks_when_healing_is_off() -> None:
    state = scenario(hands=([2, 5, 3], []), health=(3, 30), slots=(5, 0))
    assert play_turn(state, PlannerAgent(Rng(0))) == [Play(2), Play(0), End()]
    assert state.heroes[0].life.value == 3


def test_with_minions_the_planner_aims_at_the_hero_and_its_minions_attack_it() -> None:
    rules = TcgRules(healing=True, minions=True)
    state = scenario(
        decks=([], [5]), hands=([3, 2], []), boards=([2], [4]), slots=(5, 0), rules=rules
    )
    decisions = play_turn(state, PlannerAgent(Rng(0)))
    assert decisions == [Play(0, target=FACE), Play(1, target=FACE), Attack(3, FACE), End()]
    assert state.heroes[1].life.value == 30 - 7


STYLES: list[type[Agent]] = [HighestAgent, CautiousAgent, PlannerAgent]
RULESETS = GAME.example_rulesets()


def style_match(ruleset: TcgRules, seed: int, agents: list[Agent]) -> Match[TcgState]:
    """A whole match of ``agents``, each decision checked against the legal ones first."""
    match: Match[TcgState] = Match(GAME, ruleset, seed)
    for agent in agents:
        agent.sit(GAME, ruleset)
    while not match.over:
        seat = match.to_act
        assert seat is not None
        legal = match.legal(seat)
        decision = agents[seat].decide(match.view(seat), legal)
        assert decision in legal.moves, f"{decision.text()} is not legal"
        assert match.decide(seat, decision) is None
    return match


@pytest.mark.parametrize("ruleset", RULESETS, ids=[f"rules{i}" for i in range(len(RULESETS))])
def test_the_styles_only_make_legal_decisions_under_every_example_ruleset(
    ruleset: TcgRules,
) -> None:
    pairs = [(a, b) for a in STYLES for b in STYLES]
    for seed in range(2 * len(pairs)):
        style_a, style_b = pairs[seed % len(pairs)]
        agents = [style_a(agent_rng(seed, 0)), style_b(agent_rng(seed, 1))]
        assert style_match(ruleset, seed, agents).outcome is not None


@pytest.mark.parametrize("style", STYLES, ids=lambda style: style.name)
def test_a_whole_match_of_each_style_repeats_with_the_seeds(style: type[Agent]) -> None:
    rules = TcgRules(healing=True, minions=True)

    def record() -> Record:
        agents = [style(Rng(1)), GreedyAgent(Rng(2))]
        return play_match(GAME, rules, agents, seed=6).record()

    assert record() == record()
    assert (
        record().decisions
        != play_match(GAME, rules, [style(Rng(3)), GreedyAgent(Rng(4))], seed=7).record().decisions
    )
