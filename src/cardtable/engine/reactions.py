"""Reactions: what answers an action.

A reaction listens to action types and, after an action of one of those types executes,
returns further actions to queue (at the back of the same queue). Rule reactions belong to the
game; card reactions belong to a card (its definition or a component) in any zone and receive
that card as ``source``. Dispatch is by the executed action's type, never by asking everyone.

A reaction receives the action, which says what was asked (draw a card, hit a character). One
that must know what the action *did* (which card was drawn, whether a shield took the hit)
is declared ``told=True`` and receives the event the action returned as well, as a fourth
argument: an action keeps no results of its own, so its event is the one place they are said.

>>> from cardtable.engine.actions import Event
>>> class Tick(Event): __slots__ = ()
>>> @reaction(Tick)
... def count(state, action, source):
...     return None
>>> count.listens_to == (Tick,)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.engine.actions import Action

if TYPE_CHECKING:
    from cardtable.engine.cards import Card

Respond = Callable[..., "Iterable[Action[Any]] | None"]
"""``respond(state, action, source)``, or with ``told``, ``respond(state, action, source,
event)``."""


@dataclass(frozen=True, slots=True)
class Reaction:
    """A named answer to actions of the listed types."""

    name: str
    listens_to: tuple[type[Action[Any]], ...]
    respond: Respond
    told: bool = False
    """Whether ``respond`` also receives the event the action returned (what it did), as
    ``respond(state, action, source, event)``: only for actions that return one."""

    def __call__(
        self, state: Any, action: Action[Any], source: Card | None
    ) -> Iterable[Action[Any]] | None:
        return self.respond(state, action, source)


def reaction(
    *listens_to: type[Action[Any]], name: str = "", told: bool = False
) -> Callable[[Respond], Reaction]:
    """Decorate ``respond(state, action, source)`` into a :class:`Reaction` (with ``told``,
    ``respond(state, action, source, event)``: see the module)."""

    def wrap(respond: Respond) -> Reaction:
        return Reaction(
            name or getattr(respond, "__name__", "reaction"), listens_to, respond, told=told
        )

    return wrap


class ReactionTable:
    """Reactions indexed by the action types they listen to, subclasses included."""

    __slots__ = ("_by_type", "_cache")

    def __init__(self, reactions: Sequence[Reaction] = ()) -> None:
        self._by_type: dict[type, list[Reaction]] = {}
        self._cache: dict[type[Action[Any]], tuple[Reaction, ...]] = {}
        for item in reactions:
            for action_type in item.listens_to:
                self._by_type.setdefault(action_type, []).append(item)

    def __bool__(self) -> bool:
        return bool(self._by_type)

    def for_type(self, action_type: type[Action[Any]]) -> tuple[Reaction, ...]:
        """Every reaction listening to ``action_type`` or one of its base classes."""
        try:
            return self._cache[action_type]
        except KeyError:
            found = None
        if found is None:
            collected: list[Reaction] = []
            for klass in action_type.__mro__:
                for item in self._by_type.get(klass, ()):
                    if item not in collected:
                        collected.append(item)
            found = self._cache[action_type] = tuple(collected)
        return found


def catalogue(reactions: Iterable[Reaction]) -> Mapping[str, Reaction]:
    """Reactions by name; card definitions and components refer to them by these names."""
    table: dict[str, Reaction] = {}
    for item in reactions:
        if item.name in table:
            raise ValueError(f"two reactions are named {item.name!r}")
        table[item.name] = item
    return table
