"""The action queue: first in, first out; fizzling; reactions at the back; checks; the bound."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import (
    NOBODY,
    OWNER,
    PUBLIC,
    Action,
    CardDef,
    Component,
    Event,
    EventShape,
    Fizzled,
    Outcome,
    Reaction,
    Rng,
    RuleBook,
    RunawayReactions,
    State,
    Zone,
    event,
    reaction,
)
from cardtable.engine.cards import Card
from cardtable.engine.json import JsonObject

PROPERTY = settings(max_examples=150, deadline=None, database=None)


class LogState(State):
    """A state that remembers what its actions did, in order."""

    __slots__ = ("log", "reacted")

    def __init__(self, rules: RuleBook, rng: Rng, *, seats: int) -> None:
        super().__init__(rules, rng, seats=seats)
        self.log: list[object] = []
        self.reacted: list[tuple[str, Action[Any]]] = []


class Mark(Action[LogState]):
    """Writes its tag into the log."""

    __slots__ = ("tag",)

    def __init__(self, tag: object) -> None:
        self.tag = tag

    def execute(self, state: LogState) -> None:
        state.log.append(self.tag)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "mark"}


class SubMark(Mark):
    __slots__ = ()


class Maybe(Mark):
    """Runs only if ``allowed``, and only if no earlier :class:`Block` named its tag."""

    __slots__ = ("allowed",)

    def __init__(self, tag: object, allowed: bool = True) -> None:
        super().__init__(tag)
        self.allowed = allowed

    def can_execute(self, state: LogState) -> bool:
        return self.allowed and ("block", self.tag) not in state.log


class Block(Mark):
    """Makes later :class:`Maybe` actions with the same tag fizzle."""

    __slots__ = ()

    def execute(self, state: LogState) -> None:
        state.log.append(("block", self.tag))


class Chain(Mark):
    """Logs (tag, level) and, while ``remaining`` > 0, has a reaction queue the next link."""

    __slots__ = ("remaining", "level")

    def __init__(self, tag: object, remaining: int, level: int = 0) -> None:
        super().__init__(tag)
        self.remaining = remaining
        self.level = level

    def execute(self, state: LogState) -> None:
        state.log.append((self.tag, self.level))


class Fork(Mark):
    """Logs its path; a reaction queues two children (left, right) until ``depth``."""

    __slots__ = ("depth",)

    def __init__(self, tag: str, depth: int) -> None:
        super().__init__(tag)
        self.depth = depth


class Ping(Event[LogState]):
    __slots__ = ()


class Loud(Ping):
    __slots__ = ()


class Heard(Mark):
    """A card (``tag``: its id) answered; ``source_ok``: the reaction got that card."""

    __slots__ = ("source_ok",)

    def __init__(self, tag: int, source_ok: bool) -> None:
        super().__init__(tag)
        self.source_ok = source_ok

    def execute(self, state: LogState) -> None:
        state.log.append(("heard", self.tag, self.source_ok))


class Fatal(Mark):
    """A check ends the match right after this action."""

    __slots__ = ()


class Loop(Event[LogState]):
    __slots__ = ()


@reaction(Chain)
def next_link(state: LogState, action: Chain, source: Card | None) -> list[Action[Any]]:
    if action.remaining <= 0:
        return []
    return [Chain(action.tag, action.remaining - 1, action.level + 1)]


@reaction(Fork)
def split(state: LogState, action: Fork, source: Card | None) -> list[Action[Any]]:
    assert isinstance(action.tag, str)
    if len(action.tag) >= action.depth:
        return []
    return [Fork(action.tag + "L", action.depth), Fork(action.tag + "R", action.depth)]


@reaction(Loop)
def again(state: LogState, action: Loop, source: Card | None) -> list[Action[Any]]:
    return [Loop()]


@reaction(Fatal)
def game_over(state: LogState, action: Fatal, source: Card | None) -> None:
    state.outcome = Outcome(winners=(0,), reason="fatal")


@reaction(Fatal)
def after_fatal(state: LogState, action: Fatal, source: Card | None) -> list[Action[Any]]:
    return [Mark("after fatal")]


def noting(name: str, *listens_to: type[Action[Any]]) -> Reaction:
    """A rule reaction that notes which action it saw, under ``name``."""

    def respond(state: LogState, action: Action[Any], source: Card | None) -> None:
        state.reacted.append((name, action))

    return Reaction(name, listens_to, respond)


def echo(name: str, *listens_to: type[Action[Any]]) -> Reaction:
    """A card reaction: the card answers with :class:`Heard` carrying its id."""

    def respond(state: LogState, action: Action[Any], source: Card | None) -> list[Action[Any]]:
        assert source is not None
        return [Heard(source.id, state.cards[source.id] is source)]

    return Reaction(name, listens_to, respond)


@event
class Rolled(EventShape):
    """What a roll came to: known only once it ran."""

    kind = "rolled"
    value: int


class Roll(Action[LogState]):
    """Roll a die: the result is in the event, never on the action."""

    __slots__ = ()

    def execute(self, state: LogState) -> Rolled:
        return Rolled(value=state.rng.below(6) + 1)


def lucky(state: LogState, action: Roll, source: Card | None, rolled: Rolled) -> None:
    """A card reaction told the roll: the card notes what it came to."""
    assert source is not None
    state.log.append(("lucky", source.id, rolled.value))


CATALOGUE = {
    "echo": echo("echo", Ping),
    "echo_any_event": echo("echo_any_event", Event),
    "lucky": Reaction("lucky", (Roll,), lucky, told=True),
}


def make_state(
    *,
    rules: Sequence[Reaction] = (),
    checks: Sequence[Reaction] = (),
    step_limit: int = 10_000,
) -> LogState:
    game = cast(Any, SimpleNamespace(name="test"))
    book = RuleBook(
        game=game,
        ruleset=None,
        rules=rules,
        checks=checks,
        catalogue=CATALOGUE,
        step_limit=step_limit,
    )
    state = LogState(book, Rng(0), seats=2)
    state.journal = []
    return state


# -- first in, first out ----------------------------------------------------------------------


@PROPERTY
@given(tags=st.lists(st.integers()))
def test_actions_run_first_in_first_out(tags: list[int]) -> None:
    state = make_state()
    actions = [Mark(tag) for tag in tags]
    state.run(*actions)
    assert state.log == tags
    assert state.journal == actions  # the very same objects, in order
    assert not state.queue


@PROPERTY
@given(first=st.lists(st.integers()), second=st.lists(st.integers()))
def test_enqueued_actions_run_before_those_given_to_run(
    first: list[int], second: list[int]
) -> None:
    state = make_state()
    state.enqueue(*(Mark(tag) for tag in first))
    assert state.log == []
    state.run(*(Mark(tag) for tag in second))
    assert state.log == first + second


def test_without_a_journal_nothing_is_recorded() -> None:
    state = make_state()
    state.journal = None
    state.run(Mark(1), Maybe(2, allowed=False), Mark(3))
    assert state.log == [1, 3]
    assert state.journal is None


# -- fizzling ---------------------------------------------------------------------------------


@PROPERTY
@given(items=st.lists(st.tuples(st.integers(), st.booleans())))
def test_actions_that_cannot_execute_fizzle_into_the_journal(
    items: list[tuple[int, bool]],
) -> None:
    seen = noting("seen", Mark)
    state = make_state(rules=[seen])
    actions = [Maybe(tag, allowed) for tag, allowed in items]
    state.run(*actions)
    assert state.log == [tag for tag, allowed in items if allowed]
    assert state.journal is not None
    assert len(state.journal) == len(actions)
    for entry, action in zip(state.journal, actions, strict=True):
        if action.allowed:
            assert entry is action
        else:
            assert isinstance(entry, Fizzled)
            assert entry.action is action
            assert entry.event(None) == {"type": "fizzled", "action": "Maybe"}
    # Reactions see executed actions only.
    assert [action for _, action in state.reacted] == [a for a in actions if a.allowed]


@PROPERTY
@given(steps=st.lists(st.tuples(st.sampled_from(["block", "try"]), st.integers(0, 3)), max_size=12))
def test_can_execute_is_asked_right_before_running(steps: list[tuple[str, int]]) -> None:
    state = make_state()
    state.run(*(Block(tag) if kind == "block" else Maybe(tag) for kind, tag in steps))
    expected: list[object] = []
    for index, (kind, tag) in enumerate(steps):
        if kind == "block":
            expected.append(("block", tag))
        elif ("block", tag) not in steps[:index]:  # no earlier block of the same tag
            expected.append(tag)
    assert state.log == expected


# -- reactions --------------------------------------------------------------------------------


@PROPERTY
@given(depths=st.lists(st.integers(0, 5), max_size=8))
def test_reaction_chains_run_breadth_first(depths: list[int]) -> None:
    state = make_state(rules=[next_link])
    state.run(*(Chain(tag, depth) for tag, depth in enumerate(depths)))
    # Every first link, then every second link, and so on: products go to the back.
    levels = range(max(depths, default=-1) + 1)
    expected = [(tag, level) for level in levels for tag, d in enumerate(depths) if d >= level]
    assert state.log == expected


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4])
def test_several_products_queue_in_order(depth: int) -> None:
    state = make_state(rules=[split])
    state.run(Fork("", depth))
    expected = [
        "".join(path)
        for level in range(depth + 1)
        for path in itertools.product("LR", repeat=level)
    ]
    assert state.log == expected


def test_reactions_listening_to_a_base_class_hear_its_subclasses() -> None:
    on_mark = noting("mark", Mark)
    on_sub = noting("sub", SubMark)
    on_all = noting("all", Action)
    on_event = noting("event", Event)
    state = make_state(rules=[on_mark, on_sub, on_all, on_event])
    plain, sub, ping, loud = Mark(1), SubMark(2), Ping(), Loud()
    state.run(plain, sub, ping, loud)
    heard = {
        name: [action for who, action in state.reacted if who == name]
        for name in ("mark", "sub", "all", "event")
    }
    assert heard == {
        "mark": [plain, sub],
        "sub": [sub],
        "all": [plain, sub, ping, loud],
        "event": [ping, loud],
    }


def test_a_reaction_runs_once_per_action_even_when_it_lists_a_base_and_a_subclass() -> None:
    both = noting("both", Mark, SubMark)
    state = make_state(rules=[both])
    state.run(SubMark(1))
    assert len(state.reacted) == 1


# -- card reactions ---------------------------------------------------------------------------


def table(state: LogState) -> list[Zone]:
    zones: list[Zone] = [
        Zone("deck", owner=0, visibility=NOBODY, pool="p0"),
        Zone("hand", owner=1, visibility=OWNER),
        Zone("graveyard", visibility=PUBLIC),
    ]
    for zone in zones:
        state.add_zone(zone)
    return zones


@PROPERTY
@given(
    cards=st.lists(
        st.tuples(st.sampled_from(["echo", "echo_any_event", None]), st.integers(0, 2)),
        max_size=10,
    ),
    moves=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 2)), max_size=10),
)
def test_card_reactions_fire_from_every_zone_in_card_id_order(
    cards: list[tuple[str | None, int]], moves: list[tuple[int, int]]
) -> None:
    state = make_state()
    zones = table(state)
    for name, zone in cards:
        reactions = (name,) if name else ()
        definition = CardDef(key=f"c-{name}", name="Card", reactions=reactions)
        state.create_card(definition, zones[zone], owner=0)
    for card_id, zone in moves:
        if card_id < len(state.cards):
            state.move(state.cards[card_id], zones[zone])
    state.run(Ping())
    listening = [card_id for card_id, (name, _) in enumerate(cards) if name]
    assert state.log == [("heard", card_id, True) for card_id in listening]


def test_rule_reactions_come_before_card_reactions() -> None:
    rule = reaction(Ping, name="rule")(lambda state, action, source: [Mark("rule")])
    state = make_state(rules=[rule])
    zone = table(state)[2]
    state.create_card(CardDef(key="c", name="C", reactions=("echo",)), zone, owner=None)
    state.run(Ping())
    assert state.log == ["rule", ("heard", 0, True)]


def test_a_card_reaction_can_come_from_a_component() -> None:
    state = make_state()
    zone = table(state)[0]
    card = state.create_card(CardDef(key="c", name="C"), zone, owner=0)
    state.attach(card, Component(key="charm", reactions=("echo",)))
    state.run(Ping())
    assert state.log == [("heard", 0, True)]
    state.detach(card, "charm")
    state.run(Ping())
    assert state.log == [("heard", 0, True)]


def test_a_card_naming_an_unknown_reaction_is_refused() -> None:
    state = make_state()
    zone = table(state)[0]
    with pytest.raises(KeyError, match="no reaction named 'missing' in test's catalogue"):
        state.create_card(CardDef(key="c", name="C", reactions=("missing",)), zone, owner=0)


# -- reactions told what an action did -------------------------------------------------------


def test_a_told_reaction_receives_the_action_and_its_event_in_order_with_the_others() -> None:
    """A reaction declared ``told`` is handed the event the action returned besides the
    action; the others receive the action alone, and all run in the order the rules list."""

    @reaction(Roll, name="before")
    def before(state: LogState, action: Roll, source: Card | None) -> None:
        state.reacted.append(("before", action))

    @reaction(Roll, name="told", told=True)
    def told(state: LogState, action: Roll, source: Card | None, rolled: Rolled) -> None:
        state.reacted.append(("told", action))
        state.log.append(rolled.value)

    state = make_state(rules=[before, told, noting("after", Roll)])
    roll = Roll()
    state.run(roll)
    (rolled,) = state.journal or []
    assert isinstance(rolled, Rolled)
    assert state.reacted == [("before", roll), ("told", roll), ("after", roll)]
    assert state.log == [rolled.value]


def test_a_told_card_reaction_receives_the_event_too() -> None:
    state = make_state()
    state.create_card(CardDef(key="c", name="C", reactions=("lucky",)), table(state)[2], owner=None)
    state.journal = None  # without a journal the event is still made and told
    state.run(Roll())
    ((name, card_id, value),) = cast(list[tuple[str, int, int]], state.log)
    assert (name, card_id) == ("lucky", 0)
    assert 1 <= value <= 6


# -- checks and the end of the match ----------------------------------------------------------


@PROPERTY
@given(before=st.lists(st.integers(), max_size=5), after=st.lists(st.integers(), max_size=5))
def test_a_check_that_ends_the_match_drops_the_rest_of_the_queue(
    before: list[int], after: list[int]
) -> None:
    state = make_state(rules=[after_fatal], checks=[game_over])
    fatal = Fatal("fatal")
    state.run(*(Mark(tag) for tag in before), fatal, *(Mark(tag) for tag in after))
    assert state.log == [*before, "fatal"]  # not "after fatal", nor anything after
    assert state.outcome == Outcome(winners=(0,), reason="fatal")
    assert not state.queue
    assert state.journal is not None
    assert state.journal[-1] is fatal


def test_checks_run_at_once_not_from_the_queue() -> None:
    state = make_state(rules=[next_link], checks=[game_over])
    state.run(Chain("a", 3), Fatal("fatal"))
    # The chain's second link was queued behind Fatal, and never ran.
    assert state.log == [("a", 0), "fatal"]


# -- the step bound ---------------------------------------------------------------------------


def test_a_reaction_loop_hits_the_step_bound() -> None:
    state = make_state(rules=[again], step_limit=50)
    with pytest.raises(RunawayReactions, match=r"more than 50 actions in one step") as info:
        state.run(Loop())
    assert "reactions keep triggering each other" in info.value.reason
    assert "Loop" in info.value.reason
    assert not state.queue
    assert state.journal is not None
    assert len(state.journal) == 50


@pytest.mark.parametrize("limit", [1, 7, 50])
def test_the_bound_allows_exactly_its_number_of_actions(limit: int) -> None:
    state = make_state(step_limit=limit)
    state.run(*(Mark(tag) for tag in range(limit)))
    state.run(*(Mark(tag) for tag in range(limit)))  # the count starts again at each run
    assert len(state.log) == 2 * limit
    with pytest.raises(RunawayReactions, match=f"more than {limit} actions"):
        state.run(*(Mark(tag) for tag in range(limit + 1)))
