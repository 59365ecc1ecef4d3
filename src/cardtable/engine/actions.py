"""Actions: every change of state is one, queued and processed first in, first out.

An action answers two questions: can it still execute (asked right before it runs), and what
it does to the state, returning the event that says what happened (an
:class:`~cardtable.engine.events.EventShape`, which knows what each seat may see of it), or
``None`` when it happened unannounced. An action that returns no event may still show itself
through :meth:`Action.event` (the engine's own older actions do).

An :class:`Event` is an action that changes nothing: it exists to be reacted to.

>>> class Ping(Event):
...     __slots__ = ()
...     def event(self, seat: int | None) -> JsonObject | None:
...         return {"type": "ping"}
>>> Ping().event(None)
{'type': 'ping'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from cardtable.engine.events import EventShape
from cardtable.engine.json import JsonObject

if TYPE_CHECKING:
    from cardtable.engine.state import State

S = TypeVar("S", bound="State")


class Action(Generic[S]):
    """A queued change of state. Subclasses use ``__slots__``; they may hold cards (cards are
    immutable) and zones, and record at execution whatever their event will need later."""

    __slots__ = ()

    def can_execute(self, state: S) -> bool:
        """Asked immediately before running; ``False`` makes the action fizzle."""
        return True

    def execute(self, state: S) -> EventShape | None:
        """Change the state (only actions do), and say what happened: the event, or ``None``
        (then the action itself is journalled, and shows itself through :meth:`event`)."""
        return None

    def event(self, seat: int | None) -> JsonObject | None:
        """This action as ``seat`` may see it (``None``: a spectator), for an action whose
        :meth:`execute` returns no event. ``None`` hides it."""
        return None

    def shown(self, seat: int | None) -> bool:
        """Whether ``seat`` learns that this action happened at all (even redacted).

        Decidable before the action runs: a fizzled action is shown to exactly these seats.
        Override it together with :meth:`event` for actions some seats must not notice.
        """
        return True

    @property
    def kind(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in _slot_names(type(self)))
        return f"{type(self).__name__}({values})"


class Event(Action[S]):
    """An announcement ("turn started", "match ended"): it changes nothing."""

    __slots__ = ()


class Fizzled(Action[Any]):
    """The journal's entry for an action that could no longer execute when its turn came."""

    __slots__ = ("action",)

    def __init__(self, action: Action[Any]) -> None:
        self.action = action

    def event(self, seat: int | None) -> JsonObject | None:
        """Shown only to seats that would have noticed the action itself."""
        if not self.action.shown(seat):
            return None
        return {"type": "fizzled", "action": self.action.kind}


Entry: TypeAlias = "Action[Any] | EventShape"
"""One entry of a state's journal: the event an action returned, or the action itself."""


def _slot_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names
