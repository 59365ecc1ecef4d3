"""Reading and writing messages: JSON text in, typed messages out, and back.

Whatever a client sends, :func:`read_client` returns a message or raises
:class:`~cardtable.protocol.errors.ProtocolError` with a code and a sentence a person can
read; never a traceback, never pydantic's own dump.

>>> read_client('{"type": "ping", "nonce": 7}')
Ping(type='ping', nonce=7)
>>> from cardtable.protocol.messages import Pong
>>> dump(Pong(nonce=7))
'{"type":"pong","nonce":7}'
>>> try:
...     read_client('{"type": "decide", "decision": "end"}')
... except ProtocolError as err:
...     print(err.code.value, "|", err.message)
bad_message | The decide message is not valid: the field 'version' is missing.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from cardtable.protocol.errors import ErrorCode, ProtocolError, default_message
from cardtable.protocol.limits import MAX_MESSAGE_BYTES, PROTOCOL_VERSION, PROTOCOL_VERSIONS
from cardtable.protocol.lobby import SeatInfo
from cardtable.protocol.messages import (
    ClientMessage,
    ErrorMessage,
    Hello,
    PresenceMessage,
    RoomMessage,
    ServerMessage,
    TextViewMessage,
    ViewFields,
    ViewMessage,
)
from cardtable.protocol.plain import describe

_Read = TypeVar("_Read")


@cache
def _client() -> TypeAdapter[ClientMessage]:
    return TypeAdapter(ClientMessage)


@cache
def _server() -> TypeAdapter[ServerMessage]:
    return TypeAdapter(ServerMessage)


def _known(adapter: TypeAdapter[Any]) -> list[str]:
    schema = adapter.core_schema
    while "choices" not in schema:  # unwrap definitions and the like
        schema = schema["schema"]
    return sorted(schema["choices"])


def read_client(raw: str | bytes, protocol: int = PROTOCOL_VERSION) -> ClientMessage:
    """One message from a client speaking ``protocol``, checked; :class:`ProtocolError` says
    what is wrong. A message type newer than ``protocol`` (:data:`TYPES_SINCE`) is refused
    as ``unknown_type``, as it would have been by a server of that version.

    A message over :data:`~cardtable.protocol.limits.MAX_MESSAGE_BYTES` is refused unread.

    >>> read_client('{"type": "auto", "on": true}')
    Auto(type='auto', on=True, seat=None)
    >>> try:
    ...     read_client('{"type": "auto", "on": true}', protocol=6)
    ... except ProtocolError as err:
    ...     print(err.code.value, "|", err.message.split(";")[0])
    unknown_type | There is no message of type "auto" in protocol 6
    >>> try:
    ...     read_client('{"type": "shout"}', protocol=6)
    ... except ProtocolError as err:
    ...     print(err.message.split("; ")[1])
    the known types are: chat, decide, hello, ping.
    """
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            ErrorCode.TOO_LARGE,
            f"The message is {size} bytes long; the most a message may hold is "
            f"{MAX_MESSAGE_BYTES} bytes.",
        )
    newer = frozenset(name for name, since in TYPES_SINCE.items() if protocol < since)
    message = _read(raw, _client(), newer)
    if message.type in newer:
        known = ", ".join(name for name in _known(_client()) if name not in newer)
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE,
            f'There is no message of type "{message.type}" in protocol {protocol}; the known '
            f"types are: {known}.",
        )
    return message


TYPES_SINCE: dict[str, int] = {"auto": 7, "pace": 7}
"""The client message types newer than the first version: the version that brought each.
A client of an older version that sends one is refused (``unknown_type``)."""


def read_server(raw: str | bytes) -> ServerMessage:
    """One message from the server, checked (for clients; no size limit)."""
    return _read(raw, _server())


def _read(
    raw: str | bytes, adapter: TypeAdapter[_Read], newer: frozenset[str] = frozenset()
) -> _Read:
    """``raw`` read by ``adapter``; a refusal names the known types but those ``newer`` than
    the client's version."""
    text = _text(raw)
    try:  # the common case, parsed and checked in one pass (a view: about 4x faster)
        return adapter.validate_json(text, strict=True)
    except ValidationError:
        pass  # find out exactly what is wrong, to say so
    data = _json(text)
    if not isinstance(data, dict):
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, f"A message must be a JSON object, not {_a(data)}."
        )
    known = ", ".join(name for name in _known(adapter) if name not in newer)
    kind = data.get("type")
    if kind is None:
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, f"The message has no type; the known types are: {known}."
        )
    if not isinstance(kind, str) or kind not in _known(adapter) or kind in newer:
        shown = json.dumps(kind, ensure_ascii=False)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE,
            f"There is no message of type {shown}; the known types are: {known}.",
        )
    try:
        return adapter.validate_python(data, strict=True)
    except ValidationError as error:
        details = error.errors()
        codes = {str(detail["type"]) for detail in details} & {c.value for c in ErrorCode}
        code = ErrorCode(min(codes)) if codes else ErrorCode.BAD_MESSAGE
        raise ProtocolError(
            code,
            f"The {kind} message is not valid: {_lower(describe(details, skip=1))}",
            refers_to=kind,
        ) from None


