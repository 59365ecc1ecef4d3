"""Which encoding each game has, and how a game and its rules are named.

Every registered game has a research environment. cardtable's own games have encodings of
their own, listed explicitly here (:func:`_builtin`); a plug-in game may add its own through
the ``cardtable.encodings`` entry-point group, by game name::

    [project.entry-points."cardtable.encodings"]
    highcard = "highcard.encoding:HighCardEncoding"

An entry names a callable (an :class:`~cardtable.envs.encoding.Encoding` subclass, or a
function) that takes a ruleset of the game and returns its encoding. An entry that is not
callable, or fails to load, is left out and reported (:data:`ENCODINGS`' ``problems()``,
and :func:`cardtable.extensions.every_problem` once this module is loaded): the game keeps
the generic encoding. A game with no encoding of its
own gets the :class:`~cardtable.envs.generic.GenericEncoding`, read from what every game
declares (its zones, its cards, its public data and its decisions).

Rules may be a ruleset of the game, a mapping of fields (validated, every other field at
its default) or ``None`` for the default ruleset.

>>> game, rules = resolve("karata", {"players": 3})
>>> game.name, rules.players, encoding_for(game, rules).seats
('karata', 3, 3)
>>> resolve("chess", None)
Traceback (most recent call last):
...
cardtable.engine.errors.UnknownGame: no research environment for a game called 'chess'; \
choose from karata, tcg, war
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.engine.errors import RulesetError, UnknownGame
from cardtable.engine.game import Game
from cardtable.envs.encoding import Encoding, EncodingError
from cardtable.envs.generic import GenericEncoding
from cardtable.envs.karata import KarataEncoding
from cardtable.envs.tcg import TcgEncoding
from cardtable.envs.war import WarEncoding
from cardtable.extensions import ExtensionError, Extensions
from cardtable.games import find, names, plugin_problems

ENTRY_POINT_GROUP = "cardtable.encodings"

MakeEncoding = Callable[[Any], Encoding]
"""What an entry of the group names: made from a ruleset of its game, an encoding."""


def _builtin() -> dict[str, MakeEncoding]:
    """cardtable's own games' encodings, by game."""
    return {"karata": KarataEncoding, "tcg": TcgEncoding, "war": WarEncoding}


def _callable(loaded: object) -> MakeEncoding:
    if not callable(loaded):
        raise ExtensionError("callable: an Encoding subclass, or a function of a ruleset")
    made: MakeEncoding = loaded
    return made


ENCODINGS: Extensions[MakeEncoding] = Extensions(ENTRY_POINT_GROUP, "encoding", _builtin, _callable)
"""Each game with an encoding of its own, by game name: ours, then the plug-ins'."""


def games() -> list[str]:
    """The games that have research environments: every registered game, sorted."""
    return sorted(names())


def own(name: str) -> bool:
    """Whether the game called ``name`` has an encoding of its own (else it gets the generic
    one).

    >>> own("war"), own("chess")
    (True, False)
    """
    return ENCODINGS.get(name) is not None


def resolve(name: str, rules: object) -> tuple[Game[Any, Any], Any]:
    """The game called ``name`` and the ruleset ``rules`` stands for (``UnknownGame`` for a
    game nobody registered, ``RulesetError`` for bad rules)."""
    try:
        game = find(name)
    except UnknownGame:
        if name.strip().lower() in plugin_problems():
            raise  # installed, but broken: the registry says why
        known = ", ".join(games())
        raise UnknownGame(
            f"no research environment for a game called {name!r}; choose from {known}"
        ) from None
    if rules is None:
        return game, game.default_ruleset()
    if isinstance(rules, game.ruleset_type):
        return game, rules
    if isinstance(rules, Mapping):
        return game, game.load_ruleset(rules)
    raise RulesetError(
        f"rules for {game.title} are a ruleset, a mapping of rule fields or None, "
        f"not {type(rules).__name__}"
    )


def encoding_for(game: Game[Any, Any], rules: Any) -> Encoding:
    """The encoding of ``game`` under ``rules`` (a ruleset of the game): the game's own when
    it has one, else the generic encoding (``EncodingError`` when a plug-in's makes
    something else)."""
    make = ENCODINGS.get(game.name)
    if make is None:
        return GenericEncoding(game, rules)
    encoding = make(rules)
    if not isinstance(encoding, Encoding):
        raise EncodingError(
            f"the research encoding registered for {game.title} made a "
            f"{type(encoding).__name__}, not an Encoding"
        )
    return encoding
