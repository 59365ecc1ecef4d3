"""Tools of the wire tests: a connection that records what it is sent, and the engine's
own account of what each seat could know, to hold the server's messages against.

:class:`Recorder` wraps a test WebSocket: every text it receives is kept, raw, and reads
give up after a timeout instead of hanging a test. :class:`Knowledge` replays a match's record
step by step and notes, for every seat and for spectators, which cards it could see at every
moment (after every action, not only between decisions), which card keys and names it could
know, and the views and events the engine gives it; :func:`leaks` scans a message's raw JSON
text for any card the seat could not see.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import anyio
from starlette.testclient import TestClient, WebSocketTestSession

from cardtable.engine.match import Match
from cardtable.engine.record import Record
from cardtable.engine.state import State
from cardtable.engine.view import view_to_json
from cardtable.engine.wording import Names, seat_namer, with_text
from cardtable.games import find
from cardtable.protocol.limits import PROTOCOL_VERSION

RECEIVE_SECONDS = 20.0
"""How long a read waits for the server before the test fails (rather than hangs)."""

_nonces = itertools.count(1)

# -- a recording connection -------------------------------------------------------------------


class Closed(Exception):
    """The server closed the WebSocket."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"closed with code {code}: {reason!r}")
        self.code = code
        self.reason = reason


class Recorder:
    """A WebSocket client that keeps every text message the server sent it."""

    def __init__(self, socket: WebSocketTestSession, name: str) -> None:
        self.socket = socket
        self.name = name
        self.received: list[str] = []
        """Every message, as the raw text that came over the wire."""
        self.view: dict[str, Any] | None = None
        """The latest view received."""

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send_text(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float = RECEIVE_SECONDS) -> dict[str, Any]:
        """The next message (``Closed`` when the server closed the connection instead)."""

        async def next_message() -> Any:
            with anyio.fail_after(timeout):
                return await self.socket._send_rx.receive()

        try:
            message = self.socket.portal.call(next_message)
        except TimeoutError:
            raise AssertionError(f"{self.name}: nothing came for {timeout} seconds") from None
        if message["type"] == "websocket.close":
            raise Closed(message.get("code", 1000), message.get("reason") or "")
        assert message["type"] == "websocket.send", message
        text = message.get("text")
        assert isinstance(text, str), f"{self.name}: the server sent a binary frame"
        self.received.append(text)
        parsed: dict[str, Any] = json.loads(text)
        if parsed.get("type") == "view":
            self.view = parsed
        return parsed

    def until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = RECEIVE_SECONDS
    ) -> list[dict[str, Any]]:
        """Messages up to and including the first that is ``wanted`` (within ``timeout``
        seconds: the server's presence heartbeats must not keep a test waiting forever)."""
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                kinds = [message["type"] for message in got]
                raise AssertionError(f"{self.name}: not what was awaited in time, only {kinds}")
            message = self.receive(left)
            got.append(message)
            if wanted(message):
                return got

    def hello(self, token: str | None, last_event: int = 0, **extra: Any) -> dict[str, Any]:
        """Say hello; the answer (``welcome``, or the ``error`` refusing it)."""
        self.send(
            {"type": "hello", "protocol": PROTOCOL_VERSION, "token": token,
             "last_event": last_event, **extra}
        )  # fmt: skip
        return self.until(lambda message: message["type"] in ("welcome", "error"))[-1]

    def view_from(self, version: int) -> dict[str, Any]:
        """The latest view if it is of at least ``version``, else the first such to come."""
        if self.view is not None and self.view["version"] >= version:
            return self.view
        return self.until(lambda m: m["type"] == "view" and m["version"] >= version)[-1]

    def answer(self, message: dict[str, Any] | str | None) -> list[dict[str, Any]]:
        """Send ``message`` (if any) then a ping: what the server sent before the pong (the
        connection reads in order, so that is everything the message itself drew, and every
        broadcast that came meanwhile)."""
        nonce = next(_nonces)
        if message is not None:
            self.send(message)
        self.send({"type": "ping", "nonce": nonce})
        got = self.until(lambda m: m["type"] == "pong" and m["nonce"] == nonce)
        return got[:-1]

    def messages(self, kind: str | None = None) -> list[dict[str, Any]]:
        """What was received so far, parsed (only those of type ``kind`` if given)."""
        parsed = [json.loads(text) for text in self.received]
        return [m for m in parsed if kind is None or m["type"] == kind]


SETTLE_SECONDS = 0.15
"""How long the server is given to finish with a connection that closed (see :func:`sockets`)."""