def _text(raw: str | bytes) -> str:
    if isinstance(raw, str):
        try:
            raw.encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError(
                ErrorCode.BAD_MESSAGE, "The message holds characters that are not valid Unicode."
            ) from None
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "The message is not UTF-8 text.") from None


class _NotJson(ValueError):
    """NaN or Infinity, which Python reads but JSON does not have."""


def _no_constant(name: str) -> object:
    raise _NotJson(name)


def _json(text: str) -> object:
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE,
            f"The message is not valid JSON: {error.msg[:1].lower()}{error.msg[1:]} "
            f"at line {error.lineno}, column {error.colno}.",
        ) from None
    except _NotJson as error:
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, f"The message is not valid JSON: it holds {error}."
        ) from None
    except ValueError:  # Python refuses to read integers of more than 4300 digits
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, "The message holds a number too long to read."
        ) from None
    except RecursionError:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "The message is nested too deeply.") from None


def _a(value: object) -> str:
    names = {list: "a list", str: "text", bool: "true or false", type(None): "null"}
    return names.get(type(value), "a number")


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


FIELDS_SINCE: dict[type[BaseModel], dict[str, int]] = {
    ViewMessage: {"new_events": 2, "unplayable": 4, "outcome_text": 6, "card_text": 6},
    ErrorMessage: {"refusal": 4, "penalised": 4},
}
"""The fields newer than the first version, by message type: the version that brought each.
Older versions are sent the message without them."""

LEGAL_OBJECTS_SINCE = 4
"""From this version on, a view lists its legal decisions as objects; before, as texts."""

OUTCOME_CODES_SINCE = 6
"""From this version on, a view's outcome (the message's, and the one inside its ``view``)
carries its ``code`` and ``seats``; before, only its ``winners`` and ``reason``."""

SEAT_OWNERS_SINCE = 5
"""From this version on, a seat's kind tells an account's seat from a guest's, and a seat
carries its account's ``username``; before, a person's seat is ``guest`` and has no
``username``."""

AUTO_SINCE = 7
"""From this version on, a seat says whether it plays automatically (``auto``), how many of
the room's matches it has won (``wins``) and whether its person accepted a rematch
(``rematch``), and a room its ``pace`` and ``name``; before, none of them."""

ROOM_KINDS_SINCE = 8
"""From this version on, a room says its ``kind`` (live or correspondence) and its
``timeout`` policy; before, neither."""


PLACINGS_SINCE = 9
"""From this version on, a view's outcome (the message's, and the one inside its ``view``)
carries ``placings``; before, it does not."""

RATED_SINCE = 9
"""From this version on, a room says whether its matches are ``rated``; before, it does not."""

TOURNAMENT_SINCE = 10
"""From this version on, a room says which tournament table it plays (``tournament``); before,
it does not."""


