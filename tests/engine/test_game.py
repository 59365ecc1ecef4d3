"""The game base class: verify before deciding, conceding, and the state as JSON."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.engine import (
    Action,
    Concede,
    Decision,
    Decisions,
    Game,
    IllegalDecision,
    InvalidDecision,
    JsonObject,
    JsonValue,
    Match,
    Outcome,
    RecordError,
    Rng,
    RuleBook,
    State,
    digest,
)
from cardtable.games import find
from cardtable.games.tcg import End, TcgGame, TcgRules, TcgState
from tests.jsondata import arr, obj

GAME = TcgGame()


def played(seed: int, decisions: int) -> Match[TcgState]:
    match = Match(GAME, TcgRules(), seed=seed)
    chooser = Rng(seed)
    for _ in range(decisions):
        seat = match.to_act
        if seat is None:
            break
        match.decide(seat, chooser.choice(match.legal(seat).moves))
    return match


# -- the state as JSON ------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "decisions"), [(1, 0), (2, 5), (3, 20), (4, 400)])
def test_the_state_round_trips_through_json_exactly(seed: int, decisions: int) -> None:
    state = played(seed, decisions).state
    data = GAME.state_to_json(state)
    loaded = GAME.state_from_json(copy.deepcopy(data))
    assert GAME.state_to_json(loaded) == data
    assert digest(GAME.state_to_json(loaded)) == digest(data)
    assert loaded.rng == state.rng
    where = [state.zone_of(card).name for card in state.cards]
    assert [loaded.zone_of(card).name for card in loaded.cards] == where
    assert loaded.outcome == state.outcome


@pytest.mark.parametrize("seed", [5, 6])
def test_a_loaded_state_plays_on_exactly_like_the_original(seed: int) -> None:
    state = played(seed, 6).state
    loaded = GAME.state_from_json(GAME.state_to_json(state))
    chooser = Rng(seed + 50)
    for _ in range(60):
        seat = GAME.to_act(state)
        if seat is None:
            break
        assert GAME.legal(loaded, seat).options == GAME.legal(state, seat).options
        decision = chooser.choice(GAME.legal(state, seat).moves)
        GAME.decide(state, seat, decision)
        GAME.decide(loaded, seat, decision)
        assert GAME.state_to_json(loaded) == GAME.state_to_json(state)
    # The generator travelled with the state.
    assert [loaded.rng.below(100) for _ in range(5)] == [state.rng.below(100) for _ in range(5)]


def test_a_state_with_queued_actions_cannot_be_saved() -> None:
    state = played(1, 0).state
    state.enqueue(*GAME.plan(state, state.active, End()))
    with pytest.raises(RuntimeError, match="while actions are queued"):
        GAME.state_to_json(state)


Mutation = Callable[[JsonObject], None]


def set_key(key: str, value: JsonValue) -> Mutation:
    return lambda data: data.__setitem__(key, value)


def first_card(field: str, value: JsonValue) -> Mutation:
    return lambda data: obj(arr(data["cards"])[0]).__setitem__(field, value)


def zone(name: str, value: JsonValue) -> Mutation:
    return lambda data: obj(data["zones"]).__setitem__(name, value)


def swap_first_two_cards(data: JsonObject) -> None:
    cards = arr(data["cards"])
    cards[0], cards[1] = cards[1], cards[0]


def duplicate_card(data: JsonObject) -> None:
    zones = obj(data["zones"])
    arr(zones["graveyard:0"]).append(arr(zones["deck:0"])[0])


def lose_card(data: JsonObject) -> None:
    arr(obj(data["zones"])["deck:0"]).pop()


def drop_zone(data: JsonObject) -> None:
    del obj(data["zones"])["graveyard:1"]


def hero_life(data: JsonObject) -> None:
    obj(arr(obj(data["public"])["heroes"])[0])["life"] = [30]


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (set_key("format", "cardtable-record"), "not a cardtable state"),
        (set_key("format_version", 9), "state format version 9 is not supported"),
        (set_key("game", "war"), "the state is of game 'war', not 'tcg'"),
        (set_key("ruleset", []), "state ruleset: expected an object"),
        (set_key("rng", [1, 2]), "generator state"),
        (set_key("version", "3"), "state version: expected an integer"),
        (set_key("turn", None), "state turn: expected an integer"),
        (set_key("outcome", {"winners": [0]}), "outcome reason: expected a string"),
        (set_key("cards", {}), "state cards: expected a list"),
        (swap_first_two_cards, r"card ids must be 0, 1, 2\.\.\. in order \(at 0\)"),
        (first_card("key", "dragon"), "refers to something that does not exist"),
        (first_card("key", 3), "card key: expected a string"),
        (first_card("owner", "me"), "card owner: expected an integer"),
        (first_card("live", {"life": [1]}), "stat"),
        (first_card("components", [{"key": 1}]), "component key"),
        (set_key("zones", []), "state zones: expected an object"),
        (drop_zone, "the state's zones do not match its game and ruleset"),
        (zone("deck:0", [999]), r"zone deck:0 holds card #999, which does not exist"),
        (zone("deck:0", ["0"]), "zone deck:0 card: expected an integer"),
        (duplicate_card, r"card #\d+ is in two zones"),
        (lose_card, "some cards of the state are in no zone"),
        (set_key("public", None), "state public data: expected an object"),
        (hero_life, "stat"),
    ],
)
def test_malformed_state_json_is_a_record_error(mutate: Mutation, reason: str) -> None:
    data = GAME.state_to_json(played(2, 3).state)
    mutate(data)
    with pytest.raises(RecordError, match=reason):
        GAME.state_from_json(data)


def test_a_state_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="state: expected an object, got list"):
        GAME.state_from_json([])


def one_hero(data: JsonObject) -> None:
    public = obj(data["public"])
    public["heroes"] = arr(public["heroes"])[:1]


def negative_card_id(data: JsonObject) -> None:
    last = len(arr(data["cards"])) - 1
    for zone_ids in obj(data["zones"]).values():
        ids = arr(zone_ids)
        if last in ids:
            ids[ids.index(last)] = -1


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(set_key("ruleset", {"starting_health": 0}), id="invalid-ruleset"),
        pytest.param(one_hero, id="one-hero"),
        pytest.param(set_key("active", 7), id="active-out-of-range"),
        pytest.param(negative_card_id, id="negative-card-id"),
    ],
)
def test_inconsistent_state_json_is_a_record_error(mutate: Mutation) -> None:
    data = GAME.state_to_json(played(2, 3).state)
    mutate(data)
    with pytest.raises(RecordError):
        GAME.state_from_json(data)


# -- deciding ---------------------------------------------------------------------------------


def test_there_is_no_third_seat() -> None:
    state = played(1, 0).state
    for decision in (End(), Concede()):
        with pytest.raises(IllegalDecision, match="there is no seat 2 in this match"):
            GAME.decide(state, 2, decision)
        assert not GAME.can(state, 2, decision)
    with pytest.raises(IllegalDecision, match="there is no seat -1"):
        GAME.verify(state, -1, End())


def test_decision_texts() -> None:
    assert GAME.parse_decision(" CONCEDE ") == Concede()
    for text in ("", "  \n"):
        with pytest.raises(InvalidDecision, match="an empty decision: say what you want to do"):
            GAME.parse_decision(text)


def test_the_rules_text_is_the_games_own() -> None:
    text = GAME.rules_text()
    assert text.startswith("# Kata TCG")
    assert "Bleeding out" in text


# -- a minimal game: the base class's own behaviour -------------------------------------------


@dataclass(frozen=True)
class TickRules:
    penalise: bool = False

    def to_json(self) -> JsonObject:
        return {"penalise": self.penalise}


@dataclass(frozen=True, slots=True)
class Tick(Decision):
    def text(self) -> str:
        return "tick"


class Ticked(Action[State]):
    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: State) -> None:
        state.turn += 1
        state.active = 1 - self.seat


class Fined(Action[State]):
    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: State) -> None:
        state.outcome = Outcome(winners=(1 - self.seat,), reason=f"player {self.seat} cheated")


class TickGame(Game[State, TickRules]):
    """Two players take turns saying "tick"; with penalties, a wrong tick loses."""

    name = "tick"
    title = "Tick"
    summary = "Say tick on your turn."
    rules_resource = ("cardtable.games.tcg", "rules.md")
    ruleset_type = TickRules
    decision_types = (Tick,)
    event_types = ()
    public_type = dict

    def default_ruleset(self) -> TickRules:
        return TickRules()

    def load_ruleset(self, data: Mapping[str, object]) -> TickRules:
        return TickRules(penalise=bool(data.get("penalise")))

    def seats(self, ruleset: TickRules) -> int:
        return 2

    def build_rulebook(self, ruleset: TickRules) -> RuleBook:
        return RuleBook(game=self, ruleset=ruleset)

    def skeleton(self, book: RuleBook, rng: Rng) -> State:
        return State(book, rng, seats=2)

    def create_cards(self, state: State) -> None:
        return None

    def opening(self, state: State) -> Sequence[Action[Any]]:
        return ()

    def to_act(self, state: State) -> int | None:
        return None if state.outcome is not None else state.active

    def legal(self, state: State, seat: int) -> Decisions:
        mine = seat == state.active and state.outcome is None
        return Decisions(seat, (Tick(),) if mine else (), Tick() if mine else None)

    def plan(self, state: State, seat: int, decision: Decision) -> Sequence[Action[Any]]:
        if seat != state.active:
            raise IllegalDecision("wait for your turn")
        return (Ticked(seat),)

    def parse(self, text: str) -> Decision:
        if text.strip() == "tick":
            return Tick()
        raise InvalidDecision(f"{text!r}: say tick")

    def penalty(
        self, state: State, seat: int, decision: Decision, error: IllegalDecision
    ) -> Sequence[Action[Any]] | None:
        return (Fined(seat),) if state.rules.ruleset.penalise else None


TICK = TickGame()


def test_without_a_penalty_an_illegal_decision_is_refused() -> None:
    match = Match(TICK, TickRules(), seed=0)
    with pytest.raises(IllegalDecision, match="wait for your turn"):
        match.decide(1, "tick")
    assert (match.state.version, match.decisions, match.over) == (0, [], False)


def test_a_penalty_is_applied_and_the_error_returned() -> None:
    match = Match(TICK, TickRules(penalise=True), seed=0)
    match.decide(0, "tick")
    error = match.decide(0, "tick")
    assert isinstance(error, IllegalDecision)
    assert error.reason == "wait for your turn"
    assert match.state.version == 2
    assert match.outcome == Outcome(winners=(1,), reason="player 0 cheated", placings=(2, 1))
    # The penalised decision is part of the record, and replays.
    record = match.record()
    assert record.decisions == ((0, "tick"), (0, "tick"))
    assert Match.replay(TICK, record).hash() == match.hash()
    # Once the match is over, nothing is penalised any more: it is refused.
    with pytest.raises(IllegalDecision, match="the match is over"):
        match.decide(0, "tick")


def test_conceding_by_default_gives_the_win_to_every_other_seat() -> None:
    match = Match(TICK, TickRules(), seed=0)
    match.decide(1, "concede")
    assert match.outcome == Outcome(
        winners=(0,), code="conceded", seats=(1,), reason="player 1 conceded", placings=(1, 2)
    )
    assert match.events(None) == [{"type": "conceded", "seat": 1}]


def test_matches_of_a_ruleset_are_independent_copies_of_its_template() -> None:
    first = Match(TICK, TickRules(), seed=1)
    first.decide(0, "tick")
    second = Match(TICK, TickRules(), seed=2)
    assert (second.state.turn, second.state.active, second.state.version) == (0, 0, 0)
    assert second.state.rng == Rng(2)


def _pool_of_first_hand_card_becomes(pool: str) -> Mutation:
    def mutate(data: JsonObject) -> None:
        first = arr(obj(data["zones"])["hand:0"])[0]
        assert isinstance(first, int)
        obj(arr(data["cards"])[first])["pool"] = pool

    return mutate


def _overfull_hand(data: JsonObject) -> None:
    zones = obj(data["zones"])
    zones["hand:0"] = arr(zones["hand:0"]) + arr(zones["deck:0"])[:5]
    zones["deck:0"] = arr(zones["deck:0"])[5:]


def _unknown_reaction(data: JsonObject) -> None:
    obj(arr(data["cards"])[0])["components"] = [{"key": "spell", "reactions": ["nope"]}]


def _shorter_manifest(data: JsonObject) -> None:
    p0 = obj(obj(data["pools"])["p0"])
    p0["manifest"] = arr(p0["manifest"])[1:]


def _misnamed_pool(data: JsonObject) -> None:
    obj(obj(data["pools"])["p0"])["name"] = "p9"


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (_pool_of_first_hand_card_becomes("p1"), "only cards of pool p0 may lie there"),
        (_overfull_hand, "zone hand:0 holds more than 5 cards"),
        (_unknown_reaction, "no reaction named 'nope'"),
        (_misnamed_pool, "the pool under 'p0' is named 'p9'"),
        (set_key("outcome", {"winners": [7], "reason": "x"}), "a winner is not a seat"),
        (set_key("version", -1), "cannot be negative"),
        (first_card("owner", 7), "owner 7 is not a seat of this match"),
        (_shorter_manifest, "pool p0: its manifest does not list its cards"),
        (set_key("turn", -2), "cannot be negative"),
    ],
)
def test_impossible_states_are_record_errors(mutate: Mutation, reason: str) -> None:
    data = GAME.state_to_json(played(2, 3).state)
    mutate(data)
    with pytest.raises(RecordError, match=reason):
        GAME.state_from_json(data)


# -- what the engine decides for every game ---------------------------------------------------


def test_the_default_legal_lists_the_moves_of_the_seat_to_act_only(
    highcard: Game[Any, Any],
) -> None:
    """High Card writes ``moves`` alone: the engine's ``legal`` lists them for the seat to act,
    the first its default, and nothing for the others, nor anything once the match is over."""
    match: Match[Any] = Match(highcard, highcard.default_ruleset(), seed=3)
    seat = match.to_act
    assert seat is not None
    legal = match.legal(seat)
    assert legal.moves == tuple(highcard.moves(match.state, seat))
    assert legal.default == legal.moves[0]
    assert match.legal(1 - seat).moves == ()
    assert match.legal(1 - seat).can_concede
    while match.to_act is not None:
        match.decide(match.to_act, match.legal(match.to_act).moves[0])
    assert match.legal(0).moves == ()
    assert not match.legal(0).can_concede


def test_the_engine_refuses_a_seat_not_to_act_before_the_game_plans(
    highcard: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """For a game of the engine's ``legal``, a decision from a seat not to act is refused as
    ``not_your_turn`` without asking the game's ``plan``."""
    match: Match[Any] = Match(highcard, highcard.default_ruleset(), seed=3)
    seat = match.to_act
    assert seat is not None
    other = 1 - seat
    (held, *_) = highcard.card_hints.hand(match.state, other)
    asked: list[int] = []
    plan = type(highcard).plan

    def planning(game: Game[Any, Any], state: Any, at: int, decision: Decision) -> Any:
        asked.append(at)
        return plan(game, state, at, decision)

    monkeypatch.setattr(type(highcard), "plan", planning)
    refusal = highcard.why_not(match.state, other, highcard.parse(f"play #{held.id}"))
    assert refusal is not None
    assert refusal.code == "not_your_turn"
    assert asked == []


@pytest.mark.parametrize("name", ["war", "karata", "tcg"])
def test_the_engine_refuses_another_games_decision_before_the_game_plans(
    name: str, highcard: Game[Any, Any]
) -> None:
    game = find(name)
    stranger = highcard.parse("play #7")  # High Card's: none of these games' own
    match: Match[Any] = Match(game, game.default_ruleset(), seed=1)
    seat = match.to_act
    assert seat is not None
    refusal = game.why_not(match.state, seat, stranger)
    assert refusal is not None
    assert refusal.code == "unknown_decision"
    assert refusal.reason == f"'play #7' is not a decision of {game.title}"


def test_the_number_of_seats_is_the_rulesets_players_unless_the_game_says() -> None:
    karata, tcg = find("karata"), find("tcg")
    assert karata.seats(karata.default_ruleset().changed(players=4)) == 4
    assert tcg.seats(tcg.default_ruleset()) == 2  # a duel: its rules have no players field
