"""The wire protocol between the server and its clients: typed, versioned JSON messages.

Shared by the server, the reference client and the tests, it knows no network and no rules:
views and events travel as the engine's JSON, decisions as their shapes and texts.
docs/protocol.md explains it; docs/protocol.schema.json is its JSON Schema.

>>> message = read_client('{"type": "hello", "protocol": 1, "token": "t0k"}')
>>> message.token, message.last_event
('t0k', 0)
>>> dump(error(ErrorCode.NOT_YOUR_TURN, refers_to="decide"), protocol=3)
'{"type":"error","code":"not_your_turn","message":"It is not your turn.","refers_to":"decide"}'
>>> refused = error(ErrorCode.NOT_YOUR_TURN, refers_to="decide")
>>> dump(refused.model_copy(update={"refusal": "not_your_turn"}))  # doctest: +ELLIPSIS
'{..."refers_to":"decide","refusal":"not_your_turn","penalised":false}'
"""

from cardtable.protocol.accounts import (
    AccountInfo,
    ChangeDisplayName,
    ChangePassword,
    DeleteAccount,
    SessionInfo,
    SignedIn,
    SignIn,
    SignUp,
)
from cardtable.protocol.codec import check_version, dump, error, read_client, read_server
from cardtable.protocol.errors import ErrorCode, ProtocolError, default_message
from cardtable.protocol.limits import (
    MAX_CHAT_CHARS,
    MAX_DECISION_CHARS,
    MAX_MESSAGE_BYTES,
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    MAX_TOKEN_CHARS,
    PROTOCOL_VERSION,
)
from cardtable.protocol.lobby import (
    CreateRoom,
    DisconnectPolicy,
    GameInfo,
    Joined,
    JoinRoom,
    MatchInfo,
    Problem,
    RoomCreated,
    RoomInfo,
    SeatInfo,
    SeatRequest,
    Watching,
    WatchRoom,
)
from cardtable.protocol.messages import (
    Auto,
    ChatMessage,
    ChatSend,
    ClientMessage,
    Decide,
    ErrorMessage,
    EventsMessage,
    Hello,
    LegalDecision,
    PaceSend,
    Ping,
    Pong,
    PresenceMessage,
    RoomMessage,
    ServerMessage,
    TimerMessage,
    Unplayable,
    ViewMessage,
    Welcome,
)
from cardtable.protocol.plain import describe
from cardtable.protocol.text import clean_chat

__all__ = [
    "MAX_CHAT_CHARS",
    "MAX_DECISION_CHARS",
    "MAX_MESSAGE_BYTES",
    "MAX_NAME_CHARS",
    "MAX_PASSWORD_CHARS",
    "MAX_TOKEN_CHARS",
    "PROTOCOL_VERSION",
    "AccountInfo",
    "Auto",
    "ChangeDisplayName",
    "ChangePassword",
    "ChatMessage",
    "ChatSend",
    "ClientMessage",
    "CreateRoom",
    "Decide",
    "DeleteAccount",
    "DisconnectPolicy",
    "ErrorCode",
    "ErrorMessage",
    "EventsMessage",
    "GameInfo",
    "Hello",
    "JoinRoom",
    "Joined",
    "LegalDecision",
    "MatchInfo",
    "PaceSend",
    "Ping",
    "Pong",
    "PresenceMessage",
    "Problem",
    "ProtocolError",
    "RoomCreated",
    "RoomInfo",
    "RoomMessage",
    "SeatInfo",
    "SeatRequest",
    "ServerMessage",
    "SessionInfo",
    "SignIn",
    "SignUp",
    "SignedIn",
    "TimerMessage",
    "Unplayable",
    "ViewMessage",
    "WatchRoom",
    "Watching",
    "Welcome",
    "check_version",
    "clean_chat",
    "default_message",
    "describe",
    "dump",
    "error",
    "read_client",
    "read_server",
]
