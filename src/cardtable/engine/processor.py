"""Processing the action queue: the engine's one loop.

Actions run first in, first out. Right before running, each is asked whether it can still
execute; one that cannot fizzles (the journal records it). The journal keeps the event an
executed action returns (or the action itself, when it returns none). After each executed
action the game's rule reactions, then card reactions (in card id order), may queue further
actions at the back of the same queue (each receives the action, and, when it is ``told``, the
action's event too). Then the rule book's checks for that action type run at once (a game
ends the match there, the moment a player falls: checks do not wait in the queue). Once the
match has an outcome the rest of the queue is dropped. A step bound stops reaction chains that
never settle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.actions import Action, Fizzled
from cardtable.engine.errors import RunawayReactions

if TYPE_CHECKING:
    from cardtable.engine.state import State


def process(state: State) -> None:
    """Run queued actions until the queue is empty or the match is over."""
    queue = state.queue
    journal = state.journal
    book = state.rules
    routes = book.routes
    route = book.route
    limit = book.step_limit
    steps = 0
    while queue:
        action: Action[Any] = queue.popleft()
        steps += 1
        if steps > limit:
            queue.clear()
            raise RunawayReactions(
                f"more than {limit} actions in one step (last: {action!r}); "
                "reactions keep triggering each other"
            )
        kind = type(action)
        rules, checks, conditional, executes = routes.get(kind) or route(kind)
        if conditional and not action.can_execute(state):
            if journal is not None:
                journal.append(Fizzled(action))
            continue
        told = action.execute(state) if executes else None
        if journal is not None:
            journal.append(action if told is None else told)
        if rules:
            for respond, reads_event in rules:
                if reads_event:
                    produced = respond(state, action, None, told)
                else:
                    produced = respond(state, action, None)
                if produced:
                    queue.extend(produced)
        if state.listeners:
            _card_reactions(state, action, told, kind)
        if checks:
            for check in checks:
                check(state, action, None)
        if state.outcome is not None:
            queue.clear()
            return


def _card_reactions(state: State, action: Action[Any], told: object, kind: type) -> None:
    listeners = state.listeners
    found: list[tuple[int, Any]] = []
    for klass in kind.__mro__:
        entries = listeners.get(klass)
        if entries:
            found.extend(entry for entry in entries if entry not in found)
    if len(found) > 1:
        found.sort(key=lambda entry: entry[0])
    for card_id, reaction in found:
        source = state.cards[card_id]
        produced = (
            reaction.respond(state, action, source, told)
            if reaction.told
            else reaction.respond(state, action, source)
        )
        if produced:
            state.queue.extend(produced)