@contextlib.contextmanager
def sockets(client: TestClient) -> Iterator[Callable[..., Recorder]]:
    """``connect(path, name, **options)`` opens a recording WebSocket; on leaving, every one
    is closed in turn and the server given a moment to finish with it, before the test client
    cancels what is left of their handlers (cancelled in the middle of their database work,
    they leave database connections behind that hang or warn when the app stops; and
    connections that leave a room at the same moment can trip over each other)."""
    opened: list[Recorder] = []
    with contextlib.ExitStack() as stack:

        def connect(path: str, name: str, **options: Any) -> Recorder:
            socket = stack.enter_context(client.websocket_connect(path, **options))
            opened.append(Recorder(socket, name))
            return opened[-1]

        try:
            yield connect
        finally:
            for recorder in reversed(opened):
                with contextlib.suppress(Exception):
                    recorder.socket.close(1000)
                time.sleep(SETTLE_SECONDS)


def errors(messages: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [message for message in messages if message["type"] == "error"]


# -- what the engine lets each seat know ------------------------------------------------------

_CARD_ID = re.compile(r'"id"\s*:\s*(\d+)\s*,\s*"key"')
"""A card's face (views and events write ``{"id": 12, "key": "7H", ...}``)."""
_CARD_FIELD = re.compile(r'"(?:card|source)"\s*:\s*(\d+)')
"""A card named by its id in an event (``"card": 12``, ``"source": 12``)."""
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_DECISION_ID = re.compile(r"#(\d+)")
"""A card named by its id in a decision's text (``play #12 @p1``)."""


def worded(match: Match[Any], viewer: Viewer) -> list[dict[str, Any]]:
    """``viewer``'s whole event stream as the server sends it: each event with its line."""
    return with_text(match.game, match.events(viewer), Names(seat_namer(match.seats), {}))


def mentions(raw: str) -> set[int]:
    """The ids of the cards that JSON text names."""
    ids = {int(found) for found in _CARD_ID.findall(raw)}
    ids |= {int(found) for found in _CARD_FIELD.findall(raw)}
    for literal in _STRING.findall(raw):
        ids |= {int(found) for found in _DECISION_ID.findall(literal)}
    return ids


@dataclass(frozen=True, slots=True)
class Secrets:
    """What one seat could not know: card ids, and card keys and names."""

    ids: frozenset[int]
    words: frozenset[str]


@functools.lru_cache(maxsize=256)
def _finder(words: frozenset[str]) -> re.Pattern[str]:
    """Any of ``words``, standing alone (not inside a longer word or id)."""
    either = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{either})(?![\w-])")


def leaks(raw: str, secrets: Secrets) -> list[str]:
    """What in ``raw`` (a message's JSON text) gives away a secret; empty when nothing does."""
    found = [f"card #{card}" for card in sorted(mentions(raw) & secrets.ids)]
    if secrets.words:
        found += [f"{word!r}" for word in sorted(set(_finder(secrets.words).findall(raw)))]
    return found


Viewer = int | None
"""A seat, or ``None`` for a spectator."""


def _words(state: State, ids: Iterable[int]) -> set[str]:
    cards = state.cards
    found: set[str] = set()
    for card in ids:
        found.add(cards[card].key)
        found.add(cards[card].definition.name)
    return found


def _listed(state: State, keys: Iterable[str]) -> set[str]:
    """The keys of a list of cards, and the names of their definitions."""
    found = set(keys)
    catalogue = state.rules.cards
    found |= {catalogue[key].name for key in found if key in catalogue}
    return found


def _visible(state: State, viewer: Viewer) -> set[int]:
    return {
        card.id for zone in state.zones.values() if zone.visible_to(viewer) for card in zone.cards
    }


class _Watched(list[Any]):
    """A journal that calls back after every action the engine appends to it."""

    def __init__(self, entries: Iterable[Any], appended: Callable[[], None]) -> None:
        super().__init__(entries)
        self._appended = appended

    def append(self, action: Any) -> None:
        super().append(action)
        self._appended()


@dataclass(slots=True)
class Step:
    """The match after one decision (step 0: the setup), as each viewer may know it."""

    views: dict[Viewer, dict[str, Any]]
    """Each viewer's ``view`` message body as the engine would write it (no ``match``)."""
    events: dict[Viewer, int]
    """The length of each viewer's event stream after this step."""
    visible: dict[Viewer, set[int]]
    """The cards each viewer sees once the step is over."""
    seen: dict[Viewer, set[int]]
    """The cards each viewer saw at some moment of the step, or that an event of the step
    showed to everyone."""
    known: dict[Viewer, set[str]]
    """The card keys and names each viewer could know by the end of this step."""
    cards: set[int]
    words: set[str]
    """Every card of the match so far, and their keys and names."""


