"""What the other players did between two of a seat's decisions, read from its two views.

A seat is shown a view at each of its decisions, and nothing in between. Everything the
others did is public, though: the pile keeps every card played, in order, the view counts the
turns, and each hand's size, the direction of play and the bomb are on show. :func:`between`
replays the turns between two views on those public facts alone (the seat's own turn, known
from its decision, then each other player's: a pass, or a run of the cards that came onto the
pile) and keeps the one story that fits the later view. When none fits, or more than one,
or the pile was shuffled back into the deck, or a player left, it says it cannot tell.

A request made by another player's Aces is not shown until it reaches the seat: the replay
calls it unknown until then, and a pass on an unknown request tells only that the player held
no Ace.

>>> from cardtable.engine import Match
>>> from cardtable.games.karata.config import KarataRules
>>> from cardtable.games.karata.game import GAME
>>> match = Match(GAME, KarataRules(players=3), seed=2)
>>> before = match.view(0)
>>> for seat in (0, 1, 2):
...     match.decide(seat, "pass")
>>> for event in between(before, Pass(), match.view(0), KarataRules(players=3)):
...     print(event)
Passed(seat=1, held=4, picked=1)
Passed(seat=2, held=4, picked=1)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.engine.decisions import Decision
from cardtable.engine.view import View
from cardtable.games.karata.cards import ACE, JOKER, face, keys, suit
from cardtable.games.karata.config import KarataRules
from cardtable.games.karata.decisions import Finish, Pass, Turn
from cardtable.games.karata.state import PILE, PLAY, hand_names
from cardtable.games.karata.turns import Table, first_problem, settle, turn_problem

UNKNOWN = "?"
"""The prefix of an unknown request (another player's Aces asked for something unseen)."""
STORIES = 2
"""Stories the replay looks for: a second one that fits means it cannot tell."""
STEPS = 5000
"""Replay steps at most, before it gives up."""


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed holding ``held`` cards and picked ``picked``: none of the cards it
    held was one of ``forbidden``, the cards that could have started its turn."""

    seat: int
    forbidden: frozenset[str] = field(repr=False)
    held: int
    picked: int


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` played ``cards`` and then picked ``picked`` (1 for an unanswered
    question)."""

    seat: int
    cards: tuple[str, ...]
    picked: int


Event = Passed | Played


@dataclass(frozen=True, slots=True)
class _Facts:
    """The public facts the replay keeps: whose turn, where play goes, what is on the table,
    and how many cards each hand holds. ``request`` may be unknown (``?1``, ``?2``...)."""

    active: int
    direction: int
    top: str
    request: str
    bomb: int
    sizes: tuple[int, ...]
    out: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Pending:
    """A pass whose request may still be unknown: resolved when the story is complete."""

    seat: int
    table: Table
    held: int
    picked: int


_Story = tuple[tuple[_Pending | Played, ...], str]
"""A story that fits, and the request standing at its end."""


def between(
    before: View[Any], decision: Decision, after: View[Any], rules: KarataRules
) -> tuple[Event, ...] | None:
    """What the other players did from ``before`` (where the seat chose ``decision``) to
    ``after``, the seat's next view, in order; ``None`` when the views cannot tell."""
    seat = before.seat
    if seat is None or after.seat != seat or after.version <= before.version:
        return None
    if after.turn == before.turn:  # the seat is still building its turn
        return ()
    if before.public["out"] != after.public["out"] or after.turn < before.turn:
        return None
    old = [card.id for card in before.cards(PILE)]
    staged = tuple(card.key for card in before.cards(PLAY))
    pile = after.cards(PILE)
    if [card.id for card in pile[: len(old)]] != old:
        return None  # the pile went back into the deck: the cards played in between are lost
    played = [card.key for card in pile[len(old) :]]
    facts = _facts(before)
    if isinstance(decision, Pass):
        facts = _pass(facts, seat)
    else:
        if isinstance(decision, Finish):
            mine, request = staged, decision.request
        elif isinstance(decision, Turn):
            mine, request = decision.cards, decision.request
        else:
            return None
        if tuple(played[: len(mine)]) != mine or not mine:
            return None
        facts = _turn(facts, seat, mine, request, rules, 0)
        played = played[len(mine) :]
    goal = _facts(after)
    stories: list[_Story] = []
    budget = [STEPS]
    turns = after.turn - before.turn - 1
    _replay(facts, tuple(played), turns, seat, goal, rules, (), stories, budget)
    if len(stories) != 1 or budget[0] <= 0:
        return None
    story, standing = stories[0]
    return _resolve(story, standing, goal.request, rules)


def _facts(view: View[Any]) -> _Facts:
    public = view.public
    pile = view.cards(PILE)
    seats = len(public["declared"])
    return _Facts(
        active=view.active,
        direction=public["direction"],
        top=pile[-1].key if pile else "",
        request=public["request"],
        bomb=public["bomb"],
        sizes=tuple(view.size(name) for name in hand_names(seats)),
        out=tuple(public["out"]),
    )


def _replay(
    facts: _Facts,
    played: tuple[str, ...],
    turns: int,
    seat: int,
    goal: _Facts,
    rules: KarataRules,
    story: tuple[_Pending | Played, ...],
    stories: list[_Story],
    budget: list[int],
) -> None:
    budget[0] -= 1
    if budget[0] <= 0 or len(stories) >= STORIES:
        return
    if facts.active == seat or turns <= 0:
        if facts.active == seat and turns == 0 and not played and _fits(facts, goal, seat):
            stories.append((story, facts.request))
        return
    actor = facts.active
    if played and facts.sizes[actor]:
        for count in range(1, min(len(played), facts.sizes[actor]) + 1):
            cards = played[:count]
            table = _table(facts, cards[0])
            if turn_problem(cards, table, rules) is not None:
                continue
            after = _turn(facts, actor, cards, None, rules, len(story))
            picked = after.sizes[actor] - facts.sizes[actor] + count
            step = Played(actor, cards, picked)
            _replay(
                after, played[count:], turns - 1, seat, goal, rules, (*story, step), stories, budget
            )
    held = facts.sizes[actor]
    table = Table(top=facts.top, request=facts.request, bomb=facts.bomb)
    after = _pass(facts, actor)
    pending = _Pending(actor, table, held, after.sizes[actor] - held)
    _replay(after, played, turns - 1, seat, goal, rules, (*story, pending), stories, budget)


def _fits(facts: _Facts, goal: _Facts, seat: int) -> bool:
    sizes_fit = all(
        facts.sizes[other] == goal.sizes[other] for other in range(len(goal.sizes)) if other != seat
    )
    request_fits = facts.request == goal.request or facts.request.startswith(UNKNOWN)
    return (
        sizes_fit
        and request_fits
        and facts.bomb == goal.bomb
        and facts.direction == goal.direction
        and facts.top == goal.top
    )


def _table(facts: _Facts, first: str) -> Table:
    """The table a turn starting with ``first`` met: an unknown request is taken as met by a
    first card that is not an Ace (it must have been, or the turn was not legal)."""
    request = facts.request
    if request.startswith(UNKNOWN):
        if face(first) == ACE:
            request = ""
        else:
            request = suit(first) if face(first) != JOKER else first
    return Table(top=facts.top, request=request, bomb=facts.bomb)


def _turn(
    facts: _Facts,
    seat: int,
    cards: tuple[str, ...],
    request: str | None,
    rules: KarataRules,
    serial: int,
) -> _Facts:
    """The facts after ``seat`` played ``cards`` asking for ``request`` (``None``: unseen)."""
    settled = settle(cards, _table(facts, cards[0]), rules)
    if request is None:  # another player: its Aces may have asked for anything
        aces = any(face(card) == ACE for card in cards)
        request = f"{UNKNOWN}{serial}" if aces else settled.request
    else:
        request = request or settled.request
    direction = -facts.direction if settled.kings % 2 else facts.direction
    sizes = list(facts.sizes)
    sizes[seat] += (1 if settled.unanswered else 0) - len(cards)
    moved = replace(
        facts,
        top=cards[-1],
        request=request,
        bomb=settled.bomb,
        direction=direction,
        sizes=tuple(sizes),
    )
    return replace(moved, active=seat if settled.again else _next(moved, seat, 1 + settled.jumps))


def _pass(facts: _Facts, seat: int) -> _Facts:
    sizes = list(facts.sizes)
    sizes[seat] += facts.bomb or 1
    moved = replace(facts, bomb=0, sizes=tuple(sizes))
    return replace(moved, active=_next(moved, seat, 1))


def _next(facts: _Facts, seat: int, steps: int) -> int:
    current, seats = seat, len(facts.sizes)
    for _ in range(steps):
        current = (current + facts.direction) % seats
        while current in facts.out:
            current = (current + facts.direction) % seats
    return current


def _resolve(
    story: tuple[_Pending | Played, ...], standing: str, shown: str, rules: KarataRules
) -> tuple[Event, ...]:
    """The story's passes with what each player could not play. An unknown request still
    ``standing`` at the end of the story is the one the later view ``shown``; one met since
    tells only that the player held no Ace (an Ace may always go on a request)."""
    events: list[Event] = []
    for step in story:
        if isinstance(step, Played):
            events.append(step)
            continue
        table = step.table
        if not table.request.startswith(UNKNOWN):
            forbidden = playable(table, rules)
        elif table.request == standing:
            forbidden = playable(replace(table, request=shown), rules)
        else:
            forbidden = _ACES
        events.append(Passed(step.seat, forbidden, step.held, step.picked))
    return tuple(events)


_ACES = frozenset(key for key in keys() if face(key) == ACE)


@functools.cache
def playable(table: Table, rules: KarataRules) -> frozenset[str]:
    """The cards that could start a turn on ``table``.

    >>> sorted(playable(Table(top="7H", bomb=0), KarataRules()))[:6]
    ['10H', '2H', '3H', '4H', '5H', '6H']
    """
    return frozenset(key for key in keys() if first_problem(key, table, rules) is None)
