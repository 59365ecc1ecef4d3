"""Extension points: what cardtable declares itself, and what installed plug-ins add.

Each kind of extra (games, computer players, opponent models, research encodings, terminal
boards, browser tables) is an :class:`Extensions`: cardtable's own entries, listed explicitly
in the module that owns the kind, then the entries of installed packages found through that
kind's entry-point group (:data:`GROUPS`). A plug-in's package declares them in its
``pyproject.toml``::

    [project.entry-points."cardtable.boards"]
    highcard = "highcard.board:HighCardBoard"

A plug-in that fails to load never breaks cardtable: it is left out, and
:meth:`Extensions.problems` says why (``cardtable games`` prints them). Entries are found
once, when first asked for; :meth:`Extensions.forget` finds them again.

>>> boards = Extensions("cardtable.boards", "board", lambda: {"war": "War's board"}, str)
>>> boards.get("War"), boards.get("chess"), boards.names()
("War's board", None, ['war'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, Generic, TypeVar

__all__ = [
    "GROUPS",
    "ExtensionError",
    "Extensions",
    "accepting",
    "accepting_callable",
    "every_kind",
    "every_problem",
]

T = TypeVar("T")

GROUPS: Mapping[str, str] = {
    "cardtable.games": "a game: a Game subclass or instance",
    "cardtable.agents": "a computer player: a ComputerPlayer (its games, how it is made)",
    "cardtable.opponent_models": "how a game's players play, for the search player, by game",
    "cardtable.encodings": "a game's research encoding: made from a ruleset, by game",
    "cardtable.boards": "a game's terminal board: a Board subclass, by game",
    "cardtable.tables": "a game's browser table: a package of the plug-in holding table.js",
}
"""Every entry-point group cardtable reads, and what an entry of it names."""

_EVERY: list[Extensions[Any]] = []


class ExtensionError(Exception):
    """An entry point names something that is not what its group holds (the reason)."""


class Extensions(Generic[T]):
    """The extras of one kind: cardtable's own (``builtin``, asked for when first needed)
    and those of the entry-point group ``group``, each checked by ``accept`` (which raises
    :class:`ExtensionError` saying what is wrong) and filed under ``key`` of it (the entry's
    name, lowercased, unless given)."""

    def __init__(
        self,
        group: str,
        what: str,
        builtin: Callable[[], Mapping[str, T]],
        accept: Callable[[object], T],
        *,
        key: Callable[[T], str] | None = None,
    ) -> None:
        if group not in GROUPS:
            raise ValueError(f"{group!r} is not one of cardtable's entry-point groups")
        self.group = group
        self.what = what
        self._builtin = builtin
        self._accept = accept
        self._key = key
        self._found: tuple[dict[str, T], dict[str, T], dict[str, str]] | None = None
        _EVERY.append(self)

    def _entries(self) -> tuple[dict[str, T], dict[str, T], dict[str, str]]:
        if self._found is None:
            own = {name.lower(): value for name, value in self._builtin().items()}
            added: dict[str, T] = {}
            problems: dict[str, str] = {}
            for entry in entry_points(group=self.group):
                label = entry.name.strip().lower()
                try:
                    value = self._accept(entry.load())
                except ExtensionError as error:
                    problems[label] = f"{entry.value} is not {error}"
                    continue
                except Exception as error:  # third-party code: any failure is reported
                    problems[label] = f"it failed to load ({type(error).__name__}: {error})"
                    continue
                name = self._key(value).lower() if self._key else label
                if name in own:
                    problems[label] = f"its name {name!r} is taken by a built-in {self.what}"
                elif name in added:
                    taken = f"a {self.what} named {name!r}"
                    problems[label] = f"another plug-in already provides {taken}"
                else:
                    added[name] = value
            self._found = own, added, problems
        return self._found

    def get(self, name: str) -> T | None:
        """The entry called ``name`` (any case, spaces around ignored), or ``None``."""
        own, added, _ = self._entries()
        key = name.strip().lower()
        return own[key] if key in own else added.get(key)

    def names(self) -> list[str]:
        """Every entry's name: cardtable's own in their order, then the plug-ins' sorted."""
        own, added, _ = self._entries()
        return [*own, *sorted(added)]

    def plugins(self) -> list[str]:
        """The names that installed plug-ins provide."""
        return sorted(self._entries()[1])

    def problems(self) -> dict[str, str]:
        """Entry points of the group that could not be taken, with the reason for each."""
        return dict(self._entries()[2])

    def forget(self) -> None:
        """Find the entries again when next asked (after installing a plug-in)."""
        self._found = None


def every_kind() -> list[Extensions[Any]]:
    """Every kind of extra made so far (each module that owns a kind makes it on import)."""
    return list(_EVERY)


def every_problem() -> dict[str, dict[str, str]]:
    """The problems of every kind of extra asked for so far, by group (groups without
    problems left out)."""
    found: dict[str, dict[str, str]] = {}
    for kind in _EVERY:
        if problems := kind.problems():
            found.setdefault(kind.group, {}).update(problems)
    return found


def accepting(kind: type[T], said: str) -> Callable[[object], T]:
    """An ``accept`` for :class:`Extensions` that takes instances of ``kind``, described as
    ``said`` when refused.

    >>> accepting(int, "a number")(3)
    3
    >>> accepting(int, "a number")("three")
    Traceback (most recent call last):
    ...
    cardtable.extensions.ExtensionError: a number
    """

    def accept(loaded: object) -> T:
        if not isinstance(loaded, kind):
            raise ExtensionError(said)
        return loaded

    return accept


def accepting_callable(said: str) -> Callable[[object], Callable[..., Any]]:
    """An ``accept`` for :class:`Extensions` that takes anything callable (a class or a
    function that makes the extra), described as ``said`` when refused.

    >>> accepting_callable("a board")(len) is len
    True
    """

    def accept(loaded: object) -> Callable[..., Any]:
        if not callable(loaded):
            raise ExtensionError(said)
        return loaded

    return accept