@dataclass(slots=True)
class Knowledge:
    """The engine's account of a match, step by step (see the module's documentation)."""

    record: Record
    viewers: tuple[Viewer, ...]
    steps: list[Step] = field(default_factory=list)
    streams: dict[Viewer, list[dict[str, Any]]] = field(default_factory=dict)
    """Each viewer's whole event stream, each event with its line (as the server words it)."""
    names: dict[Viewer, Names] = field(default_factory=dict)
    """What each viewer's lines call seats and cards."""
    _read: int = 0
    """How much of the journal the streams hold."""

    @classmethod
    def of(cls, record: Record) -> Knowledge:
        game = find(record.game)
        match: Match[Any] = Match.replay(game, record, upto=0)
        state = match.state
        viewers: tuple[Viewer, ...] = (*range(state.seats), None)
        knowledge = cls(record, viewers, streams={viewer: [] for viewer in viewers})
        seen: dict[Viewer, set[int]] = {viewer: set() for viewer in viewers}

        def note() -> None:
            for viewer in viewers:
                seen[viewer] |= _visible(state, viewer)

        assert state.journal is not None
        state.journal = _Watched(state.journal, note)
        note()
        knowledge._close_step(match, seen)
        for seat, text in record.decisions:
            seen = {viewer: set(knowledge.steps[-1].visible[viewer]) for viewer in viewers}
            match.decide(seat, text)
            knowledge._close_step(match, seen)
        assert match.hash() == Match.replay(game, record).hash()
        return knowledge

    def _close_step(self, match: Match[Any], seen: dict[Viewer, set[int]]) -> None:
        state = match.state
        before = self.steps[-1] if self.steps else None
        shown_to_all: set[int] | None = None
        for viewer in self.viewers:
            names = self.names.setdefault(viewer, Names(seat_namer(match.seats), {}))
            new = with_text(match.game, match.events(viewer, self._read), names)
            self.streams[viewer].extend(new)
            ids = mentions(json.dumps(new))
            shown_to_all = ids if shown_to_all is None else shown_to_all & ids
        self._read = match.journal_length
        cards = {card.id for card in state.cards}
        step = Step(
            views={},
            events={viewer: len(self.streams[viewer]) for viewer in self.viewers},
            visible={viewer: _visible(state, viewer) for viewer in self.viewers},
            seen={viewer: seen[viewer] | (shown_to_all or set()) for viewer in self.viewers},
            known={},
            cards=cards,
            words=_words(state, cards),
        )
        for viewer in self.viewers:
            known = set() if before is None else set(before.known[viewer])
            known |= _words(state, step.seen[viewer])
            for pool in state.pools.values():  # a deck list it may read: keys and names
                if pool.visible_to(viewer):
                    known |= _listed(state, pool.manifest)
                known |= _listed(state, pool.made)
            step.known[viewer] = known
            step.views[viewer] = _view_body(match, viewer, step.events[viewer])
        self.steps.append(step)

    def step_of_event(self, viewer: Viewer, index: int) -> int:
        """The step whose decision produced event ``index`` of ``viewer``'s stream."""
        for number, step in enumerate(self.steps):
            if index < step.events[viewer]:
                return number
        raise AssertionError(f"event {index} is beyond {viewer}'s stream")

    def secrets_of_view(self, viewer: Viewer, version: int) -> Secrets:
        step = self.steps[version]
        return Secrets(
            frozenset(step.cards - step.visible[viewer]),
            frozenset(step.words - step.known[viewer]),
        )

    def secrets_of_events(self, viewer: Viewer, first: int, count: int) -> Secrets:
        numbers = {self.step_of_event(viewer, index) for index in range(first, first + count)}
        last = self.steps[max(numbers)]
        seen = set().union(*(self.steps[number].seen[viewer] for number in numbers))
        return Secrets(frozenset(last.cards - seen), frozenset(last.words - last.known[viewer]))

    def secrets_of_match(self, viewer: Viewer) -> Secrets:
        """The cards ``viewer`` never saw, and the words it never could know."""
        last = self.steps[-1]
        seen = set().union(*(step.seen[viewer] for step in self.steps))
        return Secrets(frozenset(last.cards - seen), frozenset(last.words - last.known[viewer]))

    def secrets_of(self, viewer: Viewer, message: dict[str, Any]) -> Secrets:
        """What the message may not show ``viewer``, by its kind."""
        if message["type"] == "view":
            return self.secrets_of_view(viewer, message["version"])
        if message["type"] == "events" and message["events"]:
            return self.secrets_of_events(viewer, message["first"], len(message["events"]))
        return self.secrets_of_match(viewer)


def _view_body(match: Match[Any], viewer: Viewer, events: int) -> dict[str, Any]:
    to_act = match.to_act
    legal: list[dict[str, Any]] = []
    unplayable: list[dict[str, Any]] = []
    default = None
    if viewer is not None and to_act == viewer:
        decisions = match.legal(viewer)
        legal = [move.shape().to_json() for move in decisions.moves]
        default = None if decisions.default is None else decisions.default.text()
        unplayable = [
            {"card": card, "code": why.code, "reason": why.reason}
            for card, why in match.unplayable(viewer).items()
        ]
    outcome = match.outcome
    return {
        "type": "view",
        "version": len(match.decisions),
        "seat": viewer,
        "view": json.loads(json.dumps(view_to_json(match.view(viewer)))),
        "legal": legal,
        "to_act": to_act,
        "default": default,
        "outcome": None if outcome is None else outcome.to_json(),
        "events": events,
        "unplayable": unplayable,
    }