@cache
def _seats_left_out(kind: type[BaseModel], protocol: int) -> Any:
    """What a ``room`` or ``presence`` message leaves out for ``protocol`` (``None``:
    nothing): a seat's ``username`` before :data:`SEAT_OWNERS_SINCE`, a seat's ``auto`` and
    ``wins`` and ``rematch`` and a room's ``pace`` and ``name`` before :data:`AUTO_SINCE`, a
    room's ``kind`` and ``timeout`` before :data:`ROOM_KINDS_SINCE`, a room's ``rated`` before
    :data:`RATED_SINCE`, a room's ``tournament`` before :data:`TOURNAMENT_SINCE`.

    >>> _seats_left_out(RoomMessage, 7)
    {'room': {'kind': True, 'timeout': True, 'rated': True, 'tournament': True}}
    >>> _seats_left_out(RoomMessage, 9)
    {'room': {'tournament': True}}
    >>> _seats_left_out(PresenceMessage, 7) is None
    True
    """
    seat = {"username"} if protocol < SEAT_OWNERS_SINCE else set()
    if protocol < AUTO_SINCE:
        seat |= {"auto", "wins", "rematch"}
    room: dict[str, Any] = {"seats": {"__all__": seat}} if seat else {}
    if protocol < AUTO_SINCE:
        room |= {"pace": True, "name": True}
    if protocol < ROOM_KINDS_SINCE:
        room |= {"kind": True, "timeout": True}
    if protocol < RATED_SINCE:
        room |= {"rated": True}
    if protocol < TOURNAMENT_SINCE:
        room |= {"tournament": True}
    if kind is RoomMessage:
        return {"room": room} if room else None
    return {"seats": room["seats"]} if seat else None


NEWER_CODES: dict[ErrorCode, tuple[int, ErrorCode]] = {
    ErrorCode.UNAVAILABLE: (3, ErrorCode.INTERNAL),
    ErrorCode.NOT_YOUR_SEAT: (7, ErrorCode.BAD_MESSAGE),
    ErrorCode.NO_AUTO_PLAY: (7, ErrorCode.BAD_MESSAGE),
}
"""Error codes newer than the first version: the version that brought each, and the code
older versions are sent in its place."""


@cache
def newer_fields(kind: type[BaseModel], protocol: int) -> frozenset[str]:
    """The fields of message type ``kind`` that version ``protocol`` does not have.

    >>> sorted(newer_fields(ViewMessage, 1)), sorted(newer_fields(ViewMessage, 4))
    (['card_text', 'new_events', 'outcome_text', 'unplayable'], ['card_text', 'outcome_text'])
    """
    since = FIELDS_SINCE.get(kind, {})
    return frozenset(name for name, version in since.items() if protocol < version)


def dump(message: BaseModel, protocol: int = PROTOCOL_VERSION) -> str:
    """A message (or a REST body) as compact JSON text, in the words of ``protocol``.

    >>> view = ViewMessage(match="m", version=0, seat=0, view={}, legal=[], to_act=None,
    ...                    default=None, outcome=None, events=0)
    >>> "new_events" in dump(view), "new_events" in dump(view, protocol=1)
    (True, False)
    >>> away = error(ErrorCode.UNAVAILABLE)
    >>> '"unavailable"' in dump(away), '"internal"' in dump(away, protocol=2)
    (True, True)
    >>> seat = SeatInfo(index=0, kind="account", name="Fox", connected=True, username="fox")
    >>> old = json.loads(dump(PresenceMessage(seats=[seat], spectators=0), protocol=4))
    >>> old["seats"]
    [{'index': 0, 'kind': 'guest', 'name': 'Fox', 'connected': True}]
    >>> json.loads(dump(PresenceMessage(seats=[seat], spectators=0), protocol=6))["seats"][0]
    {'index': 0, 'kind': 'account', 'name': 'Fox', 'connected': True, 'username': 'fox'}
    """
    if isinstance(message, ErrorMessage) and message.code in NEWER_CODES:
        since, older = NEWER_CODES[message.code]
        if protocol < since:
            message = message.model_copy(update={"code": older})
    if isinstance(message, RoomMessage | PresenceMessage) and protocol < TOURNAMENT_SINCE:
        people = as_people(message) if protocol < SEAT_OWNERS_SINCE else message
        return people.model_dump_json(exclude=_seats_left_out(type(message), protocol))
    if isinstance(message, ViewMessage) and protocol < PLACINGS_SINCE and message.outcome:
        shape = older_outcome if protocol < OUTCOME_CODES_SINCE else unplaced
        inner = message.view.get("outcome")
        view = {**message.view, "outcome": shape(inner)} if isinstance(inner, dict) else None
        update = {"outcome": shape(message.outcome), **({"view": view} if view else {})}
        message = message.model_copy(update=update)
    if isinstance(message, ViewMessage) and protocol < LEGAL_OBJECTS_SINCE:
        message = as_texts(message)
        newer = newer_fields(ViewMessage, protocol)
    else:
        newer = newer_fields(type(message), protocol)
    return message.model_dump_json(exclude=set(newer)) if newer else message.model_dump_json()


