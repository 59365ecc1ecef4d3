"""The personal channel: one WebSocket per signed-in person (``/ws/me``), beside the rooms'.

It carries what concerns the person rather than a room: a friend's whereabouts changed
(``presence``), an item added to their inbox (``notification``). Its messages are versioned on
their own (:data:`PERSONAL_VERSION`), apart from the rooms' protocol: a client says
``hello`` with the version it speaks, the server answers ``welcome`` (or ``error`` and closes).

Client messages: ``hello`` (first, once), ``ping``, ``active`` and ``idle`` (the person came back
to the page, or left it alone: see "away" in docs/friends.md). Server messages: ``welcome``,
``presence``, ``notification``, ``matchmaking`` (one's place in the queue of ranked play),
``tournament`` (a tournament one entered moved on), ``pong``, ``error``. A client skips a
server message of a type it does not know (a later version may add some); the server refuses a
client message it does not know, or one with a field it does not know, with an ``error`` that
changes nothing.

>>> read_personal('{"type": "ping", "nonce": 3}')
PersonalPing(type='ping', nonce=3)
>>> try:
...     read_personal('{"type": "active", "account": "someone-else"}')
... except ProtocolError as err:
...     print(err.code.value, "|", err.message)
bad_message | The active message is not valid: the field 'account' is not allowed.
>>> try:
...     read_personal('{"type": "decide"}')
... except ProtocolError as err:
...     print(err.code.value)
unknown_type
"""

from __future__ import annotations

import json
from functools import cache
from typing import Annotated, Final, Literal, get_args

from pydantic import Field, TypeAdapter, ValidationError

from cardtable.protocol.base import Message, WireModel
from cardtable.protocol.errors import ErrorCode, ProtocolError, default_message
from cardtable.protocol.lobby import JsonObject
from cardtable.protocol.matchmaking import QueueState
from cardtable.protocol.tournaments import TournamentNews

__all__ = [
    "PERSONAL_VERSION",
    "PERSONAL_VERSIONS",
    "WHEREABOUTS_STATES",
    "FriendsWhereabouts",
    "PersonalActive",
    "PersonalClientMessage",
    "PersonalError",
    "PersonalErrorCode",
    "PersonalHello",
    "PersonalIdle",
    "PersonalMatchmaking",
    "PersonalNotification",
    "PersonalPing",
    "PersonalPong",
    "PersonalPresence",
    "PersonalServerMessage",
    "PersonalTournament",
    "PersonalWelcome",
    "WhereaboutsSettings",
    "WhereaboutsState",
    "read_personal",
]

PERSONAL_VERSION: Final = 1
"""The version of the personal channel's messages (apart from the rooms' protocol version):
it grows when a change could make an existing client misread a message or be refused."""
PERSONAL_VERSIONS: Final = (PERSONAL_VERSION,)
"""The versions of the personal channel a server speaks."""

WhereaboutsState = Literal["online", "playing", "away", "offline"]
"""Where a person is: connected (``online``), seated in a live match (``playing``), connected
but idle for a while (``away``), or not connected (``offline``, also for one who hides it)."""
WHEREABOUTS_STATES: Final = get_args(WhereaboutsState)

PersonalErrorCode = Literal[
    "bad_message",
    "unknown_type",
    "too_large",
    "too_many",
    "protocol_version",
    "hello_first",
    "not_logged_in",
    "forbidden_origin",
    "internal",
    "unavailable",
]
"""Why the server refused a message of the personal channel (or the connection)."""


class PersonalHello(Message):
    """The first message of a connection: the version of the personal channel spoken."""

    type: Literal["hello"] = "hello"
    version: int = Field(description="The personal channel's version the client speaks.")


class PersonalPing(Message):
    """Is the server there? Answered by ``pong`` with the same nonce."""

    type: Literal["ping"] = "ping"
    nonce: int | None = None


class PersonalActive(Message):
    """The person is using the page again (after ``idle``)."""

    type: Literal["active"] = "active"


class PersonalIdle(Message):
    """The person has left the page alone for a while: their friends see them ``away``."""

    type: Literal["idle"] = "idle"


PersonalClientMessage = Annotated[
    PersonalHello | PersonalPing | PersonalActive | PersonalIdle,
    Field(discriminator="type"),
]
"""Any message a client sends on the personal channel."""


