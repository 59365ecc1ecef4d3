"""The error codes of the protocol, their default messages, and :class:`ProtocolError`.

Every refusal the server sends carries one of these codes (for programs) and a plain
sentence (for people):

>>> ErrorCode.NOT_YOUR_TURN.value
'not_your_turn'
>>> default_message(ErrorCode.NOT_YOUR_TURN)
'It is not your turn.'
>>> err = ProtocolError(ErrorCode.CHAT_EMPTY)
>>> err.code, err.message
(<ErrorCode.CHAT_EMPTY: 'chat_empty'>, 'A chat message needs some text.')
"""

from __future__ import annotations

from enum import StrEnum

from cardtable.engine.errors import CardtableError
from cardtable.protocol.limits import MAX_CHAT_CHARS, MAX_MESSAGE_BYTES


class ErrorCode(StrEnum):
    """Why the server refused a message (or a connection)."""

    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    TOO_LARGE = "too_large"
    TOO_MANY = "too_many"
    PROTOCOL_VERSION = "protocol_version"
    HELLO_FIRST = "hello_first"
    BAD_TOKEN = "bad_token"
    BAD_PASSWORD = "bad_password"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_VERSION = "stale_version"
    ILLEGAL_DECISION = "illegal_decision"
    MATCH_OVER = "match_over"
    NO_MATCH = "no_match"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_EMPTY = "chat_empty"
    FORBIDDEN_ORIGIN = "forbidden_origin"
    ROOM_CLOSED = "room_closed"
    INTERNAL = "internal"
    UNAVAILABLE = "unavailable"
    NOT_YOUR_SEAT = "not_your_seat"
    NO_AUTO_PLAY = "no_auto_play"


_DEFAULTS: dict[ErrorCode, str] = {
    ErrorCode.BAD_MESSAGE: "The message could not be read.",
    ErrorCode.UNKNOWN_TYPE: "The server does not know this type of message.",
    ErrorCode.TOO_LARGE: f"The message is larger than {MAX_MESSAGE_BYTES} bytes.",
    ErrorCode.TOO_MANY: "Too many messages: slow down and try again in a moment.",
    ErrorCode.PROTOCOL_VERSION: "This server does not speak that protocol version.",
    ErrorCode.HELLO_FIRST: "The first message must be hello.",
    ErrorCode.BAD_TOKEN: "The token is not valid for this room.",
    ErrorCode.BAD_PASSWORD: "The room's password is wrong.",
    ErrorCode.NOT_SEATED: "Only a seated player can make decisions; you are watching.",
    ErrorCode.NOT_YOUR_TURN: "It is not your turn.",
    ErrorCode.STALE_VERSION: "The match has moved on since you saw it; look again and decide.",
    ErrorCode.ILLEGAL_DECISION: "The rules do not allow that decision now.",
    ErrorCode.MATCH_OVER: "The match is over.",
    ErrorCode.NO_MATCH: "No match is being played in this room.",
    ErrorCode.CHAT_TOO_LONG: f"A chat message holds at most {MAX_CHAT_CHARS} characters.",
    ErrorCode.CHAT_EMPTY: "A chat message needs some text.",
    ErrorCode.FORBIDDEN_ORIGIN: "Connections from this site's origin are not allowed.",
    ErrorCode.ROOM_CLOSED: "The room is closed.",
    ErrorCode.INTERNAL: "Something went wrong on the server; the message changed nothing.",
    ErrorCode.UNAVAILABLE: (
        "The server cannot reach its storage just now; the message changed nothing: "
        "try again in a moment."
    ),
    ErrorCode.NOT_YOUR_SEAT: "You may only change your own seat.",
    ErrorCode.NO_AUTO_PLAY: (
        "This game offers real choices: the server does not make a person's decisions in it."
    ),
}


def default_message(code: ErrorCode) -> str:
    """The plain sentence sent with ``code`` when nothing more precise is known."""
    return _DEFAULTS[code]


class ProtocolError(CardtableError):
    """A message that is refused: a code, a human sentence, and the type of message it answers.

    :meth:`ErrorMessage.of <cardtable.protocol.messages.ErrorMessage.of>` turns it into the
    ``error`` message to send back.
    """

    def __init__(
        self, code: ErrorCode, message: str | None = None, *, refers_to: str | None = None
    ) -> None:
        self.code = ErrorCode(code)
        self.message = message or default_message(self.code)
        self.refers_to = refers_to
        super().__init__(self.message)
