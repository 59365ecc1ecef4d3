"""The WebSocket messages, told apart by their ``type``.

A client sends :data:`ClientMessage` (``hello`` first, then ``decide``, ``chat``, ``ping``,
and from protocol 7 ``auto`` and ``pace``);
the server sends :data:`ServerMessage`. Views and events travel as the engine's JSON; a
client sends a decision as its text, and the server lists the legal ones as objects
(:class:`LegalDecision`: what each names, and its text) from protocol 4 on, as texts before.

>>> Decide(decision="play 7H", version=12).model_dump()
{'type': 'decide', 'decision': 'play 7H', 'version': 12}
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BeforeValidator, Field, JsonValue, model_validator

from cardtable.protocol.base import Message
from cardtable.protocol.errors import ErrorCode, ProtocolError
from cardtable.protocol.lobby import Pace, RoomInfo, SeatInfo
from cardtable.protocol.text import ChatText, DecisionText, Sentence, Token

JsonObject = dict[str, JsonValue]
Index = Annotated[int, Field(ge=0)]
Count = Annotated[int, Field(ge=0)]
Nonce = Annotated[int, Field(ge=-(2**53) + 1, le=2**53 - 1)]
"""Within JavaScript's safe integers, so every client can echo it unchanged."""

_CHAT = (
    "Plain text, never markup: control characters other than newline and tab are removed, "
    "then it is trimmed and must hold 1 to 500 characters."
)

# Client to server.


class Hello(Message):
    """The first message of a connection: who the client is, and what it has seen already."""

    type: Literal["hello"] = "hello"
    protocol: int = Field(description="The protocol version the client speaks.")
    token: Token | None = Field(
        None, description="A seat or spectator token; None to watch a room anyone may watch."
    )
    last_event: Count = Field(
        0, description="How many events of the current match this client has already received."
    )


class Decide(Message):
    """A decision for the client's seat, made on the state version it saw."""

    type: Literal["decide"] = "decide"
    decision: DecisionText = Field(description="The decision's text, e.g. 'play 7H'.")
    version: Count = Field(description="The state version the client saw.")


class ChatSend(Message):
    """A line of chat for the room (cleaned: see :mod:`cardtable.protocol.text`)."""

    type: Literal["chat"] = "chat"
    text: ChatText = Field(description=_CHAT)


class Ping(Message):
    """Asks for a pong carrying the same nonce (to keep the connection alive or time it)."""

    type: Literal["ping"] = "ping"
    nonce: Nonce | None = None


class Auto(Message):
    """Protocol 7: turn this player's seat automatically (the server makes its default
    decision whenever it is to act, as it does a computer player's), or stop. Only in a game
    that offers no real choice (War); only for one's own seat.

    >>> Auto(on=True).model_dump()
    {'type': 'auto', 'on': True, 'seat': None}
    """

    type: Literal["auto"] = "auto"
    on: bool = Field(description="True: the server turns the seat's cards; false: it stops.")
    seat: Index | None = Field(
        None, description="The seat: the sender's own (None says the same); another is refused."
    )


class PaceSend(Message):
    """Protocol 7: the room's pace of automatic turns, for everyone at the table."""

    type: Literal["pace"] = "pace"
    pace: Pace = Field(
        description="`normal` (automatic turns come at the server's natural pace) or `fast`."
    )


ClientMessage = Annotated[
    Hello | Decide | ChatSend | Ping | Auto | PaceSend, Field(discriminator="type")
]
"""Any message a client may send."""

# Server to client.


class Welcome(Message):
    """The answer to hello: the connection is in the room, as a player or a spectator."""

    type: Literal["welcome"] = "welcome"
    protocol: int = Field(
        description="The protocol version of this connection: the client's, which the server "
        "speaks."
    )
    room: str = Field(description="The room's id.")
    seat: Index | None = Field(description="The client's seat; None for a spectator.")
    role: Literal["player", "spectator"]
    name: str = Field(description="The client's display name.")

    @model_validator(mode="after")
    def _seat_matches_role(self) -> Self:
        if (self.role == "player") != (self.seat is not None):
            raise ValueError("a player has a seat and a spectator has none")
        return self


class RoomMessage(Message):
    """The room as it is now (sent on joining and whenever it changes)."""

    type: Literal["room"] = "room"
    room: RoomInfo


RefusalCode = Annotated[
    str, Field(max_length=64, pattern=r"^[a-z][a-z0-9_]*$", description="A refusal code.")
]


class LegalDecision(Message):
    """One decision a seat may make, read without parsing its text (protocol 4).

    >>> LegalDecision(kind="play", text="play #12 @p1", cards=[12], targets=["p1"], mode="",
    ...               details={}).text
    'play #12 @p1'
    """

    kind: str = Field(description="The kind of decision: `play`, `attack`, `end`, `turn`...")
    text: DecisionText = Field(description="Its text: what a client sends to make it.")
    cards: list[int | str] = Field(
        description="The cards it names, in order: their ids (or keys, where the game's "
        "decisions name cards by key, as Karata's do)."
    )
    targets: list[str] = Field(
        description="What it aims at: `p1` a seat's hero, `#12` the card with id 12."
    )
    mode: str | None = Field(
        description='How it plays its card (`""` its own way, `heal`, `minion`...); None '
        "when the decision has no mode."
    )
    details: JsonObject = Field(description="Its other fields, by name (a request, a flag).")


class Unplayable(Message):
    """A card in the viewer's hand that no legal decision plays, and why (protocol 4)."""

    card: Count = Field(description="The card's id in the view.")
    code: RefusalCode = Field(description="The game's refusal code: see its rules page.")
    reason: Sentence = Field(description="The refusal in a plain sentence.")