class PersonalWelcome(Message):
    """The answer to a right ``hello``: the version spoken, and whose channel this is."""

    type: Literal["welcome"] = "welcome"
    version: int
    username: str = Field(description="The signed-in person this channel belongs to.")


class PersonalPresence(Message):
    """A friend's whereabouts: sent when they change (and once per friend after ``welcome``
    for those not offline)."""

    type: Literal["presence"] = "presence"
    username: str
    display_name: str
    state: WhereaboutsState
    last_seen: float | None = Field(
        None, description="When they were last connected (epoch seconds); null if unknown."
    )
    game: str | None = Field(
        None,
        description="While `playing`: the game's name in the registry (`war`; its title is "
        "in `GET /api/games`).",
    )
    room: str | None = Field(None, description="While `playing`: the room's id.")
    watchable: bool = Field(
        False, description="While `playing`: the room takes spectators (a watch link)."
    )


class PersonalNotification(Message):
    """An item was added to the person's inbox: what the notifications' service told (at least
    its ``id`` and ``type``); the client reads the inbox for the rest."""

    type: Literal["notification"] = "notification"
    notification: JsonObject


class PersonalMatchmaking(Message):
    """The person's place in the matchmaking queue changed (a table was found for them, the
    others confirmed, a room was made, a proposal lapsed): the new
    :class:`~cardtable.protocol.matchmaking.QueueState`. A new type of message, which older
    clients skip: the channel's version is the same."""

    type: Literal["matchmaking"] = "matchmaking"
    queue: QueueState


class PersonalTournament(Message):
    """A tournament the person entered moved on (it started, a round began and their table is
    ready, it finished or was called off): :class:`~cardtable.protocol.tournaments.
    TournamentNews`; the page reads the tournament again. A new type of message, which older
    clients skip: the channel's version is the same."""

    type: Literal["tournament"] = "tournament"
    tournament: TournamentNews


class PersonalPong(Message):
    type: Literal["pong"] = "pong"
    nonce: int | None = None


class PersonalError(Message):
    """A refusal: nothing changed."""

    type: Literal["error"] = "error"
    code: PersonalErrorCode
    message: str
    refers_to: str | None = Field(None, description="The type of the message refused.")

    @classmethod
    def of(cls, problem: ProtocolError) -> PersonalError:
        code = problem.code.value
        known = get_args(PersonalErrorCode)
        return cls(
            code=code if code in known else "bad_message",
            message=problem.message,
            refers_to=problem.refers_to,
        )


PersonalServerMessage = Annotated[
    PersonalWelcome
    | PersonalPresence
    | PersonalNotification
    | PersonalMatchmaking
    | PersonalTournament
    | PersonalPong
    | PersonalError,
    Field(discriminator="type"),
]
"""Any message the server sends on the personal channel."""


class FriendsWhereabouts(WireModel):
    """The whereabouts of one's friends, by username (``GET /api/whereabouts``)."""

    friends: list[PersonalPresence]


class WhereaboutsSettings(WireModel):
    """Whether one hides one's whereabouts from everyone (``/api/whereabouts/settings``)."""

    hidden: bool = Field(description="Friends see you `offline`, with no last-seen time.")


@cache
def _client() -> TypeAdapter[PersonalClientMessage]:
    return TypeAdapter(PersonalClientMessage)


_CLIENT_TYPES: Final = ("active", "hello", "idle", "ping")


def read_personal(raw: str | bytes) -> PersonalHello | PersonalPing | PersonalActive | PersonalIdle:
    """One client message of the personal channel, checked; :class:`ProtocolError` says what
    is wrong (``bad_message``, ``unknown_type``)."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "The message is not JSON.") from None
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "A message is a JSON object.")
    kind = data.get("type")
    if kind not in _CLIENT_TYPES:
        shown = kind if isinstance(kind, str) else None
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE,
            f"{default_message(ErrorCode.UNKNOWN_TYPE)} The personal channel takes: "
            + ", ".join(_CLIENT_TYPES)
            + ".",
            refers_to=shown[:40] if shown else None,
        )
    try:
        return _client().validate_python(data)
    except ValidationError as invalid:
        first = invalid.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "the message"
        if first["type"] == "extra_forbidden":
            reason = f"the field '{where}' is not allowed"
        elif first["type"] == "missing":
            reason = f"the field '{where}' is missing"
        else:
            reason = f"the field '{where}' is not valid ({first['msg']})"
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE,
            f"The {kind} message is not valid: {reason}.",
            refers_to=str(kind),
        ) from None
