"""Agents by name, and the seat grammar every command shares.

``--seats human,greedy`` gives seat 0 to a person and seat 1 to the greedy agent. A seat is
``NAME`` or ``NAME:LEVEL``: the search player takes a level (``ismcts:hard``), a number of
iterations (``ismcts:400``) or a time a decision (``ismcts:300ms``), within
:data:`BUDGET_LIMITS`. The names are those of :data:`~cardtable.agents.players.PLAYERS`,
cardtable's own and installed plug-ins'. On one's own machine a seat may also name one's own
Python code, ``py:MODULE:OBJECT[:LEVEL]`` (:mod:`~cardtable.agents.imported`).

>>> [spec.text() for spec in parse_seats("human, greedy")]
['human', 'greedy']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.agents.base import Agent
from cardtable.agents.imported import PREFIX, CannotImport, imported_factory, split_path
from cardtable.agents.ismcts import BadLevel, BudgetLimits
from cardtable.agents.players import PLAYERS, Factory, NoLevels, own_player, players_of
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng

HUMAN = "human"

BUDGET_LIMITS = BudgetLimits(iterations=5_000, milliseconds=10_000)
"""The largest budget a seat may give a computer player: 5,000 iterations (five times the hard
level's 1,000; measured on an opening position, 1.8 CPU-seconds a decision in the Kata TCG and
6.8 in Karata, whose modelled iterations cost most) or 10,000 ms a decision. Beyond them a
seat is refused (:class:`UnknownAgent`, which a room on the server answers as ``bad_message``):
a server must not let one room's player pin a core. The server asks for them
(``limits=BUDGET_LIMITS``); on a user's own machine (the terminal, simulations, research) a
budget is the user's to spend, so :func:`make_agent` and :func:`check_seats` set none unless
asked."""

__all__ = [
    "BUDGET_LIMITS",
    "HUMAN",
    "Factory",
    "SeatSpec",
    "UnknownAgent",
    "agent_names",
    "check_seats",
    "default_agent",
    "default_seats",
    "make_agent",
    "parse_seats",
]


class UnknownAgent(CardtableError):
    """A seat names an agent that does not exist (or not for this game)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits at a seat: ``human`` or an agent name, with an optional level."""

    name: str
    level: str | None = None

    @property
    def human(self) -> bool:
        return self.name == HUMAN

    @property
    def imported(self) -> bool:
        """Whether it names a Python object (``py:MODULE:OBJECT``), not a registered player."""
        return self.name.startswith(PREFIX)

    def text(self) -> str:
        return self.name if self.level is None else f"{self.name}:{self.level}"


def agent_names(game: Game[Any, Any]) -> list[str]:
    """The registered agents that can play ``game`` (see :mod:`~cardtable.agents.players`)."""
    return players_of(game)


def default_agent(game: Game[Any, Any]) -> str:
    """The computer player that takes a seat nobody named: the game's own player where it
    has one, else the random player.

    >>> from cardtable.games import find
    >>> default_agent(find("tcg")), default_agent(find("karata")), default_agent(find("war"))
    ('greedy', 'heuristic', 'random')
    """
    return own_player(game) or "random"


def default_seats(game: Game[Any, Any], seats: int) -> list[SeatSpec]:
    """A person at seat 0 and the game's default computer player at every other seat.

    >>> from cardtable.games import find
    >>> [spec.text() for spec in default_seats(find("war"), 3)]
    ['human', 'random', 'random']
    """
    return [SeatSpec(HUMAN), *(SeatSpec(default_agent(game)) for _ in range(seats - 1))]


def parse_seats(text: str, *, imports: bool = False) -> list[SeatSpec]:
    """Parse a comma-separated seat list (``UnknownAgent`` for an empty or malformed one).
    With ``imports``, a seat may name a Python object, ``py:MODULE:OBJECT[:LEVEL]`` (see
    :mod:`~cardtable.agents.imported`): only where the user runs their own code.

    >>> [spec.text() for spec in parse_seats("Random, py:mybots:Bold:3", imports=True)]
    ['random', 'py:mybots:Bold:3']
    >>> parse_seats("py:mybots:Bold")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.agents.registry.UnknownAgent: 'py:mybots:Bold' names Python code: ...
    """
    specs = []
    for part in text.split(","):
        word = part.strip()
        if not word:
            raise UnknownAgent(f"{text!r} has an empty seat: write names like human,greedy")
        if word[: len(PREFIX)].lower() == PREFIX:
            if not imports:
                raise UnknownAgent(
                    f"{word!r} names Python code: only programs on your own machine seat it "
                    "(a server seats the computer players installed on it)"
                )
            try:
                module, name, level = split_path(word[len(PREFIX) :])
            except CannotImport as error:
                raise UnknownAgent(error.reason) from None
            specs.append(SeatSpec(f"{PREFIX}{module}:{name}", level))
            continue
        name, _, level = word.lower().partition(":")
        if not name.replace("-", "").isalnum() or (level and not level.isalnum()):
            raise UnknownAgent(f"{word!r} is not a seat: write NAME or NAME:LEVEL")
        specs.append(SeatSpec(name, level or None))
    return specs


def make_agent(
    spec: SeatSpec,
    game: Game[Any, Any],
    rng: Rng,
    *,
    limits: BudgetLimits | None = None,
) -> Agent:
    """The agent a seat spec names, for ``game``, with its own generator, and a budget
    within ``limits`` (``None``: any budget; a server gives limits, and never imports).

    >>> from cardtable.games import find
    >>> agent = make_agent(parse_seats("ismcts:hard")[0], find("war"), Rng(0))
    >>> agent.name, agent.iterations
    ('ismcts', 1000)
    >>> make_agent(parse_seats("ismcts:50000")[0], find("war"), Rng(0)).iterations
    50000
    >>> make_agent(parse_seats("ismcts:50000")[0], find("war"), Rng(0), limits=BUDGET_LIMITS)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.agents.registry.UnknownAgent: ismcts:50000 asks for 50,000 ...: at most 5,000 ...
    """
    if spec.imported:
        if limits is not None:
            raise UnknownAgent(f"{spec.text()!r} names Python code, which a server never runs")
        module, _, name = spec.name[len(PREFIX) :].partition(":")
        try:
            return imported_factory(module, name, spec.level, game.name)(rng)
        except CannotImport as error:
            raise UnknownAgent(f"{spec.text()!r} cannot play: {error.reason}") from None
    player = PLAYERS.get(spec.name)
    if player is None or not player.plays(game.name):
        known = ", ".join([HUMAN, *agent_names(game)])
        raise UnknownAgent(f"no player called {spec.name!r} for {game.title}; choose from {known}")
    try:
        factory = player.factory(spec.level, limits)
    except NoLevels:
        raise UnknownAgent(f"{spec.name} has no levels (got {spec.text()!r})") from None
    except BadLevel as error:
        raise UnknownAgent(error.reason) from None
    return factory(rng)


def check_seats(
    specs: list[SeatSpec],
    game: Game[Any, Any],
    seats: int,
    *,
    limits: BudgetLimits | None = None,
) -> None:
    """Raise ``UnknownAgent`` unless ``specs`` fill exactly ``seats`` seats with known players
    whose budgets are within ``limits``."""
    if len(specs) != seats:
        raise UnknownAgent(f"{game.title} needs {seats} seats, got {len(specs)}")
    for spec in specs:
        if not spec.human:
            make_agent(spec, game, Rng(0), limits=limits)
