"""Your own computer player, seated by its Python import path: ``py:MODULE:OBJECT[:LEVEL]``.

On your own machine (``play``, ``simulate``, ``ladder``, ``balance``, ``tournament run``, a
research environment's opponents) a seat may name any Python object that makes an agent:

* a :class:`~cardtable.agents.base.Agent` subclass, or any callable, called with the seat's
  own generator (``Factory(rng)``), or with the level too when the seat gives one
  (``py:mybots.search:Deep:400`` calls ``Deep(rng, "400")``);
* a :class:`~cardtable.agents.players.ComputerPlayer`, made as a registered one is.

The module is imported as Python would (installed packages, then the current folder). A
server never does this: a room seats registered players only, so that no client can make it
import a module (an operator installs a package that registers its players instead).

>>> factory = imported_factory("cardtable.agents.random", "RandomAgent", None, "war")
>>> type(factory(Rng(1))).__name__
'RandomAgent'
>>> imported_factory("cardtable.agents.random", "Nothing", None, "war")
Traceback (most recent call last):
...
cardtable.agents.imported.CannotImport: cardtable.agents.random has no Nothing
"""

from __future__ import annotations

import importlib
import os
import re
import sys

from cardtable.agents.base import Agent
from cardtable.agents.ismcts import BadLevel
from cardtable.agents.players import ComputerPlayer, Factory
from cardtable.engine.errors import CardtableError
from cardtable.engine.rng import Rng

__all__ = ["PREFIX", "CannotImport", "imported_factory", "split_path"]

PREFIX = "py:"
"""How a seat says it names a Python object rather than a registered player."""

_DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")
_LEVEL = re.compile(r"[A-Za-z0-9_.\-]+")


class CannotImport(CardtableError):
    """A ``py:`` seat whose object cannot be found or cannot make an agent (the reason)."""


def split_path(text: str) -> tuple[str, str, str | None]:
    """The module, object and level of a ``py:`` seat (without the prefix).

    >>> split_path("mybots.search:Deep:400")
    ('mybots.search', 'Deep', '400')
    >>> split_path("mybots")
    Traceback (most recent call last):
    ...
    cardtable.agents.imported.CannotImport: 'py:mybots' is not an import path: write \
py:MODULE:OBJECT, or py:MODULE:OBJECT:LEVEL
    """
    module, _, rest = text.partition(":")
    name, _, level = rest.partition(":")
    if (
        not _DOTTED.fullmatch(module)
        or not _DOTTED.fullmatch(name)
        or (level and not _LEVEL.fullmatch(level))
    ):
        raise CannotImport(
            f"{PREFIX + text!r} is not an import path: write py:MODULE:OBJECT, "
            "or py:MODULE:OBJECT:LEVEL"
        )
    return module, name, level or None


def _find(module_name: str, name: str) -> object:
    if os.getcwd() not in sys.path:  # as ``python -m`` finds modules of the current folder
        sys.path.append(os.getcwd())
    try:
        found: object = importlib.import_module(module_name)
    except Exception as error:  # the user's module: any failure to import is theirs to see
        raise CannotImport(
            f"cannot import {module_name} ({type(error).__name__}: {error})"
        ) from None
    for part in name.split("."):
        if not hasattr(found, part):
            raise CannotImport(f"{module_name} has no {name}")
        found = getattr(found, part)
    return found


def imported_factory(module_name: str, name: str, level: str | None, game: str) -> Factory:
    """How to make the agent ``name`` of ``module_name`` at ``level`` for the game called
    ``game``; :class:`CannotImport` says why it cannot."""
    found = _find(module_name, name)
    where = f"{module_name}:{name}"
    if isinstance(found, ComputerPlayer):
        if not found.plays(game):
            raise CannotImport(f"{where} does not play {game}")
        try:
            return found.factory(level, None)
        except BadLevel as error:
            raise CannotImport(f"{where}: {error.reason}") from None
    if not callable(found):
        raise CannotImport(f"{where} is a {type(found).__name__}, not something that makes agents")
    make = found

    def factory(rng: Rng) -> Agent:
        try:
            agent = make(rng) if level is None else make(rng, level)
        except Exception as error:  # the user's code: say what it raised, as theirs
            raise CannotImport(
                f"{where} failed to make an agent ({type(error).__name__}: {error})"
            ) from None
        if not isinstance(agent, Agent):
            raise CannotImport(
                f"{where} made a {type(agent).__name__}, not a cardtable agent "
                "(a subclass of cardtable.agents.Agent)"
            )
        return agent

    return factory
