"""Actions: every change of state is one, queued and processed first in, first out.

An action answers three questions: can it still execute (asked right before it runs), what it
does to the state, and how it appears in the event stream of a given seat (``None`` hides it
from that seat entirely; most actions show a redacted form instead).

An :class:`Event` is an action that changes nothing: it exists to be reacted to.

>>> class Ping(Event):
...     __slots__ = ()
...     def event(self, seat: int | None) -> JsonObject | None:
...         return {"type": "ping"}
>>> Ping().event(None)
{'type': 'ping'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

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

    def execute(self, state: S) -> None:
        """Change the state. Only actions change state."""

    def event(self, seat: int | None) -> JsonObject | None:
        """This action as ``seat`` may see it (``None``: a spectator). ``None`` hides it.

        Called only for executed actions: an event may use what ``execute`` recorded.
        """
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


def _slot_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names
