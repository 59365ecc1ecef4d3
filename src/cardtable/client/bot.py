"""Bots: seats that answer every view with a decision, to the end of a match.

:func:`play_seat` plays a connected :class:`~cardtable.client.seat.Seat` with a *chooser*, a
function from a view message to one of its ``legal`` texts (plain or async).
:func:`first_legal` is the simplest chooser; :func:`agent_chooser` lets any computer player
of :mod:`cardtable.agents` choose, from the view alone, as it would at a local table.
:class:`Bot` joins a room and plays a seat in one call (the load script's bots are these).

>>> from cardtable.games import find
>>> choose = agent_chooser(find("war"), "random", seed=1)
>>> callable(choose)
True

A bot against a running server::

    final = await Bot("http://127.0.0.1:8000", room, name="bot", choose=first_legal).run()
    print(final.outcome)
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.agents import SeatSpec, make_agent, parse_seats
from cardtable.client.backoff import DEFAULT_BACKOFF, Backoff
from cardtable.client.errors import ClientError, GaveUp, ServerRefused
from cardtable.client.lobby import Lobby
from cardtable.client.seat import Seat
from cardtable.client.views import decisions_from, view_from_json
from cardtable.engine.game import Game
from cardtable.engine.rng import Rng
from cardtable.protocol import messages as wire
from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.lobby import JoinRoom

Chooser = Callable[[wire.ViewMessage], str | Awaitable[str]]
"""Chooses one of a view message's ``legal`` decisions (as text)."""

Listener = Callable[[wire.ServerMessage], None]
"""Sees every message a bot receives (to log, count or time them)."""

PASSED_OVER = frozenset({"stale_version", "not_your_turn"})
"""Refusals a bot lets go: the next view tells it what to do."""

RETRIED = frozenset({ErrorCode.INTERNAL.value, ErrorCode.UNAVAILABLE.value})
"""Refusals for the server's own failure (a bug, or its database or other processes out of
reach): the decision changed nothing, and a bot makes it again after a back-off."""

SLOW_DOWN = 0.5
"""Seconds a bot waits, when told it sends too many messages, before deciding again."""


def first_legal(view: wire.ViewMessage) -> str:
    """The first legal decision of a view (the protocol lists them in a stable order)."""
    return view.legal[0].text


def agent_chooser(
    game: Game[Any, Any], agent: str | SeatSpec, *, seed: int = 0, ruleset: Any = None
) -> Chooser:
    """A chooser that asks the computer player ``agent`` (``greedy``, ``ismcts:easy``...)
    for ``game``, seeing only the seat's view, as at a local table.

    ``ruleset`` is the room's (search players deal the unseen cards by it); the game's default
    when ``None``.
    """
    spec = parse_seats(agent)[0] if isinstance(agent, str) else agent
    player = make_agent(spec, game, Rng(seed))
    player.sit(game, game.default_ruleset() if ruleset is None else ruleset)

    def choose(message: wire.ViewMessage) -> str:
        assert message.seat is not None, "a spectator has nothing to choose"
        texts = [decision.text for decision in message.legal]
        legal = decisions_from(game, message.seat, texts, message.default)
        return player.decide(view_from_json(message.view), legal).text()

    return choose


async def play_seat(
    seat: Seat,
    choose: Chooser = first_legal,
    *,
    listen: Listener | None = None,
    backoff: Backoff = DEFAULT_BACKOFF,
) -> wire.ViewMessage:
    """Play ``seat`` until the match being played (or the next one to start) is over; the
    final view. Each view with legal decisions gets one decision from ``choose`` (and another
    when it is given again after a reconnection).

    Refusals in :data:`PASSED_OVER` are let go. Told ``too_many``, the bot waits
    :data:`SLOW_DOWN` seconds and decides again. A decision the server failed on
    (:data:`RETRIED`) is made again after a wait of ``backoff``, unless a newer view comes
    meanwhile; after ``backoff.attempts`` retries that fail in a row, :class:`GaveUp` is raised.
    Any other refusal of a decision raises :class:`ServerRefused` (a bot that chooses among
    the legal decisions is never refused).
    """
    player = _Player(seat, choose, backoff)
    incoming: asyncio.Task[wire.ServerMessage | None] | None = None
    try:
        while True:
            if incoming is None:
                incoming = asyncio.ensure_future(seat.receive())
            done, _ = await asyncio.wait({incoming}, timeout=player.until_retry())
            if not done:  # the wait is over and no newer view came: decide again
                await player.retry()
                continue
            message, incoming = incoming.result(), None
            if message is None:
                raise ServerRefused("room_closed", "the seat was closed before the match ended")
            if listen is not None:
                listen(message)
            if isinstance(message, wire.ViewMessage):
                if message.outcome is not None:
                    return message
                await player.view(message)
            elif isinstance(message, wire.ErrorMessage):
                player.refused(message)
    finally:
        if incoming is not None:
            incoming.cancel()
            with contextlib.suppress(asyncio.CancelledError, ClientError):
                await incoming


