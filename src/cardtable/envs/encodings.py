"""Which encoding each game has, and how a game and its rules are named.

The table is explicit: a game joins the research environments when it has an encoding here.
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
from cardtable.envs.encoding import Encoding
from cardtable.envs.karata import KarataEncoding
from cardtable.envs.tcg import TcgEncoding
from cardtable.envs.war import WarEncoding
from cardtable.games import find

ENCODINGS: dict[str, Callable[[Any], Encoding]] = {
    "karata": KarataEncoding,
    "tcg": TcgEncoding,
    "war": WarEncoding,
}
"""Each game with a research encoding: the encoding's class, made from a ruleset."""


def games() -> list[str]:
    """The games that have research environments."""
    return sorted(ENCODINGS)


def resolve(name: str, rules: object) -> tuple[Game[Any, Any], Any]:
    """The game called ``name`` and the ruleset ``rules`` stands for (``UnknownGame`` for a
    game without an environment, ``RulesetError`` for bad rules)."""
    if name not in ENCODINGS:
        raise UnknownGame(
            f"no research environment for a game called {name!r}; choose from " + ", ".join(games())
        )
    game = find(name)
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
    """The encoding of ``game`` under ``rules`` (a ruleset of the game)."""
    if game.name not in ENCODINGS:
        raise UnknownGame(f"{game.title} has no research encoding")
    return ENCODINGS[game.name](rules)