def older_outcome(outcome: dict[str, Any]) -> dict[str, Any]:
    """An outcome as protocol 5 and older send it: its ``winners`` and ``reason`` alone.

    >>> older_outcome({"winners": [0], "code": "conceded", "seats": [1],
    ...                "reason": "player 1 conceded"})
    {'winners': [0], 'reason': 'player 1 conceded'}
    """
    return {key: value for key, value in outcome.items() if key in ("winners", "reason")}


def unplaced(outcome: dict[str, Any]) -> dict[str, Any]:
    """An outcome as protocol 8 and older send it: without ``placings``.

    >>> unplaced({"winners": [0], "reason": "r", "placings": [1, 2]})
    {'winners': [0], 'reason': 'r'}
    """
    return {key: value for key, value in outcome.items() if key != "placings"}


def older_seats(seats: list[SeatInfo]) -> list[SeatInfo]:
    """``seats`` as protocol 4 and older name them: a person's seat is ``guest``, whoever
    holds it.

    >>> seat = SeatInfo(index=0, kind="account", name="Fox", connected=True, username="fox")
    >>> [s.kind for s in older_seats([seat])]
    ['guest']
    """
    return [s.model_copy(update={"kind": "guest"}) if s.kind == "account" else s for s in seats]


def as_people(message: RoomMessage | PresenceMessage) -> RoomMessage | PresenceMessage:
    """A ``room`` or ``presence`` message with its seats as protocol 4 and older name them
    (:func:`older_seats`; :func:`dump` leaves out their ``username`` besides)."""
    if isinstance(message, RoomMessage):
        room = message.room.model_copy(update={"seats": older_seats(message.room.seats)})
        return message.model_copy(update={"room": room})
    return message.model_copy(update={"seats": older_seats(message.seats)})


def as_texts(view: ViewMessage) -> TextViewMessage:
    """``view`` as protocol 3 and older send it: each legal decision as its text."""
    fields = {name: getattr(view, name) for name in ViewFields.model_fields}
    return TextViewMessage.model_construct(
        **fields, legal=[decision.text for decision in view.legal]
    )


def error(
    code: ErrorCode | str, message: str | None = None, refers_to: str | None = None
) -> ErrorMessage:
    """The ``error`` message for ``code``, with its default sentence unless one is given.

    >>> error("not_your_turn", refers_to="decide").message
    'It is not your turn.'
    """
    code = ErrorCode(code)
    return ErrorMessage(code=code, message=message or default_message(code), refers_to=refers_to)


def check_version(hello: Hello) -> None:
    """Refuse (``protocol_version``) a hello that asks for a version the server does not speak
    (it speaks :data:`PROTOCOL_VERSIONS`)."""
    if hello.protocol not in PROTOCOL_VERSIONS:
        *older, newest = (str(version) for version in PROTOCOL_VERSIONS)
        spoken = f"{', '.join(older)} and {newest}" if older else newest
        raise ProtocolError(
            ErrorCode.PROTOCOL_VERSION,
            f"This server speaks protocol versions {spoken}; the client asked for "
            f"version {hello.protocol}.",
            refers_to="hello",
        )
