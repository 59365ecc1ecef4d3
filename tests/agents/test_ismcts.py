"""The search player: legal, fair (blind to hidden cards), repeatable, and stronger than random."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from cardtable.agents import (
    Agent,
    RandomAgent,
    UnknownAgent,
    check_seats,
    make_agent,
    parse_seats,
)
from cardtable.agents.ismcts import LEVELS, IsmctsAgent, Node, NotSeated
from cardtable.agents.registry import BUDGET_LIMITS, agent_names
from cardtable.engine import Decision, Decisions, Match, Rng
from cardtable.games import find
from cardtable.games.karata.beliefs import KarataBeliefs
from cardtable.games.tcg import TcgGame
from cardtable.games.tcg.search import TcgSearch
from cardtable.simulation import agent_rng, play_match
from cardtable.testing import shuffle_hidden, state_text

TCG = find("tcg")
KARATA = find("karata")
WAR = find("war")


def seated(game: Any, ruleset: Any, rng: Rng, iterations: int = 30) -> IsmctsAgent:
    agent = IsmctsAgent(rng, iterations=iterations)
    agent.sit(game, ruleset)
    return agent


@pytest.mark.parametrize("game", [TCG, KARATA, WAR], ids=lambda g: g.name)
def test_it_plays_every_game_with_legal_decisions_only(game: Any) -> None:
    for ruleset in game.example_rulesets()[:3]:
        players = game.seats(ruleset)
        agents: list[Agent] = [seated(game, ruleset, agent_rng(1, 0), iterations=8)]
        agents += [RandomAgent(agent_rng(1, seat)) for seat in range(1, players)]
        match: Match[Any] = Match(game, ruleset, 1)
        for _ in range(60):
            seat = match.to_act
            if seat is None:
                break
            legal = match.legal(seat)
            decision = agents[seat].decide(match.view(seat), legal)
            assert decision in legal.moves
            match.decide(seat, decision)


def test_it_decides_the_same_when_only_hidden_cards_differ() -> None:
    """Two tables that differ only in cards the seat cannot see (the opponent's hand, the
    deck's order) get the same decision from the same seeded search player."""
    ruleset = TCG.default_ruleset()
    checked = 0
    for seed in range(6):
        match: Match[Any] = Match(TCG, ruleset, seed)
        seat = match.to_act
        assert seat is not None
        twin = shuffle_hidden(match.state, seat, Rng(seed))
        if state_text(TCG, twin) == state_text(TCG, match.state):
            continue
        first = seated(TCG, ruleset, Rng(9)).decide(match.view(seat), match.legal(seat))
        second = seated(TCG, ruleset, Rng(9)).decide(TCG.view(twin, seat), TCG.legal(twin, seat))
        assert first == second
        checked += 1
    assert checked > 0


def test_what_it_learned_during_the_match_does_not_see_hidden_cards_either() -> None:
    """In Karata the player keeps what it infers from the passes it has seen. Two players
    with the same seed sit in the same seat, one shown the real table at each decision, the
    other a twin that differs only in cards the seat cannot see (shuffled afresh each time):
    they decide the same all match long."""
    ruleset = KARATA.default_ruleset().changed(players=3)
    real, blind = (seated(KARATA, ruleset, agent_rng(2, 0), iterations=12) for _ in range(2))
    others: list[Agent] = [
        make_agent(parse_seats("heuristic")[0], KARATA, agent_rng(2, s)) for s in (0, 1, 2)
    ]
    for agent in others:
        agent.sit(KARATA, ruleset)
    match: Match[Any] = Match(KARATA, ruleset, 2)
    differed = 0
    for step in range(150):
        seat = match.to_act
        if seat is None:
            break
        legal = match.legal(seat)
        if seat == 0:
            twin = shuffle_hidden(match.state, seat, Rng(step))
            decision = real.decide(match.view(seat), legal)
            assert blind.decide(KARATA.view(twin, seat), KARATA.legal(twin, seat)) == decision
            differed += state_text(KARATA, twin) != state_text(KARATA, match.state)
        else:
            decision = others[seat].decide(match.view(seat), legal)
        match.decide(seat, decision)
    assert differed > 5
    assert real._beliefs is not None
    assert isinstance(real._beliefs, KarataBeliefs)
    learned = [forbidden for layers in real._beliefs.layers.values() for _, forbidden in layers]
    assert any(learned) or match.over, "the test should see a pass it learns from"


def test_it_repeats_itself_in_karata_with_the_same_seed() -> None:
    ruleset = KARATA.default_ruleset().changed(players=3)

    def record(seed: int) -> list[str]:
        agents: list[Agent] = [seated(KARATA, ruleset, agent_rng(seed, s), 6) for s in (0, 1, 2)]
        match = play_match(KARATA, ruleset, agents, seed, journal=False)
        return [d.text() for _, d in match.decisions]

    assert record(5) == record(5)


def test_it_repeats_itself_with_the_same_seed() -> None:
    ruleset = TCG.default_ruleset()

    def record(seed: int) -> list[str]:
        agents: list[Agent] = [seated(TCG, ruleset, agent_rng(seed, s), 10) for s in (0, 1)]
        return [d.text() for _, d in play_match(TCG, ruleset, agents, seed).decisions]

    assert record(4) == record(4)


def test_it_explores_as_much_as_the_game_says(monkeypatch: pytest.MonkeyPatch) -> None:
    constants: set[float] = set()
    ucb = Node.ucb

    def recorded(node: Node, exploration: float) -> float:
        constants.add(exploration)
        return ucb(node, exploration)

    monkeypatch.setattr(Node, "ucb", recorded)

    class CuriousSearch(TcgSearch):
        exploration = 1.9

    class Curious(TcgGame):
        search_hints = CuriousSearch()

    ruleset = TCG.default_ruleset()
    for game, expected in ((TCG, 0.7), (Curious(), 1.9)):
        constants.clear()
        match: Match[Any] = Match(game, ruleset, 2)
        seat = match.to_act
        assert seat is not None
        seated(game, ruleset, Rng(3), iterations=200).decide(match.view(seat), match.legal(seat))
        assert constants == {expected}


def test_a_playout_past_its_limit_stops_at_a_quiet_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Karata calls a position quiet between turns: an estimate asked in the middle of a
    turn would count the staged cards as gone. The playouts of a search go on past their
    limit until a turn is over (or the match)."""
    ruleset = KARATA.default_ruleset().changed(players=3)
    seen: list[tuple[bool, int]] = []
    hints = type(KARATA.search_hints)
    estimate = hints.estimate

    def recorded(self: Any, state: Any, seat: int) -> float:
        seen.append((self.quiet(state), len(state.play.cards)))
        return estimate(self, state, seat)

    monkeypatch.setattr(hints, "estimate", recorded)

    def search(limit: int) -> None:
        agent = seated(KARATA, ruleset, Rng(2), iterations=40)
        agent.playout_limit = limit
        match: Match[Any] = Match(KARATA, ruleset, 5)
        for _ in range(30):
            seat = match.to_act
            if seat is None:
                break
            match.decide(seat, agent.decide(match.view(seat), match.legal(seat)))

    for limit in (1, 3):
        seen.clear()
        search(limit)
        assert len(seen) > 100
        assert all(quiet and staged == 0 for quiet, staged in seen)
    monkeypatch.setattr(type(KARATA.search_hints), "quiet", lambda hints, state: True)
    seen.clear()
    search(1)
    assert any(staged for _, staged in seen), "without quiet, some estimates come mid-turn"


def test_the_others_play_as_the_game_models_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Karata the heuristic stands in for the other seats inside the tree: every move
    the search makes for another seat is the model's, each legal where it is made, and the
    seat's own moves are searched. Unmodelled, the model is never asked. (No playouts: every
    position is quiet and the limit is 0, so only the tree's moves are made.)"""
    monkeypatch.setattr(type(KARATA.search_hints), "quiet", lambda hints, state: True)
    ruleset = KARATA.default_ruleset().changed(players=3)
    match: Match[Any] = Match(KARATA, ruleset, 3)  # three moves to weigh: it searches
    seat = match.to_act
    assert seat is not None
    asked: list[tuple[int, bool]] = []

    for modelled in (True, False):
        agent = IsmctsAgent(Rng(1), iterations=60, playout_limit=0, modelled=modelled)
        agent.sit(KARATA, ruleset)
        model = agent.model
        assert (model is not None) == modelled

        def recorded(world: Any, legal: Decisions, rng: Rng, inner: Any = model) -> Decision:
            move: Decision = inner(world, legal, rng)
            asked.append((legal.seat, move in legal.moves))
            return move

        agent.model = recorded if modelled else None
        assert agent.decide(match.view(seat), match.legal(seat)) in match.legal(seat).moves
        assert agent.last_iterations == 60
        if modelled:
            assert asked, "the search should reach the other seats' turns"
            assert all(other != seat and legal for other, legal in asked)
            asked.clear()
    assert not asked
    assert IsmctsAgent(Rng(1)).modelled
    war = IsmctsAgent(Rng(1))
    war.sit(WAR, WAR.default_ruleset())
    assert war.model is None


def test_it_beats_the_random_player_by_a_wide_margin() -> None:
    ruleset = TCG.default_ruleset()
    wins = 0
    for seed in range(12):
        me = seed % 2
        agents: list[Agent] = [RandomAgent(agent_rng(seed, s)) for s in (0, 1)]
        agents[me] = seated(TCG, ruleset, agent_rng(seed, me), iterations=40)
        outcome = play_match(TCG, ruleset, agents, seed).outcome
        assert outcome is not None
        wins += outcome.winners == (me,)
    assert wins >= 10, f"the search player won only {wins} of 12 against random"


def test_a_time_budget_bounds_the_search() -> None:
    ruleset = KARATA.default_ruleset().changed(players=3)
    match: Match[Any] = Match(KARATA, ruleset, 2)
    seat = match.to_act
    assert seat is not None
    agent = IsmctsAgent(Rng(0), iterations=10**9, milliseconds=30)
    agent.sit(KARATA, ruleset)
    assert agent.decide(match.view(seat), match.legal(seat)) in match.legal(seat).moves
    assert 0 < agent.last_iterations < 10**9


def test_it_must_be_told_the_rules_first() -> None:
    match: Match[Any] = Match(TCG, TCG.default_ruleset(), 3)
    seat = match.to_act
    assert seat is not None
    with pytest.raises(NotSeated, match="told the game and its rules"):
        IsmctsAgent(Rng(0)).decide(match.view(seat), match.legal(seat))


def test_levels_are_named_in_the_seat_grammar() -> None:
    assert "ismcts" in agent_names(WAR)
    for level, budget in LEVELS.items():
        agent = make_agent(parse_seats(f"ismcts:{level}")[0], KARATA, Rng(0))
        assert isinstance(agent, IsmctsAgent)
        assert agent.iterations == budget.iterations
        agent.sit(KARATA, KARATA.default_ruleset())  # modelled: fewer, dearer iterations
        assert agent.iterations == budget.modelled < budget.iterations
        agent.sit(WAR, WAR.default_ruleset())
        assert agent.iterations == budget.iterations
    assert LEVELS["easy"].iterations < LEVELS["medium"].iterations < LEVELS["hard"].iterations
    counted = make_agent(parse_seats("ismcts:400")[0], TCG, Rng(0))
    assert isinstance(counted, IsmctsAgent)
    assert counted.iterations == 400
    timed = make_agent(parse_seats("ismcts:250ms")[0], TCG, Rng(0))
    assert isinstance(timed, IsmctsAgent)
    assert timed.milliseconds == 250
    with pytest.raises(UnknownAgent, match="not a level of ismcts"):
        make_agent(parse_seats("ismcts:impossible")[0], TCG, Rng(0))


def test_the_seat_grammar_refuses_budgets_beyond_its_limits() -> None:
    limits = BUDGET_LIMITS
    for level in LEVELS.values():  # every named level is within them
        assert level.iterations <= limits.iterations
    most = make_agent(parse_seats(f"ismcts:{limits.iterations}")[0], TCG, Rng(0), limits=limits)
    assert isinstance(most, IsmctsAgent)
    assert most.iterations == limits.iterations
    longest = make_agent(
        parse_seats(f"ismcts:{limits.milliseconds}ms")[0], TCG, Rng(0), limits=limits
    )
    assert isinstance(longest, IsmctsAgent)
    assert longest.milliseconds == limits.milliseconds
    with pytest.raises(
        UnknownAgent, match=f"at most {limits.iterations:,} iterations a decision"
    ) as refused:
        make_agent(parse_seats("ismcts:1000000000")[0], TCG, Rng(0), limits=limits)
    assert "1,000,000,000" in refused.value.reason
    with pytest.raises(UnknownAgent, match=f"at most {limits.milliseconds:,} ms a decision"):
        make_agent(
            parse_seats(f"ismcts:{limits.milliseconds + 1}ms")[0], TCG, Rng(0), limits=limits
        )
    with pytest.raises(UnknownAgent, match="at most"):
        check_seats(parse_seats("human,ismcts:99999999"), TCG, 2, limits=limits)


def test_on_the_users_own_machine_a_budget_is_theirs_to_spend() -> None:
    """Only the server bounds budgets (the terminal, simulations and research do not)."""
    agent = make_agent(parse_seats("ismcts:99999999")[0], TCG, Rng(0))
    assert isinstance(agent, IsmctsAgent)
    assert agent.iterations == 99_999_999
    check_seats(parse_seats("human,ismcts:99999999ms"), TCG, 2)


def test_the_limits_can_be_lifted_by_whoever_makes_the_agent() -> None:
    spec = parse_seats("ismcts:1000000000")[0]
    agent = make_agent(spec, TCG, Rng(0), limits=None)
    assert isinstance(agent, IsmctsAgent)
    assert agent.iterations == 10**9
    check_seats([spec], TCG, 1, limits=None)


def decides_within(agent: Agent, match: Match[Any], seconds: float) -> bool:
    """Whether ``agent`` decides for the seat to act within ``seconds`` (wall clock); one that
    does not is left thinking in a thread of its own rather than hang the test."""
    seat = match.to_act
    assert seat is not None
    decided: list[Decision] = []
    thinking = threading.Thread(
        target=lambda: decided.append(agent.decide(match.view(seat), match.legal(seat))),
        daemon=True,
    )
    thinking.start()
    thinking.join(seconds)
    return bool(decided) and decided[0] in match.legal(seat).moves


def test_a_time_limit_stops_any_budget() -> None:
    ruleset = KARATA.default_ruleset().changed(players=3)
    match: Match[Any] = Match(KARATA, ruleset, 2)
    agent = IsmctsAgent(Rng(0), iterations=10**9)  # no time budget of its own
    agent.time_limit = 0.2
    agent.sit(KARATA, ruleset)
    assert decides_within(agent, match, 2.0)
    assert 0 < agent.last_iterations < 10**9
    timed = IsmctsAgent(Rng(0), iterations=10**9, milliseconds=60_000)
    timed.time_limit = 0.2  # the shorter of the two
    timed.sit(KARATA, ruleset)
    assert decides_within(timed, match, 2.0)
    untimed = IsmctsAgent(Rng(0), iterations=50)
    untimed.sit(KARATA, ruleset)
    assert untimed.time_limit is None
    assert decides_within(untimed, match, 5.0)
    assert untimed.last_iterations == 50