class ViewFields(Message):
    """What every version's view message holds but its legal decisions."""

    type: Literal["view"] = "view"
    match: str = Field(description="The match's id.")
    version: Count = Field(description="The state version; send it back with a decision.")
    seat: Index | None = Field(description="The seat whose view this is; None: a spectator's.")
    view: JsonObject = Field(description="The engine's view JSON for this seat.")
    to_act: Index | None = Field(description="The seat to act now; None when the match is over.")
    default: str | None = Field(
        description="The decision made for the seat when time runs out (the server's timer "
        "then makes a `timeout`, which a `timed_out` event tells, then this decision)."
    )
    outcome: JsonObject | None = Field(
        description="The engine's outcome, once the match ends: `winners`, `code` (how it "
        "ended: one of the game's outcome codes, on its rules page; absent for a match played "
        "under a version of the rules before codes), `seats` (the seats the code concerns) and "
        "`reason` (a sentence calling seats `player N`, from 0), and from protocol 9 "
        "`placings` (every seat's place, 1 first, equal places shared; absent for a match "
        "played under a version of the rules before placings). Protocol 5 and older send "
        "`winners` and `reason` alone."
    )
    outcome_text: str | None = Field(
        None,
        description="Protocol 6: how the match ended, in words for this seat with the table's "
        "names ('You won — Bob conceded'; a spectator's: 'Alice won — Bob conceded'); None "
        "while the match goes on.",
    )
    events: Count = Field(description="The length of this client's event stream so far.")
    new_events: list[JsonObject] = Field(
        default_factory=list,
        description="Protocol 2: the events of this client's stream it was not sent before, "
        "ending at number `events` (the first is number `events` less their count). Version 1 "
        "sends them in an `events` message before the view instead.",
    )
    unplayable: list[Unplayable] = Field(
        default_factory=list,
        description="Protocol 4: while this seat is to act, each card in its hand that no "
        "legal decision plays, with the code and sentence of the reason.",
    )
    card_text: dict[Count, str] = Field(
        default_factory=dict,
        description="Protocol 6: what each card the view shows does, in words, by card id, "
        "saying only the ways of playing it this room's rules allow (empty for a game whose "
        "cards need no words, such as playing cards).",
    )


class ViewMessage(ViewFields):
    """What this client may see of the match now, and what it may decide."""

    legal: list[LegalDecision] = Field(
        description="The decisions this seat may make; empty if none. Protocol 3 and older "
        "send each as its text only."
    )


class TextViewMessage(ViewFields):
    """A view as protocol 3 and older send it: the legal decisions as their texts."""

    legal: list[str] = Field(description="The decisions this seat may make; empty if none.")


class EventsMessage(Message):
    """Events of the match, as this client may see them, from index ``first`` of its stream."""

    type: Literal["events"] = "events"
    match: str
    first: Count = Field(description="The index of the first event in this client's stream.")
    events: list[JsonObject]


class ChatMessage(Message):
    """A line of the room's chat: text, never markup."""

    type: Literal["chat"] = "chat"
    id: Count = Field(description="The line's number in the room's chat.")
    seat: Index | None = Field(description="The writer's seat; None for a spectator.")
    name: str = Field(description="The writer's display name.")
    text: ChatText = Field(description=_CHAT)
    at: float = Field(description="When it was said, in epoch seconds.")


class PresenceMessage(Message):
    """Who is at the table and connected, and how many watch."""

    type: Literal["presence"] = "presence"
    seats: list[SeatInfo]
    spectators: Count


class TimerMessage(Message):
    """A seat's turn clock: when its time runs out."""

    type: Literal["timer"] = "timer"
    match: str
    seat: Index
    deadline: float = Field(description="When the time runs out, in epoch seconds.")
    seconds: float = Field(ge=0, description="The seconds left when this was sent.")


def _code(value: object) -> object:
    """An error code read from JSON, where it is text (readers validate strictly)."""
    if isinstance(value, str) and not isinstance(value, ErrorCode):
        try:
            return ErrorCode(value)
        except ValueError:
            known = ", ".join(code.value for code in ErrorCode)
            raise ValueError(f"must be one of the error codes: {known}") from None
    return value


class ErrorMessage(Message):
    """A refusal: a code for programs and a plain sentence for people."""

    type: Literal["error"] = "error"
    code: Annotated[ErrorCode, BeforeValidator(_code)]
    message: Sentence = Field(description="What went wrong, in a plain sentence.")
    refers_to: str | None = Field(
        None, description="The type of the client message it answers, if known."
    )
    refusal: RefusalCode | None = Field(
        None,
        description="Protocol 4: for a refused or penalised decision, the refusal code of the "
        "engine or the game (a rules page lists a game's), which says more than `code`.",
    )
    penalised: bool = Field(
        False,
        description="Protocol 4: the rules took the decision and penalised it (a fine): the "
        "match moved on.",
    )

    @classmethod
    def of(cls, error: ProtocolError) -> ErrorMessage:
        """The error message that answers ``error``.

        >>> ErrorMessage.of(ProtocolError(ErrorCode.MATCH_OVER, refers_to="decide")).message
        'The match is over.'
        """
        return cls(code=error.code, message=error.message, refers_to=error.refers_to)


class Pong(Message):
    """The answer to ping."""

    type: Literal["pong"] = "pong"
    nonce: Nonce | None = None


ServerMessage = Annotated[
    Welcome
    | RoomMessage
    | ViewMessage
    | EventsMessage
    | ChatMessage
    | PresenceMessage
    | TimerMessage
    | ErrorMessage
    | Pong,
    Field(discriminator="type"),
]
"""Any message the server may send."""
