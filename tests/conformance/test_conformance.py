"""The conformance suite: contracts every registered game must keep.

A game joins by registering; each of its example rulesets is played by random agents and
checked for: playouts that never raise, cards conserved across zones, exact replays, states
that round-trip through JSON, copies that are independent, decisions whose text round-trips,
refused decisions that change nothing, a seat that keeps trying decisions it may not make
(refused, or penalised where the rules fine them) without breaking the match or its replay,
views and event streams that do not depend on cards hidden from the seat, determinisation
consistent with the view it started from, and refusals that each carry a documented code.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from cardtable.agents import RandomAgent
from cardtable.engine import (
    CONCEDE,
    ENGINE_REFUSAL_CODES,
    Decision,
    DecisionError,
    Game,
    Match,
    Record,
    Rng,
    State,
    canonical,
    determinise,
    view_to_json,
)
from cardtable.games.schemas import decision_from_json, validate_event, validate_view
from cardtable.simulation import agent_rng
from tests.conformance.helpers import (
    all_games,
    game_rulesets,
    pair_id,
    random_decisions,
    seeds_within,
    shuffle_hidden,
    state_text,
    view_text,
    zone_census,
)

PAIRS = game_rulesets()
SEEDS = range(12)
"""The seeds of the matches each check plays, within a budget of decisions (see
:func:`tests.conformance.helpers.seeds_within`): all twelve for games whose random matches are
short, at least three for games whose random matches run to thousands of decisions."""
DECISIONS = 12_000
STATES = 120
"""How many states of one match the costlier checks examine at most, spread over the match
(random Karata matches run to thousands of decisions; the other games' stay below this)."""
PLAYOUT = 200
"""How many decisions a playout from a copy or a determinised world takes at most: enough to
prove it independent and playable without making long games' checks quadratic."""

pytestmark = pytest.mark.parametrize("pair", PAIRS, ids=[pair_id(p) for p in PAIRS])


def _seats(state: State) -> list[int | None]:
    return [*range(state.seats), None]


def seeds(game: Game[Any, Any], ruleset: Any) -> list[int]:
    return seeds_within(game, ruleset, SEEDS, DECISIONS)


def test_random_playouts_end_and_never_raise(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for seed in seeds(game, ruleset):
        match = None
        for match, seat, _ in random_decisions(game, ruleset, seed):
            legal = match.legal(seat)
            assert legal.moves, "the seat to act must have a legal move"
            assert legal.default is not None
            assert game.can(match.state, seat, legal.default)
        assert match is not None
        assert match.over
        assert match.to_act is None
        assert match.outcome is not None
        assert match.outcome.reason


def test_cards_are_conserved(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for seed in seeds(game, ruleset):
        count = None
        for match, _, _ in random_decisions(game, ruleset, seed, STATES):
            state = match.state
            census = zone_census(state)
            created = sum(1 for e in match.events(None) if e["type"] == "card_created")
            removed = sum(1 for e in match.events(None) if e["type"] == "card_removed")
            if count is None:
                count = len(state.cards) - created + removed
            assert len(state.cards) == count + created - removed
            assert set(census) == {card.id for card in state.cards}
            assert set(census.values()) == {1}, "every card lies in exactly one zone"


def test_replay_is_exact(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for seed in seeds(game, ruleset):
        playing = [match for match, _, _ in random_decisions(game, ruleset, seed)]
        match = playing[-1]
        assert match.over
        record = Record.from_json(json.loads(json.dumps(match.record().to_json())))
        replayed = Match.replay(game, record)
        assert replayed.hash() == match.hash()
        assert state_text(game, replayed.state) == state_text(game, match.state)
        assert replayed.events(None) == match.events(None)


def test_state_round_trips_through_json(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    rng = Rng(99)
    for seed in seeds(game, ruleset):
        for match, seat, decision in random_decisions(game, ruleset, seed, STATES):
            if rng.below(4):
                continue
            text = json.dumps(game.state_to_json(match.state))
            loaded = game.state_from_json(json.loads(text))
            assert canonical(game.state_to_json(loaded)) == canonical(json.loads(text))
            loaded.journal = []
            game.decide(loaded, seat, decision)
            original = match.state.copy()
            game.decide(original, seat, decision)
            assert state_text(game, loaded) == state_text(game, original)


def test_copies_are_independent(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for seed in seeds(game, ruleset)[:4]:
        for match, _, _ in random_decisions(game, ruleset, seed, STATES):
            before = state_text(game, match.state)
            clone = match.state.copy()
            assert state_text(game, clone) == before
            playout = Rng(seed)
            for _ in range(PLAYOUT):
                if clone.outcome is not None:
                    break
                seat = game.to_act(clone)
                assert seat is not None
                game.decide(clone, seat, playout.choice(game.legal(clone, seat).moves))
            assert state_text(game, match.state) == before


def test_decision_texts_round_trip(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for seed in seeds(game, ruleset)[:4]:
        for match, seat, _ in random_decisions(game, ruleset, seed, STATES):
            for option in match.legal(seat).options:
                assert game.parse_decision(option.text()) == option


def test_refused_decisions_change_nothing(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for seed in seeds(game, ruleset)[:4]:
        for match, seat, _ in random_decisions(game, ruleset, seed, STATES):
            state = match.state
            before = state_text(game, state)
            others = [other for other in range(state.seats) if other != seat]
            for other in others:
                for move in match.legal(seat).moves:
                    if game.can(state, other, move):
                        continue
                    with pytest.raises(DecisionError):
                        game.decide(state, other, move)
                    assert state_text(game, state) == before


def test_a_seat_trying_illegal_decisions_is_refused_or_penalised(
    pair: tuple[Game[Any, Any], Any],
) -> None:
    """Seat 0 now and then repeats a decision made earlier in the match that it may not make
    now (a card that does not match, a request without Aces, a move out of turn...). Each is
    either refused,
    changing nothing, or, where the rules penalise it (Karata's fines), applied as the
    penalty; either way the match goes on to its end and its record replays exactly."""
    game, ruleset = pair
    tried = 0
    for seed in seeds(game, ruleset)[:4]:
        match: Match[Any] = Match(game, ruleset, seed)
        agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(match.state.seats)]
        rng = Rng(seed)
        recent: list[Decision] = []
        while not match.over:
            seat = match.to_act
            assert seat is not None
            if rng.below(3) == 0:
                wrong = [d for d in recent if not game.can(match.state, 0, d)]
                if wrong:
                    tried += 1
                    before = state_text(game, match.state)
                    try:
                        error = match.decide(0, rng.choice(wrong))
                    except DecisionError:
                        assert state_text(game, match.state) == before
                    else:
                        assert error is not None, "an illegal decision was accepted"
                        assert state_text(game, match.state) != before
                    continue
            decision = agents[seat].choose(match.legal(seat))
            if decision not in recent:
                recent = [*recent[-19:], decision]
            match.decide(seat, decision)
        census = zone_census(match.state)
        assert set(census.values()) == {1}
        record = Record.from_json(json.loads(json.dumps(match.record().to_json())))
        assert Match.replay(game, record).hash() == match.hash()
    assert tried > 0, "seat 0 never tried an illegal decision: the test proved nothing"


def _common_move(
    game: Game[Any, Any], left: State, right: State, rng: Rng
) -> tuple[int, Decision] | None:
    seat = game.to_act(left)
    if seat is None or seat != game.to_act(right):
        return None
    right_moves = set(game.legal(right, seat).moves)
    common = [move for move in game.legal(left, seat).moves if move in right_moves]
    return (seat, rng.choice(common)) if common else None


def test_hidden_cards_do_not_change_views_or_events(pair: tuple[Game[Any, Any], Any]) -> None:
    """Two states that differ only in cards hidden from seat S look the same to S, and every
    step both take with the same decision shows S the same events, for as long as the two
    still differ only in what S cannot see (a card S draws may legitimately differ)."""
    game, ruleset = pair
    rng = Rng(7)
    steps = 0
    for seed in seeds(game, ruleset):
        for match, _, _ in random_decisions(game, ruleset, seed, STATES):
            if rng.below(3):
                continue
            for seat in _seats(match.state):
                original = match.state.copy()
                twin = shuffle_hidden(match.state, seat, rng)
                assert view_text(game, twin, seat) == view_text(game, original, seat)
                if seat is not None and game.to_act(original) == seat:
                    assert game.legal(twin, seat).options == game.legal(original, seat).options
                for _ in range(8):
                    step = _common_move(game, original, twin, rng)
                    if step is None:
                        break
                    original.journal, twin.journal = [], []
                    game.decide(original, *step)
                    game.decide(twin, *step)
                    if view_text(game, twin, seat) != view_text(game, original, seat):
                        break
                    steps += 1
                    assert [a.event(seat) for a in twin.journal] == [
                        a.event(seat) for a in original.journal
                    ]
    assert steps > 0, "the twins never took a step together: the test proved nothing"


def test_determinisation_matches_the_view(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    book = game.rulebook(ruleset)
    rng = Rng(11)
    for seed in seeds(game, ruleset):
        for match, _, _ in random_decisions(game, ruleset, seed, STATES):
            if rng.below(3):
                continue
            for seat in range(match.state.seats):
                view = game.view(match.state, seat)
                world = determinise(view, book, rng)
                assert view_text(game, world, seat) == view_text(game, match.state, seat)
                census = zone_census(world)
                assert set(census.values()) <= {1}
                assert len(census) == len(match.state.cards)
                playout = Rng(seed)
                for _ in range(PLAYOUT):
                    if world.outcome is not None:
                        break
                    actor = game.to_act(world)
                    assert actor is not None
                    game.decide(world, actor, playout.choice(game.legal(world, actor).moves))


def test_views_events_and_decisions_match_their_schemas(pair: tuple[Game[Any, Any], Any]) -> None:
    game, ruleset = pair
    for seed in seeds(game, ruleset)[:4]:
        match = None
        for match, seat, _ in random_decisions(game, ruleset, seed, STATES):
            for observer in _seats(match.state):
                validate_view(game, view_to_json(match.view(observer)))
            for option in match.legal(seat).options:
                assert decision_from_json(game, json.loads(json.dumps(option.to_json()))) == option
        assert match is not None
        for observer in _seats(match.state):
            for event in match.events(observer):
                validate_event(game, event)


FOREIGN_TEXTS = (
    "",
    "xyzzy",
    "end",
    "turn",
    "pass",
    "finish",
    "finish ask hearts last",
    "turn 7H 7S ask 9S",
    "play 7H",
    "play #0",
    "play #99999",
    "play #3 minion @p1",
    "attack #1 @p0",
    "attack #2 @#99999",
)
"""Decision texts of every game, and some of none: each is a decision this game may not make
now, or one it cannot read."""


def _foreign_decisions(game: Game[Any, Any]) -> list[Decision]:
    """The decisions of other games' first moves: decisions of a kind this game lacks."""
    found: list[Decision] = []
    for other in all_games():
        if other.name != game.name:
            match: Match[Any] = Match(other, other.default_ruleset(), 0)
            seat = match.to_act
            if seat is not None:
                found.extend(match.legal(seat).moves[:3])
    return found


def test_every_refusal_has_a_documented_code(pair: tuple[Game[Any, Any], Any]) -> None:
    """Now and then in random matches, every seat (and a seat the match does not have) tries
    decisions it may well not make: moves legal at other moments or for other seats, other
    games' decisions and texts, and, once the match is over, anything. Every refusal, and
    every penalty's error, carries a code from the engine's list or the game's own
    (``Game.all_refusal_codes``), never the default a raise without a code gets."""
    game, ruleset = pair
    known = game.all_refusal_codes
    assert not set(game.refusal_codes) & set(ENGINE_REFUSAL_CODES), "a game's code is the engine's"
    foreign = _foreign_decisions(game)
    seen: Counter[str] = Counter()

    def check(error: DecisionError, what: str) -> None:
        assert error.code in known, f"{what}: {error.code!r} is not a documented code"
        assert error.code != "illegal_decision", f"{what}: refused without a code ({error})"
        seen[error.code] += 1

    for seed in seeds(game, ruleset)[:2]:
        rng = Rng(seed)
        pool: list[Decision] = []
        match: Match[Any] | None = None
        for match, seat, _ in random_decisions(game, ruleset, seed, 30):
            state = match.state
            moves = match.legal(seat).moves
            pool = [*pool[-40:], *(rng.choice(moves) for _ in range(3))]
            tries = [(who, rng.choice(pool)) for who in range(state.seats + 1) for _ in range(2)]
            tries += [(seat, decision) for decision in foreign]
            for text in FOREIGN_TEXTS:
                try:
                    tries.append((seat, game.parse_decision(text)))
                except DecisionError as unread:
                    check(unread, repr(text))
            for who, decision in tries:
                clone = state.copy()
                try:
                    penalised = game.decide(clone, who, decision)
                except DecisionError as refused:
                    check(refused, f"seat {who}: {decision.text()}")
                else:
                    if penalised is not None:
                        check(penalised, f"seat {who}: {decision.text()} (penalised)")
        assert match is not None
        assert match.over
        for decision in [*pool[:5], *foreign[:2], CONCEDE]:
            with pytest.raises(DecisionError) as caught:
                game.decide(match.state, rng.below(match.state.seats), decision)
            assert caught.value.code == "match_over"
    assert len(seen) >= 3, f"too few kinds of refusal tried to prove anything: {dict(seen)}"


def test_why_not_agrees_with_deciding(pair: tuple[Game[Any, Any], Any]) -> None:
    """Asking why a decision is not legal gives, without trying it, exactly the refusal that
    deciding it gives (or the error a penalty returns), and ``None`` exactly when deciding it
    goes through untouched."""
    game, ruleset = pair
    for seed in seeds(game, ruleset)[:2]:
        rng = Rng(seed)
        pool: list[Decision] = []
        for match, seat, _ in random_decisions(game, ruleset, seed, 20):
            state = match.state
            pool = [*pool[-30:], *(rng.choice(match.legal(seat).moves) for _ in range(3))]
            for who in range(state.seats):
                for decision in {rng.choice(pool) for _ in range(3)}:
                    before = canonical(game.state_to_json(state))
                    why = game.why_not(state, who, decision)
                    assert canonical(game.state_to_json(state)) == before, "why_not changed it"
                    refused: DecisionError | None = None
                    try:
                        refused = game.decide(state.copy(), who, decision)  # a penalty's error
                    except DecisionError as error:
                        refused = error
                    if refused is None:
                        assert why is None, f"seat {who}: {decision.text()} went through: {why}"
                    else:
                        assert why is not None, f"{decision.text()}: refused, yet why_not is None"
                        assert (why.code, why.reason) == (refused.code, refused.reason)


def test_decision_shapes_say_what_their_texts_say(pair: tuple[Game[Any, Any], Any]) -> None:
    """Every legal decision's shape has its kind and its text (which reads back as the same
    decision), and names only cards of the match and targets in their text form."""
    game, ruleset = pair
    for match, seat, _ in random_decisions(game, ruleset, seeds(game, ruleset)[0], 40):
        ids = {card.id for card in match.state.cards}
        keys = {card.key for card in match.state.cards}
        for move in match.legal(seat).moves:
            shape = move.shape()
            assert (shape.kind, shape.text) == (move.kind, move.text())
            assert game.parse_decision(shape.text) == move
            for card in shape.cards:
                assert card in (ids if isinstance(card, int) else keys), f"{shape}: {card!r}"
            for target in shape.targets:
                assert target.startswith(("p", "#")), f"{shape}: target {target!r}"
            assert canonical(shape.to_json()) == canonical(json.loads(json.dumps(shape.to_json())))


def test_unplayable_cards_are_held_and_say_a_documented_reason(
    pair: tuple[Game[Any, Any], Any],
) -> None:
    """Each card the seat to act cannot play is in its hand, no legal decision names it, and
    its reason is what trying its first way of play would say, with a documented code."""
    game, ruleset = pair
    known = game.all_refusal_codes
    for match, seat, _ in random_decisions(game, ruleset, seeds(game, ruleset)[0], 40):
        unplayable = match.unplayable(seat)
        held = {card.id: card for card in game.hand(match.state, seat)}
        named: set[int | str] = set()
        for move in match.legal(seat).moves:
            named.update(move.shape().cards)
        for card_id, why in unplayable.items():
            card = held[card_id]
            assert card.id not in named
            assert card.key not in named
            assert why.code in known, f"{why.code!r} is not a documented code"
            (first, *_) = game.plays_of(match.state, seat, card)
            tried = match.why_not(seat, first)
            assert tried is not None
            assert (tried.code, tried.reason) == (why.code, why.reason)
        other = next((s for s in range(match.state.seats) if s != seat), None)
        if other is not None:
            assert match.unplayable(other) == {}


def test_every_outcome_has_a_documented_code_and_seats_in_range(
    pair: tuple[Game[Any, Any], Any],
) -> None:
    """Every match ends with an outcome of one of its game's declared codes (each listed on
    the rules page, under "How a match ends"), whose winners and seats are seats of the match;
    its words name every seat it concerns; seats conceding one after another end it too."""
    game, ruleset = pair
    # A game that declares no codes (a plug-in written before them) may end with an outcome
    # of a sentence alone, besides the engine's ``conceded``.
    declares = game.outcome_codes is not Game.outcome_codes
    rules = game.rules_text()
    for code in game.outcome_codes if declares else ():
        assert f"`{code}`" in rules, f"{code!r} is not on the rules page"
    ends = []
    for seed in seeds(game, ruleset)[:4]:
        match: Match[Any] = Match(game, ruleset, seed)
        agents = [RandomAgent(agent_rng(seed, seat)) for seat in range(match.state.seats)]
        while match.to_act is not None:
            match.decide(match.to_act, agents[match.to_act].choose(match.legal(match.to_act)))
        ends.append(match)
    conceded: Match[Any] = Match(game, ruleset, seed=0)
    while conceded.to_act is not None:  # each seat to act concedes, until the match ends
        conceded.decide(conceded.to_act, CONCEDE)
    ends.append(conceded)
    for match in ends:
        outcome = match.outcome
        assert outcome is not None
        if outcome.code or declares:
            assert outcome.code in game.outcome_codes, f"{outcome.code!r} is not declared"
        seats = range(match.state.seats)
        assert all(seat in seats for seat in (*outcome.winners, *outcome.seats)), outcome
        names = [f"Name{seat}" for seat in seats]
        worded = game.describe_outcome(outcome, names.__getitem__, None)
        assert all(names[seat] in worded for seat in outcome.seats), worded
        mine = game.describe_outcome(outcome, names.__getitem__, 0)
        assert mine.startswith("You " if outcome.winners else "Nobody won"), mine