class _Player:
    """What :func:`play_seat` remembers between messages: what it decided on, and the retry
    it waits for after a failure."""

    def __init__(self, seat: Seat, choose: Chooser, backoff: Backoff) -> None:
        self.seat = seat
        self.choose = choose
        self.backoff = backoff
        self.decided: tuple[str, int, int] | None = None
        """The match, version and connection last decided on."""
        self.failures = 0
        """The decisions the server failed on in a row (for its own failure)."""
        self.retry_at: float | None = None
        """When to decide again (event loop time); ``None``: no retry waits."""
        self.rng = random.Random()

    def until_retry(self) -> float | None:
        """Seconds left before the retry waited for; ``None`` when none waits."""
        if self.retry_at is None:
            return None
        return max(0.0, self.retry_at - asyncio.get_running_loop().time())

    async def view(self, message: wire.ViewMessage) -> None:
        key = (message.match, message.version, self.seat.reconnects)
        if self.decided is not None and self.decided[:2] != key[:2]:
            self.failures = 0  # the match moved on: what failed is behind it
        if self.decided != key:
            self.retry_at = None
            self.decided = await _decide(self.seat, message, self.choose) or self.decided

    async def retry(self) -> None:
        self.retry_at = None
        if self.seat.view is not None:
            self.decided = await _decide(self.seat, self.seat.view, self.choose) or self.decided

    def refused(self, message: wire.ErrorMessage) -> None:
        code = message.code.value
        if code == ErrorCode.TOO_MANY and self.seat.view is not None:
            self._retry_in(SLOW_DOWN)
        elif message.refers_to != "decide" or code in PASSED_OVER:
            return
        elif code in RETRIED:
            self.failures += 1
            if self.failures > self.backoff.attempts:
                raise GaveUp(
                    code,
                    f"the server failed on the decision {self.failures} times in a row "
                    f"({code}: {message.message}); gave up",
                    attempts=self.failures,
                )
            self._retry_in(self.backoff.delay(self.failures, self.rng))
        else:
            raise ServerRefused(code, message.message)

    def _retry_in(self, seconds: float) -> None:
        self.retry_at = asyncio.get_running_loop().time() + seconds


async def _decide(
    seat: Seat, view: wire.ViewMessage, choose: Chooser
) -> tuple[str, int, int] | None:
    """Decide on ``view`` if it offers decisions; what was decided on: the match, the version
    and the connection (a view given again after a reconnection is decided on again, in case
    the decision was lost in the drop); ``None``: nothing was."""
    if not view.legal or view.outcome is not None:
        return None
    choice = choose(view)
    text = await choice if inspect.isawaitable(choice) else choice
    await seat.decide(text, view.version)
    return (view.match, view.version, seat.reconnects)


@dataclass(frozen=True, slots=True, kw_only=True)
class Bot:
    """A bot that joins a room at ``url`` (the first open seat) and plays it to the end."""

    url: str
    room: str
    name: str = "bot"
    choose: Chooser = first_legal
    password: str | None = None
    seat: int | None = None
    """The seat to take; ``None``: the first open one."""
    backoff: Backoff = DEFAULT_BACKOFF
    """How long to wait before making a decision the server failed on again."""
    session: str | None = field(default=None, repr=False)
    """A signed-in session's token: the bot joins and plays as that account (the seat it
    takes is the account's, and the account's seat in the room if it holds one already)."""

    async def run(self, *, listen: Listener | None = None) -> wire.ViewMessage:
        """Join, play the match to its end, and close; the final view."""
        async with Lobby(self.url, session=self.session) as lobby:
            joined = await lobby.join(
                self.room, JoinRoom(name=self.name, seat=self.seat, password=self.password)
            )
            seat = lobby.seat(self.room, joined.token)
        async with seat:
            return await play_seat(seat, self.choose, listen=listen, backoff=self.backoff)
