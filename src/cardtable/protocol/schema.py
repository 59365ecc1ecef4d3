"""The JSON Schema of the whole protocol, kept as ``docs/protocol.schema.json``.

Every message and REST body is a definition under ``$defs``; ``ClientMessage`` and
``ServerMessage`` are the unions a WebSocket carries, told apart by ``type``.

>>> defs = protocol_schema()["$defs"]
>>> defs["ClientMessage"]["discriminator"]["propertyName"], "CreateRoom" in defs
('type', True)
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import models_json_schema

from cardtable.protocol import account_reset, accounts, history, lobby, personal
from cardtable.protocol.base import WireModel
from cardtable.protocol.limits import (
    MAX_CHAT_CHARS,
    MAX_MESSAGE_BYTES,
    MAX_NAME_CHARS,
    PROTOCOL_VERSION,
)
from cardtable.protocol.messages import ClientMessage, ServerMessage

REST_MODELS: tuple[type[WireModel], ...] = (
    lobby.GameInfo,
    lobby.SeatRequest,
    lobby.DisconnectPolicy,
    lobby.CreateRoom,
    lobby.SeatInfo,
    lobby.RoomInfo,
    lobby.RoomCreated,
    lobby.JoinRoom,
    lobby.Joined,
    lobby.WatchRoom,
    lobby.Watching,
    lobby.MatchInfo,
    lobby.Problem,
    accounts.SignUp,
    accounts.SignIn,
    accounts.AccountInfo,
    accounts.SessionInfo,
    accounts.SignedIn,
    accounts.ChangePassword,
    accounts.ChangeDisplayName,
    accounts.DeleteAccount,
    account_reset.RedeemResetCode,
    history.Opponent,
    history.HistoryMatch,
    history.HistoryPage,
    history.GameCounts,
    history.Profile,
    history.HistoryExport,
    personal.FriendsWhereabouts,
    personal.WhereaboutsSettings,
)
"""The REST bodies (the lobby's, then accounts', then profiles' and histories'), in the order
the schema lists them."""

_REF = "#/$defs/{model}"


def _union(adapter: TypeAdapter[Any], defs: dict[str, Any]) -> dict[str, Any]:
    schema = adapter.json_schema(ref_template=_REF)
    defs.update(schema.pop("$defs", {}))
    return schema


def protocol_schema() -> dict[str, Any]:
    """The schema: every model under ``$defs``, and the protocol's version and limits."""
    _, rest = models_json_schema(
        [(model, "validation") for model in REST_MODELS], ref_template=_REF
    )
    defs: dict[str, Any] = dict(rest.get("$defs", {}))
    client = _union(TypeAdapter(ClientMessage), defs)
    server = _union(TypeAdapter(ServerMessage), defs)
    defs["ClientMessage"] = {"description": "Any message a client sends.", **client}
    defs["ServerMessage"] = {"description": "Any message the server sends.", **server}
    mine = _union(TypeAdapter(personal.PersonalClientMessage), defs)
    told = _union(TypeAdapter(personal.PersonalServerMessage), defs)
    defs["PersonalClientMessage"] = {
        "description": "Any message a client sends on the personal channel (/ws/me).",
        **mine,
    }
    defs["PersonalServerMessage"] = {
        "description": "Any message the server sends on the personal channel (/ws/me).",
        **told,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "cardtable protocol",
        "description": (
            "The messages of cardtable's WebSocket (ClientMessage, ServerMessage) and the "
            "bodies of its lobby's REST routes. See docs/protocol.md."
        ),
        "x-protocol-version": PROTOCOL_VERSION,
        "x-personal-version": personal.PERSONAL_VERSION,
        "x-limits": {
            "max_message_bytes": MAX_MESSAGE_BYTES,
            "max_chat_chars": MAX_CHAT_CHARS,
            "max_name_chars": MAX_NAME_CHARS,
        },
        "$defs": dict(sorted(defs.items())),
    }


def schema_text() -> str:
    """The schema as the text of ``docs/protocol.schema.json``."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"
